import Foundation
import PodiumCore

/// A text measurer with fixed metrics: every character is `advance` × size wide (bold 10% wider),
/// so layout tests are exact and need no fonts.
public struct FixedTextMeasurer: TextMeasurer {
  public var advance: Double

  public init(advance: Double = 0.5) {
    self.advance = advance
  }

  public func metrics(for font: FontSpec) -> FontMetrics {
    let size = Double(font.pixelSize)
    return FontMetrics(ascent: size * 0.8, descent: size * 0.2, lineHeight: size * 1.2)
  }

  public func width(of text: String, font: FontSpec) -> Double {
    let size = Double(font.pixelSize)
    return Double(text.count) * size * advance * (font.bold ? 1.1 : 1.0)
  }
}

/// Image sizes from a table instead of files.
public struct FixedImageMeasurer: ImageMeasurer {
  public var sizes: [String: PixelSize]

  public init(_ sizes: [String: PixelSize] = [:]) {
    self.sizes = sizes
  }

  public func size(ofImageAt path: String) -> PixelSize? {
    sizes[path] ?? sizes[(path as NSString).lastPathComponent]
  }
}

extension LayoutEngine {
  /// The console of `deck` at `state`, laid out with fixed measures at `size`, nine o'clock on
  /// its clock: for tests of what goes where on it.
  public static func fixedConsole(
    deck: Deck, state: PresentationState, theme: Theme = .dark,
    size: PixelSize = PixelSize(width: 1920, height: 1080)
  ) -> ConsoleFrame {
    let engine = LayoutEngine(
      theme: theme, measurer: FixedTextMeasurer(), images: FixedImageMeasurer())
    return engine.console(
      deck: deck, state: state,
      status: ConsoleStatus(now: 0, elapsed: 0, clock: "09:00", audience: "x"), size: size)
  }
}
