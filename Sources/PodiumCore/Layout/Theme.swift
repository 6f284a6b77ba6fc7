/// How slides look: colours, fonts, the type scale and the code palette. Sizes are fractions of
/// the slide's height, so a slide keeps its proportions from 720p to 4K.
public struct Theme: Hashable, Sendable {
  public struct Colors: Hashable, Sendable {
    public var background: RGBAColor
    public var text: RGBAColor
    public var heading: RGBAColor
    /// Bullets, links, the quote bar.
    public var accent: RGBAColor
    /// Footer, page number, subtitles.
    public var muted: RGBAColor
    public var codeBackground: RGBAColor
    public var quoteBackground: RGBAColor
    public var tableHeaderBackground: RGBAColor
    public var tableRule: RGBAColor
    /// The box shown where an image is missing.
    public var placeholder: RGBAColor

    public init(
      background: RGBAColor, text: RGBAColor, heading: RGBAColor, accent: RGBAColor,
      muted: RGBAColor, codeBackground: RGBAColor, quoteBackground: RGBAColor,
      tableHeaderBackground: RGBAColor, tableRule: RGBAColor, placeholder: RGBAColor
    ) {
      self.background = background
      self.text = text
      self.heading = heading
      self.accent = accent
      self.muted = muted
      self.codeBackground = codeBackground
      self.quoteBackground = quoteBackground
      self.tableHeaderBackground = tableHeaderBackground
      self.tableRule = tableRule
      self.placeholder = placeholder
    }
  }

  public struct Fonts: Hashable, Sendable {
    public var body: String
    public var heading: String
    public var code: String

    public init(body: String, heading: String, code: String) {
      self.body = body
      self.heading = heading
      self.code = code
    }
  }

  /// The type scale. `body` is a fraction of the slide height; the others multiply `body`.
  public struct Sizes: Hashable, Sendable {
    public var body: Double
    public var title: Double
    public var h1: Double
    public var h2: Double
    public var h3: Double
    public var code: Double
    public var footer: Double
    /// Fitting never shrinks text below this fraction of its size.
    public var minimumScale: Double
    /// Baseline-to-baseline distance as a multiple of the font's own line height.
    public var lineSpacing: Double

    public init(
      body: Double, title: Double, h1: Double, h2: Double, h3: Double, code: Double,
      footer: Double, minimumScale: Double, lineSpacing: Double
    ) {
      self.body = body
      self.title = title
      self.h1 = h1
      self.h2 = h2
      self.h3 = h3
      self.code = code
      self.footer = footer
      self.minimumScale = minimumScale
      self.lineSpacing = lineSpacing
    }
  }

  /// Margins as fractions of the slide's width (left, right) and height (top, bottom).
  public struct Margins: Hashable, Sendable {
    public var horizontal: Double
    public var top: Double
    public var bottom: Double

    public init(horizontal: Double, top: Double, bottom: Double) {
      self.horizontal = horizontal
      self.top = top
      self.bottom = bottom
    }
  }

  public struct CodePalette: Hashable, Sendable {
    public var plain: RGBAColor
    public var keyword: RGBAColor
    public var type: RGBAColor
    public var string: RGBAColor
    public var comment: RGBAColor
    public var number: RGBAColor
    public var function: RGBAColor
    public var punctuation: RGBAColor
    public var attribute: RGBAColor

    public init(
      plain: RGBAColor, keyword: RGBAColor, type: RGBAColor, string: RGBAColor,
      comment: RGBAColor, number: RGBAColor, function: RGBAColor, punctuation: RGBAColor,
      attribute: RGBAColor
    ) {
      self.plain = plain
      self.keyword = keyword
      self.type = type
      self.string = string
      self.comment = comment
      self.number = number
      self.function = function
      self.punctuation = punctuation
      self.attribute = attribute
    }
  }

  /// How one kind of text is set where a theme sets it apart from the rest (presenterm's
  /// headings, slide titles and introduction slide); what is nil is the theme's usual.
  public struct TextStyle: Hashable, Sendable {
    public var color: RGBAColor?
    public var bold: Bool?
    /// Times the size the text would have.
    public var scale: Double?
    /// Where the lines sit, unless the block says.
    public var alignment: Block.Alignment?
    /// Written before the text, a space after it (presenterm's `##` or `██`).
    public var prefix: String?
    /// A line under the text, as wide as its box (a Marp theme's `h1 { border-bottom }`), and
    /// the room between the two (`padding-bottom`, which is there with no line too).
    public var rule: Rule?
    public var paddingBelow: CSSLook.Length?

    /// A line under a heading: its colour and width (CSS pixels plus ems of the heading's size).
    public struct Rule: Hashable, Sendable {
      public var color: RGBAColor
      public var width: CSSLook.Length
    }

    public init(
      color: RGBAColor? = nil, bold: Bool? = nil, scale: Double? = nil,
      alignment: Block.Alignment? = nil, prefix: String? = nil
    ) {
      self.color = color
      self.bold = bold
      self.scale = scale
      self.alignment = alignment
      self.prefix = prefix
    }
  }

