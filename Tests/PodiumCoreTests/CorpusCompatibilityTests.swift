import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

/// The real decks of the outside corpus (docs/TESTING.md, "The outside corpus"), when it is
/// beside the checkout; the project's own decks in every dialect are in OwnDeckTests.
@Suite(.enabled(if: Fixtures.hasCorpus, Fixtures.noCorpus)) struct CorpusCompatibilityTests {
  func load(_ name: String) throws -> (Deck, [Diagnostic]) {
    let folder = try #require(Fixtures.corpus)
    let path = folder.appendingPathComponent(name).path
    let result = DeckParser.parse(fileAt: path)
    return (try #require(result.deck, "\(path) should load"), result.diagnostics)
  }

  @Test(arguments: [
    ("mdp-sample.md", 20, DeckDialect.mdp),
    ("presenterm-code.md", 4, .presenterm),
    ("presenterm-columns.md", 1, .standard),
    ("presenterm-custom-intro-slides.md", 3, .presenterm),
    ("presenterm-demo.md", 11, .presenterm),
    ("presenterm-footer.md", 2, .presenterm),
    ("presenterm-speaker-notes.md", 2, .presenterm),
    // Marp counts 5; and 21 in mlops, which splits at headings # to #### (headingDivider: 4)
    // as well as at --- (SOURCES.md).
    ("marp/pitchme.md", 5, .standard),
    ("marp/mlops/slides.md", 21, .standard),
  ])
  func everyDeckLoadsWithTheSlidesAReaderCounts(name: String, slides: Int, dialect: DeckDialect)
    throws
  {
    let (deck, diagnostics) = try load(name)
    #expect(deck.slides.count == slides)
    #expect(deck.dialect == dialect)
    #expect(!diagnostics.hasErrors, "\(diagnostics)")
    // Every command these decks use is carried out: none is dropped as unsupported.
    let dropped = diagnostics.filter { $0.message.contains("command '") }
    #expect(dropped.isEmpty, "\(dropped.map(\.message))")
    for slide in deck.slides {
      #expect(!slide.blocks.isEmpty, "slide \(slide.index + 1) of \(name) shows nothing")
      // Nothing of another tool's syntax leaks onto a slide (code blocks may show it as code).
      let text = slide.blocks.filter {
        if case .code = $0.kind { return false } else { return true }
      }.map(\.plainText).joined(separator: "\n")
      for leak in ["<!--", "-->", "end_slide", "column_layout", "<span"] {
        #expect(!text.contains(leak), "slide \(slide.index + 1) of \(name) shows '\(leak)'")
      }
      let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      for marker in ["<br>", "^", "???"] {
        #expect(!lines.contains(marker), "slide \(slide.index + 1) of \(name) shows '\(marker)'")
      }
    }
  }

  @Test func presentermSpeakerNotesLandInNotes() throws {
    let (deck, _) = try load("presenterm-speaker-notes.md")
    #expect(
      deck.slides[0].notes.map(\.plainText) == [
        "This is a speaker note from slide 1.",
        "You can use multiple speaker notes within each slide and interleave them with other markdown.",
      ])
    #expect(
      deck.slides[1].notes.map(\.plainText) == [
        "This is a speaker note from slide 2.",
        "Demonstrate changing slides in the actual presentation.", "Isn't that cool?",
      ])
  }

  @Test func presentermPausesBecomeBuildSteps() throws {
    let (demo, _) = try load("presenterm-demo.md")
    // It opens on the introduction slide its front matter makes; its dynamic code
    // highlighting (`{1-4|6-10|all}`) takes a press a stage, as presenterm steps through it.
    #expect(demo.slides.map(\.stepCount) == [1, 2, 1, 2, 3, 1, 1, 1, 1, 1, 1])
    #expect(
      demo.slides.map(\.title) == [
        "Introducing presenterm", "Customizability", "Headers", "Code highlighting",
        "Dynamic code highlighting",
        "Snippet execution", "Images", "Column layouts", "Text formatting", "More markdown",
        "The end",
      ])
    let (columns, _) = try load("presenterm-columns.md")
    // Two pauses, then an incremental list of three items. With no `end_slide` and no front
    // matter, the file is read as Podium's own Markdown: no pause before the list.
    #expect(columns.dialect == .standard && columns.slides[0].stepCount == 5)
  }

  @Test func mdpPausesAndCentringAreHonoured() throws {
    let (deck, _) = try load("mdp-sample.md")
    #expect(deck.metadata.title == "mdp - Sample Presentation")
    #expect(deck.slides[0].blocks[0].alignment == .center)
    #expect(deck.slides[0].title == "mdp")
    #expect(deck.slides[12].stepCount == 6)
    #expect(deck.buildStepCount == 25)
  }
}
