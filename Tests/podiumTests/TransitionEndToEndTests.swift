import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

/// Marp's `transition:` on a real two-monitor X server: drawn on the audience's window only,
/// never on the console, and a key pressed while one plays is answered at once.
@Suite(.serialized) struct TransitionEndToEndTests {
  /// Slides of one colour each (red, blue, green), with a fade of two seconds between them.
  func deck(_ transition: String = "fade 2s") throws -> String {
    try Fixtures.writeDeck(
      """
      ---
      marp: true
      transition: \(transition)
      ---

      <!-- _backgroundColor: #d00000 -->

      One

      ---

      <!-- _backgroundColor: #0000d0 -->

      Two

      ---

      <!-- _backgroundColor: #00a000 -->

      Three
      """, named: "transitions.md")
  }

  /// A point of the audience's slide (the second monitor) and of the console's current slide
  /// (the first), away from their text.
  func audience(_ shot: Screenshot) -> (UInt8, UInt8, UInt8) { shot.pixel(x: 1920 + 300, y: 900) }
  func console(_ shot: Screenshot) -> (UInt8, UInt8, UInt8) { shot.pixel(x: 300, y: 600) }

  /// With `PODIUM_TRANSITION_PPM=DIR`, keeps a screenshot to look at (both monitors, PPM).
  func keep(_ shot: Screenshot, _ name: String) throws {
    guard let folder = ProcessInfo.processInfo.environment["PODIUM_TRANSITION_PPM"] else { return }
    let header = Data("P6\n\(shot.width) \(shot.height)\n255\n".utf8)
    try (header + Data(shot.pixels)).write(to: URL(fileURLWithPath: "\(folder)/\(name).ppm"))
  }

  func transitions(_ run: PresentRun) -> [[String: Any]] {
    run.events().filter { $0["event"] as? String == "transition" }
  }

  @Test func aFadeIsDrawnOnTheAudienceWhileTheConsoleShowsTheNextSlideAtOnce() throws {
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let run = try PresentRun(server, deck: try deck())
    #expect(run.presented("audience", slide: 1))
    Thread.sleep(forTimeInterval: 0.5)
    #expect(audience(try Screenshot.capture(display: server.display)) == (0xD0, 0, 0))
    try run.key("Right")
    let started = try #require(
      run.waitFor("transition", where: { $0["phase"] as? String == "started" }))
    #expect(started["effect"] as? String == "fade")
    #expect(started["from"] as? Int == 1 && started["to"] as? Int == 2)
    #expect(started["seconds"] as? Double == 2)
    // Mid-fade: the room sees the two slides' colours mixed; the console already the new one.
    Thread.sleep(forTimeInterval: 0.6)
    let middle = try Screenshot.capture(display: server.display)
    try keep(middle, "fade-middle")
    let (red, green, blue) = audience(middle)
    #expect(red > 25 && red < 185, "\((red, green, blue))")
    #expect(blue > 25 && blue < 185, "\((red, green, blue))")
    #expect(green < 10)
    #expect(console(middle) == (0, 0, 0xD0), "the console never animates")
    let finished = try #require(
      run.waitFor("transition", timeout: 5, where: { $0["phase"] as? String == "finished" }))
    #expect((finished["frames"] as? Int ?? 0) >= 10, "\(finished)")
    Thread.sleep(forTimeInterval: 0.3)
    #expect(audience(try Screenshot.capture(display: server.display)) == (0, 0, 0xD0))
    // Going back plays the same slide's transition, backward.
    let before = run.events().count
    try run.key("Left")
    let back = try #require(
      run.waitFor("transition", after: before, where: { $0["phase"] as? String == "started" }))
    #expect(back["backward"] as? Bool == true && back["to"] as? Int == 1)
    try run.key("q", "q")
    #expect(run.waitForExit() == 0)
  }

  @Test func aKeyDuringATransitionShowsTheSlideItAsksForAtOnce() throws {
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let run = try PresentRun(server, deck: try deck("push 3s"))
    #expect(run.presented("audience", slide: 1))
    try run.key("Right")
    let started = try #require(
      run.waitFor("transition", where: { $0["phase"] as? String == "started" }))
    let mark = run.events().count
    try run.key("Right")
    // Slide 3 on the audience at once: no second transition, the first one interrupted.
    #expect(run.presented("audience", slide: 3, after: mark))
    let interrupted = try #require(
      run.waitFor("transition", where: { $0["phase"] as? String == "interrupted" }))
    let shown = try #require(
      run.waitFor(
        "present", after: mark,
        where: { $0["role"] as? String == "audience" && $0["slide"] as? Int == 3 }))
    let startedAt = try #require(started["t"] as? Double)
    let shownAt = try #require(shown["t"] as? Double)
    #expect(shownAt - startedAt < 1.5, "well before the 3 s push would have ended")
    #expect((interrupted["t"] as? Double ?? 99) <= shownAt)
    #expect(audience(try Screenshot.capture(display: server.display)) == (0, 0xA0, 0))
    #expect(transitions(run).filter { $0["phase"] as? String == "started" }.count == 1)
    try run.key("q", "q")
    #expect(run.waitForExit() == 0)
  }

  @Test func noTransitionsChangesSlidesAtOnce() throws {
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let run = try PresentRun(server, deck: try deck(), arguments: ["--no-transitions"])
    #expect(run.presented("audience", slide: 1))
    try run.key("Right")
    #expect(run.presented("audience", slide: 2))
    #expect(audience(try Screenshot.capture(display: server.display)) == (0, 0, 0xD0))
    #expect(transitions(run).isEmpty)
    try run.key("q", "q")
    #expect(run.waitForExit() == 0)
  }
}
