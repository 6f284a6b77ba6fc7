import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

/// Whiteboard pages as values: Shift+W and Shift+B put a page after the slide on show and take
/// an empty one away, the pages' place among the slides (after edits too), the sidecar's and
/// the journal's `board` records, and the plans (pacing, rehearsal) that count the deck's own
/// slides.
@Suite struct WhiteboardTests {
  let ink = InkTests()

  func files() -> InMemoryFiles { InMemoryFiles([InkTests.path: InkTests.deckText]) }

  func shiftKey(_ letter: Character) -> TalkInput { .key(Key(letter, modifiers: .shift)) }

  @Test func shiftWPutsAWhitePageAfterTheSlideAndTheTalkOnItWithThePen() throws {
    var talk = try ink.session(files())
    _ = talk.handle(ink.key("right"), at: 1)
    #expect(talk.state.slide == 1)
    let version = talk.deckVersion
    #expect(talk.handle(shiftKey("w"), at: 2).changed)
    #expect(talk.deck.slides.count == 4)
    #expect(talk.deckAsRead.slides.count == 3)
    let page = talk.deck.slides[2]
    #expect(page.board?.shade == .white)
    #expect(page.blocks.isEmpty && page.index == 2)
    #expect(page.directives.background == .color(RGBAColor(red: 255, green: 255, blue: 255)))
    #expect(page.directives.noFooter && page.directives.paginate == false)
    #expect(talk.deck.slides[3].title == "Three" && talk.deck.slides[3].index == 3)
    #expect(talk.state.slide == 2 && talk.state.step == 0, "the talk is on the page")
    #expect(talk.state.stepCounts == [1, 1, 1, 1])
    #expect(talk.ink.tool == .pen, "the pen in hand, to draw at once")
    #expect(talk.deckVersion > version, "every window's caches see a new deck")
    // It is the next page: Left is the slide it follows, Right the slide after.
    _ = talk.handle(.key(Key(.left)), at: 3)
    #expect(talk.state.slide == 1)
    _ = talk.handle(.key(Key(.right)), at: 4)
    _ = talk.handle(.key(Key(.right)), at: 5)
    #expect(talk.state.slide == 3)
  }

  @Test func theSameKeyOnAnEmptyPageTakesItAwayButNotOnceItHasInk() throws {
    var talk = try ink.session(files())
    ink.drawnConsole(&talk)
    _ = talk.handle(shiftKey("b"), at: 1)
    #expect(talk.deck.slides[1].board?.shade == .black)
    #expect(talk.state.slide == 1)
    // Shift+W on the black page is a white page after it, not its end.
    _ = talk.handle(shiftKey("w"), at: 2)
    #expect(talk.deck.slides.map { $0.board?.shade } == [nil, .black, .white, nil, nil])
    #expect(talk.state.slide == 2)
    // The white page has no ink: Shift+W takes it away and the talk is back on the black one.
    _ = talk.handle(shiftKey("w"), at: 3)
    #expect(talk.deck.slides.map { $0.board?.shade } == [nil, .black, nil, nil])
    #expect(talk.state.slide == 1)
    // Ink on the black page keeps it.
    ink.drag(&talk, from: (100, 100), to: (400, 300), steps: 10)
    #expect(talk.ink.ink.strokes(slide: "board-1", step: 0).count == 1)
    _ = talk.handle(shiftKey("b"), at: 4)
    #expect(talk.deck.slides.count == 5, "a page with ink stays; Shift+B made a second")
    #expect(talk.deck.slides[2].board?.id == "board-2", "the number the empty page left")
  }

  @Test func aSecondPageAfterTheSameSlideComesAfterTheFirst() throws {
    var talk = try ink.session(files())
    _ = talk.handle(shiftKey("w"), at: 1)
    _ = talk.handle(.key(Key(.left)), at: 2)
    #expect(talk.state.slide == 0)
    _ = talk.handle(shiftKey("b"), at: 3)
    #expect(talk.deck.slides.map { $0.board?.id } == [nil, "board-1", "board-2", nil, nil])
    #expect(talk.state.slide == 2, "the talk is on the new page, not the older one")
  }

  @Test func pagesFollowTheirSlideThroughAnEditAndGoLastWhenItIsGone() throws {
    var files = files()
    var talk = try ink.session(files)
    _ = talk.handle(ink.key("right"), at: 1)
    _ = talk.handle(shiftKey("w"), at: 2)
    // A slide inserted before "Two": the page still follows "Two".
    files[InkTests.path] = "# Zero\n\n---\n\n" + InkTests.deckText
    _ = talk.reload(using: DeckLoader(files: files), clock: { 0 })
    #expect(talk.deck.slides.map(\.title) == ["Zero", "One", "Two", nil, "Three"])
    #expect(talk.deck.slides.map(\.index) == [0, 1, 2, 3, 4])
    // "Two" taken out: the page goes after the last slide, never lost.
    files[InkTests.path] = "# Zero\n\n---\n\n# One\n\n---\n\n# Three\n"
    _ = talk.reload(using: DeckLoader(files: files), clock: { 0 })
    #expect(talk.deck.slides.map(\.title) == ["Zero", "One", "Three", nil])
    #expect(talk.state.stepCounts.count == 4)
  }

  @Test func pagesThatFollowOnlyEachOtherAreNotLost() throws {
    let deck = try #require(DeckLoader(files: files()).load(InkTests.path).deck)
    let loop = [
      Whiteboard(id: "board-1", after: "board-2", shade: .white),
      Whiteboard(id: "board-2", after: "board-1", shade: .black),
      Whiteboard(id: "board-3", after: "board-3", shade: .white),
    ]
    let shown = deck.withWhiteboards(loop)
    #expect(shown.slides.map { $0.board?.id } == [nil, nil, nil, "board-1", "board-2", "board-3"])
    #expect(shown.slides.map(\.index) == Array(0..<6))
  }

