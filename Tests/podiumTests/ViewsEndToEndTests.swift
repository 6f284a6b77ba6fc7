import Foundation
import PodiumCore
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// `podium present --views` (a notes or timer view on a third monitor) and `--share` (the
/// audience as an ordinary window for a video call) on the real X rig.
@Suite(.serialized) struct ViewsEndToEndTests {
  static let tour = Fixtures.tour

  /// Three slides, each with notes of its own.
  func notesDeck() throws -> String {
    try Fixtures.writeDeck(
      "# One\n\n???\n\nOpen with the story of the broken projector.\n\n---\n\n"
        + "# Two\n\n???\n\nThe numbers: ninety percent, then the chart.\n\n---\n\n"
        + "# Three\n\n???\n\nThank everyone; questions.\n")
  }

  /// A monitor's pixels from the root window, as the people at the third screen see them.
  func monitor(_ server: XorgServer, _ index: Int) throws -> RGBImage {
    let shot = try Screenshot.capture(display: server.display).crop(
      x: 1920 * index, y: 0, width: 1920, height: 1080)
    return RGBImage(width: 1920, height: 1080, pixels: shot.pixels)
  }

  /// Pixels that are not the view's background: text to read.
  func inked(_ image: RGBImage) -> Int {
    1920 * 1080 - image.count(of: Theme.dark.console.background, tolerance: 8)
  }

  func roles(_ run: PresentRun, after mark: Int) -> [String: Set<Int>] {
    var found: [String: Set<Int>] = [:]
    for event in run.events().dropFirst(mark) where event["event"] as? String == "window" {
      found[event["role"] as? String ?? "", default: []].insert(event["display"] as? Int ?? -1)
    }
    return found
  }

  @Test func aNotesViewOnTheThirdMonitorFollowsKeysAndHotPlug() throws {
    let server = try XorgServer(monitors: 3)
    defer { server.stop() }
    let run = try PresentRun(server, deck: try notesDeck(), arguments: ["--views", "notes@DUMMY2"])
    #expect(run.waitFor("present", where: { $0["role"] as? String == "notes" }) != nil)
    #expect(run.waitFor("stage")?["views"] as? [String] == ["notes@2"])
    let opened = roles(run, after: 0)
    #expect(opened["audience"] == [1] && opened["presenter"] == [0] && opened["notes"] == [2])
    Thread.sleep(forTimeInterval: 0.5)
    let first = try monitor(server, 2)
    #expect(inked(first) > 3_000, "the notes view shows text, not a blank frame")

    var mark = run.events().count
    try run.key("Right")
    #expect(run.presented("notes", slide: 2, after: mark))
    #expect(run.presented("audience", slide: 2, after: mark))
    Thread.sleep(forTimeInterval: 0.3)
    let second = try monitor(server, 2)
    let change = try #require(second.difference(from: first))
    #expect(change.differing > 0.003, "the notes follow the slide: \(change)")
    #expect(inked(second) > 3_000)

    // The third monitor's cable comes out: the view closes, the talk goes on.
    mark = run.events().count
    try server.unplug("DUMMY2")
    let gone = run.waitFor("stage", after: mark, where: { $0["views"] as? [String] == ["notes@-"] })
    #expect(gone?["slide"] as? Int == 2 && gone?["audience"] as? [Int] == [1])
    Thread.sleep(forTimeInterval: 0.5)
    #expect(roles(run, after: mark)["notes"] == nil)
    // It comes back with the monitor, on the slide the talk is at.
    mark = run.events().count
    try server.plug("DUMMY2", rightOf: "DUMMY1")
    #expect(
      run.waitFor("stage", after: mark, where: { $0["views"] as? [String] == ["notes@2"] }) != nil)
    #expect(run.presented("notes", slide: 2, after: mark))
    #expect(roles(run, after: mark)["audience"] == [1], "the view's monitor is not the room's")
    Thread.sleep(forTimeInterval: 0.5)
    let back = try monitor(server, 2)
    #expect(try #require(back.difference(from: second)).differing < 0.002, "the same notes")

