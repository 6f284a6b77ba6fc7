import Foundation
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// The console the speaker arranges, on a real two-monitor X server: the splitter beside the
/// current slide dragged with the mouse (xdotool) narrows it on the console's pixels, goes into
/// config.yaml and comes back after a restart; Shift+L takes the next preset. The room's
/// window never changes.
@Suite(.serialized) struct ConsoleArrangementEndToEndTests {
  /// Where the current slide's white page ends on the console's row 300 (the console on the
  /// left-hand monitor, its slide from x 26).
  static func currentSlideEdge(_ server: XorgServer) throws -> Int {
    let screen = try Screenshot.capture(display: server.display)
    var x = 60
    while x < 1900 {
      let (r, g, b) = screen.pixel(x: x, y: 300)
      if Int(r) + Int(g) + Int(b) < 600 { break }
      x += 1
    }
    return x
  }

  static func audience(_ server: XorgServer) throws -> RGBImage {
    let room = try Screenshot.capture(display: server.display).crop(
      x: 1920, y: 0, width: 1920, height: 1080)
    return RGBImage(width: room.width, height: room.height, pixels: room.pixels)
  }

  @Test func aDraggedSplitterIsKeptAcrossARestartAndShiftLTakesTheNextPreset() throws {
    let deckPath = try Fixtures.writeDeck(
      "# One\n\nThe first slide.\n\n???\n\nSay one.\n\n---\n\n# Two\n\nThe second.\n")
    let config = try Fixtures.temporaryDirectory("podium-config")
    let environment = ["XDG_CONFIG_HOME": config.path]
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let run = try PresentRun(server, deck: deckPath, environment: environment)
    defer { if run.process.isRunning { run.killHard() } }
    #expect(run.waitFor("show") != nil, "\(run.errors())")
    Thread.sleep(forTimeInterval: 0.5)
    let standard = try Self.currentSlideEdge(server)
    #expect(abs(standard - 1146) < 12, "the standard split: the slide ends at \(standard)")
    let room = try Self.audience(server)

    // The splitter's grip is the gap right of the slide; dragged to 45 % of the width.
    let mark = run.events().count
    _ = try server.run(
      "/usr/bin/xdotool",
      [
        "mousemove", "1160", "500", "mousedown", "1", "mousemove", "1000", "500", "mousemove",
        "866", "500", "mouseup", "1",
      ])
    let kept = run.waitFor("console", after: mark) { $0["by"] as? String == "splitter" }
    let line = try #require(kept?["arrangement"] as? String, "\(run.events().dropFirst(mark))")
    #expect(line.hasPrefix("standard split 0.4"), "\(line)")
    Thread.sleep(forTimeInterval: 0.4)
    let dragged = try Self.currentSlideEdge(server)
    #expect(abs(dragged - 866) < 20, "the slide narrowed with the splitter: \(dragged)")
    let file = config.appendingPathComponent("podium/config.yaml").path
    let written = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    #expect(written.contains("  1920x1080: \(line)\n"), "\(written)")
    let unchanged = try #require(try Self.audience(server).difference(from: room))
    #expect(unchanged.differing < 0.001, "the room saw nothing of it: \(unchanged)")
    #expect(
      !run.events().contains { ($0["event"] as? String) == "show" && ($0["slide"] as? Int) == 2 },
      "the press on the splitter moved the talk on")
    try run.key("q", "q")
    #expect(run.waitForExit() == 0, "\(run.errors())")

    // The next talk on this console opens as the speaker left it.
    let again = try PresentRun(server, deck: deckPath, environment: environment)
    defer { if again.process.isRunning { again.killHard() } }
    #expect(again.waitFor("show") != nil, "\(again.errors())")
    Thread.sleep(forTimeInterval: 0.5)
    let restarted = try Self.currentSlideEdge(server)
    #expect(abs(restarted - dragged) <= 3, "kept: \(restarted) after \(dragged)")
    let before = again.events().count
    try again.key("shift+l")
    let preset = again.waitFor("console", after: before) { $0["by"] as? String == "preset" }
    #expect(preset?["arrangement"] as? String == "notes", "\(String(describing: preset))")
    Thread.sleep(forTimeInterval: 0.4)
    let notes = try Self.currentSlideEdge(server)
    #expect(notes < restarted - 100, "the notes preset's smaller slide: \(notes)")
    try again.key("q", "q")
    #expect(again.waitForExit() == 0, "\(again.errors())")
    let last = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    #expect(last.contains("  1920x1080: notes\n"), "\(last)")
  }
}
