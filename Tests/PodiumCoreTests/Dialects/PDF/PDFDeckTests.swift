import Foundation
import PodiumTestSupport
import Testing

@testable import PodiumCore

/// A PDF as a deck, from what a `PDFReader` says of it: slides from page labels, notes from
/// pdfpc, sticky notes and notes pages.
@Suite struct PDFDeckTests {
  typealias Page = PDFDocumentInfo.Page

  private func deck(
    _ pages: [Page], pdfpc: PdfpcFile? = nil, notesPages: NotesPages? = nil,
    titles: [String?]? = nil
  ) -> (Deck, String?) {
    var builder = PDFDeckBuilder(
      path: "/talks/t.pdf", info: PDFDocumentInfo(pages: pages), pdfpc: pdfpc,
      notesPages: notesPages)
    if let titles { builder.titles = { pages, _ in pages.map { titles[$0] } } }
    return builder.deck()
  }

  @Test func pagesWithOneLabelAreTheStepsOfOneSlide() {
    let labels = ["1", "2", "2", "2", "3", "3", "3", "4", "5"]
    let (deck, notice) = deck(labels.map { Page(width: 453.5, height: 255.1, label: $0) })
    #expect(deck.slides.map(\.stepCount) == [1, 3, 3, 1, 1])
    #expect(deck.slides[1].pages.map(\.index) == [1, 2, 3])
    #expect(deck.dialect == .pdf && deck.buildStepCount == 9)
    #expect(notice == nil)
    // The slides keep the page's shape: 453.5 x 255.1 points, 16:9 to a point.
    #expect(abs(deck.metadata.aspect.value - 453.5 / 255.1) < 0.0001)
  }

  @Test func withoutLabelsEachPageIsASlide() {
    let (deck, _) = deck([Page(width: 100, height: 75), Page(width: 100, height: 75)])
    #expect(deck.slides.map(\.stepCount) == [1, 1])
    #expect(deck.metadata.aspect == AspectRatio(width: 4, height: 3))
  }

  @Test func pdfpcNotesAreMarkdownUnlessItSaysNotAndItTimesTheTalk() {
    var file = PdfpcFile(
      duration: 15, endTime: "14:45",
      pages: [
        .init(idx: 0, note: "**One** line"), .init(idx: 2, note: "- a\n- b"),
      ])
    file.lastMinutes = 3
    let pages = ["1", "2", "2"].map { Page(width: 400, height: 300, label: $0) }
    let (markdown, _) = deck(pages, pdfpc: file)
    #expect(markdown.slides.map(\.hasNotes) == [true, true])
    if case .paragraph(let runs) = markdown.slides[0].notes[0].kind {
      #expect(runs.contains { $0.text == "One" && $0.style == .strong })
    } else {
      Issue.record("not a paragraph")
    }
    if case .list = markdown.slides[1].notes[0].kind {} else { Issue.record("not a list") }
    #expect(markdown.metadata.duration == TalkDuration(seconds: 900))
    #expect(markdown.metadata.endTime == "14:45" && markdown.metadata.warningMinutes == 3)

    file.disableMarkdown = true
    let (plain, _) = deck(pages, pdfpc: file)
    #expect(plain.slides[0].notes.map(\.plainText) == ["**One** line"])
  }

  @Test func stickyNotesAreNotesOfTheirSlide() {
    let pages = [
      Page(width: 400, height: 300, label: "1", notes: ["Say hello"]),
      Page(width: 400, height: 300, label: "1", notes: ["Say hello", "Then the demo"]),
    ]
    let (deck, _) = deck(pages)
    #expect(deck.slides.count == 1)
    #expect(deck.slides[0].notes.map(\.plainText) == ["Say hello", "Then the demo"])
  }

