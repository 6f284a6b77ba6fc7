import Foundation
import Testing

@testable import PodiumCore

/// A deck that runs itself (`AutoAdvance`, TalkSession+Auto): where the times come from, when
/// the talk moves, the speaker taking over and handing back, the loop and the kiosk.
@Suite struct AutoAdvanceTests {
  static let fourSlides = """
    # One

    ---

    # Two

    - first
    - second

    <!-- pause -->

    - third

    ---

    <!-- advance: 3s -->

    # Three

    ---

    # Four
    """

  private func session(_ text: String = Self.fourSlides) throws -> TalkSession {
    let parsed = try deck(text)
    return TalkSession(path: "deck.md", deck: parsed, theme: Theme.light)
  }

  private func status(_ talk: TalkSession, now: Double) -> ConsoleStatus {
    talk.consoleStatus(
      for: talk.state, stage: Stage(mode: .extended, presenter: 0, audience: [1]),
      plan: TalkPlan(), now: now, date: Date(), clock: DateFormatter(), displays: [])
  }

  private func press(_ session: inout TalkSession, _ key: Key, at now: Double) {
    _ = session.handle(.key(key), at: now)
  }

  @Test func timesAreReadAsASpeakerWritesThem() {
    #expect(AdvanceTime.seconds(parsing: "8s") == 8)
    #expect(AdvanceTime.seconds(parsing: "1.5s") == 1.5)
    #expect(AdvanceTime.seconds(parsing: "500ms") == 0.5)
    #expect(AdvanceTime.seconds(parsing: "1m30s") == 90)
    #expect(AdvanceTime.seconds(parsing: " 20 ") == 20)
    for bad in ["soon", "0s", "-2s", "", "1x"] {
      #expect(AdvanceTime.seconds(parsing: bad) == nil, "\(bad)")
    }
    #expect(AdvanceTime.slide(6).seconds(ofStepsIn: 3) == 2)
    #expect(AdvanceTime.step(2).seconds(ofStepsIn: 3) == 2)
  }

  @Test func aSlidesOwnTimeWinsOverAutoAndIsSharedAmongItsSteps() throws {
    let talk = try session()
    let deck = talk.deck
    #expect(deck.slides[2].directives.advance == .slide(3))
    let auto = AutoAdvance(every: 4)
    #expect(auto.seconds(onSlide: 0, step: 0, of: deck) == 4)
    // Slide two has two build steps: its four seconds are two each.
    #expect(deck.slides[1].stepCount == 2)
    #expect(auto.seconds(onSlide: 1, step: 1, of: deck) == 2)
    #expect(auto.seconds(onSlide: 2, step: 0, of: deck) == 3)
    // Without --auto only the slide that says waits its time; the others wait for the speaker.
    #expect(AutoAdvance().seconds(onSlide: 0, step: 0, of: deck) == nil)
    #expect(AutoAdvance().seconds(onSlide: 2, step: 0, of: deck) == 3)
    #expect(AutoAdvance.isAsked(by: deck))
  }

  @Test func aBadAdvanceIsALocatedErrorInPodiumsOwnDecks() {
    let parsed = parse("# One\n\n<!-- advance: soon -->\n")
    let error = parsed.diagnostics.first { $0.severity == .error }
    #expect(error?.message.contains("advance 'soon' is not a length of time") == true)
    #expect(error?.location?.line == 3, "\(parsed.diagnostics)")
  }

  @Test func revealJSTimesEveryStepInMilliseconds() throws {
    let parsed = try deck(
      """
      ---
      title: Booth
      output: revealjs::revealjs_presentation
      autoSlide: 5000
      ---

      ## First {data-autoslide=2000}

      Text.

      ## Second

      Text.
      """)
    let first = try #require(parsed.slides.firstIndex { $0.title == "First" })
    #expect(parsed.slides[first].directives.advance == .step(2))
    #expect(parsed.metadata.advance == .step(5))
    #expect(AutoAdvance().seconds(onSlide: first + 1, step: 0, of: parsed) == 5)
  }

