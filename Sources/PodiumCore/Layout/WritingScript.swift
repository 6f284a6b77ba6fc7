/// A writing system that needs a font of its own and, often, a shaper that knows it: text is
/// shaped one script run at a time (Devanagari's vowel signs move before their consonant only
/// when HarfBuzz is told the run is Devanagari), and `podium check` names the Debian package
/// whose fonts cover a script the machine has no font for.
///
/// Latin, Greek, Cyrillic and the rest of the default fonts' repertoire are not listed: they
/// need no shaper of their own and every setup has their fonts.
public struct WritingScript: Hashable, Sendable {
  /// The script's English name, as a speaker would search for it.
  public var name: String
  /// The ISO 15924 tag, as HarfBuzz takes it (`TTF_SetFontScriptName`, `hb_script_from_string`).
  public var tag: String
  /// The Debian package that brings a font for it (what `scripts/setup` installs).
  public var package: String
  /// The language fontconfig is asked for when falling back, where fonts of several languages
  /// cover the same characters: Han characters come from a Chinese or Japanese font rather than
  /// a Korean font's hanja.
  public var language: String?
  /// The families that draw it in sans-serif (and monospaced) text and in serif text, first
  /// choice first: those `package` installs, then others a desktop may have. Text falls back to
  /// them before anything fontconfig would pick, so the face that draws a script is the same on
  /// every machine with Podium's fonts, whatever else is installed (a FreeSerif from
  /// fonts-freefont-ttf never stands in for Thai in a sans-serif deck).
  public var sansFamilies: [String]
  public var serifFamilies: [String]

  /// The families for text of `style`: a sans face never gives way to a serif one; a serif
  /// deck takes a sans face where the script has no serif one Podium names.
  public func families(for style: FaceStyle) -> [String] {
    style == .serif ? serifFamilies + sansFamilies : sansFamilies
  }

  /// The listed script of `scalar`, or nil for characters of the default fonts' scripts and for
  /// those every script shares (spaces, digits, punctuation).
  public static func of(_ scalar: Unicode.Scalar) -> WritingScript? {
    let value = scalar.value
    // Most text is Latin: skip the table for everything below the first listed block.
    guard value >= 0x0530 else { return nil }
    for (ranges, script) in table where ranges.contains(where: { $0.contains(value) }) {
      return script
    }
    return nil
  }

  /// A script of fonts-noto-core: its Noto Sans face (or `sans`), and its Noto Serif one where
  /// the package has one (or `serif`).
  private static func noto(
    _ name: String, _ tag: String, sans: String? = nil, serif: String?? = .none
  ) -> WritingScript {
    let serifFamily: String? = serif ?? "Noto Serif \(name)"
    return WritingScript(
      name: name, tag: tag, package: "fonts-noto-core", language: nil,
      sansFamilies: [sans ?? "Noto Sans \(name)"], serifFamilies: serifFamily.map { [$0] } ?? [])
  }

  private static let cjk = "fonts-droid-fallback"

  /// Han and kana: Droid Sans Fallback, which scripts/setup installs, before Noto's CJK faces
  /// (scripts/setup --office), so a deck looks the same with or without them.
  private static func cjk(_ name: String, _ tag: String, language: String, noto: String)
    -> WritingScript
  {
    WritingScript(
      name: name, tag: tag, package: cjk, language: language,
      sansFamilies: ["Droid Sans Fallback", "Noto Sans CJK \(noto)"], serifFamilies: [])
  }

