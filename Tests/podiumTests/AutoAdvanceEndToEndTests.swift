import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

/// A deck that runs itself (`--auto`, `--loop`, `--kiosk`) on a real two-monitor X server,
/// read back through the trace: when the audience's window showed each slide.
@Suite(.serialized) struct AutoAdvanceEndToEndTests {
  /// A deck of `count` one-line slides.
  func deck(_ count: Int, name: String) throws -> String {
    let folder = try Fixtures.temporaryDirectory("podium-auto")
    let path = folder.appendingPathComponent("\(name).md").path
    let text = (1...count).map { "# Slide \($0)\n\nText \($0)." }.joined(separator: "\n\n---\n\n")
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// The audience window's frames: (time, slide, latency from the input or the due time).
  func audienceFrames(_ run: PresentRun) -> [(t: Double, slide: Int, latency: Double?)] {
    run.events().compactMap { event in
      guard event["event"] as? String == "present", event["role"] as? String == "audience",
        let t = event["t"] as? Double, let slide = event["slide"] as? Int
      else { return nil }
      return (
        t, slide, (event["latency_ms"] as? Double) ?? (event["latency_ms"] as? Int).map(Double.init)
      )
    }
  }

  @Test func aSixtySlideLoopKeepsTimeWrapsAndAKeyTakesOver() throws {
    let path = try deck(60, name: "loop")
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let step = 0.25
    let run = try PresentRun(server, deck: path, arguments: ["--auto", "250ms", "--loop"])
    // Round the whole loop and four slides into the next.
    let wrapped = run.waitFor("advance", timeout: 40) { $0["looped"] as? Bool == true }
    #expect(wrapped?["slide"] as? Int == 1, "\(run.errors())")
    #expect(run.presented("audience", slide: 5, after: run.events().count - 40))
    let advances = run.events().filter { $0["event"] as? String == "advance" }
    #expect(advances.count >= 63, "\(advances.count) changes")
    // Each change is shown on the audience's window within 50 ms of when it was due...
    let frames = audienceFrames(run).filter { $0.latency != nil }
    #expect(frames.count >= 63)
    let late = frames.compactMap(\.latency).max() ?? 0
    #expect(late <= 50, "the latest change came \(late) ms after it was due")
    // ... and the times are due a quarter second apart: the room sees a slide every 250 ms,
    // with no drift over the loop.
    let first = try #require(frames.first)
    for (index, frame) in frames.enumerated() {
      let expected = first.t + Double(index) * step
      #expect(
        abs(frame.t - expected) <= 0.05,
        "change \(index) (slide \(frame.slide)) at \(frame.t), due about \(expected)")
    }
    #expect(frames.map(\.slide).prefix(61).elementsEqual(Array(2...60) + [1, 2]))

    // A key takes over: the talk waits for the speaker...
    try run.key("Right")
    Thread.sleep(forTimeInterval: 0.3)
    let heldAt = run.events().count
    let held = audienceFrames(run).last?.slide
    Thread.sleep(forTimeInterval: 1.5)
    #expect(
      run.events().dropFirst(heldAt).filter { $0["event"] as? String == "advance" }.isEmpty,
      "the deck moved on by itself after a key")
    // ... until `a` hands back.
    try run.key("a")
    #expect(
      run.presented("audience", slide: (held ?? 0) % 60 + 1, after: heldAt),
      "after a, the deck did not run again")
    try run.key("q", "q")
    #expect(run.waitForExit(timeout: 20) == 0, "\(run.errors())")
  }

  @Test func aKioskTakesNoKeyButTheQuitChord() throws {
    let path = try deck(3, name: "kiosk")
    let server = try XorgServer(monitors: 1)
    defer { server.stop() }
    let run = try PresentRun(server, deck: path, arguments: ["--kiosk", "--auto", "3s"])
    #expect(run.presented("audience", slide: 1), "\(run.errors())")
    // q twice, Esc, Tab and a click: nothing ends it, nothing moves it but its time.
    try run.key("q", "q", "Escape", "Tab", "Right", "Right")
    try run.click(x: 200, y: 200)
    #expect(run.process.isRunning)
    #expect(run.waitFor("advance", timeout: 8) { $0["slide"] as? Int == 2 } != nil)
    let slides = run.events().filter { $0["event"] as? String == "advance" }.compactMap {
      $0["slide"] as? Int
    }
    #expect(slides == [2], "\(slides)")
    try run.key("ctrl+alt+q")
    #expect(run.waitForExit(timeout: 20) == 0, "\(run.errors())")
  }
}
