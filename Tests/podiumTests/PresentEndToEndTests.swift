import Foundation
import PodiumCore
import PodiumSDL
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// `podium present` on a real two-monitor X server: windows, keys, pixels and hot-plug.
@Suite(.serialized) struct PresentEndToEndTests {
  static let deck = Fixtures.tour

  func windows(_ run: PresentRun, after: Int = 0) -> [String: [String: Any]] {
    var byRole: [String: [String: Any]] = [:]
    for event in run.events().dropFirst(after) where event["event"] as? String == "window" {
      byRole[event["role"] as? String ?? ""] = event
    }
    return byRole
  }

  @Test(arguments: [false, true])
  func twoMonitorsKeysPixelsAndQuit(withWindowManager: Bool) throws {
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    if withWindowManager { try server.startWindowManager() }
    let run = try PresentRun(server, deck: Self.deck)
    #expect(
      run.waitFor("present", where: { $0["role"] as? String == "audience" }) != nil,
      "the audience window is drawn")
    // The audience is drawn first; `show` follows once every window is open.
    #expect(run.waitFor("show") != nil)
    let placed = windows(run)
    #expect(placed["presenter"]?["x"] as? Int == 0 && placed["presenter"]?["display"] as? Int == 0)
    #expect(placed["audience"]?["x"] as? Int == 1920 && placed["audience"]?["display"] as? Int == 1)
    #expect(placed["audience"]?["w"] as? Int == 1920 && placed["audience"]?["h"] as? Int == 1080)

    // A key sent to the console advances both windows.
    let before = run.events().count
    try run.key("Right")
    #expect(run.waitFor("show", after: before, where: { $0["slide"] as? Int == 2 }) != nil)
    let drawn = run.waitFor(
      "present", after: before,
      where: { $0["role"] as? String == "audience" && $0["slide"] as? Int == 2 })
    #expect(drawn != nil)
    #expect(run.presented("presenter", slide: 2, after: before))
    Thread.sleep(forTimeInterval: 0.3)

