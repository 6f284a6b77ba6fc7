import Foundation

/// What a stroke was drawn with. The eraser draws nothing: it takes whole strokes away.
public enum InkTool: String, CaseIterable, Hashable, Sendable {
  case pen, highlighter, eraser

  /// The colours `k` cycles through. The highlighter's are pure (each channel 0 or 255), as it
  /// is drawn multiplied into the slide (`InkStroke.Blend.multiply`): text under it keeps its
  /// contrast, and where a stroke crosses itself it is no darker.
  public var palette: [RGBAColor] {
    switch self {
    case .pen, .eraser:
      return [
        RGBAColor(red: 0xE5, green: 0x1E, blue: 0x1E),
        RGBAColor(red: 0x1E, green: 0x5B, blue: 0xE5),
        RGBAColor(red: 0x12, green: 0x9A, blue: 0x3A),
        RGBAColor(red: 0x11, green: 0x11, blue: 0x11),
        RGBAColor(red: 0xFF, green: 0xFF, blue: 0xFF),
      ]
    case .highlighter:
      return [
        RGBAColor(red: 0xFF, green: 0xFF, blue: 0x00),
        RGBAColor(red: 0x00, green: 0xFF, blue: 0xFF),
        RGBAColor(red: 0xFF, green: 0x00, blue: 0xFF),
        RGBAColor(red: 0x00, green: 0xFF, blue: 0x00),
      ]
    }
  }

  /// The widths pressing the tool's key again steps through, as fractions of the slide's height
  /// (so a stroke is as thick on a 4K projector as on the console's small view).
  public var widths: [Double] {
    switch self {
    case .pen: return [0.004, 0.008, 0.016]
    case .highlighter: return [0.03, 0.05]
    case .eraser: return [0.02]
    }
  }
}

/// One point of a stroke in slide coordinates (0...1 across and down, like `SlidePoint`), with
/// the pen's pressure (0...1) where the device reports one.
public struct InkPoint: Hashable, Sendable {
  public var x: Double
  public var y: Double
  public var pressure: Double?

  public init(x: Double, y: Double, pressure: Double? = nil) {
    self.x = x
    self.y = y
    self.pressure = pressure
  }

  func distance(to other: InkPoint, aspect: Double) -> Double {
    let dx = (x - other.x) * aspect
    let dy = y - other.y
    return (dx * dx + dy * dy).squareRoot()
  }
}

/// One stroke of the pen or the highlighter, in slide coordinates: each window draws it at its
/// own pixel size.
public struct InkStroke: Hashable, Sendable {
  public var tool: InkTool
  public var color: RGBAColor
  /// The width as a fraction of the slide's height (at full pressure).
  public var width: Double
  public var points: [InkPoint]

  public init(tool: InkTool, color: RGBAColor, width: Double, points: [InkPoint]) {
    self.tool = tool
    self.color = color
    self.width = width
    self.points = points
  }

  /// A point further than this from the last one (in slide heights) extends a stroke being
  /// drawn: the mouse's every pixel is not worth keeping.
  public static let minimumStep = 0.0015

  /// The stroke as kept: smoothed by a moving average over three points (ends kept, so a
  /// stroke starts and ends where the speaker put the pen), then simplified by
  /// Ramer-Douglas-Peucker within `tolerance` slide heights, so thousands of strokes stay a few
  /// points each. `aspect` is the slide's width over its height, for distances.
  public func smoothed(aspect: Double, tolerance: Double = 0.0007) -> InkStroke {
    guard points.count > 2 else { return self }
    var smooth = points
    for index in 1..<(points.count - 1) {
      let (a, b, c) = (points[index - 1], points[index], points[index + 1])
      smooth[index].x = (a.x + 2 * b.x + c.x) / 4
      smooth[index].y = (a.y + 2 * b.y + c.y) / 4
    }
    var kept = [Bool](repeating: false, count: smooth.count)
    kept[0] = true
    kept[smooth.count - 1] = true
    Self.simplify(smooth, 0, smooth.count - 1, tolerance, aspect, &kept)
    var stroke = self
    stroke.points = smooth.indices.filter { kept[$0] }.map { smooth[$0] }
    return stroke
  }

  /// Ramer-Douglas-Peucker, with an explicit stack: a stroke of a hundred thousand points must
  /// not recurse that deep.
  private static func simplify(
    _ points: [InkPoint], _ first: Int, _ last: Int, _ tolerance: Double, _ aspect: Double,
    _ kept: inout [Bool]
  ) {
    var ranges = [(first, last)]
    while let (start, end) = ranges.popLast() {
      guard end > start + 1 else { continue }
      let (a, b) = (points[start], points[end])
      let dx = (b.x - a.x) * aspect
      let dy = b.y - a.y
      let length = (dx * dx + dy * dy).squareRoot()
      var (farthest, distance) = (start, -1.0)
      for index in (start + 1)..<end {
        let p = points[index]
        let d: Double
        if length == 0 {
          d = p.distance(to: a, aspect: aspect)
        } else {
          d = abs(dy * (p.x - a.x) * aspect - dx * (p.y - a.y)) / length
        }
        // Pressure counts too: a stroke that swells keeps the point where it does.
        let swell = abs((p.pressure ?? 1) - (a.pressure ?? 1)) * 0.01
        if d + swell > distance { (farthest, distance) = (index, d + swell) }
      }
      if distance > tolerance {
        kept[farthest] = true
        ranges.append((start, farthest))
        ranges.append((farthest, end))
      }
    }
  }

  /// Whether the eraser at `point` (in slide coordinates, `radius` slide heights) touches
  /// this stroke.
  public func isHit(by point: InkPoint, radius: Double, aspect: Double) -> Bool {
    let reach = radius + width / 2
    guard let first = points.first else { return false }
    if points.count == 1 { return first.distance(to: point, aspect: aspect) <= reach }
    for index in 1..<points.count {
      let (a, b) = (points[index - 1], points[index])
      let dx = (b.x - a.x) * aspect
      let dy = b.y - a.y
      let lengthSquared = dx * dx + dy * dy
      var t = 0.0
      if lengthSquared > 0 {
        t = (((point.x - a.x) * aspect) * dx + (point.y - a.y) * dy) / lengthSquared
        t = min(1, max(0, t))
      }
      let nearest = InkPoint(x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y))
      if nearest.distance(to: point, aspect: aspect) <= reach { return true }
    }
    return false
  }

  /// The stroke drawn on a slide lying at `slide` in a frame: points in that frame's pixels.
  public func item(in slide: Rect) -> StrokeItem {
    let scale = slide.height
    var coordinates: [Double] = []
    var widths: [Double] = []
    coordinates.reserveCapacity(points.count * 2)
    let pressured = points.contains { $0.pressure != nil }
    for point in points {
      coordinates.append(slide.x + point.x * slide.width)
      coordinates.append(slide.y + point.y * slide.height)
      if pressured { widths.append(max(0.15, point.pressure ?? 1) * width * scale) }
    }
    return StrokeItem(
      points: coordinates, width: max(1, width * scale), widths: widths, color: color,
      blend: tool == .highlighter ? .multiply : .normal)
  }
}
