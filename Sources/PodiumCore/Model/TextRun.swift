/// A run of inline text with one style. A paragraph is a flat list of runs; a hard line break is
/// a run holding "\n".
public struct TextRun: Hashable, Sendable {
  public struct Style: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

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
    /// HTML's `<u>` and `text-decoration: underline`.
    public static let underline = Style(rawValue: 1 << 8)
    /// HTML's `<sup>`: smaller, above the line's baseline.
    public static let superscript = Style(rawValue: 1 << 9)
    /// HTML's `<sub>`: smaller, below the baseline.
    public static let `subscript` = Style(rawValue: 1 << 10)
    /// HTML's `<kbd>`: a key, in the code font on a framed key cap.
    public static let keyboard = Style(rawValue: 1 << 11)
    /// HTML's `<small>`.
    public static let small = Style(rawValue: 1 << 12)
  }

  /// What inline HTML's `style` gives a run beyond its style: nil fields are the theme's.
  public struct Paint: Hashable, Sendable {
    public var color: RGBAColor?
    public var background: RGBAColor?
    /// The text's size: times the surrounding text's (`em`, `%`, `larger`) or in CSS pixels.
    public var size: CSSLength?

    public init(color: RGBAColor? = nil, background: RGBAColor? = nil, size: CSSLength? = nil) {
      self.color = color
      self.background = background
      self.size = size
    }
  }

  public var text: String
  public var style: Style
  /// The destination of a link; shown, never followed.
  public var link: String?
  /// Colours and size from inline HTML; nil for Markdown's runs.
  public var paint: Paint?

  public init(_ text: String, style: Style = [], link: String? = nil, paint: Paint? = nil) {
    self.text = text
    self.style = style
    self.link = link
    self.paint = paint
  }
}

extension Array where Element == TextRun {
  public var plainText: String { map(\.text).joined() }
}
