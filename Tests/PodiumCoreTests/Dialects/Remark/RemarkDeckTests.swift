import Foundation
import PodiumTestSupport
import Testing

@testable import PodiumCore

/// remark's decks (Dialects/Remark): the Markdown a page loads with `sourceUrl`, its `---` and
/// `--` separators, slide properties and `.class[...]` wrappers, counted as remark counts them.
@Suite struct RemarkDeckTests {
  static let page = """
    <!DOCTYPE html>
    <html><body>
    <script src="https://remarkjs.com/downloads/remark-latest.min.js"></script>
    <script>var slideshow = remark.create({ sourceUrl: 'talk.md' });</script>
    </body></html>
    """

  /// A deck at /talk/talk.md with `files` beside it, parsed from its file.
  func parsed(_ deck: String, _ files: [String: String] = [:]) -> DeckParseResult {
    var all = files
    all["/talk/talk.md"] = deck
    return DeckParser.parse(fileAt: "/talk/talk.md", files: InMemoryFiles(all))
  }

  @Test func aDeckAPageLoadsIsRemarksAndItsIncrementalSlidesRepeatTheOneBefore() throws {
    let text = """
      # Title

      ---

      # Agenda

      - one

      --

      - two

      --

      - three

      ---

      # Last
      """
    let result = parsed(text, ["/talk/index.html": Self.page])
    let deck = try #require(result.deck)
    #expect(deck.dialect == .remark)
    // remark shows five slides: the agenda three times, each with one more item.
    #expect(deck.slides.count == 5)
    let agenda = deck.slides[1...3].map { $0.blocks.map(\.plainText).joined(separator: "|") }
    #expect(agenda == ["Agenda|one", "Agenda|one|two", "Agenda|one|two|three"])
    #expect(deck.slides[4].blocks.first?.plainText == "Last")
    // The same deck with no page beside it and none of remark's properties is Podium's own,
    // where `--` is text.
    let plain = try #require(parsed("# A\n\ntext\n\n---\n\n# B\n").deck)
    #expect(plain.dialect != .remark)
  }

  @Test func slidePropertiesAreDirectivesAndLayoutAndExcludedSlidesAreNotShown() throws {
    let text = """
      class: center, middle

      # Welcome

      ---
      layout: true

      .footer[a footer every slide shows in remark]

      ---
      class: inverse
      background-image: url(picture.png)

      # Dark

      ---
      name: hidden
      exclude: true

      # Not shown

      ---

      # End
      """
    let result = parsed(text)
    let deck = try #require(result.deck)
    #expect(deck.dialect == .remark)
    #expect(deck.slides.map { $0.blocks.first?.plainText } == ["Welcome", "Dark", "End"])
    #expect(deck.slides[0].directives.classes.contains(.lead))
    #expect(deck.slides[1].directives.classes.contains(.invert))
    guard case .image(let picture) = deck.slides[1].directives.background else {
      Issue.record(
        "no background picture: \(String(describing: deck.slides[1].directives.background))")
      return
    }
    #expect(picture.source == "picture.png")
    // No property line is shown as text.
    let shown = deck.slides.flatMap(\.blocks).map(\.plainText).joined(separator: " ")
    #expect(!shown.contains("class:"))
    #expect(!shown.contains("exclude"))
  }

  @Test func classWrappersShowTheirContentAndLinksKeepTheirBrackets() throws {
    var open = 0
    #expect(
      RemarkLines.unwrappingClasses(".red[warm] and .big.bold[loud]", open: &open)
        == "warm and loud")
    #expect(open == 0)
    #expect(
      RemarkLines.unwrappingClasses("see [the docs](https://x.org) .small[(c)]", open: &open)
        == "see [the docs](https://x.org) (c)")
    // A class opened on one line and closed on a later one.
    #expect(RemarkLines.unwrappingClasses(".left-column[", open: &open) == "")
    #expect(open == 1)
    #expect(
      RemarkLines.unwrappingClasses("- an item ![pic](a.png)", open: &open)
        == "- an item ![pic](a.png)")
    #expect(RemarkLines.unwrappingClasses("]", open: &open) == "")
    #expect(open == 0)
  }

  @Test func separatorsUnderHTMLAndInsideCodeAreReadAsRemarkReadsThem() throws {
    let text = """
      class: center, middle

      # One

      <div class="note">
      a note in HTML
      </div>
      ---

      # Two

      ```yaml
      ---
      key: value
      --
      ```

      ---
      <!-- break -->

      # Three
      """
    let deck = try #require(parsed(text, ["/talk/index.html": Self.page]).deck)
    #expect(deck.dialect == .remark)
    // The `---` right under `</div>` separates, the ones in the fence do not; `<!-- break -->`
    // is remark's other separator (an empty slide between them, as remark shows one).
    let titles = deck.slides.map { $0.blocks.first { $0.kind.isHeading }?.plainText }
    #expect(titles == ["One", "Two", nil, "Three"])
    let code = try #require(
      deck.slides[1].blocks.first { if case .code = $0.kind { true } else { false } })
    #expect(code.plainText.contains("key: value"))
    #expect(code.plainText.contains("--"))
  }

  @Test func notesFollowQuestionMarksAndAPropertyNamesTheLineItWasOn() throws {
    let text = """
      class: middle
      template: base

      # One

      ???

      Say hello first.

      ---

      # Two
      """
    let result = parsed(text)
    let deck = try #require(result.deck)
    #expect(deck.dialect == .remark)
    #expect(deck.slides[0].notes.map(\.plainText) == ["Say hello first."])
    #expect(!deck.slides[0].blocks.map(\.plainText).joined().contains("Say hello"))
    let warning = try #require(result.diagnostics.first { $0.message.contains("template") })
    #expect(warning.severity == .warning)
    #expect(warning.location?.line == 2)
  }
}

extension Block.Kind {
  fileprivate var isHeading: Bool {
    if case .heading = self { return true }
    return false
  }
}
