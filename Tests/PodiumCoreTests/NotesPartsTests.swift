import Foundation
import PodiumTestSupport
import Testing

@testable import PodiumCore

/// Notes that follow the builds: a `<!-- pause -->` in `???` notes, a note written after a pause
/// in the slide, pdfpc's notes per overlay page; the console lights the part of the step on show,
/// dims the rest and scrolls to it, and the state keeps the speaker's own scrolling until the
/// part changes.
@Suite struct NotesPartsTests {
  private func read(_ text: String) throws -> (Deck, [Diagnostic]) {
    var memory = InMemoryFiles([:])
    memory["/talk/talk.md"] = text
    let result = DeckParser.parse(
      text: text, file: "/talk/talk.md", baseDirectory: "/talk", files: memory)
    return (try #require(result.deck), result.diagnostics)
  }

  static let paused = """
    # Three points

    - one

    <!-- pause -->

    - two

    <!-- pause -->

    - three

    ???

    Open with the question.

    <!-- pause -->

    Then the second point.

    <!-- pause -->

    And close on the third.
    """

  @Test func aPauseInTheNotesStartsThePartOfTheNextStep() throws {
    let (deck, diagnostics) = try read(Self.paused)
    let slide = try #require(deck.slides.first)
    #expect(slide.stepCount == 3)
    #expect(slide.notes.map(\.step) == [0, 1, 2])
    #expect(slide.notesParts == [0, 1, 2])
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    #expect((0..<3).map { Slide.notesPart(at: $0, of: slide.notesParts) } == [0, 1, 2])
  }

  @Test func moreNotesPartsThanStepsIsALocatedWarningAndTheRestGoWithTheLast() throws {
    let (deck, diagnostics) = try read(
      "# One step\n\nText.\n\n???\n\nFirst.\n\n<!-- pause -->\n\nSecond.\n\n<!-- pause -->\n\nThird.\n"
    )
    let slide = try #require(deck.slides.first)
    #expect(slide.notes.map(\.step) == [0, 0, 0])
    let warning = try #require(diagnostics.first { $0.message.contains("notes have 3 parts") })
    #expect(warning.severity == .warning && warning.location?.line == 7, "\(warning)")
  }

  @Test func aNoteWrittenAfterAPauseGoesWithThatStep() throws {
    let (standard, _) = try read(
      "# Two steps\n\nFirst.\n\n<!-- Say the first. -->\n\n<!-- pause -->\n\nSecond.\n\n"
        + "<!-- Say the second. -->\n")
    #expect(standard.slides[0].notes.map(\.step) == [0, 1])
    let (presenterm, _) = try read(
      "Two steps\n===\n\nFirst.\n\n<!-- speaker_note: Say the first. -->\n\n<!-- pause -->\n\n"
        + "Second.\n\n<!-- speaker_note: Say the second. -->\n\n<!-- end_slide -->\n\nEnd\n===\n")
    #expect(presenterm.dialect == .presenterm)
    #expect(presenterm.slides[0].notes.map(\.step) == [0, 1])
    // A note after the first pause on a slide whose notes begin there: the first part is lit
    // from the slide's first step, not dimmed until it comes.
    #expect(Slide.notesPart(at: 0, of: [1, 3]) == 1)
    #expect(Slide.notesPart(at: 2, of: [1, 3]) == 1)
    #expect(Slide.notesPart(at: 0, of: []) == nil)
  }

  @Test func pdfpcNotesOfEachOverlayPageGoWithItsStepAndRepeatsAreOne() {
    let pages = ["1", "2", "2", "2"].map {
      PDFDocumentInfo.Page(width: 400, height: 300, label: $0)
    }
    let file = PdfpcFile(pages: [
      .init(idx: 1, note: "The plan."), .init(idx: 2, note: "The plan."),
      .init(idx: 3, note: "The result."),
    ])
    let builder = PDFDeckBuilder(
      path: "/talks/t.pdf", info: PDFDocumentInfo(pages: pages), pdfpc: file)
    let (deck, _) = builder.deck()
    #expect(deck.slides.map(\.stepCount) == [1, 3])
    #expect(deck.slides[1].notes.map(\.plainText) == ["The plan.", "The result."])
    #expect(deck.slides[1].notes.map(\.step) == [0, 2])
  }

  /// The colour of the first text item holding `word` in the console at `step` of slide 1.
  private func console(_ deck: Deck, step: Int, scroll: Int = 0, size: Double = 1)
    -> (frame: ConsoleFrame, state: PresentationState)
  {
    var state = PresentationState(stepCounts: deck.slides.map(\.stepCount), notesScale: size)
    state.notesParts = deck.slides.map(\.notesParts)
    for _ in 0..<step { state.apply(.next, at: 0) }
    if scroll != 0 { state.apply(.scrollNotes(scroll), at: 0) }
    return (LayoutEngine.fixedConsole(deck: deck, state: state), state)
  }

  private func texts(_ frame: SlideFrame) -> [TextItem] {
    frame.commands.flatMap { command -> [TextItem] in
      switch command {
      case .text(let item): return [item]
      case .layer(let layer): return texts(layer.frame)
      default: return []
      }
    }
  }

  private func color(of word: String, in frame: ConsoleFrame) -> RGBAColor? {
    texts(frame.frame).first { $0.text.contains(word) }?.color
  }

  @Test func theConsoleLightsThePartOfTheStepAndDimsTheRest() throws {
    let (deck, _) = try read(Self.paused)
    let lit = Theme.dark.console.notes.text
    let dim = Theme.dark.console.notes.muted
    let words = ["question.", "second point.", "third."]
    for step in 0..<3 {
      let (frame, _) = console(deck, step: step)
      for (part, word) in words.enumerated() {
        #expect(
          color(of: word, in: frame) == (part == step ? lit : dim),
          "step \(step + 1): '\(word)'")
      }
    }
    // Notes of one part read alike at every step.
    let (plain, _) = try read("# A\n\n- one\n\n<!-- pause -->\n\n- two\n\n???\n\nJust this.\n")
    #expect(color(of: "this.", in: console(plain, step: 1).frame) == lit)
  }

