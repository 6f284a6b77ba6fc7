import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

/// Planned seconds per slide (reveal.js's `data-timing`, `defaultTiming` and `totalTime`, the
/// deck's `duration` directives, the last rehearsal) and the console's quiet alarm: the status
/// bar flashes three times when the slide on show runs over its time or the talk over its
/// length, then says so; nothing reaches the room.
@Suite struct SlideTimingTests {
  static let reveal = """
    ---
    title: Lecture
    output: revealjs::revealjs_presentation
    defaultTiming: 90
    ---

    ## First {data-timing=2}

    Text.

    ## Second

    Text.

    ## Third {timing=300}

    Text.
    """

  func deck(_ text: String) throws -> Deck {
    try #require(parse(text).deck)
  }

  @Test func revealJSTimingsArePlannedSecondsPerSlide() throws {
    let parsed = try deck(Self.reveal)
    // The title slide pandoc makes is a slide of reveal.js's too: its default time.
    #expect(parsed.slides.map { $0.directives.duration?.seconds } == [90, 2, 90, 300])
    let plan = try #require(PacingPlan.plan(for: parsed, duration: nil, rehearsal: nil))
    #expect(plan.slideSeconds == [90, 2, 90, 300] && plan.source == .directives)
    // `totalTime` is the talk's length, and reveal.js then paces by it, not by defaultTiming.
    let total = try deck(
      Self.reveal.replacingOccurrences(of: "defaultTiming: 90", with: "totalTime: 600"))
    #expect(total.metadata.duration == TalkDuration(seconds: 600))
    #expect(total.slides.map { $0.directives.duration?.seconds } == [nil, 2, nil, 300])
    #expect(
      PacingPlan.plan(for: total, duration: nil, rehearsal: nil)?.slideSeconds == [
        149, 2, 149, 300,
      ])
    // Another writer than reveal.js: the attributes are reveal.js's, not read.
    let beamer = try deck(
      Self.reveal.replacingOccurrences(
        of: "output: revealjs::revealjs_presentation", with: "output: beamer_presentation"))
    #expect(beamer.slides.allSatisfy { $0.directives.duration == nil })
  }

  func status(_ talk: TalkSession, plan: TalkPlan, now: Double) -> ConsoleStatus {
    talk.consoleStatus(
      for: talk.state, stage: Stage(mode: .extended, presenter: 0, audience: [1]), plan: plan,
      now: now, date: Date(), clock: DateFormatter(), displays: [])
  }

  @Test func theSlideRunningOverFlashesThreeTimesThenSaysSo() throws {
    let parsed = try deck(Self.reveal)
    var talk = TalkSession(path: "/talks/lecture.md", deck: parsed, theme: .light)
    let plan = TalkPlan(
      pacing: PacingPlan(slideSeconds: [10, 4, 10, 10], source: .rehearsal))
    // The clock starts as the talk first moves on: slide 2, planned 4 s.
    _ = talk.handle(.key(Key(.right)), at: 100)
    #expect(status(talk, plan: plan, now: 103).overrun == nil, "3 s of 4")
    let first = try #require(status(talk, plan: plan, now: 104.5).overrun)
    #expect(first.kind == .slide && abs(first.seconds - 0.5) < 1e-9)
    #expect(first.flashing)
    #expect(status(talk, plan: plan, now: 105.5).overrun?.flashing == false)
    #expect(status(talk, plan: plan, now: 106.5).overrun?.flashing == true)
    #expect(status(talk, plan: plan, now: 108.5).overrun?.flashing == true, "the third flash")
    let later = try #require(status(talk, plan: plan, now: 111).overrun)
    #expect(!later.flashing && later.kind == .slide, "then only the words")
    // Every visit counts: back to slide 1 and here again, the slide's time goes on.
    _ = talk.handle(.key(Key(.left)), at: 111)
    _ = talk.handle(.key(Key(.right)), at: 112)
    #expect(status(talk, plan: plan, now: 112).overrun?.kind == .slide)
    // The next slide has time left: no alarm.
    _ = talk.handle(.key(Key(.right)), at: 113)
    #expect(status(talk, plan: plan, now: 115).overrun == nil)
  }

  @Test func theTalkRunningOverItsLengthComesFirst() throws {
    let parsed = try deck(Self.reveal)
    var talk = TalkSession(path: "/talks/lecture.md", deck: parsed, theme: .light)
    let plan = TalkPlan(
      duration: TalkDuration(seconds: 5),
      pacing: PacingPlan(slideSeconds: [1, 1, 1, 1], source: .rehearsal))
    _ = talk.handle(.key(Key(.right)), at: 0)
    #expect(status(talk, plan: plan, now: 3).overrun?.kind == .slide)
    let over = try #require(status(talk, plan: plan, now: 6).overrun)
    #expect(over.kind == .talk && abs(over.seconds - 1) < 1e-9)
    // Before the clock starts, nothing runs over.
    let fresh = TalkSession(path: "/talks/lecture.md", deck: parsed, theme: .light)
    #expect(status(fresh, plan: plan, now: 1000).overrun == nil)
  }

  @Test func theFlashIsTheStatusBarsOnTheConsoleAlone() throws {
    let parsed = try deck(Self.reveal)
    let engine = LayoutEngine(
      theme: .dark, measurer: FixedTextMeasurer(), images: FixedImageMeasurer())
    let state = PresentationState(stepCounts: parsed.slides.map(\.stepCount))
    let palette = Theme.dark.console
    func console(_ overrun: ConsoleStatus.Overrun?) -> ConsoleFrame {
      var status = ConsoleStatus(now: 0, elapsed: 30, clock: "09:00", audience: "x")
      status.overrun = overrun
      return engine.console(
        deck: parsed, state: state, status: status, size: PixelSize(width: 1920, height: 1080))
    }
    func barFills(_ frame: ConsoleFrame) -> [RGBAColor] {
      frame.frame.commands.compactMap {
        if case .fill(let rect, let color) = $0, rect.width == 1920, rect.maxY == 1080,
          rect.y > 800
        {
          return color
        }
        return nil
      }
    }
    let flashing = console(ConsoleStatus.Overrun(.slide, seconds: 0.5))
    #expect(barFills(flashing).contains(palette.warning), "the bar in amber")
    #expect(flashing.frame.consoleTexts.contains("slide over 0:00"))
    #expect(flashing.overrun == .slide)
    let steady = console(ConsoleStatus.Overrun(.slide, seconds: 42))
    #expect(!barFills(steady).contains(palette.warning), "three flashes, not forever")
    #expect(steady.frame.consoleTexts.contains("slide over 0:42"))
    let talk = console(ConsoleStatus.Overrun(.talk, seconds: 2.2))
    #expect(barFills(talk).contains(palette.danger), "the talk's overrun in red")
    let quiet = console(nil)
    #expect(!barFills(quiet).contains(palette.warning) && !barFills(quiet).contains(palette.danger))
    #expect(quiet.overrun == nil)
    // The room's frame is the slide's, whatever the console says.
    let room = engine.layout(
      parsed.slides[0], in: parsed, step: 0, size: PixelSize(width: 1920, height: 1080))
    #expect(
      !room.commands.contains { if case .fill(_, palette.warning) = $0 { true } else { false } })
  }
}
