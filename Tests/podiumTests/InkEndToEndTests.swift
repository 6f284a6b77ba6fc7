import Foundation
import PodiumCore
import PodiumSDL
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// Ink on a real two-monitor X server: an xdotool drag on the console's view of the slide is
/// drawn on the audience's slide exactly as `export --ink` draws it; undo, redo, ink per step,
/// and the ink kept across `kill -9` + `--resume` and a reload that inserts a slide before it.
@Suite(.serialized) struct InkEndToEndTests {
  static let deckText = """
    # Ink here

    - first point

    <!-- pause -->

    - second point

    ---

    # Another slide

    Words.

    """

  /// The pen's first colour, #e51e1e.
  static let red: (UInt8, UInt8, UInt8) = (0xE5, 0x1E, 0x1E)

  /// Where the console shows the current slide on a 1920x1080 display.
  func consoleView(_ deckPath: String) throws -> Rect {
    let deck = try #require(DeckParser.parse(fileAt: deckPath).deck)
    let engine = LayoutEngine(
      theme: .light, measurer: SDLTextMeasurer(library: FontLibrary()), images: ImageLibrary())
    let state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    let status = ConsoleStatus(now: 0, elapsed: 0, clock: "00:00", audience: "")
    return engine.console(
      deck: deck, state: state, status: status, size: PixelSize(width: 1920, height: 1080)
    ).currentSlide
  }

  /// A drag of the left button from one point of the slide to another, through the console's
  /// view of it, in small moves as a hand makes.
  func drag(_ server: XorgServer, view: Rect, from: SlidePoint, to: SlidePoint) throws {
    let (x0, y0) = from.location(in: view)
    let (x1, y1) = to.location(in: view)
    var arguments = ["mousemove", "\(Int(x0))", "\(Int(y0))", "mousedown", "1"]
    for index in 1...20 {
      let t = Double(index) / 20
      arguments += [
        "mousemove", "\(Int(x0 + (x1 - x0) * t))", "\(Int(y0 + (y1 - y0) * t))", "sleep", "0.01",
      ]
    }
    arguments += ["mouseup", "1"]
    _ = try server.run("/usr/bin/xdotool", arguments)
  }

  /// The talk's crash journal under `state` (its XDG_STATE_HOME) once it holds `text`.
  func journal(under state: URL, containing text: String) -> String? {
    let folder = state.appendingPathComponent("podium").path
    return eventually(timeout: 5) { () -> String? in
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      guard let name = names.first(where: { $0.hasSuffix(".present.journal") }),
        let journal = try? String(contentsOfFile: folder + "/" + name, encoding: .utf8),
        journal.contains(text)
      else { return nil }
      return journal
    }
  }

  func audience(_ server: XorgServer) throws -> RGBImage {
    let screen = try Screenshot.capture(display: server.display)
    let crop = screen.crop(x: 1920, y: 0, width: 1920, height: 1080)
    return RGBImage(width: crop.width, height: crop.height, pixels: crop.pixels)
  }

  func redPixels(_ image: RGBImage) -> Int {
    image.count(of: RGBAColor(red: Self.red.0, green: Self.red.1, blue: Self.red.2), tolerance: 6)
  }

  /// Waits until the audience shows more (or no) red than `atLeast`.
  func waitForRed(_ server: XorgServer, atLeast: Int? = nil, none: Bool = false) -> Int {
    eventually(timeout: 8) { () -> Int? in
      guard let image = try? audience(server) else { return nil }
      let count = redPixels(image)
      if none { return count == 0 ? 0 : nil }
      return count >= (atLeast ?? 1) ? count : nil
    } ?? -1
  }

