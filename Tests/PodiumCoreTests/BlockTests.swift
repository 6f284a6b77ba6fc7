import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

@Suite struct BlockTests {
  @Test func headingsAndInlineStyles() throws {
    let deck = try deck(
      """
      # One
      ## Two
      ### Three

      Plain **strong** *emphasis* ~~struck~~ `code` [a link](https://example.com) ***both***
      line one\\
      line two <br> line three
      """)
    let blocks = deck.slides[0].blocks
    #expect(kinds(blocks) == ["h1", "h2", "h3", "p"])
    guard case .paragraph(let runs) = blocks[3].kind else {
      Issue.record("expected a paragraph")
      return
    }
    #expect(
      runs == [
        TextRun("Plain "), TextRun("strong", style: .strong), TextRun(" "),
        TextRun("emphasis", style: .emphasis), TextRun(" "),
        TextRun("struck", style: .strikethrough), TextRun(" "), TextRun("code", style: .code),
        TextRun(" "), TextRun("a link", style: .link, link: "https://example.com"), TextRun(" "),
        TextRun("both", style: [.strong, .emphasis]), TextRun(" line one\nline two \n line three"),
      ])
    #expect(blocks[3].location == PodiumCore.SourceLocation(line: 5, column: 1))
  }

  @Test func listsNestThreeLevelsWithNumbersAndTasks() throws {
    let deck = try deck(
      """
      3. third
      4. fourth
         - nested
           - deeper
             - deepest

      - [x] done
      - [ ] to do
      """)
    let blocks = deck.slides[0].blocks
    #expect(kinds(blocks) == ["ol", "ul"])
    guard case .list(let ordered) = blocks[0].kind, case .list(let tasks) = blocks[1].kind else {
      Issue.record("expected two lists")
      return
    }
    #expect(ordered.ordered && ordered.start == 3 && ordered.items.count == 2)
    guard case .list(let level2) = ordered.items[1].blocks[1].kind,
      case .list(let level3) = level2.items[0].blocks[1].kind,
      case .list(let level4) = level3.items[0].blocks[1].kind
    else {
      Issue.record("expected nested lists")
      return
    }
    #expect(level4.items[0].blocks[0].plainText == "deepest")
    #expect(level4.items[0].location.line == 5)
    #expect(tasks.items.map(\.checked) == [true, false])
    #expect(ordered.items.map(\.checked) == [nil, nil])
  }

  @Test func quotesNestAndAlertsAreRecognised() throws {
    let deck = try deck(
      """
      > quote
      >> nested

      > [!WARNING]
      > Mind the gap
      """)
    let blocks = deck.slides[0].blocks
    #expect(kinds(blocks) == ["quote", "quote"])
    guard case .quote(let outer) = blocks[0].kind, case .quote(let alert) = blocks[1].kind else {
      Issue.record("expected quotes")
      return
    }
    #expect(kinds(outer.blocks) == ["p", "quote"])
    #expect(outer.alert == nil)
    #expect(alert.alert == .warning)
    #expect(alert.blocks.map(\.plainText) == ["Mind the gap"])
  }

  @Test func codeBlocksKeepTheirLanguage() throws {
    let deck = try deck(
      """
      ```Swift title="x"
      let a = 1
      ```

      ~~~ {.numberLines}
      int main(void) {}
      ~~~

          indented()

      ```rust +exec
      fn main() {}
      ```
      """)
    let codes: [CodeBlock] = deck.slides[0].blocks.compactMap {
      if case .code(let code) = $0.kind { return code } else { return nil }
    }
    #expect(
      codes == [
        CodeBlock(language: "swift", code: "let a = 1"),
        CodeBlock(language: nil, code: "int main(void) {}"),
        CodeBlock(language: nil, code: "indented()"),
        CodeBlock(language: "rust", code: "fn main() {}"),
      ])
    #expect(
      parse("```rust +exec\nfn main() {}\n```\n").messages == [
        "1:1: warning: code is shown, never run: Podium does not execute snippets ('+exec' ignored)"
      ])
  }

  @Test func tablesKeepAlignmentAndCells() throws {
    let deck = try deck(
      """
      | Name | Taste | Score |
      |:-----|:-----:|------:|
      | Potato | **Great** | 10 |
      | Carrot | Yuck | 2 |
      """)
    guard case .table(let table) = deck.slides[0].blocks[0].kind else {
      Issue.record("expected a table")
      return
    }
    #expect(table.alignments == [.left, .center, .right])
    #expect(table.header.map(\.plainText) == ["Name", "Taste", "Score"])
    #expect(table.rows.count == 2)
    #expect(table.rows[0][1] == [TextRun("Great", style: .strong)])
  }

  /// A picture in a table cell has no room of its own: its alt text stands in, and the author
  /// is told where, once a table (it vanished silently before).
  @Test func picturesInTableCellsAreTheirAltTextWithAWarning() throws {
    let result = parse(
      """
      | ![vector](v.png) | ![](m.png) |
      |---|---|
      | ![matrix](x.png) | left |
      """)
    let table = try #require(result.deck?.slides.first?.blocks.first)
    guard case .table(let cells) = table.kind else {
      Issue.record("expected a table")
      return
    }
    #expect(cells.header.map(\.plainText) == ["vector", ""])
    #expect(cells.rows.first?.map(\.plainText) == ["matrix", "left"])
    let warned = result.diagnostics.filter { $0.message.hasPrefix("pictures in table cells") }
    #expect(warned.count == 1)
    #expect(warned.first?.location?.line == 1)
  }

  @Test func imagesBlockAndBackground() throws {
    let folder = try Fixtures.temporaryDirectory()
    for name in ["fig.png", "bg.jpg", "photo.jpg"] {
      try Fixtures.onePixelPNG.write(to: folder.appendingPathComponent(name))
    }
    let result = parse(
      """
      # Pictures

      ![A figure](fig.png)

      ![bg](bg.jpg)
      ![bg contain](photo.jpg)

      ![missing](nowhere/fig.png)

      ![remote](https://example.com/a.png)
      """, baseDirectory: folder.path)
    #expect(
      result.messages == [
        // A remote image is the loader's to look up in the cache (`podium fetch`), and to
        // warn about once for the deck.
        "8:1: warning: image 'nowhere/fig.png' not found"
      ])
    let slide = try #require(result.deck?.slides.first)
    #expect(kinds(slide.blocks) == ["h1", "image", "image", "image"])
    #expect(
      slide.blocks[1].kind
        == .image(
          ImageReference(
            source: "fig.png", alt: "A figure", path: folder.appendingPathComponent("fig.png").path)
        ))
    #expect(slide.backgrounds.map(\.size) == [.cover, .contain])
    #expect(slide.backgrounds.map(\.image.source) == ["bg.jpg", "photo.jpg"])
    #expect(slide.backgrounds[1].location.line == 6)
    guard case .image(let remote) = slide.blocks[3].kind else {
      Issue.record("expected an image")
      return
    }
    #expect(remote.path == nil)
    #expect(remote.url == "https://example.com/a.png")
    #expect(remote.isUnfetched)
  }

  @Test func htmlShowsItsTextNeverItsTags() throws {
    let result = parse(
      """
      <span style="color: blue">John Doe</span> wrote this.

      <div align="center">
      Centred <b>bold</b>
      </div>
      """)
    let blocks = try #require(result.deck?.slides.first?.blocks)
    #expect(blocks.map(\.plainText) == ["John Doe wrote this.", "Centred bold"])
    #expect(blocks.last?.alignment == .center)
    #expect(result.messages.isEmpty)
  }

  @Test func bareAddressesBecomeLinks() throws {
    let deck = try deck("See https://podium.example/docs today\n")
    guard case .paragraph(let runs) = deck.slides[0].blocks[0].kind else {
      Issue.record("expected a paragraph")
      return
    }
    #expect(
      runs == [
        TextRun("See "),
        TextRun("https://podium.example/docs", style: .link, link: "https://podium.example/docs"),
        TextRun(" today"),
      ])
  }

  @Test func aLinkWithNoTextShowsNothingAsInABrowser() throws {
    let deck = try deck("Links [](https://example.com/) here\n")
    #expect(deck.slides[0].blocks[0].plainText == "Links  here")
  }

  @Test func deepNestingIsFlattenedNotACrash() throws {
    let depth = 5_000
    let text = String(repeating: ">", count: depth) + " deep\n"
    let deck = try deck(text)
    #expect(deck.slides.count == 1)
    #expect(deck.slides[0].blocks[0].plainText.contains("deep"))
  }
}
