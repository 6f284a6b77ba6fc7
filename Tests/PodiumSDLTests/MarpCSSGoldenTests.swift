import Foundation
import PodiumCore
import PodiumSDL
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// Marp decks styled by their own CSS (issue 27, item 3), loaded as `podium` loads them and
/// drawn at Marp's 1280x720: a custom theme with classes of its own, `<style>` and
/// `<style scoped>`, element styles, code and tables (Fixtures/marp-css).
@Suite(.serialized) struct MarpCSSGoldenTests {
  let golden = GoldenImageTests()
  static let size = PixelSize(width: 1280, height: 720)
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/marp-css")

  func render(_ name: String, slide: Int) throws -> (RGBImage, SlideFrame, [Diagnostic]) {
    let loaded = DeckLoader(files: LocalFiles(), math: nil).load(
      Self.fixtures.appendingPathComponent(name).path)
    let deck = try #require(loaded.deck)
    let measurer = SDLTextMeasurer(library: golden.fonts)
    let engine = LayoutEngine(theme: loaded.theme, measurer: measurer, images: golden.images)
    let target = deck.slides[slide]
    let frame = engine.layout(target, in: deck, step: target.stepCount - 1, size: Self.size)
    let canvas = try OffscreenCanvas(
      size: Self.size, fonts: golden.fonts, images: golden.images, measurer: measurer)
    canvas.draw(frame)
    return (RGBImage(canvas), frame, loaded.diagnostics)
  }

  @Test func aCustomThemesOwnClasses() throws {
    let (title, titleFrame, diagnostics) = try render("circuit/talk.md", slide: 0)
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    // `section.title`: the ink's ground, its h1 yellow, in the middle both ways.
    #expect(title.pixel(x: 4, y: 4) == RGBAColor(red: 0x1B, green: 0x26, blue: 0x31))
    let heading = try #require(titleFrame.texts.first { $0.text == "Circuits" })
    #expect(heading.color == RGBAColor(red: 0xFF, green: 0xD1, blue: 0x66))
    #expect(abs(heading.font.size - 64) < 0.01, "the theme's h1 font-size")
    #expect(abs(heading.x + heading.width / 2 - 640) < 2 && heading.y > 200)
    try golden.check("marp-css-class-title", title)

    let (series, seriesFrame, _) = try render("circuit/talk.md", slide: 1)
    // The class's gradient, corner to corner (135deg), and its h2 with its border under it.
    #expect(series.pixel(x: 4, y: 4) == RGBAColor(red: 0x0B, green: 0x3D, blue: 0x2E))
    #expect(series.pixel(x: 1275, y: 715) == RGBAColor(red: 0x14, green: 0x5A, blue: 0x32))
    let h2 = try #require(seriesFrame.texts.first { $0.text.hasPrefix("Resistors") })
    #expect(h2.color == RGBAColor(red: 0xFF, green: 0xD1, blue: 0x66))
    #expect(abs(h2.x - 90) < 1, "the theme's 90 px padding")
    let border = seriesFrame.commands.compactMap { command -> Rect? in
      guard case .fill(let rect, let color) = command,
        color == RGBAColor(red: 0xFF, green: 0xD1, blue: 0x66)
      else { return nil }
      return rect
    }
    #expect(
      border.count == 1 && abs((border.first?.height ?? 0) - 4) < 0.01
        && abs((border.first?.width ?? 0) - 1100) < 1 && (border.first?.y ?? 0) > h2.y,
      "h2's 4 px border-bottom across the content: \(border)")
    try golden.check("marp-css-class-series", series)

