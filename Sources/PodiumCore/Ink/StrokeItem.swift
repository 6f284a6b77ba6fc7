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
  /// triangles: a quad per segment, a disc at each end (round caps) and, where the stroke turns,
  /// a fan on the outer side of the turn only (a round join), with as many sides as the turn
  /// needs to stay within a quarter pixel of the round edge (a slight turn is one triangle). A
  /// disc at every point was 20-30 triangles a point, most of them under the quads. Where a
  /// segment is shorter than the stroke is wide, the quads do not hold the rest of the join's
  /// disc, and the whole disc is drawn. The triangles overlap where segments meet: a renderer
  /// draws them opaque into the stroke's own pixels before blending those (see
  /// `FrameRenderer.drawStroke`). (A stroke kept is simplified already: `InkStroke.smoothed`.)
  public func triangles() -> [Double] {
    var out: [Double] = []
    let count = pointCount
    guard count > 0 else { return out }
    out.reserveCapacity(count * 30)
    /// Sides of a whole circle of `radius` whose rim stays within a quarter pixel of it.
    func sides(_ radius: Double) -> Int {
      max(6, min(32, Int((Double.pi / acos(max(0.0, 1 - 0.25 / radius))).rounded())))
    }
    /// A fan of the circle about (x, y) from angle `from` through `sweep` radians, its
    /// triangles meeting at `hub` (the centre, or a point inside the quads: see below).
    func fan(
      _ x: Double, _ y: Double, _ radius: Double, from: Double, sweep: Double,
      hub: (Double, Double)? = nil
    ) {
      let (hx, hy) = hub ?? (x, y)
      let steps = max(1, Int((Double(sides(radius)) * abs(sweep) / (2 * .pi)).rounded(.up)))
      var previous = (x + radius * cos(from), y + radius * sin(from))
      for step in 1...steps {
        let angle = from + sweep * Double(step) / Double(steps)
        let next = (x + radius * cos(angle), y + radius * sin(angle))
        out += [hx, hy, previous.0, previous.1, next.0, next.1]
        previous = next
      }
    }
    // Each segment's direction and length (segment i runs from point i to point i + 1).
    var heading = [Double](repeating: 0, count: count)
    var length = [Double](repeating: 0, count: count)
    for index in 0..<(count - 1) {
      let dx = points[2 * index + 2] - points[2 * index]
      let dy = points[2 * index + 3] - points[2 * index + 1]
      heading[index] = atan2(dy, dx)
      length[index] = (dx * dx + dy * dy).squareRoot()
    }
    for index in 0..<count {
      let (x, y) = (points[2 * index], points[2 * index + 1])
      let half = width(at: index) / 2
      if half >= 0.75 {
        // Where both segments are longer than the stroke is wide there, their quads hold all of
        // the join's disc but the outer side of the turn; elsewhere (the ends, short segments)
        // the whole disc is drawn.
        if index > 0, index < count - 1, length[index - 1] > half + 1, length[index] > half + 1 {
          // The turn, -pi...pi; its outer side is on the right of a left turn.
          var turn = heading[index] - heading[index - 1]
          if turn > .pi { turn -= 2 * .pi }
          if turn < -.pi { turn += 2 * .pi }
          if turn != 0 {
            let outward = turn > 0 ? -Double.pi / 2 : Double.pi / 2
            // The fan's triangles meet a little inside the turn, within both quads, so that its
            // sides cross the quads rather than run along their edges, where whole-pixel
            // rounding would leave a hairline between them.
            let (ix, iy) = (
              cos(heading[index]) - cos(heading[index - 1]),
              sin(heading[index]) - sin(heading[index - 1])
            )
            let inward = min(1, half / 2) / max(1e-9, (ix * ix + iy * iy).squareRoot())
            fan(
              x, y, half, from: heading[index - 1] + outward, sweep: turn,
              hub: (x + ix * inward, y + iy * inward))
          }
        } else {
          fan(x, y, half, from: 0, sweep: 2 * .pi)
        }
      }
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
      // makes an upright rectangle as a filled rectangle, which ignores a blend mode.
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
