import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

/// The project's own decks in every dialect Podium reads (`Fixtures.ownDecks`: each beside its
/// dialect's tests, Tests/PodiumCoreTests/Dialects/NAME/Fixtures), written for it
/// from each tool's documentation: they count the slides their own tool counts, load with no
/// error, and nothing of the tool's syntax shows on a slide. The outside corpus's real decks
/// (CorpusCompatibilityTests) run too when it is beside the checkout.
@Suite struct OwnDeckTests {
  func load(_ name: String) throws -> (Deck, [Diagnostic]) {
    let path = try #require(Fixtures.ownDeck(name), "\(name) is one of the own decks").path
    let result = DeckParser.parse(fileAt: path)
    return (try #require(result.deck, "\(path) should load"), result.diagnostics)
  }

  @Test(arguments: [
    // mdp: slides at rules of dashes; `^` is a pause.
    ("mdp-terminal.md", 4, DeckDialect.mdp),
    // presenterm: the introduction slide from the front matter, then one slide per `---`
    // (end_slide_shorthand) or `<!-- end_slide -->`.
    ("presenterm-workshop.md", 5, .presenterm),
    // Marp: headingDivider 2 splits before every `#` and `##` heading, and `---` splits too.
    ("marp-lecture.md", 5, .standard),
    // pandoc for beamer: the title slide, a section title slide for each `#` (beamer's
    // template shows a section page), and a slide for each `##` (the slide level).
    ("pandoc-beamer.md", 7, .pandoc),
    // Slidev: one slide per `---`, per-slide front matter belonging to the slide it opens.
    ("slidev-talk.md", 4, .slidev),
  ])
  func everyDeckCountsWhatItsToolCounts(name: String, slides: Int, dialect: DeckDialect) throws {
    let (deck, diagnostics) = try load(name)
    #expect(deck.slides.count == slides, "\(deck.slides.map(\.title))")
    #expect(deck.dialect == dialect)
    #expect(!diagnostics.hasErrors, "\(diagnostics)")
    for slide in deck.slides {
      #expect(!slide.blocks.isEmpty, "slide \(slide.index + 1) of \(name) shows nothing")
      let text = slide.blocks.filter {
        if case .code = $0.kind { return false } else { return true }
      }.map(\.plainText).joined(separator: "\n")
      for leak in ["<!--", "-->", "end_slide", "column_layout", "::right::", ":::", "v-clicks"] {
        #expect(!text.contains(leak), "slide \(slide.index + 1) of \(name) shows '\(leak)'")
      }
      let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      for marker in ["^", "???", ". . .", "---"] {
        #expect(!lines.contains(marker), "slide \(slide.index + 1) of \(name) shows '\(marker)'")
      }
    }
  }

  @Test func buildStepsAndNotesLandWhereTheirToolsPutThem() throws {
    // mdp's `^` pauses once: the history slide has two steps.
    let (mdp, _) = try load("mdp-terminal.md")
    #expect(mdp.slides[1].stepCount == 2)
    // pandoc's `. . .` pauses, `::: notes` are notes.
    let (pandoc, _) = try load("pandoc-beamer.md")
    let percentiles = try #require(pandoc.slides.first { $0.title == "Percentiles, not means" })
    #expect(percentiles.notes.map(\.plainText) == ["Show the histogram from last year's incident."])
    let omission = try #require(pandoc.slides.first { $0.title == "Coordinated omission" })
    #expect(omission.stepCount == 2)
    // Slidev: three items of <v-clicks> are three clicks after the first view; the slide's
    // last comment is its note.
    let (slidev, _) = try load("slidev-talk.md")
    #expect(slidev.slides[2].stepCount == 4)
    #expect(slidev.slides[2].notes.map(\.plainText) == ["One item per click."])
    // presenterm: the speaker note comment is a note, not a slide's text.
    let (presenterm, _) = try load("presenterm-workshop.md")
    #expect(
      presenterm.slides[1].notes.map(\.plainText) == ["Ask who has used exceptions in anger."])
    // Marp: a comment that is not a directive is the slide's note.
    let (marp, _) = try load("marp-lecture.md")
    #expect(
      marp.slides[1].notes.map(\.plainText) == ["The count-to-infinity problem comes next week."])
  }
}
