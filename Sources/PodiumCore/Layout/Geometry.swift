/// A size in whole pixels: a window, a display, an exported image.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  public var description: String { "\(width)x\(height)" }

  /// Reads `1920x1080`; nil for anything else or a size outside 16...16384.
  public init?(parsing text: String) {
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
      (16...16_384).contains(w), (16...16_384).contains(h)
    else { return nil }
    self.init(width: w, height: h)
  }
}

/// A rectangle in pixels. Layout works in fractional pixels; the renderer rounds.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public var maxX: Double { x + width }
  public var maxY: Double { y + height }
  /// Whether it covers no pixel at all.
  public var isEmpty: Bool { !(width > 0 && height > 0) }

  public func contains(x px: Double, y py: Double) -> Bool {
    px >= x && px < maxX && py >= y && py < maxY
  }

  public var description: String {
    func f(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(format1(v)) }
    return "\(f(x)),\(f(y)) \(f(width))x\(f(height))"
  }

  /// The rectangle with its edges rounded to whole pixels, as every renderer draws fills, images
  /// and clips: the PDF draws the same edges as the PNG, so the two rasterise alike.
  public var pixelAligned: Rect {
    let left = x.rounded()
    let top = y.rounded()
    return Rect(
      x: left, y: top, width: max(0, (x + width).rounded() - left),
      height: max(0, (y + height).rounded() - top))
  }

  public func insetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: x + dx, y: y + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
  }

  /// Four bands `thickness` wide just outside the rectangle: a frame around it.
  func outline(thickness: Double) -> [Rect] {
    [
      Rect(x: x - thickness, y: y - thickness, width: width + 2 * thickness, height: thickness),
      Rect(x: x - thickness, y: maxY, width: width + 2 * thickness, height: thickness),
      Rect(x: x - thickness, y: y, width: thickness, height: height),
      Rect(x: maxX, y: y, width: thickness, height: height),
    ]
  }

  public func intersection(_ other: Rect) -> Rect {
    let left = max(x, other.x)
    let top = max(y, other.y)
    let right = min(maxX, other.maxX)
    let bottom = min(maxY, other.maxY)
    return Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
  }
}

/// One decimal, for readable draw-list snapshots.
func format1(_ value: Double) -> String {
  let scaled = (value * 10).rounded() / 10
  return scaled == scaled.rounded() ? String(Int(scaled)) : String(scaled)
}
