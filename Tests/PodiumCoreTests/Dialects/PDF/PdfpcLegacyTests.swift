import Foundation
import Testing

@testable import PodiumCore

/// pdfpc's older notes format (`[notes]` with `### N`), as pdfpc before 4.5 and LaTeX's
/// pdfpc-commands write it.
@Suite struct PdfpcLegacyTests {
  typealias Page = PDFDocumentInfo.Page

  /// A file as pdfpc-commands writes it, with every section pdfpc reads.
  static let file = """
    [file]
    talk.pdf
    [duration]
    20
    [end_time]
    15:30
    [last_minutes]
    4
    [skip]
    5,
    [end_user_slide]
    3
    [font_size]
    14
    [notes]
    ### 1
    Open with the question: why \\[now\\]?
    ### 2
    Both overlays share this note.

    Mention the [link](https://example.org) and issue \\#12.
    ### Heading in a note
    still slide 2
    ### 4
    Backup slide.
    """

  private func read(_ text: String, labels: [String?]) -> (Deck, PdfpcFile) {
    guard case .success(let pdfpc) = PdfpcFile.parse(Array(text.utf8)) else {
      Issue.record("not read")
      return (
        Deck(file: "", baseDirectory: "", dialect: .pdf, metadata: .init(), slides: []), .init()
      )
    }
    let info = PDFDocumentInfo(pages: labels.map { Page(width: 400, height: 300, label: $0) })
    return (PDFDeckBuilder(path: "/t/talk.pdf", info: info, pdfpc: pdfpc).deck().0, pdfpc)
  }

  @Test func notesGoToEveryPageOfTheirSlideAndTheTalkIsTimed() {
    // Pages 2 and 3 share label 2 (beamer's overlays); page 5 is an overlay by [skip].
    let (deck, pdfpc) = read(Self.file, labels: ["1", "2", "2", "3", "4"])
    #expect(deck.slides.map(\.stepCount) == [1, 2, 2])
    #expect(deck.slides[0].notes.map(\.plainText) == ["Open with the question: why [now]?"])
    #expect(
      deck.slides[1].notes.map(\.plainText) == [
        "Both overlays share this note.", "Mention the link and issue #12.",
        "Heading in a note", "still slide 2",
      ])
    #expect(!deck.slides[2].hasNotes)
    #expect(deck.metadata.duration == TalkDuration(seconds: 1200))
    #expect(deck.metadata.endTime == "15:30" && deck.metadata.warningMinutes == 4)
    #expect(pdfpc.endSlide == 3 && pdfpc.noteFontSize == 14)
    #expect(pdfpc.problems.isEmpty)
    // Podium cannot keep an end slide or a notes font size: it says so, at the section's line.
    let unhonoured = DeckLoader.unhonoured(pdfpc)
    #expect(unhonoured.map(\.location.line) == [11, 13])
    // The slide numbers of `### N` are slides, not pages: with [skip], slide 4 is pages 4-5.
    let (skipped, _) = read(Self.file, labels: [nil, nil, nil, nil, nil])
    #expect(skipped.slides.map(\.stepCount) == [1, 1, 1, 2])
    #expect(skipped.slides[3].notes.map(\.plainText) == ["Backup slide."])
  }

  @Test func notesPositionPicksTheNotesHalfAndBadNumbersAreLocated() {
    let text = "[notes_position]\nright\n[duration]\ntwenty\n[notes]\n### 1\nHi\n"
    let (deck, pdfpc) = read(text, labels: ["1", "2"])
    #expect(deck.metadata.notesPages == .right)
    #expect(deck.metadata.duration == nil)
    #expect(
      pdfpc.problems == [
        PdfpcProblem(
          message: "[duration] is not a whole number: 'twenty' (ignored)",
          location: SourceLocation(line: 3, column: 1))
      ])
  }

  @Test func onlyAFileOpeningWithASectionIsTheOlderFormat() {
    #expect(PdfpcFile.isLegacy("\n  [notes]\n### 1\nx"))
    #expect(!PdfpcFile.isLegacy(#"{"pdfpcFormat": 2}"#))
    #expect(!PdfpcFile.isLegacy("[link](x)\n"))
    guard case .failure(let problem) = PdfpcFile.parse(Array("notes for slide 1".utf8)) else {
      Issue.record("read")
      return
    }
    #expect(problem.message.hasPrefix("not JSON"))
    // Podium writes format 2 only: the older format's notes never leak into the JSON.
    guard case .success(let read) = PdfpcFile.parse(Array("[notes]\n### 1\nHi\n".utf8)) else {
      Issue.record("not read")
      return
    }
    #expect(read.slideNotes == [1: "Hi"] && !read.json.contains("Hi"))
  }
}
