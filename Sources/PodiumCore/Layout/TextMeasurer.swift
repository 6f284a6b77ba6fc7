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
}

/// Reads an image's pixel size without drawing it; nil when the file is missing or not an image.
public protocol ImageMeasurer {
  func size(ofImageAt path: String) -> PixelSize?
}
