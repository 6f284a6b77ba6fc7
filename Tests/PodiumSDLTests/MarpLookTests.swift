import Foundation
import PodiumCore
import PodiumSDL
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// Marp's three built-in themes drawn as Marp draws them (issue 27, item 5): the places of
/// their page numbers, code panels and table grids, measured on real pixels at Marp's own
/// 1280x720, and golden images of a code slide and a table slide per theme.
@Suite(.serialized) struct MarpLookTests {
  let golden = GoldenImageTests()
  static let size = PixelSize(width: 1280, height: 720)

  static func deck(_ theme: String, _ body: String) -> String {
    "---\nmarp: true\ntheme: \(theme)\npaginate: true\n---\n\n\(body)"
  }

  static let code = """
    ## A code block

    ```python
    def fib(n: int) -> int:
        a, b = 0, 1
        for _ in range(n):
            a, b = b, a + b
        return a
    ```
    """

  static let table = """
    ## A table

    | Theme   | Text       |
    | ------- | ---------- |
    | default | dark grey  |
    | gaia    | dark slate |
    | uncover | near black |
    """

  @Test(arguments: ["default", "gaia", "uncover"])
  func codeAndTableSlides(theme: String) throws {
    for (name, body) in [("code", Self.code), ("table", Self.table)] {
      let (image, _) = try golden.render(Self.deck(theme, body), size: Self.size)
      try golden.check("marp-look-\(theme)-\(name)", image)
    }
  }

  @Test func thePageNumberIsANumberInTheThemesCorner() throws {
    // default: 24 px, 30 px from the right, 21 px from the bottom (default.scss).
    let (_, frame) = try golden.render(Self.deck("default", "# One"), size: Self.size)
    let page = try #require(frame.texts.first { $0.text == "1" })
    #expect(abs(page.x + page.width - 1250) < 1.5 && page.font.size == 24)
    #expect(page.y > 660 && page.y < 699)
    #expect(!frame.texts.contains { $0.text.contains("/") }, "2, not 2 / 6")
  }

  @Test func aMissingFaceOfAMarpThemeIsAWarning() throws {
    var theme = Theme.gaia
    theme.fonts.body = "Podium Missing Face"
    let deck = try #require(
      DeckParser.parse(
        text: "---\nmarp: true\ntheme: gaia\n---\n\n# A\n", file: "d.md", baseDirectory: "/tmp"
      ).deck)
    let missing = SystemChecks.diagnostics(for: deck, theme: theme).filter {
      $0.message.contains("not installed")
    }
    #expect(missing.count == 1 && missing.first?.severity == .warning)
    #expect(missing.first?.message.contains("'Podium Missing Face' of Marp's gaia theme") == true)
    // Lato Black is Lato's heaviest face, found through the whole family's name.
    #expect(
      !SystemChecks.diagnostics(for: deck, theme: .gaia).contains {
        $0.message.contains("not installed")
      })
  }

  @Test func defaultsContentStandsInTheMiddleAtTheLeft() throws {
    let (image, frame) = try golden.render(Self.deck("default", "## Middle"), size: Self.size)
    let heading = try #require(frame.texts.first { $0.text == "Middle" })
    #expect(abs(heading.x - 78.5) < 1, "default.scss's 78.5 px padding")
    #expect(abs(heading.y + heading.font.size * 0.6 - 360) < 25, "in the middle, top to bottom")
    // github-markdown-css's white ground and `#1f2328` ink.
    #expect(image.pixel(x: 4, y: 4) == RGBAColor(red: 255, green: 255, blue: 255))
  }

  @Test func gaiasCodeIsCreamOnSlateAcrossTheSlide() throws {
    let (image, _) = try golden.render(Self.deck("gaia", Self.code), size: Self.size)
    let slate = RGBAColor(red: 0x45, green: 0x5A, blue: 0x64)
    // The panel spans gaia's 70 px padding to 70 px from the right.
    #expect(image.pixel(x: 72, y: 300) == slate && image.pixel(x: 1207, y: 300) == slate)
    #expect(image.pixel(x: 66, y: 300) != slate)
  }

  @Test func uncoversTableStandsInTheMiddleWithRulesOnly() throws {
    let (image, frame) = try golden.render(Self.deck("uncover", Self.table), size: Self.size)
    let cells = frame.texts.filter { ["d", "g", "u"].contains($0.text) }
    let left = try #require(cells.map(\.x).min())
    #expect(left > 300, "centred, not at the left padding")
    // A 3 px rule in the ink under the header, none down the sides.
    let ink = RGBAColor(red: 0x20, green: 0x22, blue: 0x28)
    #expect(image.count(of: ink, tolerance: 4) > 1000)
  }
}

extension SlideFrame {
  fileprivate var texts: [TextItem] {
    commands.compactMap { if case .text(let item) = $0 { return item } else { return nil } }
  }
}