  @Test func notesPagesTwiceAsWideAreFoundAndSplit() throws {
    let wide = (0..<2).map { Page(width: 907.1, height: 255.1, label: "\($0 + 1)") }
    let (deck, notice) = deck(wide)
    #expect(deck.metadata.notesPages == .right)
    let page = try #require(deck.slides.first?.pages.first)
    #expect(page.crop == Rect(x: 0, y: 0, width: 453.55, height: 255.1))
    #expect(abs(deck.metadata.aspect.value - 16.0 / 9) < 0.01)
    // The console shows the other half, as a picture of the page.
    guard case .image(let image) = try #require(deck.slides[0].notes.last).kind else {
      Issue.record("no notes page")
      return
    }
    #expect(image.page?.crop == Rect(x: 453.55, y: 0, width: 453.55, height: 255.1))
    #expect(notice?.contains("the right half of each page is the speaker's notes") == true)

    // Asked for explicitly: the left half is the notes; a page of ordinary shape is not split.
    let (left, _) = self.deck(wide, notesPages: .left)
    #expect(left.slides[0].pages[0].crop?.x == 453.55)
    let (plain, none) = self.deck([Page(width: 453.5, height: 255.1)])
    #expect(plain.metadata.notesPages == nil && none == nil)
  }

  @Test func labelsThatComeBackAreNotTrustedAndFrameTitlesGroupInstead() {
    // Beamer's notes on a second screen: the labels of a file twice as long.
    let labels = ["1", "1", "2", "2", "2", "3", "2", "4", "3"]
    #expect(!PDFDeckBuilder.labelsRunOnce(labels))
    #expect(PDFDeckBuilder.labelsRunOnce(["1", "2", "2", "3"]))
    let titles: [String?] = [nil, "Eras", "Eras", "Eras", "Graph", "Graph", "Graph", "S", "End"]
    let (deck, _) = deck(
      labels.map { Page(width: 907, height: 255, label: $0) }, titles: titles)
    #expect(deck.slides.map(\.stepCount) == [1, 3, 3, 1, 1])
  }

  @Test func pdfpcFilesThatAreNotPdfpcSayWhy() {
    guard case .failure(let notJSON) = PdfpcFile.parse(Array("{ pages: ".utf8)) else {
      Issue.record("read")
      return
    }
    #expect(notJSON.message.hasPrefix("not JSON"))
    guard case .failure(let shape) = PdfpcFile.parse(Array(#"{"pages": [{"idx": "one"}]}"#.utf8))
    else {
      Issue.record("read")
      return
    }
    #expect(shape.message.hasPrefix("pages[0].idx:"), "\(shape.message)")
  }
}

/// The loader's side: what a reader's failures become.
@Suite struct PDFLoadingTests {
  struct FakeReader: PDFReader {
    var result: Result<PDFDocumentInfo, PDFReadError>
    func read(_ path: String, password: String?) -> Result<PDFDocumentInfo, PDFReadError> {
      result
    }
    func firstLines(of pages: [Int], crop: (Int) -> Rect, in path: String, password: String?)
      -> [String?]
    { pages.map { _ in nil } }
  }

  private func load(_ result: Result<PDFDocumentInfo, PDFReadError>, password: String? = nil)
    throws -> LoadedDeck
  {
    let folder = try Fixtures.temporaryDirectory()
    let path = folder.appendingPathComponent("talk.pdf").path
    try TinyPDF(pages: [TinyPDF.Page()]).write(to: URL(fileURLWithPath: path))
    var loader = DeckLoader(math: nil)
    loader.pdf = FakeReader(result: result)
    loader.password = password
    return loader.load(path)
  }

  @Test func readersFailuresAreClearErrors() throws {
    let locked = try load(.failure(.encrypted))
    #expect(locked.needsPassword)
    #expect(
      locked.diagnostics.map(\.message) == [
        "talk.pdf is password-protected; give the password with --password"
      ])
    #expect(
      try load(.failure(.encrypted), password: "x").diagnostics.map(\.message) == [
        "the password for talk.pdf is wrong"
      ])
    #expect(
      try load(.failure(.damaged("PDF document is damaged"))).diagnostics.map(\.message) == [
        "cannot read the PDF: PDF document is damaged"
      ])
    #expect(
      try load(.success(PDFDocumentInfo(pages: []))).diagnostics.map(\.message) == [
        "the PDF has no pages"
      ])
  }

  @Test func aPDFThatIsAFIFOIsRefusedBeforeItIsRead() throws {
    let folder = try Fixtures.temporaryDirectory()
    let path = folder.appendingPathComponent("pipe.pdf").path
    #expect(mkfifo(path, 0o600) == 0)
    var loader = DeckLoader(math: nil)
    loader.pdf = FakeReader(result: .success(PDFDocumentInfo(pages: [])))
    let loaded = loader.load(path)
    #expect(loaded.diagnostics.first?.message.contains("not a regular file") == true)
  }
}

