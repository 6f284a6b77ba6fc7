import Testing

@testable import PodiumCore

/// CSS `linear-gradient(...)` grounds, read as CSS Images 3 says and painted as fills.
@Suite struct LinearGradientTests {
  static let navy = RGBAColor(red: 0x1A, green: 0x1A, blue: 0x2E)
  static let blue = RGBAColor(red: 0x16, green: 0x21, blue: 0x3E)

  @Test func anglesDirectionsAndStopPositionsAreRead() throws {
    let diagonal = try #require(
      LinearGradient.parse("linear-gradient(135deg, #1a1a2e 0%, #16213e 100%)"))
    #expect(
      diagonal
        == LinearGradient(
          angle: 135,
          stops: [.init(color: Self.navy, position: 0), .init(color: Self.blue, position: 1)]))
    #expect(LinearGradient.parse("linear-gradient(to right, red, blue)")?.angle == 90)
    #expect(LinearGradient.parse("linear-gradient(to top left, red, blue)")?.angle == 315)
    #expect(LinearGradient.parse("linear-gradient(0.5turn, red, blue)")?.angle == 180)
    // No direction: towards the bottom. Stops with no position share the room between the
    // positioned ones; a position below an earlier one is raised to it.
    let stops = try #require(
      LinearGradient.parse("linear-gradient(red, lime 60%, blue, white 20%)"))
    #expect(stops.angle == 180)
    #expect(stops.stops.map(\.position) == [0, 0.6, 0.6, 0.6])
    let even = try #require(LinearGradient.parse("linear-gradient(red, lime, blue)"))
    #expect(even.stops.map(\.position) == [0, 0.5, 1])
    // A colour given two positions is a band of it.
    #expect(
      LinearGradient.parse("linear-gradient(90deg, rgba(0, 0, 0, 0.5) 10% 30%, #fff)")?.stops.count
        == 3)
  }

  @Test func whatIsNotALinearGradientOfKnownColoursIsNil() {
    #expect(LinearGradient.parse("radial-gradient(red, blue)") == nil)
    #expect(LinearGradient.parse("repeating-linear-gradient(red, blue 10%)") == nil)
    #expect(LinearGradient.parse("linear-gradient(var(--a), blue)") == nil)
    #expect(LinearGradient.parse("linear-gradient(red)") == nil)
    #expect(LinearGradient.parse("linear-gradient(red, blue") == nil)
    #expect(LinearGradient.parse("#fff") == nil)
  }

  @Test func coloursBlendBetweenStops() {
    let gradient = LinearGradient(
      angle: 180,
      stops: [
        .init(color: RGBAColor(red: 0, green: 0, blue: 0), position: 0.2),
        .init(color: RGBAColor(red: 200, green: 100, blue: 0), position: 0.8),
      ])
    #expect(gradient.color(at: 0) == RGBAColor(red: 0, green: 0, blue: 0))
    #expect(gradient.color(at: 0.5) == RGBAColor(red: 100, green: 50, blue: 0))
    #expect(gradient.color(at: 1) == RGBAColor(red: 200, green: 100, blue: 0))
    // Towards transparent, the colour stays and only its alpha falls (premultiplied).
    let fade = LinearGradient(
      angle: 90,
      stops: [
        .init(color: RGBAColor(red: 255, green: 0, blue: 0), position: 0),
        .init(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0), position: 1),
      ])
    #expect(fade.color(at: 0.5) == RGBAColor(red: 255, green: 0, blue: 0, alpha: 128))
  }

  /// The fills cover the whole rectangle, and run from the first colour to the last in the
  /// gradient's direction: top to bottom, left to right, and corner to corner for 135deg.
  @Test func fillsPaintTheRectangleInTheGradientsDirection() throws {
    let rect = Rect(x: 10, y: 20, width: 1280, height: 720)
    func fills(_ css: String) throws -> [(Rect, RGBAColor)] {
      try #require(LinearGradient.parse(css)).fills(rect).compactMap {
        if case .fill(let r, let c) = $0 { return (r, c) } else { return nil }
      }
    }
    let down = try fills("linear-gradient(#000, #fff)")
    #expect(down.allSatisfy { $0.0.x == 10 && $0.0.width == 1280 })
    #expect(
      down.first?.0.y == 20 && abs((down.last.map { $0.0.y + $0.0.height } ?? 0) - 740) < 1e-6)
    #expect(down.first!.1.red < 5 && down.last!.1.red > 250)
    #expect(zip(down, down.dropFirst()).allSatisfy { $0.1.red <= $1.1.red })
    let right = try fills("linear-gradient(90deg, #000, #fff)")
    #expect(right.allSatisfy { $0.0.y == 20 && $0.0.height == 720 })
    #expect(right.first!.1.red < 5 && right.last!.1.red > 250)
    let diagonal = try fills("linear-gradient(135deg, #000, #fff)")
    let topLeft = try #require(diagonal.first { $0.0.x == 10 && $0.0.y == 20 })
    let bottomRight = try #require(diagonal.max { ($0.0.x + $0.0.y) < ($1.0.x + $1.0.y) })
    let topRight = try #require(
      diagonal.first { $0.0.y == 20 && $0.0.x + $0.0.width >= 1290 - 1e-6 })
    #expect(topLeft.1.red < 10 && bottomRight.1.red > 245)
    #expect(topRight.1.red > 100 && topRight.1.red < 200)
    // No seam: the cells together cover the rectangle.
    let area = diagonal.reduce(0.0) { $0 + $1.0.width * $1.0.height }
    #expect(area >= 1280 * 720)
  }
}
