import Foundation
import Testing

@testable import PodiumCore

/// `StrokeItem.triangles()` against the stroke it stands for: every point within half the
/// width of the polyline (a round-capped, round-joined line) and nothing farther, pixel centre by
/// pixel centre, for strokes that turn sharply, double back, crawl in segments shorter than they
/// are wide, or press harder as they go; and few triangles for a long smooth stroke.
@Suite struct StrokeTriangleTests {
  /// The pixel centres the triangles cover, as a set of (x, y) in whole pixels.
  func covered(_ item: StrokeItem) -> Set<[Int]> {
    let corners = item.triangles()
    var inside = Set<[Int]>()
    for start in stride(from: 0, to: corners.count, by: 6) {
      let (ax, ay) = (corners[start], corners[start + 1])
      let (bx, by) = (corners[start + 2], corners[start + 3])
      let (cx, cy) = (corners[start + 4], corners[start + 5])
      let area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
      guard area != 0 else { continue }
      let minX = Int(min(ax, bx, cx).rounded(.down)) - 1
      let maxX = Int(max(ax, bx, cx).rounded(.up)) + 1
      let minY = Int(min(ay, by, cy).rounded(.down)) - 1
      let maxY = Int(max(ay, by, cy).rounded(.up)) + 1
      for y in minY...maxY {
        for x in minX...maxX {
          let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
          let w0 = ((bx - px) * (cy - py) - (by - py) * (cx - px)) / area
          let w1 = ((cx - px) * (ay - py) - (cy - py) * (ax - px)) / area
          let w2 = 1 - w0 - w1
          if w0 >= -1e-9 && w1 >= -1e-9 && w2 >= -1e-9 { inside.insert([x, y]) }
        }
      }
    }
    return inside
  }

  /// How far (x, y) is from the polyline, and the stroke's half width at the nearest place.
  func distance(_ item: StrokeItem, _ x: Double, _ y: Double) -> (Double, Double) {
    var best = (Double.infinity, item.width / 2)
    for index in 0..<item.pointCount {
      let (ax, ay) = (item.points[2 * index], item.points[2 * index + 1])
      let nextIndex = min(index + 1, item.pointCount - 1)
      let (bx, by) = (item.points[2 * nextIndex], item.points[2 * nextIndex + 1])
      let (dx, dy) = (bx - ax, by - ay)
      let length = dx * dx + dy * dy
      let t = length == 0 ? 0 : max(0, min(1, ((x - ax) * dx + (y - ay) * dy) / length))
      let (qx, qy) = (ax + t * dx, ay + t * dy)
      let d = ((x - qx) * (x - qx) + (y - qy) * (y - qy)).squareRoot()
      let half = (item.width(at: index) * (1 - t) + item.width(at: nextIndex) * t) / 2
      if d - half < best.0 - best.1 { best = (d, half) }
    }
    return best
  }

  /// No hole deeper than `slack` pixels inside the stroke, nothing beyond it by more.
  func expectFaithful(
    _ item: StrokeItem, slack: Double = 0.75,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let inside = covered(item)
    let bounds = item.bounds
    var holes: [[Int]] = []
    var spills: [[Int]] = []
    for y in Int(bounds.y.rounded(.down))...Int(bounds.maxY.rounded(.up)) {
      for x in Int(bounds.x.rounded(.down))...Int(bounds.maxX.rounded(.up)) {
        let (d, half) = distance(item, Double(x) + 0.5, Double(y) + 0.5)
        let drawn = inside.contains([x, y])
        if !drawn && d <= half - slack { holes.append([x, y]) }
        if drawn && d > half + slack { spills.append([x, y]) }
      }
    }
    #expect(holes.isEmpty, "holes at \(holes.prefix(8))", sourceLocation: sourceLocation)
    #expect(spills.isEmpty, "spills at \(spills.prefix(8))", sourceLocation: sourceLocation)
  }

  static let yellow = RGBAColor(red: 255, green: 255, blue: 0)

  @Test func sharpTurnsBothWaysAndADoublingBack() {
    // Long segments (the quads hold the inner side): right angles, a hairpin, slight bends.
    let points: [Double] = [
      20, 20, 120, 20, 120, 120, 40, 130, 160, 135, 165, 60, 168, 200, 60, 190, 62, 191,
    ]
    expectFaithful(StrokeItem(points: points, width: 32, color: Self.yellow))
    expectFaithful(StrokeItem(points: points, width: 4.3, color: Self.yellow))
  }

  @Test func segmentsShorterThanTheStrokeIsWide() {
    // A zig-zag crawling 3 to 9 pixels a step under a 32-pixel highlighter, repeated points too.
    var points: [Double] = []
    var (x, y) = (60.0, 60.0)
    for step in 0..<40 {
      points += [x, y]
      if step % 7 == 3 { points += [x, y] }
      x += Double(3 + step % 7)
      y += step % 2 == 0 ? 6 : -5
    }
    expectFaithful(StrokeItem(points: points, width: 32, color: Self.yellow))
  }

  @Test func pressureWidensTheStrokeAsItGoes() {
    let points: [Double] = [30, 30, 90, 40, 150, 30, 160, 100, 100, 150]
    let widths: [Double] = [4, 10, 18, 26, 12]
    expectFaithful(StrokeItem(points: points, width: 12, widths: widths, color: Self.yellow))
  }

  @Test func aDotIsADisc() {
    let dot = StrokeItem(points: [50, 50], width: 20, color: Self.yellow)
    expectFaithful(dot)
    #expect(covered(dot).count > 250, "a 20-pixel dot covers about 314 pixels")
  }

  @Test(arguments: [(4.3, 2.0), (32, 8)])
  func aLongSmoothStrokeIsItsQuadsAndSlimJoins(width: Double, degrees: Double) {
    // A quarter circle as a stroke is kept: a pen's points every 5 pixels, a highlighter's every
    // 21 (simplified within 0.7 pixels at 1080p). 4 triangles a quad, a slim fan a join.
    let steps = Int(90 / degrees)
    let points = (0...steps).flatMap { step -> [Double] in
      let angle = Double(step) * degrees * .pi / 180
      return [200 + 150 * cos(angle), 200 + 150 * sin(angle)]
    }
    let item = StrokeItem(points: points, width: width, color: Self.yellow)
    expectFaithful(item)
    let triangles = item.triangles().count / 6
    // 4 a quad, a disc at each end, and at most 2 a join: a disc at every point was 7 (pen) or
    // 18 (highlighter) triangles a point more.
    let disc = StrokeItem(points: [0, 0], width: width, color: Self.yellow).triangles().count / 6
    let count = item.pointCount
    #expect(
      triangles <= 4 * (count - 1) + 2 * disc + 2 * (count - 2),
      "\(triangles) triangles for \(count) points, \(disc) a disc")
  }
}
