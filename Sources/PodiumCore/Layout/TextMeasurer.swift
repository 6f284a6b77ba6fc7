/// A font as layout asks for it: a fontconfig family name, a pixel size and a style. The
/// renderer resolves the family (with fallbacks for scripts it lacks) and opens it once per size.
public struct FontSpec: Hashable, Sendable, CustomStringConvertible {
  public var family: String
  /// Pixel size (SDL_ttf's point size at 72 dpi, which is pixels).
  public var size: Double
  public var bold: Bool
  public var italic: Bool

  public init(family: String, size: Double, bold: Bool = false, italic: Bool = false) {
    self.family = family
    self.size = size
    self.bold = bold
    self.italic = italic
  }

  /// Sizes are whole pixels: fonts are opened per integer size and cached.
  public var pixelSize: Int { max(1, Int(size.rounded())) }

  public var description: String {
    "\(family) \(pixelSize)px\(bold ? " bold" : "")\(italic ? " italic" : "")"
  }
}

/// Vertical metrics of a font at one size, in pixels.
public struct FontMetrics: Hashable, Sendable {
  public var ascent: Double
  public var descent: Double
  /// Distance between two baselines.
  public var lineHeight: Double

  public init(ascent: Double, descent: Double, lineHeight: Double) {
    self.ascent = ascent
    self.descent = descent
    self.lineHeight = lineHeight
  }
}

/// Measures text for layout. The real one (PodiumSDL) uses SDL_ttf with font fallback; tests
/// use a fixed-metric fake, so layout is pure and testable without SDL.
public protocol TextMeasurer {
  func metrics(for font: FontSpec) -> FontMetrics
  /// The advance width of `text` on one line, shaped as the renderer will draw it.
  func width(of text: String, font: FontSpec) -> Double
  /// The order, from the left, in which the pieces of one line (its runs of one style, in
  /// reading order) stand, for a line that runs right to left or left to right: the Unicode
  /// Bidirectional Algorithm's, so English inside Arabic keeps its own order.
  func visualOrder(of pieces: [String], rightToLeft: Bool) -> [Int]
}

extension TextMeasurer {
  /// Without a bidirectional algorithm at hand (fakes, tests of layout): a right-to-left line's
  /// pieces stand from the right in reading order.
  public func visualOrder(of pieces: [String], rightToLeft: Bool) -> [Int] {
    rightToLeft ? Array(pieces.indices.reversed()) : Array(pieces.indices)
  }
}

/// Reads an image's pixel size without drawing it; nil when the file is missing or not an image.
public protocol ImageMeasurer {
  func size(ofImageAt path: String) -> PixelSize?
}

/// A piece of one line of text set in one font file, placed where the measurer's own renderer
/// puts it: what a renderer that sets glyphs itself (the PDF) needs to land every run on the same
/// pixels as the screen.
public struct FontRun: Hashable, Sendable {
  public var text: String
  /// The font file, as fontconfig found it.
  public var file: String
  /// The size the font is opened at, in pixels; for a font of bitmaps only (colour emoji), the
  /// size of the strike asked for.
  public var pixelSize: Int
  /// The run is drawn `scale` times its font's size: colour emoji bitmaps come at one size.
  public var scale: Double
  /// Bold or italic made from the regular face, for a family without that face.
  public var syntheticBold: Bool
  public var syntheticItalic: Bool
  public var rightToLeft: Bool
  /// The ISO 15924 script the run is shaped as; "Zzzz" lets the shaper guess.
  public var script: String
  /// The run's box: its left edge and top from the line's (the `TextItem`'s) top-left corner,
  /// and its width in the line.
  public var x: Double
  public var top: Double
  public var width: Double

  public init(
    text: String, file: String, pixelSize: Int, scale: Double = 1, syntheticBold: Bool = false,
    syntheticItalic: Bool = false, rightToLeft: Bool = false, script: String = "Zzzz",
    x: Double, top: Double, width: Double
  ) {
    self.text = text
    self.file = file
    self.pixelSize = pixelSize
    self.scale = scale
    self.syntheticBold = syntheticBold
    self.syntheticItalic = syntheticItalic
    self.rightToLeft = rightToLeft
    self.script = script
    self.x = x
    self.top = top
    self.width = width
  }
}

/// Splits a line of text into the font runs its measurer sets it in (PodiumSDL's `FontLibrary`),
/// so another renderer draws each run with the same font file at the same size and place.
public protocol FontRunSource {
  func fontRuns(of text: String, font: FontSpec) -> [FontRun]
}

/// A page of a PDF file, or the part `crop` of it (in points from its top-left corner), drawn
/// to fill `size` pixels.
public struct PageRequest: Hashable, Sendable {
  public var file: String
  public var page: Int
  public var size: PixelSize
  public var crop: Rect?

  public init(file: String, page: Int, size: PixelSize, crop: Rect?) {
    self.file = file
    self.page = page
    self.size = size
    self.crop = crop
  }
}

/// Draws pages of PDF files as pixels, at whatever size a window needs them (Poppler, in
/// PodiumPDF): how a screen shows a PDF deck's slides and typeset formulas, crisp at any size.
/// Pages can be asked for ahead, to be drawn on a thread of their own while the talk goes on.
public protocol PageRasterizer: Sendable {
  /// The page as premultiplied BGRA rows of `size.width * 4` bytes, transparent where the page
  /// draws nothing: one drawn ahead, or drawn now. nil when the file or the page cannot be read.
  func bgraPixels(for request: PageRequest) -> [UInt8]?
  /// Whether the page is drawn and waiting, so that showing it costs no drawing.
  func isReady(_ request: PageRequest) -> Bool
  /// Draws these pages ahead, in this order, instead of those asked for before; calls
  /// `whenReady` (on another thread) after each one. A window waits for the first `awaited`
  /// of them now: they are drawn at the talk's priority, not only ahead.
  func prefetch(
    _ requests: [PageRequest], awaited: Int, whenReady: @escaping @Sendable () -> Void)
  /// Lets go of every open file and every page drawn: the files may have changed on disk (a
  /// PDF deck rewritten by LaTeX, reloaded).
  func forget()
}

extension PageRasterizer {
  /// Draws these pages ahead, none of them waited for yet.
  public func prefetch(_ requests: [PageRequest], whenReady: @escaping @Sendable () -> Void) {
    prefetch(requests, awaited: 0, whenReady: whenReady)
  }
}

/// Gives the pixels of a deck's image when a renderer cannot decode its format itself (the PDF
/// takes JPEG and PNG files as they are, and asks for the rest).
public protocol ImagePixelSource {
  /// The image as BGRA rows of `width * 4` bytes, premultiplied or not, with `filters` drawn on
  /// it; nil when it cannot be read.
  func bgraPixels(ofImageAt path: String, filters: [ImageFilter], premultiplied: Bool)
    -> (size: PixelSize, pixels: [UInt8])?
}
