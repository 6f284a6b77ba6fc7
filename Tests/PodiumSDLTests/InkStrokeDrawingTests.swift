import Foundation
import PodiumCore
import PodiumSDL
import PodiumSDLTestSupport
import Testing

/// Ink strokes drawn by `FrameRenderer` as a window draws them: a highlighter multiplied into
/// the slide once, a see-through pen blended once, wherever their triangles overlap (the joins,
/// the caps, a stroke doubling back), in place and inside a kept layer alike.
@Suite(.serialized) struct InkStrokeDrawingTests {
  let fonts = FontLibrary()
  let images = ImageLibrary()
  static let size = PixelSize(width: 400, height: 300)
  static let paper = RGBAColor(red: 180, green: 180, blue: 180)
  /// Not a pure colour: multiplied twice where triangles overlap, it would show darker seams.
  static let orange = RGBAColor(red: 255, green: 200, blue: 100)
  static let glassBlue = RGBAColor(red: 0, green: 0, blue: 255, alpha: 128)
  static let highlighter = StrokeItem(
    points: [30, 40, 150, 60, 60, 120, 170, 140, 40, 250, 45, 252], width: 30,
    color: orange, blend: .multiply)
  static let pen = StrokeItem(
    points: [230, 40, 360, 50, 250, 110, 370, 120, 380, 240, 240, 250, 300, 180],
    width: 14, color: glassBlue)

  func drawn(inLayer: Bool) throws -> RGBImage {
    let canvas = try OffscreenCanvas(
      size: Self.size, fonts: fonts, images: images, measurer: SDLTextMeasurer(library: fonts))
    let whole = Rect(x: 0, y: 0, width: Double(Self.size.width), height: Double(Self.size.height))
    let commands: [DrawCommand] = [
      .fill(whole, Self.paper), .pushClip(whole), .stroke(Self.highlighter), .stroke(Self.pen),
      .popClip,
    ]
    var frame = SlideFrame(size: Self.size, slideRect: whole, commands: commands)
    if inLayer {
      canvas.cacheLayers()
      frame.commands = [.layer(LayerItem(key: "ink", x: 0, y: 0, frame: frame))]
    }
    canvas.draw(frame)
    if let folder = ProcessInfo.processInfo.environment["PODIUM_INK_PNG"] {
      try canvas.writePNG(path: "\(folder)/strokes\(inLayer ? "-layer" : "").png")
    }
    return RGBImage(canvas)
  }

  /// Pixels well inside `item`: its points, with rings about them, and across each segment.
  func inside(_ item: StrokeItem) -> [(Int, Int)] {
    var places: [(Double, Double)] = []
    let reach = item.width / 2 - 2
    for index in 0..<item.pointCount {
      let (x, y) = (item.points[2 * index], item.points[2 * index + 1])
      for step in 0..<16 {
        let angle = Double(step) * .pi / 8
        for r in stride(from: 0.0, through: reach, by: 2) {
          places.append((x + r * cos(angle), y + r * sin(angle)))
        }
      }
      guard index > 0 else { continue }
      let (px, py) = (item.points[2 * index - 2], item.points[2 * index - 1])
      let length = ((x - px) * (x - px) + (y - py) * (y - py)).squareRoot()
      for t in stride(from: 0.0, through: 1, by: 0.1) {
        for r in stride(from: -reach, through: reach, by: 2) {
          places.append(
            (px + t * (x - px) - r * (y - py) / length, py + t * (y - py) + r * (x - px) / length))
        }
      }
    }
    return places.map { (Int($0.0.rounded(.down)), Int($0.1.rounded(.down))) }
  }

  func close(_ color: RGBAColor, _ expected: (Int, Int, Int), within tolerance: Int = 2) -> Bool {
    abs(Int(color.red) - expected.0) <= tolerance && abs(Int(color.green) - expected.1) <= tolerance
      && abs(Int(color.blue) - expected.2) <= tolerance
  }

  @Test(arguments: [false, true]) func eachStrokeGoesOnOnce(inLayer: Bool) throws {
    let image = try drawn(inLayer: inLayer)
    // The highlighter: the paper times the colour, once (180 x 200 / 255 = 141, x 100 / 255).
    let multiplied = (180, 141, 71)
    let highlighted = inside(Self.highlighter).filter {
      !close(image.pixel(x: $0.0, y: $0.1), multiplied)
    }
    #expect(highlighted.isEmpty, "not multiplied once at \(highlighted.prefix(6))")
    // The pen at half its alpha over the paper: 180 x 127 / 255 + 255 x 128 / 255 for blue.
    let blended = (90, 90, 218)
    let penned = inside(Self.pen).filter {
      !close(image.pixel(x: $0.0, y: $0.1), blended, within: 3)
    }
    #expect(penned.isEmpty, "not blended once at \(penned.prefix(6))")
    // Away from the strokes, the paper as it was: the corners, and the gap between the two.
    for (x, y) in [(2, 2), (397, 2), (2, 297), (397, 297), (200, 20), (200, 150), (200, 280)] {
      #expect(close(image.pixel(x: x, y: y), (180, 180, 180), within: 0), "(\(x), \(y))")
    }
  }

  @Test func aLayerHoldsTheSamePixelsAsDrawingInPlace() throws {
    #expect(try drawn(inLayer: true) == drawn(inLayer: false))
  }
}