  @Test func theSidecarKeepsThePagesAndTheirInk() throws {
    var talk = try ink.session(files())
    ink.drawnConsole(&talk)
    _ = talk.handle(shiftKey("b"), at: 1)
    ink.drag(&talk, from: (100, 100), to: (400, 300), steps: 10)
    let text = InkSidecar.encode(talk.ink.ink)
    let anchor = InkIdentity.identities(of: talk.deckAsRead)[0]
    #expect(text.contains("\nboard board-1 \(anchor) black\n"), "\(text)")
    #expect(text.contains("\nstroke board-1 0 pen "))
    let (read, problems, damaged) = InkSidecar.decode(text, file: "deck.md.ink", scope: .step)
    #expect(problems.isEmpty && !damaged)
    #expect(read.boards == talk.ink.ink.boards)
    // A new talk of the deck starts with the page in it and its ink on it.
    var again = try ink.session(files())
    again.startInk(read)
    #expect(again.deck.slides.count == 4 && again.deck.slides[1].board?.shade == .black)
    #expect(
      again.ink.commands(slide: 1, step: 0, in: Rect(x: 0, y: 0, width: 800, height: 450))
        .contains { if case .stroke = $0 { true } else { false } })
    // `podium check` finds no orphaned ink on a page.
    #expect(InkSidecar.check(deckPath: "/nowhere.md", deck: talk.deckAsRead, scope: .step).isEmpty)
    // Bad records are located warnings, and the rest is read.
    let bad = text.replacingOccurrences(of: " black\n", with: " grey\n")
    let (partial, warnings, _) = InkSidecar.decode(bad, file: "deck.md.ink", scope: .step)
    #expect(partial.boards.isEmpty)
    #expect(warnings.count == 1)
    #expect(warnings.first?.location?.line == 4, "\(warnings)")
    #expect(warnings.first?.message.contains("board board-N AFTER white|black") == true)
  }

  @Test func theJournalCarriesThePagesSoResumeFindsThePlace() throws {
    var talk = try ink.session(files())
    ink.drawnConsole(&talk)
    talk.startInk(Ink())
    let before = talk.ink.ink
    _ = talk.handle(ink.key("right"), at: 1)
    _ = talk.handle(shiftKey("w"), at: 2)
    let change = try #require(talk.ink.ink.journalChange(since: before))
    #expect(change.boards?.count == 1 && change.boards?[0].hasPrefix("board board-1 ") == true)
    // Replayed on the sidecar's ink (none), the page is back.
    var replayed = Ink()
    #expect(replayed.replay([change]) == 1)
    #expect(replayed.boards == talk.ink.ink.boards)
    // A stroke after it changes no pages: the line says nothing of them.
    let withPage = talk.ink.ink
    ink.drag(&talk, from: (100, 100), to: (400, 300), steps: 10)
    #expect(try #require(talk.ink.ink.journalChange(since: withPage)).boards == nil)

    // --resume: the journal's page is in the deck before the saved place is taken up.
    var data = Data()
    for record: JournalRecord in [
      .start(
        JournalRecord.Start(
          talk: .present, deck: InkTests.path,
          shape: JournalRecord.Shape(steps: [1, 2, 1, 1], version: 2))),
      .ink(change), .state(JournalState(slide: 2, step: 0), spent: []),
    ] {
      data += TalkJournal.line(record, wall: 1000)
    }
    let journal = try #require(TalkJournal.replay(data))
    var resumed = try ink.session(files())
    resumed.startInk(Ink())
    resumed.resume(journal, clock: .talk, at: 0, wall: 1000)
    #expect(resumed.deck.slides.count == 4)
    #expect(resumed.state.slide == 2 && resumed.deck.slides[2].board != nil)
  }

  @Test func plansCountTheDecksOwnSlides() throws {
    var talk = try ink.session(files())
    // The clock starts as the talk first moves on.
    _ = talk.handle(ink.key("right"), at: 0)
    #expect(talk.state.timer.isRunning)
    _ = talk.handle(shiftKey("w"), at: 10)
    _ = talk.handle(ink.key("right"), at: 40)
    #expect(talk.deck.sourceIndex(ofSlide: 0) == 0)
    #expect(talk.deck.sourceIndex(ofSlide: 2) == 1, "the page is part of the slide before")
    #expect(talk.deck.sourceIndex(ofSlide: 3) == 2)
    talk.observeClock(at: 45)
    // In the rehearsal record the page's 30 s are the slide's it follows.
    let folded = talk.recorder.foldingBoards(of: talk.deck)
    #expect(folded.stepSeconds.count == 3)
    #expect(folded.stepSeconds[1].reduce(0, +) == 40)
    #expect(folded.stepSeconds[2] == [5])
  }

  @Test func pagesAreKeysOfTheirOwnInConfigYAML() throws {
    #expect(
      KeyBindings().command(for: Key("w", modifiers: .shift)) == .ink(.whiteboard))
    #expect(
      KeyBindings().command(for: Key("b", modifiers: .shift)) == .ink(.blackboard))
    #expect(KeyBindings().command(for: Key("w")) == .toggleWhite)
    #expect(
      KeyBindings.summary.contains("whiteboard: shift+w; blackboard: shift+b"),
      "\(KeyBindings.summary)")
  }
}
