import Foundation

/// A font family a deck's file names for its text (an office deck's theme fonts and text runs),
/// and what stands in for it where it is not installed: LibreOffice draws the deck, and it
/// reflows text set in a face with other widths, so lines break where the author's did not.
public struct NamedFont: Hashable, Sendable {
  /// Which text the family is for: Latin, East Asian or complex scripts (the `a:latin`,
  /// `a:ea` and `a:cs` of Office Open XML; OpenDocument's `-asian` and `-complex`).
  public enum Role: String, Hashable, Sendable {
    case latin, eastAsian, complex
  }

  public var family: String
  public var role: Role
  /// The part of the file that names it first (`ppt/slides/slide4.xml`), for the message.
  public var part: String

  public init(family: String, role: Role, part: String) {
    self.family = family
    self.role = role
    self.part = part
  }

  /// A face with the same widths, and its Debian package.
  public struct Twin: Hashable, Sendable {
    public var family: String
    public var package: String
  }

  /// The face drawn in its place with the same advance widths, when there is one: the metric
  /// twins LibreOffice's own replacement table (VCL.xcu) and fontconfig's metric aliases
  /// (`30-metric-aliases.conf`) name, and for East Asian families the Noto CJK face of their
  /// language and style (ideographs and kana are all one em wide, so lines break alike).
  public var twin: Twin? {
    if role == .eastAsian || Self.isEastAsian(family) { return Self.cjkTwin(of: family) }
    return Self.twins[Self.folded(family)]
  }

  /// Metric twins by folded family name.
  static let twins: [String: Twin] = {
    let carlito = Twin(family: "Carlito", package: "fonts-crosextra-carlito")
    let caladea = Twin(family: "Caladea", package: "fonts-crosextra-caladea")
    let sans = Twin(family: "Liberation Sans", package: "fonts-liberation")
    let narrow = Twin(family: "Liberation Sans Narrow", package: "fonts-liberation")
    let serif = Twin(family: "Liberation Serif", package: "fonts-liberation")
    let mono = Twin(family: "Liberation Mono", package: "fonts-liberation")
    let symbol = Twin(family: "OpenSymbol", package: "fonts-opensymbol")
    let pairs: [(String, Twin)] = [
      ("Calibri", carlito), ("Calibri Light", carlito), ("Cambria", caladea),
      ("Arial", sans), ("Helvetica", sans), ("Arial Narrow", narrow),
      ("Helvetica Narrow", narrow), ("Times New Roman", serif), ("Times", serif),
      ("Courier New", mono), ("Courier", mono), ("Symbol", symbol), ("Wingdings", symbol),
      ("Wingdings 2", symbol), ("Wingdings 3", symbol), ("Webdings", symbol),
    ]
    return Dictionary(pairs.map { (folded($0.0), $0.1) }) { first, _ in first }
  }()

  /// The Noto CJK face for an East Asian family: serif for Mincho, Song, Ming and Batang,
  /// sans otherwise; Japanese, Korean, traditional or simplified Chinese by the name.
  static func cjkTwin(of family: String) -> Twin {
    let name = folded(family)
    let serif = ["mincho", "明朝", "song", "宋", "ming", "明體", "batang", "바탕", "kai", "楷"]
      .contains { name.contains($0) }
    let japanese =
      ["ms", "ｍｓ", "yu", "游", "meiryo", "メイリオ", "hiragino", "ヒラギノ"]
      .contains { name.hasPrefix($0) }
      || name.unicodeScalars.contains { (0x3040...0x30FF) ~= $0.value }
    let korean =
      ["malgun", "gulim", "dotum", "batang", "gungsuh"].contains { name.hasPrefix($0) }
      || name.unicodeScalars.contains { (0xAC00...0xD7A3) ~= $0.value }
    let traditional = ["mingliu", "pmingliu", "jhenghei", "細明", "正黑", "dfkai"]
      .contains { name.contains($0) }
    let language = japanese ? "JP" : korean ? "KR" : traditional ? "TC" : "SC"
    return Twin(
      family: "Noto \(serif ? "Serif" : "Sans") CJK \(language)", package: "fonts-noto-cjk")
  }

  /// Whether a family's name is written in an East Asian script (等线, ＭＳ ゴシック, 맑은 고딕).
  static func isEastAsian(_ family: String) -> Bool {
    family.unicodeScalars.contains { scalar in
      [0x3040...0x30FF, 0x3400...0x9FFF, 0xAC00...0xD7A3, 0xFF00...0xFFEF].contains {
        $0 ~= scalar.value
      }
    }
  }

  /// Lowercased, with spaces kept single: how family names are compared.
  static func folded(_ family: String) -> String {
    family.lowercased().split(separator: " ").joined(separator: " ")
  }
}