/// A PDF rewritten during the talk (LaTeX after an edit) keeps the speaker on the same slide,
/// found by its label when slides were added before it.
@Suite struct PDFReloadTests {
  final class Labels: @unchecked Sendable {
    var current: [String] = []
  }

  struct ChangingReader: PDFReader {
    let labels: Labels
    func read(_ path: String, password: String?) -> Result<PDFDocumentInfo, PDFReadError> {
      .success(
        PDFDocumentInfo(pages: labels.current.map { .init(width: 400, height: 300, label: $0) }))
    }
    func firstLines(of pages: [Int], crop: (Int) -> Rect, in path: String, password: String?)
      -> [String?]
    { pages.map { _ in nil } }
  }

  @Test func aSlideIsFoundAgainByItsLabel() throws {
    let folder = try Fixtures.temporaryDirectory()
    let path = folder.appendingPathComponent("talk.pdf").path
    try TinyPDF(pages: [.init()]).write(to: URL(fileURLWithPath: path))
    let labels = Labels()
    labels.current = ["1", "2", "2", "3"]
    var loader = DeckLoader(math: nil)
    loader.pdf = ChangingReader(labels: labels)
    let deck = try #require(loader.load(path).deck)
    var session = TalkSession(path: path, deck: deck, theme: .dark)
    for _ in 0..<2 { _ = session.handle(.key(try #require(Key(name: "Right"))), at: 1) }
    #expect(session.state.slide == 1 && session.state.step == 1)
    // A title page and a new frame come before it; its frame is now the fourth slide.
    labels.current = ["0", "1", "1b", "2", "2", "3"]
    guard case .reload = session.reload(using: loader, clock: { 2 }) else {
      Issue.record("not reloaded")
      return
    }
    #expect(session.state.slide == 3 && session.state.step == 1)
  }
  /// The console says which half of a notes page it takes, and the countdown reaches zero at
  /// pdfpc's `endTime`.
  @Test func theConsoleNamesTheNotesHalfAndCountsDownToTheEndTime() throws {
    let builder = PDFDeckBuilder(
      path: "/t.pdf",
      info: PDFDocumentInfo(pages: [.init(width: 907, height: 255, label: "1")]),
      pdfpc: PdfpcFile(endTime: "14:45"))
    let talk = TalkSession(path: "/t.pdf", deck: builder.deck().0, theme: .dark)
    var noon = DateComponents()
    (noon.year, noon.month, noon.day, noon.hour, noon.minute) = (2026, 11, 23, 14, 30)
    let date = try #require(Calendar.current.date(from: noon))
    let status = talk.consoleStatus(
      for: talk.state, stage: Stage(mode: .extended, presenter: 0, audience: [1]),
      plan: TalkPlan(), now: 0, date: date, clock: DateFormatter(), displays: [])
    #expect(status.audience.hasSuffix(" · notes: the right half of each page"))
    // At 14:30, with nothing elapsed, a quarter of an hour is left.
    #expect(status.duration == TalkDuration(seconds: 900))
  }
}