    // The projector's cable comes out: the room gets the third monitor, the view yields.
    mark = run.events().count
    try server.unplug("DUMMY1")
    let room = run.waitFor(
      "stage", after: mark, where: { $0["views"] as? [String] == ["notes@-"] })
    #expect(room?["audience"] as? [Int] == [1], "the audience on the one other display")
    #expect(run.presented("audience", slide: 2, after: mark))
    // Back, the projector is listed after DUMMY2: the view opens on DUMMY2 by its name.
    mark = run.events().count
    try server.plug("DUMMY1", rightOf: "DUMMY0")
    let reopened = run.waitFor(
      "stage", after: mark, where: { ($0["views"] as? [String])?.first != "notes@-" })
    let view = (reopened?["views"] as? [String])?.first.flatMap { Int($0.dropFirst(6)) }
    let listed = run.events().dropFirst(mark).last { $0["event"] as? String == "displays" }
    let names = (listed?["list"] as? [[String: Any]] ?? []).reduce(into: [Int: String]()) {
      $0[$1["index"] as? Int ?? -1] = $1["name"] as? String
    }
    #expect(view.flatMap { names[$0] } == "DUMMY2", "\(String(describing: reopened)) \(names)")
    #expect(
      (reopened?["audience"] as? [Int])?.compactMap { names[$0] } == ["DUMMY1"],
      "the audience back on the projector")
    // Keys sent while the windows are being opened again reach none of them: wait for them.
    #expect(run.presented("notes", slide: 2, after: mark))
    #expect(run.presented("presenter", slide: 2, after: mark))
    Thread.sleep(forTimeInterval: 0.5)
    try run.key("q", "q")
    #expect(run.waitForExit() == 0)
  }

  @Test func aTimerViewTicksAndAViewThatCannotOpenIsAWarning() throws {
    let server = try XorgServer(monitors: 3)
    defer { server.stop() }
    let run = try PresentRun(
      server, deck: try notesDeck(), arguments: ["--views", "timer@DUMMY2,notes@HDMI-9"])
    #expect(run.waitFor("present", where: { $0["role"] as? String == "timer" }) != nil)
    try run.key("Right")
    Thread.sleep(forTimeInterval: 0.5)
    let before = try monitor(server, 2)
    #expect(inked(before) > 10_000, "large digits")
    Thread.sleep(forTimeInterval: 2.2)
    let after = try monitor(server, 2)
    #expect(try #require(after.difference(from: before)).differing > 0.001, "the clock ticks")
    #expect(
      run.errors().contains("warning: the notes view stays closed for now: HDMI-9 not connected"))
    try run.key("q", "q")
    #expect(run.waitForExit() == 0)
    // A malformed view is refused before anything opens.
    let bad = try CommandRunner.podium("present", try notesDeck(), "--views", "slides@DUMMY1")
    #expect(bad.status != 0)
    #expect(bad.stderr.contains("--views 'slides@DUMMY1': unknown view 'slides'"), "\(bad.stderr)")
  }

  /// `--share`: the room's slides in an ordinary window titled `Podium: audience` that a call
  /// app shares. Covered by another window, it keeps drawing: its own pixels (read through the
  /// Composite extension, as a call app reads them) equal `podium export`, before and after a
  /// resize.
  @Test func theSharedWindowEqualsTheExportWhileCovered() throws {
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let run = try PresentRun(server, deck: Self.tour, arguments: ["--share"])
    #expect(run.waitFor("present", where: { $0["role"] as? String == "audience" }) != nil)
    #expect(run.waitFor("present", where: { $0["role"] as? String == "presenter" }) != nil)
    let stage = run.waitFor("stage")
    #expect(stage?["mode"] as? String == "shared" && stage?["shared"] as? String == "1920x1080")
    let audience = try #require(
      run.events().first {
        $0["event"] as? String == "window" && $0["role"] as? String == "audience"
      })
    #expect(audience["display"] as? Int == 0 && audience["w"] as? Int == 1920)
    #expect(roles(run, after: 0)["presenter"] == [1], "the console on the other monitor")

    let shared = try WindowContents(server: server, title: "Podium: audience")
    defer { shared.release() }
    let cover = Process()
    cover.executableURL = URL(fileURLWithPath: "/usr/bin/xmessage")
    cover.arguments = ["-geometry", "1800x1000+40+30", "a window over the shared one"]
    var environment = ProcessInfo.processInfo.environment
    environment.merge(server.environment) { $1 }
    cover.environment = environment
    try cover.run()
    defer { cover.terminate() }
    Thread.sleep(forTimeInterval: 1.0)
    // Keys to the console, under the pointer (no window manager: focus follows the pointer).
    _ = try server.run("/usr/bin/xdotool", ["mousemove", "2880", "540"])
    let mark = run.events().count
    try run.key("Right")
    #expect(run.presented("audience", slide: 2, after: mark))
    Thread.sleep(forTimeInterval: 0.5)

    let out = try Fixtures.temporaryDirectory()
    #expect(
      try CommandRunner.podium("export", Self.tour, "-o", out.path, "--slides", "2").status == 0)
    let expected = try RGBImage(contentsOf: out.appendingPathComponent("slide-002.png").path)
    let onScreen = try monitor(server, 0)
    #expect(
      try #require(onScreen.difference(from: expected)).differing > 0.5,
      "the window is covered on screen")
    let grabbed = try shared.capture()
    let window = RGBImage(width: grabbed.width, height: grabbed.height, pixels: grabbed.pixels)
    let difference = try #require(window.difference(from: expected))
    #expect(difference.differing < 0.002, "the covered shared window vs export: \(difference)")
    #expect(window.count(of: Theme.dark.colors.background, tolerance: 2) > 500_000, "a slide")

    // Resizable: at 1280x720 it lays the slide out again, still covered.
    let resizeMark = run.events().count
    _ = try server.run("/usr/bin/xdotool", ["windowsize", shared.id, "1280", "720"])
    #expect(
      run.waitFor(
        "window", after: resizeMark,
        where: { $0["role"] as? String == "audience" && $0["w"] as? Int == 1280 }) != nil)
    #expect(run.presented("audience", slide: 2, after: resizeMark))
    Thread.sleep(forTimeInterval: 0.5)
    let small = try Fixtures.temporaryDirectory()
    #expect(
      try CommandRunner.podium(
        "export", Self.tour, "-o", small.path, "--slides", "2", "--size", "1280x720"
      ).status == 0)
    let smallExpected = try RGBImage(
      contentsOf: small.appendingPathComponent("slide-002.png").path)
    let resized = try shared.capture()
    let smallWindow = RGBImage(width: resized.width, height: resized.height, pixels: resized.pixels)
    let smallDifference = try #require(smallWindow.difference(from: smallExpected))
    #expect(smallDifference.differing < 0.002, "resized vs export at 1280x720: \(smallDifference)")
    try run.key("q", "q")
    #expect(run.waitForExit() == 0)
  }

  /// Minimised (openbox iconifies it, and X unmaps it), the shared window still follows the
  /// talk: restored, it shows the slide the talk moved to meanwhile, as export draws it.
  @Test func aMinimisedSharedWindowShowsTheCurrentSlideWhenRestored() throws {
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    try server.startWindowManager()
    let run = try PresentRun(server, deck: Self.tour, arguments: ["--share"])
    #expect(run.waitFor("present", where: { $0["role"] as? String == "audience" }) != nil)
    #expect(run.waitFor("present", where: { $0["role"] as? String == "presenter" }) != nil)
    let shared = try WindowContents(server: server, title: "Podium: audience")
    defer { shared.release() }
    _ = try server.run("/usr/bin/xdotool", ["windowminimize", "--sync", shared.id])
    // A click on the console moves on (and gives it the focus for the keys after).
    var mark = run.events().count
    try run.click(x: 2880, y: 540)
    #expect(run.presented("audience", slide: 2, after: mark), "drawn while minimised")
    mark = run.events().count
    _ = try server.run("/usr/bin/xdotool", ["windowactivate", "--sync", shared.id])
    #expect(run.presented("audience", slide: 2, after: mark), "drawn again when restored")
    Thread.sleep(forTimeInterval: 0.5)
    // The window manager may have fitted the window to the screen: export at its size.
    let placed = run.events().last {
      $0["event"] as? String == "window" && $0["role"] as? String == "audience"
    }
    let size = "\(placed?["w"] as? Int ?? 1920)x\(placed?["h"] as? Int ?? 1080)"
    let out = try Fixtures.temporaryDirectory()
    #expect(
      try CommandRunner.podium("export", Self.tour, "-o", out.path, "--slides", "2", "--size", size)
        .status == 0)
    let expected = try RGBImage(contentsOf: out.appendingPathComponent("slide-002.png").path)
    let grabbed = try shared.capture()
    let window = RGBImage(width: grabbed.width, height: grabbed.height, pixels: grabbed.pixels)
    let difference = try #require(window.difference(from: expected))
    #expect(
      difference.differing < 0.002, "restored shared window (\(size)) vs export: \(difference)")
    try run.key("q", "q")
    #expect(run.waitForExit() == 0)
  }
}
