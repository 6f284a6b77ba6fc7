/// What a Marp theme sets that Podium's own themes leave to Podium: CSS's line heights and the
/// margins between blocks, where the page number, header and footer sit, and how code and
/// tables are drawn. Lengths are Marp's CSS pixels on its 720-pixel-high slide (`px`) or
/// multiples of the font size of the element they belong to (`em`), as marp-core's SCSS writes
/// them; the layout turns them into fractions of the slide.
public struct CSSLook: Hashable, Sendable {
  /// A CSS length: pixels of Marp's 720-pixel-high slide plus ems of the element's font.
  public struct Length: Hashable, Sendable {
    public var px: Double
    public var em: Double

    public init(px: Double = 0, em: Double = 0) {
      self.px = px
      self.em = em
    }

    /// The length on a slide `slideHeight` pixels high, for a font of `fontSize` pixels.
    func pixels(slideHeight: Double, fontSize: Double) -> Double {
      px * slideHeight / 720 + em * fontSize
    }
  }

  /// A block's margins above and below it; two blocks stand the larger of the two apart, as
  /// CSS collapses margins.
  public struct Margins: Hashable, Sendable {
    public var top: Length
    public var bottom: Length

    public init(top: Length, bottom: Length) {
      self.top = top
      self.bottom = bottom
    }
  }

  /// The page number, a header or a footer: a line of text in a corner of the slide.
  public struct Corner: Hashable, Sendable {
    /// Its font size, CSS pixels.
    public var size: Double
    /// The height of its line box, CSS pixels (its text in the middle of it).
    public var lineHeight: Double
    /// From the slide's side to the text: the right side for the page number, the left for the
    /// header and footer.
    public var side: Double
    /// From the slide's top (header) or bottom (footer, page number) to the line box.
    public var edge: Double
    public var color: RGBAColor

    public init(size: Double, lineHeight: Double, side: Double, edge: Double, color: RGBAColor) {
      self.size = size
      self.lineHeight = lineHeight
      self.side = side
      self.edge = edge
      self.color = color
    }
  }

  /// A code block: `pre` and its `code`.
  public struct Code: Hashable, Sendable {
    /// The code's size as a multiple of the body's.
    public var scale: Double
    /// CSS `line-height`.
    public var lineHeight: Double
    /// Padding inside the block: left and right, top and bottom.
    public var paddingX: Length
    public var paddingY: Length
    public var background: RGBAColor
    /// A one-pixel border (default's), or none.
    public var border: RGBAColor?
    /// As wide as its longest line, at least this many CSS pixels, in the middle (uncover's
    /// code, fitted by Marp's auto-scaling); nil for the full width.
    public var shrinkWrapped: Double?
    /// A soft shadow below it (uncover's `drop-shadow`).
    public var shadow: RGBAColor?
    public var margins: Margins
  }

  /// A quote (`blockquote`): github-markdown-css's `padding: 0 1em` and `.25em` bar at its left
  /// by default; its text upright, as every Marp theme sets it (Podium's own themes italicise it).
  public struct Quote: Hashable, Sendable {
    /// The bar's width at the quote's left (`border-left`); zero for none.
    public var bar = Length(em: 0.25)
    public var paddingX = Length(em: 1)
    public var paddingY = Length()
    /// `font-style: italic`.
    public var italic = false

    public init() {}
  }

  /// A table: its cells' padding, rules and header.
  public struct Table: Hashable, Sendable {
    public var paddingX: Length
    public var paddingY: Length
    /// Every cell boxed by lines of this colour (default, gaia), or only rules under rows.
    public var grid: RGBAColor?
    /// The header row's ground and text; nil keeps the slide's.
    public var headerBackground: RGBAColor?
    public var headerText: RGBAColor?
    /// The rule under the header (uncover's 3 px), and under each body row but the last.
    public var headerRule: Double
    public var rowRule: Double
    /// The ground of every other body row: even rows (GitHub) or odd ones (gaia).
    public var stripe: RGBAColor?
    public var stripeOddRows: Bool
    /// In the middle of the slide (uncover's `margin: 0 auto`).
    public var centred: Bool
    public var margins: Margins
    /// The cells' text size against the slide's (a deck's `table { font-size: 0.85em }`).
    public var scale = 1.0
  }

  /// `place-content: center`: the content stands in the slide's middle, top to bottom
  /// (default and uncover on every slide; gaia with `lead`).
  public var middle: Bool
  /// Whether the `lead` class centres the content (gaia); default's theme has no such class.
  public var leadCentres: Bool
  /// CSS `line-height` of text and of headings.
  public var lineHeight: Double
  public var headingLineHeight: Double
  /// Margins of headings, paragraphs, lists, code and tables.
  public var heading: Margins
  public var paragraph: Margins
  public var list: Margins
  public var code: Code
  public var table: Table
  /// A list's indent (CSS `padding-left`) and the room between its items (`li + li`).
  public var listIndent: Length
  public var itemGap: Length
  /// Bullets in the text's colour, as browsers draw them (Podium's own themes use the accent).
  public var pageNumber: Corner
  public var header: Corner
  public var footer: Corner
  /// Inline code's ground and its size as a multiple of the text's.
  public var inlineCodeBackground: RGBAColor?
  public var inlineCodeScale: Double
  /// Inline code's text, when it is not the text's own colour (gaia's cream on slate).
  public var inlineCodeText: RGBAColor?
  /// uncover's triangle behind the page number, in the slide's bottom right corner: its colour
  /// and its side in CSS pixels.
  public var pageCorner: RGBAColor?
  public var pageCornerSide = 0.0
  /// CSS `letter-spacing` of text, pixels (gaia's 1.25, uncover's 3); code is never spaced.
  public var letterSpacing = 0.0
  /// Level-1 headings' own colour (default's `#246`); nil for the headings' colour.
  public var h1Color: RGBAColor?
  public var quote = Quote()

  public init(
    middle: Bool, leadCentres: Bool, lineHeight: Double, headingLineHeight: Double,
    heading: Margins, paragraph: Margins, list: Margins, code: Code, table: Table,
    listIndent: Length, itemGap: Length, pageNumber: Corner, header: Corner, footer: Corner,
    inlineCodeBackground: RGBAColor?, inlineCodeScale: Double, inlineCodeText: RGBAColor? = nil
  ) {
    self.middle = middle
    self.leadCentres = leadCentres
    self.lineHeight = lineHeight
    self.headingLineHeight = headingLineHeight
    self.heading = heading
    self.paragraph = paragraph
    self.list = list
    self.code = code
    self.table = table
    self.listIndent = listIndent
    self.itemGap = itemGap
    self.pageNumber = pageNumber
    self.header = header
    self.footer = footer
    self.inlineCodeBackground = inlineCodeBackground
    self.inlineCodeScale = inlineCodeScale
    self.inlineCodeText = inlineCodeText
  }

  /// The margins of a block of `kind`.
  func margins(of kind: Block.Kind) -> Margins {
    switch kind {
    case .heading: return heading
    case .list: return list
    case .code: return code.margins
    case .table: return table.margins
    default: return paragraph
    }
  }
}
