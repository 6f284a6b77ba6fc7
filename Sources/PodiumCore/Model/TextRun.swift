/// A run of inline text with one style. A paragraph is a flat list of runs; a hard line break is
/// a run holding "\n".
public struct TextRun: Hashable, Sendable {
  public struct Style: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let strong = Style(rawValue: 1 << 0)
    public static let emphasis = Style(rawValue: 1 << 1)
    public static let strikethrough = Style(rawValue: 1 << 2)
    public static let code = Style(rawValue: 1 << 3)
    public static let link = Style(rawValue: 1 << 4)
    /// The text is a TeX formula (`$...$`), drawn typeset when TeX could set it.
    public static let math = Style(rawValue: 1 << 5)
    /// With `math`: a displayed formula (`$$...$$`), set larger and centred on a line of its own.
    public static let displayMath = Style(rawValue: 1 << 6)
    /// Marp's `==highlight==`: the text on a marker-coloured band.
    public static let highlight = Style(rawValue: 1 << 7)
  }

  public var text: String
  public var style: Style
  /// The destination of a link; shown, never followed.
  public var link: String?

  public init(_ text: String, style: Style = [], link: String? = nil) {
    self.text = text
    self.style = style
    self.link = link
  }
}

extension Array where Element == TextRun {
  public var plainText: String { map(\.text).joined() }
}
