import Foundation
import PodiumCore
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// presenterm decks as presenterm lays them out, in their own themes (Fixtures/presenterm).
extension GoldenImageTests {
  static let presenterm = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/presenterm")

  func renderFixture(_ name: String, slide: Int) throws -> (RGBImage, SlideFrame) {
    let file = Self.presenterm.appendingPathComponent(name)
    return try render(
      String(contentsOf: file, encoding: .utf8), slide: slide,
      size: PixelSize(width: 1920, height: 1080), base: file.deletingLastPathComponent().path)
  }

  @Test func presentermIntroductionSlideInCatppuccinMocha() throws {
    let (image, frame) = try renderFixture("intro.md", slide: 0)
    // catppuccin-mocha's palette: base 1e1e2e, green a6e3a1 (its intro_slide.title).
    #expect(image.pixel(x: 10, y: 10) == RGBAColor(red: 0x1E, green: 0x1E, blue: 0x2E))
    let title = try #require(frame.texts.first { $0.text == "Farming " })
    let author = try #require(frame.texts.first { $0.text == "Bob Spud" })
    #expect(title.color == RGBAColor(red: 0xA6, green: 0xE3, blue: 0xA1))
    #expect(author.y > 900, "authors at the page's bottom")
    #expect(frame.texts.allSatisfy { !$0.text.contains("/") }, "no footer on the introduction")
    try check("presenterm-intro-mocha-1080p", image)
  }

  @Test func presentermSlideInCatppuccinMocha() throws {
    let (image, frame) = try renderFixture("intro.md", slide: 1)
    #expect(frame.text("2 / 3") != nil, "the theme's footer counts the introduction slide")
    try check("presenterm-content-mocha-1080p", image)
  }

  @Test func presentermThemeFileWithAProgressBar() throws {
    let (intro, introFrame) = try renderFixture("slides/lecture.md", slide: 0)
    let author = try #require(introFrame.text("Dr. Loam"))
    #expect(author.y < 800, "below_title")
    try check("presenterm-theme-file-intro-1080p", intro)
    let (image, frame) = try renderFixture("slides/lecture.md", slide: 1)
    let brick = RGBAColor(red: 0xA4, green: 0x34, blue: 0x3A)
    let bar = frame.fills.filter { $0.1 == brick }
    #expect(bar.count == 1 && abs(bar[0].0.width - 1920 * 2 / 3) < 1, "2 of 3 slides")
    try check("presenterm-theme-file-1080p", image)
  }

  @Test func presentermFooterTemplateInTokyonightDay() throws {
    let (image, frame) = try renderFixture("footer.md", slide: 1)
    #expect(frame.text("Ann") != nil && frame.text("Footers") != nil)
    #expect(frame.text("2 / 3") != nil)
    try check("presenterm-footer-template-1080p", image)
  }
}

extension SlideFrame {
  fileprivate var texts: [TextItem] {
    commands.compactMap { if case .text(let item) = $0 { return item } else { return nil } }
  }
  fileprivate var fills: [(Rect, RGBAColor)] {
    commands.compactMap {
      if case .fill(let rect, let color) = $0 { return (rect, color) } else { return nil }
    }
  }
  fileprivate func text(_ string: String) -> TextItem? { texts.first { $0.text == string } }
}
