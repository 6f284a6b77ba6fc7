import Foundation
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// Times per slide on a real two-monitor X server, through the trace: a reveal.js deck's
/// `{data-timing=2}` slide runs over two seconds after the talk reaches it, and the console's
/// frames say so (`overrun: slide`) from then, never before and never the room's; the next
/// slide has time left; the talk's own length running out is `overrun: talk`.
@Suite(.serialized) struct SlideTimingEndToEndTests {
  static let deckText = """
    ---
    title: Lecture
    output: revealjs::revealjs_presentation
    duration: 7s
    ---

    ## Short {data-timing=2}

    Two seconds for this one.

    ## Long {data-timing=300}

    Plenty of time.
    """

  @Test func theConsoleAloneSaysWhenTheSlideAndThenTheTalkRunOver() throws {
    let deckPath = try Fixtures.writeDeck(Self.deckText, named: "timed.md")
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let run = try PresentRun(server, deck: deckPath)
    #expect(run.waitFor("show") != nil, "\(run.errors())")
    // The title slide, then the short one: the clock starts as the talk first moves on.
    var mark = run.events().count
    try run.key("Right")
    let reached = try #require(run.waitFor("show", after: mark) { $0["slide"] as? Int == 2 })
    let start = try #require(reached["t"] as? Double)
    let over = run.waitFor("present", after: mark, timeout: 6) {
      $0["role"] as? String == "presenter" && $0["overrun"] as? String == "slide"
    }
    let at = try #require(over?["t"] as? Double, "the console says the slide ran over")
    #expect(at - start >= 1.9 && at - start <= 3.2, "2 s after the slide came: \(at - start)")
    let early = run.events().dropFirst(mark).filter {
      ($0["t"] as? Double ?? 0) < start + 1.9 && $0["overrun"] != nil
    }
    #expect(early.isEmpty, "nothing runs over before its time: \(early)")

    // The long slide has time left: the console's frames from it on say nothing.
    mark = run.events().count
    try run.key("Right")
    let long = try #require(run.waitFor("show", after: mark) { $0["slide"] as? Int == 3 })
    let longAt = try #require(long["t"] as? Double)
    // The talk's 7 s run out: `overrun: talk`, 7 s after the clock started.
    let overtime = run.waitFor("present", after: mark, timeout: 8) {
      $0["role"] as? String == "presenter" && $0["overrun"] as? String == "talk"
    }
    let overtimeAt = try #require(overtime?["t"] as? Double, "the talk ran over")
    #expect(overtimeAt - start >= 6.9 && overtimeAt - start <= 8.2, "\(overtimeAt - start)")
    let between = run.events().dropFirst(mark).filter {
      let t = $0["t"] as? Double ?? 0
      return t > longAt + 0.2 && t < overtimeAt && $0["overrun"] != nil
    }
    #expect(between.isEmpty, "the long slide ran over nothing: \(between)")
    // The room's frames never carry it.
    #expect(
      !run.events().contains { $0["role"] as? String == "audience" && $0["overrun"] != nil })
    try run.key("q", "q")
    #expect(run.waitForExit() == 0)
  }
}
