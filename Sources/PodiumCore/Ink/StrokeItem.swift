import Foundation

/// A stroke in a frame's pixels: a polyline with round joins and caps, drawn by the window
/// renderer as triangles and by the PDF renderer as a cairo path (vectors in the PDF).
public struct StrokeItem: Hashable, Sendable {
  /// How a stroke goes onto what is beneath it.
  public enum Blend: String, Hashable, Sendable {
    /// Over it, at the colour's alpha (the pen).
    case normal
    /// Multiplied into it (the highlighter): white takes the colour, dark text stays dark.
    case multiply
  }

  /// x0, y0, x1, y1, ... in pixels.
  public var points: [Double]
  public var width: Double
  /// Each point's width (pressure), or empty for `width` throughout.
  public var widths: [Double]
  public var color: RGBAColor
  public var blend: Blend

  public init(
    points: [Double], width: Double, widths: [Double] = [], color: RGBAColor,
    blend: Blend = .normal
  ) {
    self.points = points
    self.width = width
    self.widths = widths
    self.color = color
    self.blend = blend
  }

  public var pointCount: Int { points.count / 2 }

  func width(at index: Int) -> Double { widths.indices.contains(index) ? widths[index] : width }

  /// What the stroke covers, its width included.
  public var bounds: Rect {
    guard pointCount > 0 else { return Rect(x: 0, y: 0, width: 0, height: 0) }
    var (minX, minY, maxX, maxY) = (
      Double.infinity, Double.infinity, -Double.infinity, -Double.infinity
    )
    for index in 0..<pointCount {
      minX = min(minX, points[2 * index])
      maxX = max(maxX, points[2 * index])
      minY = min(minY, points[2 * index + 1])
      maxY = max(maxY, points[2 * index + 1])
    }
    let half = (widths.max() ?? width) / 2 + 1
    return Rect(
      x: minX - half, y: minY - half, width: maxX - minX + 2 * half, height: maxY - minY + 2 * half)
  }

  public func translated(dx: Double, dy: Double) -> StrokeItem {
    var item = self
    for index in 0..<pointCount {
      item.points[2 * index] += dx
      item.points[2 * index + 1] += dy
    }
    return item
  }

  /// The stroke as triangles (x, y of three corners each, flat) for a renderer that draws
  /// triangles: a quad per segment and a disc at each point, which rounds the joins and caps.
  /// Where these overlap the pen is opaque and the highlighter is multiplied with pure colours,
  /// so overlaps never show.
  public func triangles() -> [Double] {
    var out: [Double] = []
    let count = pointCount
    guard count > 0 else { return out }
    out.reserveCapacity(count * 60)
    func disc(_ x: Double, _ y: Double, _ radius: Double) {
      // Enough sides that the rim is within a quarter pixel of a circle.
      let sides = max(6, min(32, Int((Double.pi / acos(max(0.0, 1 - 0.25 / radius))).rounded())))
      var previous = (x + radius, y)
      for side in 1...sides {
        let angle = Double(side) * 2 * .pi / Double(sides)
        let next = (x + radius * cos(angle), y + radius * sin(angle))
        out += [x, y, previous.0, previous.1, next.0, next.1]
        previous = next
      }
    }
    for index in 0..<count {
      let (x, y) = (points[2 * index], points[2 * index + 1])
      let half = width(at: index) / 2
      if half >= 0.75 { disc(x, y, half) }
      guard index > 0 else { continue }
      let (px, py) = (points[2 * index - 2], points[2 * index - 1])
      let (dx, dy) = (x - px, y - py)
      let length = (dx * dx + dy * dy).squareRoot()
      guard length > 0 else { continue }
      let previousHalf = width(at: index - 1) / 2
      let (nx, ny) = (-dy / length, dx / length)
      let a = (px + nx * previousHalf, py + ny * previousHalf)
      let b = (px - nx * previousHalf, py - ny * previousHalf)
      let c = (x + nx * half, y + ny * half)
      let d = (x - nx * half, y - ny * half)
      // Four triangles about the quad's centre, not two: SDL draws a pair of triangles that
      // makes an upright rectangle as a filled rectangle, which ignores the multiply blend.
      let m = ((a.0 + b.0 + c.0 + d.0) / 4, (a.1 + b.1 + c.1 + d.1) / 4)
      out += [a.0, a.1, b.0, b.1, m.0, m.1, b.0, b.1, d.0, d.1, m.0, m.1]
      out += [d.0, d.1, c.0, c.1, m.0, m.1, c.0, c.1, a.0, a.1, m.0, m.1]
    }
    return out
  }

  var snapshot: String {
    let first = pointCount > 0 ? "\(format1(points[0])),\(format1(points[1]))" : "-"
    let blendName = blend == .normal ? "" : " \(blend.rawValue)"
    return
      "stroke \(pointCount) points from \(first) w\(format1(width)) \(color)\(blendName)"
  }
}