  @Test func aDragOnTheConsoleIsInkOnTheAudienceAndInTheExport() throws {
    let deckPath = try Fixtures.writeDeck(Self.deckText, named: "ink.md")
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let run = try PresentRun(server, deck: deckPath)
    #expect(run.waitFor("show") != nil)
    #expect(run.presented("audience", slide: 1))
    let view = try consoleView(deckPath)
    #expect(redPixels(try audience(server)) == 0, "no ink yet")

    try run.key("d")
    try drag(server, view: view, from: SlidePoint(x: 0.2, y: 0.7), to: SlidePoint(x: 0.8, y: 0.8))
    let drawn = waitForRed(server, atLeast: 2000)
    #expect(drawn >= 2000, "a stroke on the audience's slide (\(drawn) red pixels)")
    // The sidecar has it, written after the stroke.
    let sidecar = deckPath + ".ink"
    let kept = eventually(timeout: 5) { () -> String? in
      let text = try? String(contentsOfFile: sidecar, encoding: .utf8)
      return text?.contains("stroke ") == true ? text : nil
    }
    #expect(kept?.hasPrefix("podium-ink 1\n") == true)
    #expect(run.process.isRunning && run.events().contains { $0["event"] as? String == "show" })

    // The audience equals `export --ink` of the same slide.
    let out = try Fixtures.temporaryDirectory()
    let export = try CommandRunner.podium(
      "export", deckPath, "-o", out.path, "--slides", "1", "--steps", "--ink")
    #expect(export.status == 0, "\(export.stderr)")
    let expected = try RGBImage(
      contentsOf: out.appendingPathComponent("slide-001-step-1.png").path)
    // The next step has no ink of its own.
    let second = try RGBImage(contentsOf: out.appendingPathComponent("slide-001-step-2.png").path)
    #expect(redPixels(second) == 0, "ink per step in the export")
    #expect(redPixels(expected) > 2000, "the export has the ink")
    let shown = try audience(server)
    let difference = try #require(shown.difference(from: expected))
    #expect(difference.differing < 0.003, "audience vs export --ink: \(difference)")
    if let folder = ProcessInfo.processInfo.environment["PODIUM_INK_SHOTS"] {
      // For looking at: the audience as a PPM, and the export beside it.
      let header = Array("P6 \(shown.width) \(shown.height) 255\n".utf8)
      _ = FileManager.default.createFile(
        atPath: folder + "/audience.ppm", contents: Data(header + shown.pixels))
      try? FileManager.default.copyItem(
        atPath: out.appendingPathComponent("slide-001-step-1.png").path,
        toPath: folder + "/export-ink.png")
      let console = try Screenshot.capture(display: server.display).crop(
        x: 0, y: 0, width: 1920, height: 1080)
      let consoleHeader = Array("P6 1920 1080 255\n".utf8)
      _ = FileManager.default.createFile(
        atPath: folder + "/console.ppm", contents: Data(consoleHeader + console.pixels))
    }

    // Undo takes it away, redo puts it back.
    try run.key("ctrl+z")
    #expect(waitForRed(server, none: true) == 0, "undone")
    try run.key("ctrl+y")
    #expect(waitForRed(server, atLeast: 2000) >= 2000, "redone")

    // Ink belongs to its build step: the next step shows none, back shows it again.
    try run.key("Right")
    #expect(waitForRed(server, none: true) == 0, "step 2 has no ink")
    try run.key("Left")
    #expect(waitForRed(server, atLeast: 2000) >= 2000, "step 1 has its ink again")

    // kill -9 loses nothing but a stroke being drawn; --resume shows the ink.
    kill(run.process.processIdentifier, SIGKILL)
    _ = run.waitForExit()
    let again = try PresentRun(server, deck: deckPath, arguments: ["--resume"])
    #expect(again.waitFor("show") != nil)
    #expect(waitForRed(server, atLeast: 2000) >= 2000, "the ink after kill -9 and --resume")

    // A slide inserted before it does not move it: the ink stays with its slide.
    let mark = again.events().count
    try ("# A new first slide\n\n---\n\n" + Self.deckText).write(
      toFile: deckPath, atomically: true, encoding: .utf8)
    #expect(again.waitFor("reload", after: mark, timeout: 10) != nil)
    #expect(waitForRed(server, none: true) == 0, "the new slide 1 has no ink")
    try again.key("Right")
    #expect(again.presented("audience", slide: 2, after: mark))
    #expect(waitForRed(server, atLeast: 2000) >= 2000, "the ink moved with its slide")
    try again.key("q", "q")
    #expect(again.waitForExit() == 0)
  }
}