  public var name: String
  public var colors: Colors
  /// The colours of `<!-- class: invert -->` slides.
  public var inverted: Colors
  public var fonts: Fonts
  public var sizes: Sizes
  public var margins: Margins
  public var code: CodePalette
  /// The presenter console's colours around the slides.
  public var console: ConsolePalette
  /// Every slide's content in the middle, as with `<!-- layout: center -->` (Marp's uncover).
  public var centersContent = false
  /// What a CSS theme (Marp's) sets that Podium's own leave to Podium (line heights, margins,
  /// the page number's corner, code and tables); nil for Podium's own themes.
  public var cssLook: CSSLook?
  /// Headings of each level (1 to 6) set apart from the usual heading.
  public var headings: [Int: TextStyle] = [:]
  /// Blocks that stand for something (`Block.Role`), set apart.
  public var roles: [Block.Role: TextStyle] = [:]
  /// `code` spans' colour; nil is the text's.
  public var inlineCode: RGBAColor?
  /// A quote's bar; nil is the accent's.
  public var quoteBar: RGBAColor?
  /// A gradient over the slides' background colour (a deck's CSS `section { background:
  /// linear-gradient(...) }`).
  public var backgroundGradient: LinearGradient?
  /// The bar of each kind of alert; nil for the usual ones (GitHub's).
  public var alerts: [QuoteBlock.Alert: RGBAColor] = [:]
  /// A footer the theme draws on every slide instead of the deck's footer and page number.
  public var footer: Footer?
  /// What a Marp deck's CSS sets that has no other place here.
  public var cssStyle = CSSStyle()
  /// The deck's CSS rules that hold on slides of some classes or on one slide only, in the
  /// order of CSS's cascade (`DeckCSS.load`); carried out as such a slide is laid out.
  var cssRules: [CSSRule] = []

  /// A theme's own footer (presenterm's `footer:` styles).
  public enum Footer: Hashable, Sendable {
    /// Text at the left, centre and right of the bottom margin, with `{current_slide}`,
    /// `{total_slides}`, `{title}`, `{sub_title}`, `{event}`, `{location}`, `{date}` and
    /// `{author}` filled in.
    case template(left: String?, center: String?, right: String?, color: RGBAColor?)
    /// A bar along the bottom as long as the share of the talk shown so far.
    case progressBar(color: RGBAColor?)
  }

  public init(
    name: String, colors: Colors, inverted: Colors, fonts: Fonts, sizes: Sizes, margins: Margins,
    code: CodePalette, console: ConsolePalette = .standard
  ) {
    self.name = name
    self.colors = colors
    self.inverted = inverted
    self.fonts = fonts
    self.sizes = sizes
    self.margins = margins
    self.code = code
    self.console = console
  }
}

extension Theme {
  static func hex(_ value: UInt32) -> RGBAColor {
    RGBAColor(
      red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
  }

  static let standardSizes = Sizes(
    body: 0.046, title: 2.3, h1: 1.75, h2: 1.42, h3: 1.18, code: 0.82, footer: 0.5,
    minimumScale: 0.55, lineSpacing: 1.12)
  static let standardMargins = Margins(horizontal: 0.065, top: 0.085, bottom: 0.085)
  static let standardFonts = Fonts(
    body: "DejaVu Sans", heading: "DejaVu Sans", code: "DejaVu Sans Mono")

  private static let lightColors = Colors(
    background: hex(0xFBFAF7), text: hex(0x27313D), heading: hex(0x0E2238), accent: hex(0xD9480F),
    muted: hex(0x6B7785), codeBackground: hex(0xF0F1F3), quoteBackground: hex(0xF3EFE8),
    tableHeaderBackground: hex(0xE9ECEF), tableRule: hex(0xCDD3DA), placeholder: hex(0xE3E6EA))

  static let darkColors = Colors(
    background: hex(0x151B23), text: hex(0xDCE3EA), heading: hex(0xFFFFFF), accent: hex(0x5CB8FF),
    muted: hex(0x8A97A6), codeBackground: hex(0x0B1016), quoteBackground: hex(0x1D2530),
    tableHeaderBackground: hex(0x222C38), tableRule: hex(0x33404F), placeholder: hex(0x26303C))

  /// A light theme: warm off-white, dark ink, an orange accent.
  public static let light = Theme(
    name: "light", colors: lightColors, inverted: darkColors, fonts: standardFonts,
    sizes: standardSizes, margins: standardMargins,
    code: CodePalette(
      plain: hex(0x24292F), keyword: hex(0xCF222E), type: hex(0x8250DF), string: hex(0x0A3069),
      comment: hex(0x6E7781), number: hex(0x0550AE), function: hex(0x8250DF),
      punctuation: hex(0x57606A), attribute: hex(0x953800)))

  /// A dark theme: deep blue-grey, light ink, a blue accent.
  public static let dark = Theme(
    name: "dark", colors: darkColors, inverted: lightColors, fonts: standardFonts,
    sizes: standardSizes, margins: standardMargins,
    code: CodePalette(
      plain: hex(0xE6EDF3), keyword: hex(0xFF7B72), type: hex(0xD2A8FF), string: hex(0xA5D6FF),
      comment: hex(0x8B949E), number: hex(0x79C0FF), function: hex(0xD2A8FF),
      punctuation: hex(0xB1BAC4), attribute: hex(0xFFA657)))
}
