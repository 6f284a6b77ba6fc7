import PodiumCore
import Testing

@Suite struct PresentationStateTests {
  typealias Position = PresentationState.Position

  /// Three slides: one step, three steps, one step.
  func state() -> PresentationState { PresentationState(stepCounts: [1, 3, 1]) }

  @Test func nextWalksStepsThenSlidesAndStopsAtTheEnd() {
    var talk = state()
    var visited: [Position] = [talk.position]
    for _ in 0..<6 {
      talk.apply(.next, at: 0)
      visited.append(talk.position)
    }
    #expect(
      visited.map { [$0.slide, $0.step] } == [
        [0, 0], [1, 0], [1, 1], [1, 2], [2, 0], [2, 0], [2, 0],
      ])
    #expect(talk.apply(.next, at: 0) == false, "nothing changes at the end")
    #expect(talk.upcoming == nil)
  }

  @Test func previousWalksBackThroughSteps() {
    var talk = state()
    talk.apply(.last, at: 0)
    var visited: [Position] = [talk.position]
    for _ in 0..<5 {
      talk.apply(.previous, at: 0)
      visited.append(talk.position)
    }
    #expect(
      visited.map { [$0.slide, $0.step] } == [[2, 0], [1, 2], [1, 1], [1, 0], [0, 0], [0, 0]])
  }

  @Test func firstLastAndJumps() {
    var talk = state()
    talk.apply(.last, at: 0)
    #expect(talk.position == Position(slide: 2, step: 0))
    talk.apply(.first, at: 0)
    #expect(talk.position == Position(slide: 0, step: 0))
    talk.apply(.digit(2), at: 0)
    #expect(talk.jumpEntry == "2")
    #expect(talk.position == Position(slide: 0, step: 0), "typing alone does not move")
    talk.apply(.next, at: 0)  // Enter
    #expect(talk.position == Position(slide: 1, step: 0))
    #expect(talk.jumpEntry == "")
    talk.apply(.digit(9), at: 0)
    talk.apply(.next, at: 0)
    #expect(talk.position == Position(slide: 1, step: 0), "a slide that does not exist is ignored")
    talk.apply(.digit(3), at: 0)
    talk.apply(.cancel, at: 0)
    #expect(talk.jumpEntry == "" && talk.blank == nil, "Esc clears a typed number first")
    talk.apply(.goTo(3), at: 0)
    #expect(talk.position == Position(slide: 2, step: 0))
  }

  @Test func blankingAndFreezing() {
    var talk = state()
    talk.apply(.toggleBlack, at: 0)
    #expect(talk.audienceView == .black)
    talk.apply(.toggleWhite, at: 0)
    #expect(talk.audienceView == .white)
    talk.apply(.toggleWhite, at: 0)
    #expect(talk.audienceView == .slide(slide: 0, step: 0))
    talk.apply(.cancel, at: 0)  // a clicker's Esc
    #expect(talk.audienceView == .black)
    talk.apply(.cancel, at: 0)
    #expect(talk.audienceView == .slide(slide: 0, step: 0))

    talk.apply(.toggleFreeze, at: 0)
    talk.apply(.next, at: 0)
    talk.apply(.next, at: 0)
    #expect(talk.position == Position(slide: 1, step: 1))
    #expect(
      talk.audienceView == .slide(slide: 0, step: 0),
      "the audience stays while the speaker moves on")
    talk.apply(.toggleFreeze, at: 0)
    #expect(talk.audienceView == .slide(slide: 1, step: 1))
  }

  @Test func theTimerStartsOnTheFirstAdvanceAndPauses() {
    var talk = state()
    #expect(talk.timer.elapsed(at: 100) == 0)
    talk.apply(.next, at: 10)
    #expect(talk.timer.elapsed(at: 70) == 60)
    talk.apply(.toggleTimer, at: 70)
    #expect(talk.timer.elapsed(at: 500) == 60, "paused")
    talk.apply(.toggleTimer, at: 500)
    #expect(talk.timer.elapsed(at: 530) == 90)
    talk.apply(.resetTimer, at: 530)
    #expect(talk.timer.elapsed(at: 545) == 15, "reset keeps it running from zero")
    talk.apply(.next, at: 600)
    #expect(talk.timer.elapsed(at: 600) == 70, "a later advance does not restart it")
  }

  @Test func quitTakesTwoPressesWithinTwoSeconds() {
    var talk = state()
    talk.apply(.quit, at: 10)
    #expect(!talk.shouldQuit && talk.isQuitArmed(at: 10.5))
    talk.apply(.quit, at: 13)  // too late: this press arms again
    #expect(!talk.shouldQuit)
    talk.apply(.next, at: 13.5)  // any other key disarms
    talk.apply(.quit, at: 14)
    #expect(!talk.shouldQuit)
    talk.apply(.quit, at: 15.9)
    #expect(talk.shouldQuit)
  }

  @Test func theOverviewSelectsAndJumpsWhileTheAudienceStays() {
    var talk = PresentationState(stepCounts: [1, 3, 1, 1, 1, 1, 1, 1, 1, 1])
    talk.apply(.next, at: 0)
    talk.apply(.toggleOverview, at: 0)
    #expect(talk.overviewSelection == 1, "opens on the current slide")
    talk.setOverviewColumns(4)
    talk.apply(.moveSelection(1), at: 0)
    talk.apply(.moveSelectionRows(1), at: 0)
    #expect(talk.overviewSelection == 6)
    #expect(talk.audienceView == .slide(slide: 1, step: 0), "the audience keeps the current slide")
    #expect(talk.apply(.moveSelectionRows(1), at: 0) == false, "no row below: stays")
    talk.apply(.moveSelection(-100), at: 0)
    #expect(talk.overviewSelection == 0, "clamped at the first slide")
    talk.apply(.digit(9), at: 0)
    #expect(talk.overviewSelection == 8, "typing a number selects it")
    talk.apply(.chooseSelection, at: 0)
    #expect(talk.overviewSelection == nil && talk.position == Position(slide: 8, step: 0))
    // Escape closes without moving; a click picks a slide.
    talk.apply(.toggleOverview, at: 0)
    talk.apply(.moveSelection(1), at: 0)
    talk.apply(.toggleOverview, at: 0)
    #expect(talk.overviewSelection == nil && talk.slide == 8)
    talk.apply(.toggleOverview, at: 0)
    talk.apply(.chooseSlide(3), at: 0)
    #expect(talk.slide == 3 && talk.overviewSelection == nil)
  }

  @Test func altLeftGoesBackAcrossJumpsButNotSteps() {
    var talk = PresentationState(stepCounts: [1, 3, 1, 1, 1, 1, 1, 1])
    talk.apply(.next, at: 0)
    talk.apply(.next, at: 0)  // slide 2 step 2: steps are not jumps
    #expect(talk.history.isEmpty)
    talk.apply(.goTo(5), at: 0)
    talk.apply(.last, at: 0)
    #expect(talk.history == [Position(slide: 1, step: 1), Position(slide: 4, step: 0)])
    talk.apply(.back, at: 0)
    #expect(talk.position == Position(slide: 4, step: 0))
    talk.apply(.back, at: 0)
    #expect(talk.position == Position(slide: 1, step: 1), "back to the very build step")
    #expect(talk.apply(.back, at: 0) == false, "nothing further back")
  }

  @Test func overviewKeysMoveTheSelection() {
    #expect(standardCommand("O") == .toggleOverview)
    #expect(overviewCommand("Right") == .moveSelection(1))
    #expect(overviewCommand("Up") == .moveSelectionRows(-1))
    #expect(overviewCommand("Return") == .chooseSelection)
    #expect(overviewCommand("Escape") == .toggleOverview)
    #expect(overviewCommand("B") == nil, "other keys keep their meaning")
  }

  @Test func terminateEndsAtOnce() {
    var talk = state()
    let changed = talk.apply(.terminate, at: 1)
    #expect(changed)
    #expect(talk.shouldQuit, "Ctrl+C or closing the window needs no second press")
  }

  @Test func consoleMirrorSwapAndNotes() {
    var talk = state()
    talk.apply(.toggleConsole, at: 0)
    talk.apply(.toggleMirror, at: 0)
    talk.apply(.swapDisplays, at: 0)
    #expect(talk.consoleInMirror && talk.mirrorToggled && talk.swapToggled)
    for _ in 0..<20 { talk.apply(.largerNotes, at: 0) }
    #expect(talk.notesScale == 3)
    for _ in 0..<40 { talk.apply(.smallerNotes, at: 0) }
    #expect(talk.notesScale == 0.5)
  }

  @Test func notesScrollWithinTheirLimitAndResetOnANewSlide() {
    var talk = state()
    talk.apply(.next, at: 0)  // the slide with three build steps
    talk.apply(.scrollNotes(-3), at: 0)
    #expect(talk.notesScroll == 0, "never above the top")
    talk.apply(.scrollNotes(3), at: 0)
    talk.apply(.scrollNotes(3), at: 0)
    #expect(talk.notesScroll == 6)
    talk.limitNotesScroll(to: 4)
    #expect(talk.notesScroll == 4, "clamped when the console finds the notes shorter")
    #expect(talk.apply(.scrollNotes(3), at: 0) == false, "nothing past the end")
    talk.apply(.scrollNotes(-3), at: 0)
    #expect(talk.notesScroll == 1)
    talk.apply(.next, at: 0)
    talk.apply(.next, at: 0)
    #expect(talk.notesScroll == 1, "a build step keeps the notes where they are")
    talk.apply(.next, at: 0)
    #expect(talk.slide == 2 && talk.notesScroll == 0, "a new slide starts at the top")
  }

  @Test func reloadingKeepsThePlaceClamped() {
    var talk = state()
    talk.apply(.last, at: 0)
    talk.apply(.toggleFreeze, at: 0)
    talk.replaceDeck(stepCounts: [2, 1])
    #expect(talk.position == Position(slide: 1, step: 0))
    #expect(talk.audienceView == .slide(slide: 1, step: 0))
    // The overview open on a slide the edit removed: the selection is clamped, Enter jumps.
    var browsing = PresentationState(stepCounts: [1, 1, 1, 1, 1])
    browsing.apply(.toggleOverview, at: 0)
    browsing.apply(.moveSelection(4), at: 0)
    browsing.replaceDeck(stepCounts: [1, 2, 1])
    #expect(browsing.overviewSelection == 2)
    browsing.apply(.chooseSelection, at: 0)
    #expect(browsing.position == Position(slide: 2, step: 0) && browsing.overviewSelection == nil)
    var empty = PresentationState(stepCounts: [])
    #expect(empty.slideCount == 1)
    empty.apply(.next, at: 0)
    #expect(empty.position == Position(slide: 0, step: 0))
  }

  @Test(arguments: [
    ("Right", PresentationCommand.next), ("PageDown", .next), ("Space", .next), ("Return", .next),
    ("N", .next), ("Left", .previous), ("PageUp", .previous), ("Backspace", .previous),
    ("P", .previous), ("Home", .first), ("End", .last), ("B", .toggleBlack), (".", .toggleBlack),
    ("F5", .toggleBlack), ("Escape", .cancel), ("W", .toggleWhite), ("F", .toggleFreeze),
    ("T", .toggleTimer), ("R", .resetTimer), ("Tab", .toggleConsole), ("M", .toggleMirror),
    ("S", .swapDisplays), ("Q", .quit), ("7", .digit(7)), ("Keypad 3", .digit(3)),
    ("=", .largerNotes), ("-", .smallerNotes), ("]", .scrollNotes(3)), ("[", .scrollNotes(-3)),
  ])
  func keysAndClickers(key: String, command: PresentationCommand) {
    #expect(standardCommand(key) == command)
  }

  @Test func unboundKeysDoNothing() {
    #expect(standardCommand("U") == nil)
    #expect(standardCommand("F12") == nil)
  }
}