    let (plain, plainFrame, _) = try render("circuit/talk.md", slide: 2)
    #expect(plain.pixel(x: 4, y: 4) == RGBAColor(red: 0xF4, green: 0xF1, blue: 0xEA))
    let plainHeading = try #require(plainFrame.texts.first { $0.text.hasPrefix("A plain") })
    #expect(plainHeading.color == RGBAColor(red: 0x1B, green: 0x26, blue: 0x31), "no class")
    try golden.check("marp-css-class-plain", plain)
  }

  @Test func styleAndScopedStyleBlocks() throws {
    let (one, oneFrame, diagnostics) = try render("style-blocks.md", slide: 0)
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    #expect(one.pixel(x: 4, y: 4) == RGBAColor(red: 0xFD, green: 0xF6, blue: 0xE3))
    let page = try #require(oneFrame.texts.first { $0.text == "1" })
    #expect(page.color == RGBAColor(red: 0xD3, green: 0x36, blue: 0x82) && page.font.size == 36)
    #expect(!oneFrame.texts.contains { $0.text.contains("{") }, "no CSS shown")
    try golden.check("marp-css-style-global", one)

    let (two, twoFrame, _) = try render("style-blocks.md", slide: 1)
    #expect(two.pixel(x: 4, y: 4) == RGBAColor(red: 0x00, green: 0x2B, blue: 0x36))
    // gaia's letter spacing sets text a glyph at a time: the heading is its scoped colour.
    let gold = RGBAColor(red: 0xB5, green: 0x89, blue: 0x00)
    let heading = try #require(twoFrame.texts.first { $0.color == gold })
    #expect(
      twoFrame.texts.filter { $0.color == gold }.map(\.text).joined().filter { $0 != " " }
        == "Scopedstyle")
    #expect(heading.y > 400, "justify-content: flex-end puts the content at the bottom")
    try golden.check("marp-css-style-scoped", two)
  }

  @Test func elementStyles() throws {
    let (image, frame, diagnostics) = try render("elements.md", slide: 0)
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    let heading = try #require(frame.texts.first { $0.text == "Element styles" })
    #expect(heading.color == RGBAColor(red: 0x8E, green: 0x44, blue: 0xAD))
    #expect(abs(heading.font.size - 50) < 0.01 && abs(heading.x + heading.width / 2 - 640) < 2)
    let strong = try #require(frame.texts.first { $0.text.contains("strong") })
    #expect(strong.color == RGBAColor(red: 0xC0, green: 0x39, blue: 0x2B) && strong.font.bold)
    let emphasis = try #require(frame.texts.first { $0.text.contains("emphasis") })
    #expect(emphasis.color == RGBAColor(red: 0x16, green: 0xA0, blue: 0x85))
    let code = try #require(frame.texts.first { $0.text.contains("inline") })
    #expect(code.color == RGBAColor(red: 255, green: 255, blue: 255))
    #expect(image.count(of: RGBAColor(red: 0x2C, green: 0x3E, blue: 0x50), tolerance: 2) > 1000)
    #expect(image.count(of: RGBAColor(red: 0xFE, green: 0xF9, blue: 0xE7), tolerance: 2) > 20_000)
    #expect(image.count(of: RGBAColor(red: 0xF3, green: 0x9C, blue: 0x12), tolerance: 2) > 200)
    let header = try #require(frame.texts.first { $0.text == "A header" })
    #expect(header.color == RGBAColor(red: 0x29, green: 0x80, blue: 0xB9) && header.font.size == 24)
    let footer = try #require(frame.texts.first { $0.text == "A footer" })
    #expect(footer.color == RGBAColor(red: 0x27, green: 0xAE, blue: 0x60))
    let page = try #require(frame.texts.first { $0.text == "1" })
    #expect(page.color == RGBAColor(red: 0xC0, green: 0x39, blue: 0x2B) && page.font.size == 32)
    try golden.check("marp-css-elements", image)
  }

  @Test func codeAndTableStyles() throws {
    let (image, frame, diagnostics) = try render("code-table.md", slide: 0)
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    #expect(image.count(of: RGBAColor(red: 0x28, green: 0x2C, blue: 0x34), tolerance: 2) > 20_000)
    let code = try #require(frame.texts.first { $0.text.contains("plain") })
    #expect(code.color == RGBAColor(red: 0xAB, green: 0xB2, blue: 0xBF))
    let header = try #require(frame.texts.first { $0.text == "Part" })
    #expect(header.color == RGBAColor(red: 0xEC, green: 0xF0, blue: 0xF1))
    #expect(header.x > 400, "margin: 0 auto centres the table")
    #expect(image.count(of: RGBAColor(red: 0x34, green: 0x49, blue: 0x5E), tolerance: 2) > 5_000)
    try golden.check("marp-css-code-table", image)
  }
}

extension SlideFrame {
  fileprivate var texts: [TextItem] {
    commands.compactMap { if case .text(let item) = $0 { return item } else { return nil } }
  }
}