  private static let table: [([ClosedRange<UInt32>], WritingScript)] = [
    ([0x0530...0x058F], noto("Armenian", "Armn")),
    ([0x0590...0x05FF, 0xFB1D...0xFB4F], noto("Hebrew", "Hebr")),
    (
      [0x0600...0x06FF, 0x0750...0x077F, 0x08A0...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF],
      noto("Arabic", "Arab", serif: "Noto Naskh Arabic")
    ),
    ([0x0700...0x074F], noto("Syriac", "Syrc", serif: .some(nil))),
    ([0x0780...0x07BF], noto("Thaana", "Thaa", serif: .some(nil))),
    ([0x07C0...0x07FF], noto("N'Ko", "Nkoo", sans: "Noto Sans NKo", serif: .some(nil))),
    ([0x0900...0x097F, 0xA8E0...0xA8FF], noto("Devanagari", "Deva")),
    ([0x0980...0x09FF], noto("Bengali", "Beng")),
    ([0x0A00...0x0A7F], noto("Gurmukhi", "Guru")),
    ([0x0A80...0x0AFF], noto("Gujarati", "Gujr")),
    ([0x0B00...0x0B7F], noto("Oriya", "Orya", serif: .some(nil))),
    ([0x0B80...0x0BFF], noto("Tamil", "Taml")),
    ([0x0C00...0x0C7F], noto("Telugu", "Telu")),
    ([0x0C80...0x0CFF], noto("Kannada", "Knda")),
    ([0x0D00...0x0D7F], noto("Malayalam", "Mlym")),
    ([0x0D80...0x0DFF], noto("Sinhala", "Sinh")),
    ([0x0E00...0x0E7F], noto("Thai", "Thai")),
    ([0x0E80...0x0EFF], noto("Lao", "Laoo")),
    // fonts-noto-core has Tibetan only in a serif face: it is the one for every deck.
    ([0x0F00...0x0FFF], noto("Tibetan", "Tibt", sans: "Noto Serif Tibetan", serif: .some(nil))),
    ([0x1000...0x109F], noto("Myanmar", "Mymr")),
    ([0x10A0...0x10FF], noto("Georgian", "Geor")),
    ([0x1200...0x139F], noto("Ethiopic", "Ethi")),
    ([0x1780...0x17FF], noto("Khmer", "Khmr")),
    (
      [0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7FF],
      WritingScript(
        name: "Korean", tag: "Hang", package: "fonts-nanum", language: "ko",
        sansFamilies: ["NanumGothic", "Noto Sans CJK KR"], serifFamilies: ["NanumMyeongjo"])
    ),
    ([0x3040...0x309F], cjk("Japanese kana", "Hira", language: "ja", noto: "JP")),
    ([0x30A0...0x30FF], cjk("Japanese kana", "Kana", language: "ja", noto: "JP")),
    (
      [0x2E80...0x2FDF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F],
      cjk("Chinese characters", "Hani", language: "zh-cn", noto: "SC")
    ),
  ]

  /// What text falls back to for characters of no listed script (symbols, arrows, letters the
  /// main face lacks), before fontconfig's choice: faces scripts/setup installs.
  public static func fallbackFamilies(for style: FaceStyle) -> [String] {
    let symbols = ["Noto Sans Symbols2", "Noto Sans Symbols", "Noto Sans Math"]
    switch style {
    case .sans: return ["DejaVu Sans", "Noto Sans"] + symbols
    case .serif: return ["DejaVu Serif", "Noto Serif", "DejaVu Sans", "Noto Sans"] + symbols
    case .monospace: return ["DejaVu Sans Mono", "DejaVu Sans", "Noto Sans"] + symbols
    }
  }
}

/// Whether a face is sans-serif, serif or monospaced, as its family's name says: what a
/// fallback face must be to stand in for it (a serif face never does for a sans-serif one).
public enum FaceStyle: String, Sendable {
  case sans, serif, monospace

  /// The style of the family named `family` (a face's name, or a generic one: `serif`,
  /// `monospace`), sans-serif unless its name is a serif's or a monospaced face's.
  public static func of(family: String) -> FaceStyle {
    let name = family.lowercased()
    if monospaceWords.contains(where: name.contains) { return .monospace }
    if name.contains("sans") { return .sans }
    if serifWords.contains(where: name.contains) { return .serif }
    return .sans
  }

  private static let monospaceWords = [
    "mono", "code", "courier", "consol", "menlo", "fixed", "typewriter", "cousine",
    "inconsolata", "hack", "terminal",
  ]
  private static let serifWords = [
    "serif", "roman", "times", "georgia", "garamond", "baskerville", "mincho", "myeongjo",
    "ming", "song", "caladea", "cambria", "palatino", "bookman", "charter",
    "merriweather", "libertin", "gentium", "caslon", "didot", "bodoni", "crimson", "lora",
    "playfair", "tinos", "naskh", "schoolbook", "antiqua", "utopia",
  ]
}