  /// A part far down long notes: its step scrolls it to the top of the box, the speaker can
  /// still scroll back up to what came before, and the next part brings its own into view.
  @Test func aStepScrollsItsPartIntoViewAndTheSpeakerCanScrollBackUp() throws {
    let long = (1...40).map { "Opening line \($0)." }.joined(separator: "\n\n")
    let more = (1...40).map { "More line \($0)." }.joined(separator: "\n\n")
    let (deck, _) = try read(
      "# Long\n\n- one\n\n<!-- pause -->\n\n- two\n\n???\n\n\(long)\n\n<!-- pause -->\n\n"
        + "The second part.\n\n\(more)\n")
    let (first, _) = console(deck, step: 0)
    let box = first.notes
    let opening = try #require(texts(first.frame).first { $0.text.contains("Opening line 1.") })
    #expect(opening.y < box.y + box.height * 0.1, "part one at the top: \(opening.y) in \(box)")
    #expect(first.notesScrollFloor == 0 && first.notesScrollLimit > 0)

    let (second, state) = console(deck, step: 1)
    let part = try #require(texts(second.frame).first { $0.text.contains("second part") })
    let lastBox = second.notes
    #expect(
      part.y >= lastBox.y && part.y < lastBox.y + lastBox.height * 0.1, "\(part.y) in \(lastBox)")
    #expect(!texts(second.frame).contains { $0.text.contains("Opening line 1.") }, "scrolled past")
    #expect(second.notesScrollFloor < 0, "lines above the part to scroll back to")
    var scrolled = state
    scrolled.limitNotesScroll(to: second.notesScrollLimit, floor: second.notesScrollFloor)
    scrolled.apply(.scrollNotes(-1000), at: 0)
    #expect(scrolled.notesScroll == second.notesScrollFloor)

    // Scrolled by the speaker, the notes stay put within a part and follow a change of part.
    var walk = PresentationState(stepCounts: [2, 1])
    walk.notesParts = [[0, 1], []]
    walk.limitNotesScroll(to: 10, floor: -5)
    walk.apply(.scrollNotes(3), at: 0)
    walk.apply(.next, at: 0)
    #expect(walk.notesScroll == 0, "the next part in view")
    walk.limitNotesScroll(to: 10, floor: -5)
    walk.apply(.scrollNotes(-2), at: 0)
    #expect(walk.notesScroll == -2)
    var single = PresentationState(stepCounts: [3])
    single.notesParts = [[0]]
    single.limitNotesScroll(to: 10)
    single.apply(.scrollNotes(4), at: 0)
    single.apply(.next, at: 0)
    #expect(single.notesScroll == 4, "one part: a step keeps the speaker's scrolling")
  }
}