    // The audience monitor shows exactly what export renders for that slide at that size.
    let screen = try Screenshot.capture(display: server.display)
    let audience = screen.crop(x: 1920, y: 0, width: 1920, height: 1080)
    let out = try Fixtures.temporaryDirectory()
    let export = try CommandRunner.podium("export", Self.deck, "-o", out.path, "--slides", "2")
    #expect(export.status == 0)
    let expected = try RGBImage(contentsOf: out.appendingPathComponent("slide-002.png").path)
    let shown = RGBImage(width: audience.width, height: audience.height, pixels: audience.pixels)
    let difference = try #require(shown.difference(from: expected))
    #expect(difference.differing < 0.002, "audience monitor vs export: \(difference)")
    #expect(
      shown.count(of: Theme.dark.colors.background, tolerance: 2) > 500_000,
      "a real slide, not a blank frame")
    // The console monitor is not the slide.
    let console = screen.crop(x: 0, y: 0, width: 1920, height: 1080)
    #expect(
      RGBImage(width: 1920, height: 1080, pixels: console.pixels).difference(from: expected)!
        .differing > 0.03)

    // One q is not enough; two quit. (SIGTERM, as Ctrl+C, ends it at once: see below.)
    try run.key("q")
    Thread.sleep(forTimeInterval: 0.3)
    #expect(run.process.isRunning)
    try run.key("q")
    #expect(run.waitForExit() == 0)
    #expect(run.events().last.map { $0["event"] as? String } == "window-closed")
    #expect(run.events().contains { $0["event"] as? String == "quit" })
  }

  /// Back and forth, the room sees each slide exactly as export draws it, and the console
  /// shows what a whole redraw of it shows: a frame drawn ahead reaches its window as only the
  /// tiles that differ from what the window shows (see `ChangedRows.presentLayer`), from
  /// wherever the talk comes.
  @Test func backAndForthEachWindowShowsItsFrameExactly() throws {
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let run = try PresentRun(server, deck: Self.deck)
    #expect(run.waitFor("show") != nil)
    let out = try Fixtures.temporaryDirectory()
    #expect(
      try CommandRunner.podium("export", Self.deck, "-o", out.path, "--slides", "2-4").status == 0)
    func image(_ shot: Screenshot, x: Int, height: Int = 1080) -> RGBImage {
      let part = shot.crop(x: x, y: 0, width: 1920, height: height)
      return RGBImage(width: part.width, height: part.height, pixels: part.pixels)
    }
    let moves = [("Right", 2), ("Right", 3), ("Right", 4), ("Left", 3), ("Left", 2)]
    for (key, slide) in moves {
      let before = run.events().count
      try run.key(key)
      let drawn = run.waitFor(
        "present", after: before,
        where: { $0["role"] as? String == "audience" && $0["slide"] as? Int == slide })
      try #require(drawn != nil, "\(key) to slide \(slide)")
      // The console's frame too, and what is drawn ahead after it.
      Thread.sleep(forTimeInterval: 0.3)
      let shot = try Screenshot.capture(display: server.display)
      let name = String(format: "slide-%03d.png", slide)
      let expected = try RGBImage(contentsOf: out.appendingPathComponent(name).path)
      let audience = try #require(image(shot, x: 1920).difference(from: expected))
      #expect(audience.differing < 0.002, "slide \(slide) after \(key): \(audience)")
      // Every window exposed (xrefresh): each draws its frame again whole. The console, above
      // its status bar (the clock and timers tick), is as it was.
      _ = try server.run("/usr/bin/xrefresh", [])
      Thread.sleep(forTimeInterval: 0.4)
      let redrawn = try Screenshot.capture(display: server.display)
      let console = try #require(
        image(shot, x: 0, height: 960).difference(from: image(redrawn, x: 0, height: 960)))
      #expect(console.differing == 0, "the console on slide \(slide) vs redrawn: \(console)")
    }
    try run.key("q")
    try run.key("q")
    #expect(run.waitForExit() == 0)
  }

  /// A 4K projector gets the slide laid out at 3840x2160, not a 1080p bitmap scaled up.
  @Test func aFourKProjectorGetsNativePixels() throws {
    let server = try XorgServer(monitors: 1)
    defer { server.stop() }
    try server.addMode(width: 3840, height: 2160, to: "DUMMY1")
    try server.xrandr(["--output", "DUMMY1", "--mode", "3840x2160", "--right-of", "DUMMY0"])
    try server.xrandr(["-q"])
    let run = try PresentRun(server, deck: Self.deck)
    #expect(run.waitFor("show") != nil)
    let audience = try #require(windows(run)["audience"])
    #expect(audience["x"] as? Int == 1920 && audience["pixels"] as? String == "3840x2160")
    try run.key("End")
    #expect(run.presented("audience", slide: 17))
    Thread.sleep(forTimeInterval: 0.5)
    let shown = try Screenshot.capture(display: server.display).crop(
      x: 1920, y: 0, width: 3840, height: 2160)
    let out = try Fixtures.temporaryDirectory()
    let export = try CommandRunner.podium(
      "export", Self.deck, "-o", out.path, "--slides", "17", "--size", "3840x2160")
    #expect(export.status == 0)
    let expected = try RGBImage(contentsOf: out.appendingPathComponent("slide-017.png").path)
    let difference = try #require(
      RGBImage(width: 3840, height: 2160, pixels: shown.pixels).difference(from: expected))
    #expect(difference.differing < 0.002, "the 4K audience vs export at 3840x2160: \(difference)")
    try run.key("q", "q")
    #expect(run.waitForExit() == 0)
  }

  /// `o` opens the overview on the console only; Enter jumps both windows; Alt+Left goes back.
  @Test func theOverviewJumpsAndAltLeftComesBack() throws {
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let run = try PresentRun(server, deck: Self.deck)
    #expect(run.waitFor("show") != nil)
    Thread.sleep(forTimeInterval: 0.3)
    let before = try Screenshot.capture(display: server.display).crop(
      x: 1920, y: 0, width: 1920, height: 1080)
    try run.key("o", "Right", "Right", "Down")
    Thread.sleep(forTimeInterval: 0.4)
    let browsing = try Screenshot.capture(display: server.display)
    let audience = browsing.crop(x: 1920, y: 0, width: 1920, height: 1080)
    #expect(
      audience.pixels == before.pixels, "the audience still sees slide 1 while the speaker browses")
    #expect(!run.events().contains { $0["event"] as? String == "show" && $0["slide"] as? Int != 1 })
    let mark = run.events().count
    try run.key("Return")
    // Five columns at 1080p: two right and one down from slide 1 is slide 8.
    #expect(run.presented("audience", slide: 8, after: mark))
    try run.key("alt+Left")
    #expect(
      run.waitFor("show", after: mark, where: { $0["slide"] as? Int == 1 }) != nil,
      "Alt+Left: back where the speaker was")
    try run.key("q", "q")
    #expect(run.waitForExit() == 0)
  }

  /// `x` and the mouse over the console's view of the slide put a red dot on the audience's
  /// slide at the same place.
  @Test func thePointerFollowsTheMouseOntoTheAudienceSlide() throws {
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let run = try PresentRun(server, deck: Self.deck)
    #expect(run.waitFor("show") != nil)
    // Where the console puts its view of the current slide on a 1920x1080 display.
    let loaded = try #require(DeckParser.parse(fileAt: Self.deck).deck)
    let fonts = FontLibrary()
    let engine = LayoutEngine(
      theme: .dark, measurer: SDLTextMeasurer(library: fonts), images: ImageLibrary())
    let state = PresentationState(stepCounts: loaded.slides.map(\.stepCount))
    let status = ConsoleStatus(now: 0, elapsed: 0, clock: "00:00", audience: "")
    let view = engine.console(
      deck: loaded, state: state, status: status, size: PixelSize(width: 1920, height: 1080)
    ).currentSlide
    let target = SlidePoint(x: 0.25, y: 0.6)
    let (mx, my) = target.location(in: view)
    let (ax, ay) = target.location(in: Rect(x: 0, y: 0, width: 1920, height: 1080))
    _ = try server.run("/usr/bin/xdotool", ["mousemove", "\(Int(mx))", "\(Int(my))"])
    Thread.sleep(forTimeInterval: 0.3)
    #expect(
      try Screenshot.capture(display: server.display).pixel(x: 1920 + Int(ax), y: Int(ay)) != (
        255, 32, 32
      ), "no dot before x")
    try run.key("x")
    _ = try server.run("/usr/bin/xdotool", ["mousemove", "\(Int(mx) + 1)", "\(Int(my))"])
    _ = try server.run("/usr/bin/xdotool", ["mousemove", "\(Int(mx))", "\(Int(my))"])
    Thread.sleep(forTimeInterval: 0.4)
    let screen = try Screenshot.capture(display: server.display)
    #expect(
      screen.pixel(x: 1920 + Int(ax), y: Int(ay)) == (255, 32, 32),
      "the dot on the audience's slide")
    #expect(screen.pixel(x: 1920 + Int(ax) + 200, y: Int(ay)) != (255, 32, 32), "only there")
    try run.key("q", "q")
    #expect(run.waitForExit() == 0)
  }

  /// Live reload: a good edit shows within moments at the same slide, a broken one keeps the
  /// last good deck on the audience and shows the error on the console only, and removed
  /// slides clamp the place.
  @Test func liveReloadKeepsTheTalkGoingThroughGoodAndBrokenEdits() throws {
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    func deck(_ third: String, slides: Int = 3) -> String {
      let all = ["# One\n", "## Two\n\n- a point\n", "## \(third)\n\n- another point\n"]
      return "---\ntheme: dark\n---\n\n" + all.prefix(slides).joined(separator: "\n---\n\n")
    }
    let path = try Fixtures.writeDeck(deck("Three"))
    let run = try PresentRun(server, deck: path)
    #expect(run.waitFor("show") != nil)
    try run.key("Right", "Right")
    #expect(run.waitFor("show", where: { $0["slide"] as? Int == 3 }) != nil)
    Thread.sleep(forTimeInterval: 0.5)

    // A good edit: the new text on the audience, at the same slide.
    var mark = run.events().count
    try deck("Three, edited").write(toFile: path, atomically: true, encoding: .utf8)
    let reloaded = run.waitFor("reload", after: mark)
    #expect(reloaded?["slide"] as? Int == 3)
    #expect(
      run.waitFor("present", after: mark, where: { $0["role"] as? String == "audience" }) != nil)
    Thread.sleep(forTimeInterval: 0.4)
    let out = try Fixtures.temporaryDirectory()
    #expect(try CommandRunner.podium("export", path, "-o", out.path, "--slides", "3").status == 0)
    let expected = try RGBImage(contentsOf: out.appendingPathComponent("slide-003.png").path)
    let good = try Screenshot.capture(display: server.display)
    let shown = RGBImage(
      width: 1920, height: 1080, pixels: good.crop(x: 1920, y: 0, width: 1920, height: 1080).pixels)
    #expect(
      try #require(shown.difference(from: expected)).differing < 0.002,
      "the edited slide on the audience")

    // A broken edit: the audience keeps the last good slide; the console shows the error.
    mark = run.events().count
    try ("---\naspect: 5:banana\n---\n\n# One\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    let failed = run.waitFor("reload-failed", after: mark)
    #expect(
      (failed?["message"] as? String)?.contains("deck.md:2:9: error: aspect '5:banana'") == true,
      "\(failed ?? [:])")
    Thread.sleep(forTimeInterval: 0.4)
    let broken = try Screenshot.capture(display: server.display)
    #expect(
      broken.crop(x: 1920, y: 0, width: 1920, height: 1080).pixels
        == good.crop(x: 1920, y: 0, width: 1920, height: 1080).pixels)
    #expect(
      broken.pixel(x: 3, y: 985) == (0x5A, 0x14, 0x14),
      "the error band on the console (left of its text)")

    // Slides removed: the place is clamped to what is left.
    mark = run.events().count
    try deck("Three", slides: 2).write(toFile: path, atomically: true, encoding: .utf8)
    #expect(run.waitFor("reload", after: mark)?["slide"] as? Int == 2)
    #expect(run.presented("audience", slide: 2, after: mark))
    Thread.sleep(forTimeInterval: 0.4)
    #expect(
      try Screenshot.capture(display: server.display).pixel(x: 3, y: 985) != (0x5A, 0x14, 0x14),
      "the error is gone")

    // An image the deck shows is watched too: replacing it reloads.
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    let image = folder.appendingPathComponent("figure.png")
    try FileManager.default.copyItem(
      at: Fixtures.packageRoot.appendingPathComponent("Decks/images/two-displays.png"), to: image)
    mark = run.events().count
    try (deck("Three", slides: 2) + "\n![figure](figure.png)\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    #expect(run.waitFor("reload", after: mark) != nil)
    mark = run.events().count
    let replacement = folder.appendingPathComponent("figure-new.png")
    try FileManager.default.copyItem(
      at: Fixtures.packageRoot.appendingPathComponent(
        "Tests/PodiumSDLTests/__Goldens__/title-light.png"), to: replacement)
    _ = rename(replacement.path, image.path)  // as an image editor saves
    #expect(run.waitFor("reload", after: mark) != nil, "a changed image reloads the deck")
    try run.key("q", "q")
    #expect(run.waitForExit() == 0)
  }

  /// Live reload loads the deck as the talk first did: a theme from the configuration (the
  /// deck names none) survives an edit, and a theme file the deck names is watched, so editing
  /// it alone reaches the room.
  @Test func reloadKeepsTheConfiguredThemeAndFollowsAnEditedThemeFile() throws {
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let home = try Fixtures.configurationHome("theme: dark\n")
    let path = try Fixtures.writeDeck("# One\n\nA line of text\n")
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    let run = try PresentRun(server, deck: path, environment: home)
    func audienceShown(after mark: Int) -> Bool {
      let drawn = run.waitFor("present", after: mark) { $0["role"] as? String == "audience" }
      Thread.sleep(forTimeInterval: 0.4)
      return drawn != nil
    }
    func audienceCorner() throws -> [UInt8] {
      let (red, green, blue) = try Screenshot.capture(display: server.display).pixel(x: 1924, y: 4)
      return [red, green, blue]
    }
    #expect(audienceShown(after: 0))
    #expect(try audienceCorner() == [0x15, 0x1B, 0x23], "the configured dark theme")

    var mark = run.events().count
    try "# One\n\nA line of text, edited\n".write(toFile: path, atomically: true, encoding: .utf8)
    #expect(run.waitFor("reload", after: mark) != nil)
    #expect(audienceShown(after: mark))
    #expect(try audienceCorner() == [0x15, 0x1B, 0x23], "still dark after the edit")

    let theme = folder.appendingPathComponent("brand.yaml").path
    try "extends: dark\ncolors:\n  background: \"#203040\"\n".write(
      toFile: theme, atomically: true, encoding: .utf8)
    mark = run.events().count
    try "---\ntheme: brand.yaml\n---\n\n# One\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    #expect(run.waitFor("reload", after: mark) != nil)
    #expect(audienceShown(after: mark))
    #expect(try audienceCorner() == [0x20, 0x30, 0x40], "the deck's theme file")

    mark = run.events().count
    try "extends: dark\ncolors:\n  background: \"#402010\"\n".write(
      toFile: theme, atomically: true, encoding: .utf8)
    #expect(run.waitFor("reload", after: mark) != nil, "the theme file is watched")
    #expect(audienceShown(after: mark))
    #expect(try audienceCorner() == [0x40, 0x20, 0x10], "the edited theme file")
    try run.key("q", "q")
    #expect(run.waitForExit() == 0)
    #expect(run.typedEvents().count == run.events().count, "every trace line is a TraceLine")
  }

  /// A clicker's own keys, bound in the configuration, drive the talk.
  @Test func keysFromTheConfigurationDriveTheTalk() throws {
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let home = try Fixtures.configurationHome("keys:\n  next: [j]\n  previous: [k]\n")
    let run = try PresentRun(server, deck: Self.deck, environment: home)
    #expect(run.waitFor("show") != nil)
    try run.key("j", "j")
    #expect(run.presented("audience", slide: 3))
    try run.key("k")
    #expect(run.presented("audience", slide: 2))
    try run.key("q", "q")
    #expect(run.waitForExit() == 0)
  }

  /// The audience window takes no input of its own: a click on it is the speaker's click.
  @Test func clicksOnEitherWindowDriveBoth() throws {
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let run = try PresentRun(server, deck: Self.deck)
    #expect(run.waitFor("show") != nil)
    var mark = run.events().count
    try run.click(x: 1920 + 960, y: 540)  // on the audience monitor
    #expect(run.presented("audience", slide: 2, after: mark))
    #expect(run.presented("presenter", slide: 2, after: mark))
    mark = run.events().count
    try run.click(x: 1920 + 960, y: 540, button: 3)  // right click: back
    #expect(run.waitFor("show", after: mark, where: { $0["slide"] as? Int == 1 }) != nil)
    mark = run.events().count
    try run.click(x: 300, y: 300, button: 5)  // the wheel over the console's current slide
    #expect(run.waitFor("show", after: mark, where: { $0["slide"] as? Int == 2 }) != nil)
    // The wheel over the notes scrolls them instead of moving on.
    mark = run.events().count
    try run.click(x: 1500, y: 800, button: 5)
    Thread.sleep(forTimeInterval: 0.4)
    #expect(
      !run.events().dropFirst(mark).contains { $0["event"] as? String == "show" },
      "still on slide 2")
    try run.key("q", "q")
    #expect(run.waitForExit() == 0)
  }

  @Test func unplugFallsBackToMirroredAndReplugRestoresExtended() throws {
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let run = try PresentRun(server, deck: Self.deck)
    #expect(run.waitFor("present", where: { $0["role"] as? String == "audience" }) != nil)
    try run.key("Right", "Right")
    #expect(run.waitFor("show", where: { $0["slide"] as? Int == 3 }) != nil)
    try run.key("b")  // the speaker blanked the screen before the cable came out
    Thread.sleep(forTimeInterval: 1.2)

    var mark = run.events().count
    try server.unplug("DUMMY1")
    let mirrored = run.waitFor("stage", after: mark, where: { $0["mode"] as? String == "mirrored" })
    #expect(mirrored != nil, "unplugging the projector falls back to mirrored")
    #expect(mirrored?["slide"] as? Int == 3, "on the same slide")
    let firstElapsed = mirrored?["elapsed"] as? Double ?? 0
    #expect(firstElapsed > 1, "the timer is running")
    #expect(
      run.waitFor(
        "window", after: mark,
        where: { $0["role"] as? String == "audience" && $0["display"] as? Int == 0 }) != nil)

    Thread.sleep(forTimeInterval: 1.0)
    mark = run.events().count
    try server.plug("DUMMY1", rightOf: "DUMMY0")
    let extended = run.waitFor("stage", after: mark, where: { $0["mode"] as? String == "extended" })
    #expect(extended != nil, "plugging it back restores extended")
    #expect(extended?["slide"] as? Int == 3)
    #expect(
      (extended?["elapsed"] as? Double ?? 0) > firstElapsed + 0.5, "and the timer kept running")
    #expect(
      run.waitFor(
        "window", after: mark,
        where: { $0["role"] as? String == "audience" && $0["display"] as? Int == 1 }) != nil)
    #expect(extended?["blank"] as? String == "black", "still blanked")
    Thread.sleep(forTimeInterval: 0.5)
    #expect(
      try Screenshot.capture(display: server.display).pixel(x: 1920 + 960, y: 540) == (0, 0, 0))

    // A third monitor plugged in mid-talk gets the audience too.
    try run.key("b")
    mark = run.events().count
    try server.addMode(width: 1920, height: 1080, to: "DUMMY2")
    try server.plug("DUMMY2", rightOf: "DUMMY1")
    let three = run.waitFor("stage", after: mark, where: { ($0["audience"] as? [Int]) == [1, 2] })
    #expect(three?["mode"] as? String == "extended" && three?["slide"] as? Int == 3)
    #expect(run.presented("audience", slide: 3, after: mark))
    Thread.sleep(forTimeInterval: 0.5)
    let screen = try Screenshot.capture(display: server.display)
    #expect(
      screen.pixel(x: 3840 + 960, y: 540) == screen.pixel(x: 1920 + 960, y: 540),
      "both projectors show the slide")
    #expect(screen.pixel(x: 3840 + 960, y: 540) != (0, 0, 0))

    try run.key("q", "q")
    #expect(run.waitForExit() == 0)
  }

  @Test func optionsAndAThirdMonitor() throws {
    let server = try XorgServer(monitors: 3)
    defer { server.stop() }
    for (arguments, presenter, audience) in [
      ([String](), 0, [1, 2]), (["--swap"], 1, [0, 2]), (["--audience-display", "DUMMY2"], 0, [2]),
      (["--mirror"], -1, [0]),
    ] {
      let run = try PresentRun(server, deck: Self.deck, arguments: arguments)
      #expect(
        run.waitFor("present", where: { $0["role"] as? String == "audience" }) != nil,
        "\(arguments)")
      #expect(run.waitFor("show") != nil, "\(arguments)")
      Thread.sleep(forTimeInterval: 0.2)
      // A window is traced when it opens and again when its size is settled (full screen).
      let opened = run.events().filter { $0["event"] as? String == "window" }
      let audienceDisplays = Set(
        opened.filter { $0["role"] as? String == "audience" }.compactMap { $0["display"] as? Int }
      ).sorted()
      let presenterDisplays = Set(
        opened.filter { $0["role"] as? String == "presenter" }.compactMap { $0["display"] as? Int }
      ).sorted()
      #expect(audienceDisplays == audience, "\(arguments)")
      #expect(presenterDisplays == (presenter < 0 ? [] : [presenter]), "\(arguments)")
      // Each audience window covers its monitor exactly.
      for window in opened where window["role"] as? String == "audience" {
        #expect(window["w"] as? Int == 1920 && window["h"] as? Int == 1080)
        #expect(window["x"] as? Int == 1920 * (window["display"] as? Int ?? 0))
      }
      try run.key("q", "q")
      #expect(run.waitForExit() == 0, "\(arguments)")
    }
  }

  /// With a window manager a new resolution on the projector resizes the full-screen audience
  /// window; Podium lays the slide out again at the new size (crisp, not a scaled bitmap).
  @Test func aResolutionChangeLaysTheSlideOutAgainAtTheNewSize() throws {
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    try server.startWindowManager()
    try server.addMode(width: 1280, height: 720, to: "DUMMY1")
    let run = try PresentRun(server, deck: Self.deck)
    #expect(run.waitFor("show") != nil)
    try run.key("Right")
    #expect(run.waitFor("show", where: { $0["slide"] as? Int == 2 }) != nil)
    Thread.sleep(forTimeInterval: 0.5)
    let mark = run.events().count
    try server.xrandr(["--output", "DUMMY1", "--mode", "1280x720"])
    let resized = run.waitFor(
      "window", after: mark,
      where: { $0["role"] as? String == "audience" && $0["w"] as? Int == 1280 })
    #expect(resized?["h"] as? Int == 720 && resized?["pixels"] as? String == "1280x720")
    Thread.sleep(forTimeInterval: 0.5)
    let shown = try Screenshot.capture(display: server.display).crop(
      x: 1920, y: 0, width: 1280, height: 720)
    let out = try Fixtures.temporaryDirectory()
    let export = try CommandRunner.podium(
      "export", Self.deck, "-o", out.path, "--slides", "2", "--size", "1280x720")
    #expect(export.status == 0)
    let expected = try RGBImage(contentsOf: out.appendingPathComponent("slide-002.png").path)
    let audience = RGBImage(width: 1280, height: 720, pixels: shown.pixels)
    let difference = try #require(audience.difference(from: expected))
    #expect(difference.differing < 0.002, "the 720p audience vs export at 1280x720: \(difference)")
    try run.key("q", "q")
    #expect(run.waitForExit() == 0)
  }

  @Test func blankingShowsBlackAndWhiteToTheAudienceOnly() throws {
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let run = try PresentRun(server, deck: Self.deck)
    // Both windows placed and drawn before the first key: a key sent while the audience window
    // is still being placed can reach no window of Podium's.
    #expect(run.waitFor("present", where: { $0["role"] as? String == "audience" }) != nil)
    #expect(run.waitFor("present", where: { $0["role"] as? String == "presenter" }) != nil)
    Thread.sleep(forTimeInterval: 0.3)
    /// Presses `key`, waits for the audience's frame of `view` (the trace's), then reads the
    /// projector's middle pixel: the pixels themselves, not a fixed wait that a loaded machine
    /// outruns.
    func audienceCorner(after key: String, view: String) throws -> (UInt8, UInt8, UInt8) {
      let mark = run.events().count
      try run.key(key)
      #expect(
        run.waitFor(
          "present", after: mark,
          where: { $0["role"] as? String == "audience" && $0["view"] as? String == view }) != nil,
        "the audience shows \(view)")
      Thread.sleep(forTimeInterval: 0.1)
      return try Screenshot.capture(display: server.display).pixel(x: 1920 + 960, y: 540)
    }
    #expect(try audienceCorner(after: "b", view: "black") == (0, 0, 0))
    #expect(try audienceCorner(after: "w", view: "white") == (255, 255, 255))
    let slide = try audienceCorner(after: "w", view: "slide")
    #expect(slide != (255, 255, 255) && slide != (0, 0, 0))
    // The console still shows the slides while the audience is blank.
    try run.key("period")
    let console = try Screenshot.capture(display: server.display).crop(
      x: 0, y: 0, width: 1920, height: 1080)
    #expect(console.pixel(x: 960, y: 540) != (0, 0, 0))
    try run.key("q", "q")
    #expect(run.waitForExit() == 0)
  }

  /// Ctrl+C in the terminal (SIGINT) or SIGTERM ends the talk cleanly, windows closed.
  @Test(arguments: [SIGINT, SIGTERM])
  func aSignalEndsTheTalk(signal: Int32) throws {
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let run = try PresentRun(server, deck: Self.deck)
    #expect(run.waitFor("show") != nil)
    kill(run.process.processIdentifier, signal)
    #expect(run.waitForExit() == 0)
    #expect(run.events().contains { $0["event"] as? String == "quit" })
  }

  /// `--windowed`: both views as ordinary windows on one display, side by side, both driven by
  /// the same keys, to try a talk's two windows on a laptop.
  @Test func windowedPutsBothWindowsSideBySide() throws {
    let server = try XorgServer(monitors: 1)
    defer { server.stop() }
    let run = try PresentRun(server, deck: Self.deck, arguments: ["--windowed"])
    #expect(run.waitFor("show") != nil)
    #expect(run.waitFor("stage")?["mode"] as? String == "windowed")
    let placed = windows(run)
    let console = try #require(placed["presenter"])
    let audience = try #require(placed["audience"])
    func frame(_ window: [String: Any]) -> (x: Int, y: Int, w: Int, h: Int) {
      (
        window["x"] as? Int ?? -1, window["y"] as? Int ?? -1, window["w"] as? Int ?? 0,
        window["h"] as? Int ?? 0
      )
    }
    let (cx, cy, cw, ch) = frame(console)
    let (ax, ay, aw, ah) = frame(audience)
    #expect(cx + cw <= ax, "side by side, not on top of each other: \(console) \(audience)")
    #expect(ax + aw <= 1920 && cy + ch <= 1080 && ay + ah <= 1080 && cx >= 0 && cy >= 0)
    #expect(cw > aw && abs(Double(aw) / Double(ah) - 16.0 / 9) < 0.02)
    let mark = run.events().count
    try run.key("Right")
    #expect(run.presented("audience", slide: 2, after: mark))
    #expect(run.presented("presenter", slide: 2, after: mark))
    try run.key("q", "q")
    #expect(run.waitForExit() == 0)
  }

  /// `podium rehearse` on one screen with real keys and real waits: the console alone, times
  /// kept beside the deck, earlier runs kept, and a table on quit.
  @Test func rehearseRecordsTimePerSlideAndKeepsEarlierRuns() throws {
    let server = try XorgServer(monitors: 1)
    defer { server.stop() }
    let path = try Fixtures.writeDeck(
      "---\nduration: 1m\n---\n\n# Opening\n\n---\n\n## Middle\n\n- a\n\n<!-- pause -->\n\n- b\n\n---\n\n## Closing\n",
      named: "talk.md")
    let record = RehearsalLog.defaultPath(forDeck: path)
    for attempt in 1...2 {
      let run = try PresentRun(server, deck: path, command: "rehearse")
      #expect(run.waitFor("show") != nil)
      let opened = run.events().filter { $0["event"] as? String == "window" }
      #expect(
        Set(opened.compactMap { $0["role"] as? String }) == ["presenter"], "no audience window")
      #expect(opened.first?["w"] as? Int == 1920, "the console fills the screen")
      Thread.sleep(forTimeInterval: 0.5)  // on the title before the clock starts: not counted
      try run.key("Right")  // the clock starts; slide 2 step 1
      Thread.sleep(forTimeInterval: 1.0)
      try run.key("Right")  // step 2
      Thread.sleep(forTimeInterval: 0.5)
      try run.key("Right")  // slide 3
      Thread.sleep(forTimeInterval: 0.3)
      try run.key("q", "q")
      #expect(run.waitForExit() == 0)
      let log = try RehearsalLog.read(from: record)
      #expect(log.runs.count == attempt, "earlier runs are kept")
      let last = try #require(log.runs.last)
      #expect(last.slides.map(\.title) == ["Opening", "Middle", "Closing"])
      #expect(last.slides[0].seconds == 0)
      let middle = last.slides[1]
      #expect(middle.steps.count == 2)
      #expect(middle.steps[0] >= 0.9 && middle.steps[0] < 1.6, "\(middle.steps)")
      #expect(middle.steps[1] >= 0.4 && middle.steps[1] < 1.0, "\(middle.steps)")
      #expect(abs(last.total - last.slides.map(\.seconds).reduce(0, +)) < 0.2)
      let output = run.output()
      #expect(output.contains("Middle") && output.contains("this run"), "\(output)")
      #expect(output.contains("under the 1:00 talk"), "\(output)")
      #expect(output.contains("Rehearsal \(attempt) kept in"), "\(output)")
      if attempt == 2 {
        // The previous run's time for the middle slide is in the table.
        let line =
          output.split(separator: "\n").first { $0.contains("Middle") }.map(String.init) ?? ""
        #expect(line.split(separator: " ").filter { $0.contains(":") }.count == 3, "\(line)")
      }
    }
  }

  /// Over SSH or on a console there is no display: a clear error, not an invisible talk.
  @Test func withoutADisplayServerPresentSaysSoAndExits() throws {
    let result = try CommandRunner.podium(
      "present", Self.deck,
      environment: ["DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": ""])
    #expect(result.status == 1)
    #expect(result.stderr.contains("podium present: no display to present on"), "\(result.stderr)")
    let forced = try CommandRunner.podium(
      "present", Self.deck, environment: ["DISPLAY": "", "SDL_VIDEODRIVER": "x11"])
    #expect(forced.status == 1)
    #expect(forced.stderr.contains("SDL_VideoInit"), "the failing call is named: \(forced.stderr)")
  }

  /// A deck with errors never reaches the audience: the errors, with their places, and exit 1.
  @Test func aBrokenDeckDoesNotStartTheTalk() throws {
    let path = try Fixtures.writeDeck("---\naspect: 5:banana\n---\n\n# Title\n")
    let result = try CommandRunner.podium(
      "present", path, environment: ["DISPLAY": "", "SDL_VIDEODRIVER": ""])
    #expect(result.status == 1)
    #expect(result.stderr.contains("deck.md:2:9: error: aspect '5:banana'"), "\(result.stderr)")
    #expect(result.stderr.contains("the talk did not start"))
  }

  @Test func oneMonitorWithAFourThreeDeckShowsPillarboxBars() throws {
    let server = try XorgServer(monitors: 1)
    defer { server.stop() }
    let path = try Fixtures.writeDeck("---\naspect: 4:3\ntheme: light\n---\n\n# Old projector\n")
    let run = try PresentRun(server, deck: path)
    let stage = run.waitFor("stage")
    #expect(stage?["mode"] as? String == "mirrored")
    #expect(run.waitFor("present", where: { $0["role"] as? String == "audience" }) != nil)
    Thread.sleep(forTimeInterval: 0.3)
    let screen = try Screenshot.capture(display: server.display).crop(
      x: 0, y: 0, width: 1920, height: 1080)
    // 1920 - 1080 * 4 / 3 = 480: bars of 240 px on each side.
    #expect(screen.pixel(x: 239, y: 540) == (0, 0, 0))
    #expect(screen.pixel(x: 1680, y: 540) == (0, 0, 0))
    let light = Theme.light.colors.background
    #expect(screen.pixel(x: 240, y: 540) == (light.red, light.green, light.blue))
    #expect(screen.pixel(x: 1679, y: 540) == (light.red, light.green, light.blue))
    try run.key("q", "q")
    #expect(run.waitForExit() == 0)
  }

  /// A deck deleted mid-talk (an editor's delete-and-recreate, a `git checkout`, a slip in a
  /// terminal): the audience keeps the slide, the console and the trace say what happened, and
  /// the file coming back reloads. The same when its whole folder goes and comes back.
  @Test func aDeletedDeckKeepsTheLastGoodVersionAndReloadsWhenItIsBack() throws {
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    func deck(_ title: String) -> String {
      "---\ntheme: dark\n---\n\n# One\n\n---\n\n## \(title)\n\n- a point\n"
    }
    let path = try Fixtures.writeDeck(deck("Two"))
    let run = try PresentRun(server, deck: path)
    #expect(run.waitFor("show") != nil)
    try run.key("Right")
    #expect(run.presented("audience", slide: 2))
    Thread.sleep(forTimeInterval: 0.5)
    let before = try Screenshot.capture(display: server.display).crop(
      x: 1920, y: 0, width: 1920, height: 1080)

    // Deleted: the room still sees the slide; the console and the trace say why nothing changes.
    var mark = run.events().count
    try FileManager.default.removeItem(atPath: path)
    let failed = run.waitFor("reload-failed", after: mark)
    #expect(failed?["reason"] as? String == "deleted", "\(failed ?? [:])")
    #expect(failed?["message"] as? String == "\(path) was deleted")
    #expect(failed?["console"] as? String == "deck.md was deleted; showing the last good version")
    Thread.sleep(forTimeInterval: 0.4)
    let gone = try Screenshot.capture(display: server.display)
    #expect(
      gone.crop(x: 1920, y: 0, width: 1920, height: 1080).pixels == before.pixels,
      "the audience keeps the slide")
    #expect(gone.pixel(x: 3, y: 985) == (0x5A, 0x14, 0x14), "the problem band on the console")
    // The talk goes on with the last good deck.
    mark = run.events().count
    try run.key("Left")
    #expect(run.presented("audience", slide: 1, after: mark))
    try run.key("Right")
    #expect(run.presented("audience", slide: 2, after: mark))

    // Written again, as an editor does after deleting: watched still, reloaded, the band gone.
    mark = run.events().count
    try deck("Two, back").write(toFile: path, atomically: false, encoding: .utf8)
    let reloaded = run.waitFor("reload", after: mark)
    #expect(
      reloaded?["slide"] as? Int == 2 && reloaded?["version"] as? Int == 2, "\(reloaded ?? [:])")
    #expect(
      run.waitFor(
        "present", after: mark,
        where: { $0["role"] as? String == "audience" && $0["deck"] as? Int == 2 }) != nil)
    Thread.sleep(forTimeInterval: 0.4)
    let back = try Screenshot.capture(display: server.display)
    #expect(back.pixel(x: 3, y: 985) != (0x5A, 0x14, 0x14), "the problem is gone from the console")
    let out = try Fixtures.temporaryDirectory()
    #expect(try CommandRunner.podium("export", path, "-o", out.path, "--slides", "2").status == 0)
    let expected = try RGBImage(contentsOf: out.appendingPathComponent("slide-002.png").path)
    let shown = RGBImage(
      width: 1920, height: 1080, pixels: back.crop(x: 1920, y: 0, width: 1920, height: 1080).pixels)
    #expect(
      try #require(shown.difference(from: expected)).differing < 0.002,
      "the deck that came back, on the audience")

    // The whole folder removed (a checkout of a branch without it) and restored: inotify drops
    // the folder's watch with it; the folder is watched again when it is back.
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    mark = run.events().count
    try FileManager.default.removeItem(at: folder)
    #expect(run.waitFor("reload-failed", after: mark)?["reason"] as? String == "deleted")
    Thread.sleep(forTimeInterval: 1.2)
    mark = run.events().count
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try deck("Two, restored").write(toFile: path, atomically: true, encoding: .utf8)
    #expect(
      run.waitFor("reload", after: mark)?["version"] as? Int == 3, "the folder is watched again")
    // And edits after that reload too.
    mark = run.events().count
    try deck("Two, edited after").write(toFile: path, atomically: true, encoding: .utf8)
    #expect(run.waitFor("reload", after: mark)?["version"] as? Int == 4)
    try run.key("q", "q")
    #expect(run.waitForExit() == 0)
  }

  /// A beamer PDF on two monitors: overlays are build steps, the audience's pixels are the page
  /// as Poppler draws it at the monitor's size, the console has pdfpc's notes; with notes pages
  /// the audience sees only the slide half.
  @Test func aBeamerPDFWalksItsSlidesAndStepsOnTheAudience() throws {
    let pdfs = Fixtures.pdfs
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let out = try Fixtures.temporaryDirectory()
    for (name, crop) in [("beamer-overlays.pdf", false), ("beamer-notes-right.pdf", true)] {
      let deck = pdfs.appendingPathComponent(name).path
      let run = try PresentRun(server, deck: deck)
      #expect(run.waitFor("show") != nil, "\(name) starts")
      // Eight presses walk the five slides' nine steps, each shown in turn (steps from 1).
      let steps = [(2, 1), (2, 2), (2, 3), (2, 4), (3, 1), (3, 2), (4, 1), (5, 1)]
      for (slide, step) in steps {
        let before = run.events().count
        try run.key("Right")
        #expect(
          run.waitFor(
            "show", after: before,
            where: { $0["slide"] as? Int == slide && $0["step"] as? Int == step }) != nil,
          "\(name): slide \(slide) step \(step)")
      }
      #expect(run.presented("audience", slide: 5))
      // Back to slide 2, step 2: page 3.
      try run.key("Home")
      let before = run.events().count
      try run.key("Right", "Right")
      #expect(
        run.waitFor(
          "present", after: before,
          where: { $0["role"] as? String == "audience" && $0["step"] as? Int == 2 }) != nil)
      Thread.sleep(forTimeInterval: 0.4)
      let screen = try Screenshot.capture(display: server.display)
      let audience = screen.crop(x: 1920, y: 0, width: 1920, height: 1080)
      let shown = RGBImage(width: 1920, height: 1080, pixels: audience.pixels)
      var arguments = ["-png", "-f", "3", "-l", "3", "-singlefile"]
      arguments +=
        crop
        ? ["-scale-to-x", "3840", "-scale-to-y", "1080", "-W", "1920", "-H", "1080"]
        : ["-scale-to-x", "1920", "-scale-to-y", "1080"]
      let reference = out.appendingPathComponent(name).path
      let drawn = try CommandRunner.run(
        URL(fileURLWithPath: "/usr/bin/pdftocairo"), arguments + [deck, reference])
      #expect(drawn.status == 0)
      let expected = try RGBImage(contentsOf: reference + ".png")
      let difference = try #require(shown.difference(from: expected))
      #expect(difference.differing < 0.005, "\(name): the audience vs pdftocairo: \(difference)")
      #expect(
        shown.count(of: RGBAColor(red: 0x33, green: 0x33, blue: 0xB2), tolerance: 12) > 100_000,
        "the page, not a blank frame")
      try run.key("q", "q")
      #expect(run.waitForExit() == 0)
    }
  }
  /// A page that takes seconds to draw never holds up the talk: keys are answered at once, the
  /// audience keeps the slide it had (never half a page) until the page is ready, and the next
  /// key's slide shows as soon as the drawing that is under way ends.
  @Test func aSlowPageNeverHoldsUpTheTalk() throws {
    let folder = try Fixtures.temporaryDirectory()
    let deck = folder.appendingPathComponent("slow.pdf")
    try TinyPDF(pages: [
      .init(grey: 0), .init(grey: 0.8, curves: 200_000), .init(grey: 0.5),
    ]).write(to: deck)
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let run = try PresentRun(server, deck: deck.path)
    #expect(run.presented("audience", slide: 1))
    Thread.sleep(forTimeInterval: 0.3)
    var before = run.events().count
    let pressed = Date()
    try run.key("Right")
    #expect(run.waitFor("show", after: before, where: { $0["slide"] as? Int == 2 }) != nil)
    // The key is taken at once; the audience still shows slide 1 whole (its black square).
    #expect(Date().timeIntervalSince(pressed) < 1.5)
    let waiting = try Screenshot.capture(display: server.display)
    #expect(waiting.pixel(x: 1920 + 960, y: 540) == (0, 0, 0), "slide 1's square, untouched")
    #expect(waiting.pixel(x: 1920 + 10, y: 10) == (255, 255, 255))
    // The speaker moves on: the loop answers, and slide 3 shows once the drawing ends.
    before = run.events().count
    try run.key("Right")
    #expect(run.waitFor("show", after: before, where: { $0["slide"] as? Int == 3 }) != nil)
    #expect(run.presented("audience", slide: 3, after: before))
    let last = run.events().last {
      $0["event"] as? String == "present" && $0["role"] as? String == "audience"
    }
    #expect(last?["slide"] as? Int == 3)
    Thread.sleep(forTimeInterval: 0.3)
    let square = try Screenshot.capture(display: server.display).pixel(x: 1920 + 960, y: 540)
    #expect(abs(Int(square.0) - 128) <= 2, "slide 3's grey square: \(square)")
    try run.key("q", "q")
    #expect(run.waitForExit() == 0)
  }
}