  @Test func theRehearsalsStepTimesWinWhereItCountedTheSameSteps() throws {
    let talk = try session()
    let run = RehearsalRun(
      date: "2026-12-01T10:00:00Z", total: 20,
      slides: [
        .init(slide: 1, title: "One", seconds: 6, steps: [6]),
        .init(slide: 2, title: "Two", seconds: 9, steps: [4, 5]),
        .init(slide: 3, title: "Three", seconds: 5, steps: [2, 3]),
      ])
    let auto = AutoAdvance(every: 10, rehearsal: run)
    #expect(auto.seconds(onSlide: 0, step: 0, of: talk.deck) == 6)
    #expect(auto.seconds(onSlide: 1, step: 1, of: talk.deck) == 5)
    // Slide three has one step now, the rehearsal two: its own `advance` holds.
    #expect(auto.seconds(onSlide: 2, step: 0, of: talk.deck) == 3)
    // Slide four was never rehearsed: --auto.
    #expect(auto.seconds(onSlide: 3, step: 0, of: talk.deck) == 10)
  }

  @Test func theTalkMovesWhenDueAndKeepsTimeFromWhenItWasDue() throws {
    var talk = try session()
    talk.runByItself(AutoAdvance(every: 4), at: 100)
    #expect(talk.autoAdvanceDue == 104)
    #expect(talk.advanceIfDue(at: 103.9) == nil)
    #expect(talk.advanceIfDue(at: 104.02) == 104)
    #expect(talk.state.position == .init(slide: 1, step: 0))
    // The next step counts from when the move was due, not from when the loop made it.
    #expect(talk.autoAdvanceDue == 106)
    #expect(talk.advanceIfDue(at: 106) == 106)
    #expect(talk.advanceIfDue(at: 108) == 108)
    #expect(talk.state.position == .init(slide: 2, step: 0))
    #expect(talk.autoAdvanceDue == 111)
    #expect(talk.advanceIfDue(at: 111) == 111)
    // The last slide: a talk that does not loop stays there.
    #expect(talk.state.position == .init(slide: 3, step: 0))
    #expect(talk.autoAdvanceDue == nil)
    #expect(talk.advanceIfDue(at: 200) == nil)
  }

  @Test func aKeyTakesOverAndAHandsBack() throws {
    var talk = try session()
    talk.runByItself(AutoAdvance(every: 4), at: 0)
    press(&talk, Key(.right), at: 1)
    #expect(talk.state.slide == 1)
    #expect(talk.autoAdvance?.paused == true && talk.autoAdvanceDue == nil)
    #expect(talk.advanceIfDue(at: 50) == nil)
    #expect(status(talk, now: 50).autoAdvance == "AUTO off · a resumes")
    // `a`: the step on screen gets its whole time again from now.
    press(&talk, Key("a"), at: 60)
    #expect(talk.autoAdvance?.paused == false)
    #expect(talk.autoAdvanceDue == 62)
    #expect(status(talk, now: 60.5).autoAdvance == "AUTO 0:02")
    // Blanked, the room waits.
    press(&talk, Key("b"), at: 61)
    #expect(talk.autoAdvanceDue == nil)
  }

  @Test func aLoopStartsAgainAfterTheLastSlideByItselfAndByHand() throws {
    var talk = try session()
    talk.runByItself(AutoAdvance(every: 1, loop: true), at: 0)
    var now = 0.0
    var positions: [PresentationState.Position] = []
    for _ in 0..<6 {
      now = try #require(talk.autoAdvanceDue)
      #expect(talk.advanceIfDue(at: now) != nil)
      positions.append(talk.state.position)
    }
    #expect(
      positions.map(\.slide) == [1, 1, 2, 3, 0, 1], "\(positions)")
    press(&talk, Key(.end), at: now + 0.1)
    press(&talk, Key(.right), at: now + 0.2)
    #expect(talk.state.position == .init(slide: 0, step: 0))
  }

  @Test func aKioskHearsNothingButTheQuitChord() throws {
    var talk = try session()
    talk.runByItself(AutoAdvance(kiosk: true), at: 0)
    #expect(talk.autoAdvance?.loop == true)
    #expect(talk.autoAdvanceDue == AutoAdvance.kioskSeconds)
    for key in [Key(.right), Key("q"), Key("q"), Key(.escape), Key("a"), Key(.tab)] {
      press(&talk, key, at: 1)
    }
    _ = talk.handle(.click(.left, x: 10, y: 10, window: 1), at: 2)
    #expect(talk.state.position == .init(slide: 0, step: 0) && !talk.state.shouldQuit)
    #expect(talk.autoAdvance?.paused == false)
    press(&talk, AutoAdvance.kioskQuit, at: 3)
    #expect(talk.state.shouldQuit)
  }
}
