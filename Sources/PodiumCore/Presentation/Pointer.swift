/// The laser pointer: a point on the slide in slide coordinates (0...1 across and down), so a
/// position over the console's small view of the slide lands on the same spot of the audience's
/// slide, whatever the two sizes and their borders.
public struct SlidePoint: Hashable, Sendable {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The point of `slide` (where a slide is drawn, borders excluded) under (`px`, `py`), or nil
  /// when that is outside the slide.
  public static func under(x px: Double, y py: Double, in slide: Rect) -> SlidePoint? {
    guard slide.width > 0, slide.height > 0, slide.contains(x: px, y: py) else { return nil }
    return SlidePoint(x: (px - slide.x) / slide.width, y: (py - slide.y) / slide.height)
  }

  /// Where this point lies on a slide drawn at `slide`.
  public func location(in slide: Rect) -> (x: Double, y: Double) {
    (slide.x + x * slide.width, slide.y + y * slide.height)
  }

  /// A red dot with a soft halo at this point of `slide`, its size a fraction of the slide's
  /// height so it reads the same on a laptop and a projector. Drawn as rows, since the draw
  /// list has rectangles.
  public func dot(in slide: Rect) -> [DrawCommand] {
    let (cx, cy) = location(in: slide)
    func disc(radius: Double, color: RGBAColor) -> [DrawCommand] {
      let rows = max(1, Int(radius.rounded(.up)))
      return (-rows..<rows).map { row in
        let y = Double(row) + 0.5
        let half = (max(0, radius * radius - y * y)).squareRoot()
        return .fill(Rect(x: cx - half, y: cy + Double(row), width: 2 * half, height: 1), color)
      }
    }
    let radius = max(4, slide.height * 0.011)
    return disc(radius: radius * 2, color: RGBAColor(red: 0xFF, green: 0x30, blue: 0x30, alpha: 70))
      + disc(radius: radius, color: RGBAColor(red: 0xFF, green: 0x20, blue: 0x20))
  }
}
