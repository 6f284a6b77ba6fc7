import Foundation
import PodiumCore
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// Inline HTML drawn (issue 27, item 4): a deck of every element Podium draws
/// (Fixtures/html/html.md), rendered with real fonts at Marp's 1280x720 and compared with golden
/// images, and the colours its styles ask for found on the pixels.
@Suite(.serialized) struct HTMLGoldenTests {
  let golden = GoldenImageTests()
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/html")
  static let size = PixelSize(width: 1280, height: 720)

  func deckText() throws -> String {
    try String(contentsOf: Self.folder.appendingPathComponent("html.md"), encoding: .utf8)
  }

  /// How many pixels of `image` inside `rect` are within 40 of `color` on every channel.
  func count(_ color: (Int, Int, Int), in image: RGBImage, _ rect: Rect? = nil) -> Int {
    let area = rect ?? Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
    var found = 0
    for y in Int(area.y)..<min(image.height, Int(area.maxY)) {
      for x in Int(area.x)..<min(image.width, Int(area.maxX)) {
        let index = (y * image.width + x) * 3
        if abs(Int(image.pixels[index]) - color.0) < 40
          && abs(Int(image.pixels[index + 1]) - color.1) < 40
          && abs(Int(image.pixels[index + 2]) - color.2) < 40
        {
          found += 1
        }
      }
    }
    return found
  }

  /// The first line of text in `frame` that starts with `prefix`.
  func text(_ prefix: String, in frame: SlideFrame) -> TextItem? {
    frame.commands.lazy.compactMap { command -> TextItem? in
      if case .text(let item) = command, item.text.hasPrefix(prefix) { return item }
      return nil
    }.first
  }

  @Test func theFixtureLoadsWithoutErrorsOrUnrenderedHTML() throws {
    let result = DeckParser.parse(
      text: try deckText(), file: "html.md", baseDirectory: Self.folder.path)
    #expect(!result.hasErrors)
    let messages = result.diagnostics.map(\.message)
    #expect(messages.isEmpty, "\(messages)")
    #expect(result.deck?.slides.count == 4)
  }

  @Test func inlineElements() throws {
    let (image, frame) = try golden.render(
      try deckText(), slide: 0, size: Self.size, base: Self.folder.path)
    try golden.check("html-inline", image)
    // `<span style="color:red">` around `**Red bold**`: red, bold glyphs.
    let red = try #require(text("Red bold", in: frame))
    #expect(red.font.bold && red.color == RGBAColor(red: 255, green: 0, blue: 0))
    #expect(count((255, 0, 0), in: image) > 200)
    // The yellow band behind its text, and the key caps' grey frames.
    #expect(count((255, 224, 138), in: image) > 1000)
  }

  @Test func blockElements() throws {
    let (image, frame) = try golden.render(
      try deckText(), slide: 1, size: Self.size, base: Self.folder.path)
    try golden.check("html-blocks", image)
    let heading = try #require(text("Centred by a div", in: frame))
    #expect(abs(heading.x + heading.width / 2 - 640) < 2, "centred: \(heading.x)")
    #expect(count((21, 101, 192), in: image) > 300, "the blue paragraph")
  }

  @Test func picturesBoxesDetailsAndAbsolutePlaces() throws {
    let (image, frame) = try golden.render(
      try deckText(), slide: 2, size: Self.size, base: Self.folder.path)
    try golden.check("html-boxes", image)
    #expect(
      !frame.commands.contains { command in
        if case .text(let item) = command { return item.text.contains("Hidden") }
        return false
      })
    // width 300 of 1280 CSS pixels.
    let picture = try #require(
      frame.commands.compactMap { command -> ImageItem? in
        if case .image(let item) = command { return item } else { return nil }
      }.first)
    #expect(abs(picture.destination.width - 300) < 1)
    // The absolute box: 250 px wide, 60 px from the right edge, 40 from the top.
    let corner = Rect(x: 1280 - 60 - 250, y: 40, width: 250, height: 30)
    #expect(count((252, 228, 236), in: image, corner) > 2000)
    #expect(count((224, 242, 241), in: image) > 5000, "the box's background")
  }

  @Test func flexAndGridColumns() throws {
    let (image, frame) = try golden.render(
      try deckText(), slide: 3, size: Self.size, base: Self.folder.path)
    try golden.check("html-columns", image)
    func text(_ prefix: String) -> TextItem? { self.text(prefix, in: frame) }
    let left = try #require(text("Left"))
    let right = try #require(text("Right"))
    #expect(abs(left.y - right.y) < 1 && right.x > 600, "side by side")
    let third = try #require(text("One third"))
    let twoThirds = try #require(text("Two thirds"))
    #expect(abs(third.y - twoThirds.y) < 1 && third.x > 750)
  }
}
