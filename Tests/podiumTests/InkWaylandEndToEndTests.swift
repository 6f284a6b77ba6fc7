import Foundation
import PodiumCore
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// Ink on sway (headless, two outputs), through SDL's native Wayland driver: a drag of a mouse
/// on sway's seat (`WaylandPointer`, a virtual pointer) across the console's view of the slide
/// is a stroke on the audience's output, as `export --ink` draws it; undo takes it away and
/// redo puts it back; the next step has none; a new talk on the same deck shows it again (the
/// sidecar), a stroke drawn just before `kill -9` is back with `--resume`, and a reload that
/// inserts a slide before it leaves the ink with its slide. One rig and three talks for all of
/// it, as `InkEndToEndTests` and `InkJournalEndToEndTests` check it on X.
@Suite(.serialized) struct InkWaylandEndToEndTests {
  let ink = InkEndToEndTests()

  /// Where the stroke goes, in the slide's coordinates.
  static let from = SlidePoint(x: 0.2, y: 0.7)
  static let to = SlidePoint(x: 0.8, y: 0.8)

  /// The audience's output as the room sees it.
  func audience(_ rig: WaylandRig) throws -> RGBImage {
    try RGBImage(contentsOf: try rig.screenshot("HEADLESS-2"))
  }

  /// Waits until the audience shows at least `atLeast` pixels of the pen's red (or none), and
  /// returns that screenshot.
  func waitForRed(_ rig: WaylandRig, atLeast: Int = 1, none: Bool = false) -> RGBImage? {
    eventually(timeout: 8, every: 0.3) { () -> RGBImage? in
      guard let image = try? audience(rig) else { return nil }
      let count = ink.redPixels(image)
      return (none ? count == 0 : count >= atLeast) ? image : nil
    }
  }

  /// Waits until the audience shows the whole stroke from `from` to `to` (by default the first
  /// one): the pen's red at both of its ends.
  func waitForStroke(
    _ rig: WaylandRig, from: SlidePoint = from, to: SlidePoint = to, timeout: Double = 8
  ) -> RGBImage? {
    eventually(timeout: timeout, every: 0.3) { () -> RGBImage? in
      guard let image = try? audience(rig), ink.redPixels(image) >= 2000 else { return nil }
      let ends = [from, to].map { red(image, around: [$0], margin: 8) }
      return ends.allSatisfy { $0 > 0 } ? image : nil
    }
  }

  /// A drag of the pen across the console's view of the slide (on HEADLESS-1, at the layout's
  /// origin: its pixels are the layout's).
  func draw(
    _ pointer: WaylandPointer, _ deckPath: String, from: SlidePoint = from, to: SlidePoint = to
  ) throws {
    let view = try ink.consoleView(deckPath)
    let (x0, y0) = from.location(in: view)
    let (x1, y1) = to.location(in: view)
    try pointer.drag(from: (Int(x0), Int(y0)), to: (Int(x1), Int(y1)))
  }

  /// Keeps the audience's output as NAME.png in `$PODIUM_INK_SHOTS`, when set, for a person to
  /// look at.
  func keep(_ rig: WaylandRig, _ name: String) {
    guard let folder = ProcessInfo.processInfo.environment["PODIUM_INK_SHOTS"],
      let shot = try? rig.screenshot("HEADLESS-2")
    else { return }
    try? FileManager.default.removeItem(atPath: folder + "/\(name).png")
    try? FileManager.default.copyItem(atPath: shot, toPath: folder + "/\(name).png")
  }

  /// The pen's red pixels of `image` in the box around `points` (slide coordinates), `margin`
  /// pixels wider on each side; or, `outside`, everywhere else.
  func red(
    _ image: RGBImage, around points: [SlidePoint], margin: Int, outside: Bool = false
  ) -> Int {
    let (r, g, b) = InkEndToEndTests.red
    let xs = points.map { Int($0.x * Double(image.width)) }
    let ys = points.map { Int($0.y * Double(image.height)) }
    let box = (
      x: (xs.min() ?? 0) - margin...(xs.max() ?? 0) + margin,
      y: (ys.min() ?? 0) - margin...(ys.max() ?? 0) + margin
    )
    let rows = outside ? 0...image.height - 1 : box.y.clamped(to: 0...image.height - 1)
    let columns = outside ? 0...image.width - 1 : box.x.clamped(to: 0...image.width - 1)
    var count = 0
    for y in rows {
      for x in columns where (box.x.contains(x) && box.y.contains(y)) != outside {
        let pixel = image.pixel(x: x, y: y)
        if abs(Int(pixel.red) - Int(r)) <= 6 && abs(Int(pixel.green) - Int(g)) <= 6
          && abs(Int(pixel.blue) - Int(b)) <= 6
        {
          count += 1
        }
      }
    }
    return count
  }

  @Test func aDragThroughSwaysSeatIsInkOnTheAudienceAsInTheExport() throws {
    let deckPath = try Fixtures.writeDeck(InkEndToEndTests.deckText, named: "wayland-ink.md")
    // Podium runs as the rig's user: it writes the sidecar beside the deck.
    let folder = URL(fileURLWithPath: deckPath).deletingLastPathComponent().path
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder)
    // sway composites every frame: scanning the audience's full-screen window out directly,
    // sway 1.7 on the headless backend shows its new frames, once the seat has a pointer, only
    // while the cursor is over its output (docs/TESTING.md, "The Wayland rig").
    let rig = try WaylandRig(driver: .wayland, scanout: false)
    defer { rig.stop() }
    // The mouse is on the seat before the talk starts, as a laptop's touchpad is.
    let pointer = try rig.pointer()
    defer { pointer.stop() }
    let run = try PresentRun(rig, deck: deckPath)
    #expect(run.waitFor("show") != nil, "\(run.errors())")
    #expect(run.presented("audience", slide: 1))
    let before = try #require(waitForRed(rig, none: true), "no ink yet")
    #expect(ink.redPixels(before) == 0)

    // The pen, and a stroke across the console's view of the slide.
    try run.key("d")
    try draw(pointer, deckPath)
    let drawn = waitForStroke(rig)
    #expect(drawn != nil, "a stroke on the audience's output: \(run.errors())")
    if let drawn {
      let stray = red(drawn, around: [Self.from, Self.to], margin: 12, outside: true)
      #expect(stray == 0, "the pen's red only where the stroke is")
    }

    // Undo takes it away on the audience, redo puts it back.
    try run.key("ctrl+z")
    #expect(waitForRed(rig, none: true) != nil, "undone")
    try run.key("ctrl+y")
    let redone = waitForStroke(rig)
    #expect(redone != nil, "redone")

    // Ink belongs to its build step: the next step shows none, back shows it again.
    try run.key("Right")
    #expect(waitForRed(rig, none: true) != nil, "step 2 has no ink")
    try run.key("Left")
    #expect(waitForStroke(rig) != nil, "step 1 has its ink again")

    // The talk ends and keeps its ink in the sidecar beside the deck.
    try run.key("q", "q")
    #expect(run.waitForExit() == 0, "\(run.errors())")
    let sidecar = (try? String(contentsOfFile: deckPath + ".ink", encoding: .utf8)) ?? ""
    #expect(sidecar.hasPrefix("podium-ink 1\n") && sidecar.contains("stroke "), "\(sidecar)")

    // What the audience showed equals `export --ink` of the same slide and step.
    let out = try Fixtures.temporaryDirectory()
    let export = try CommandRunner.podium(
      "export", deckPath, "-o", out.path, "--slides", "1", "--steps", "--ink")
    #expect(export.status == 0, "\(export.stderr)")
    let expectedPath = out.appendingPathComponent("slide-001-step-1.png").path
    let expected = try RGBImage(contentsOf: expectedPath)
    #expect(ink.redPixels(expected) > 2000, "the export has the ink")
    for (name, shown) in [("drawn", drawn), ("redone", redone)] {
      guard let shown else { continue }
      let difference = try #require(shown.difference(from: expected))
      #expect(difference.differing < 0.003, "audience (\(name)) vs export --ink: \(difference)")
    }
    try restartResumeAndReload(rig, pointer, deckPath)
    if let keep = ProcessInfo.processInfo.environment["PODIUM_INK_SHOTS"], let drawn {
      // For looking at: the audience as a PPM, and the export beside it.
      let header = Array("P6 \(drawn.width) \(drawn.height) 255\n".utf8)
      FileManager.default.createFile(
        atPath: keep + "/wayland-audience.ppm", contents: Data(header + drawn.pixels))
      try? FileManager.default.copyItem(atPath: expectedPath, toPath: keep + "/wayland-export.png")
    }
  }

  /// Where the second stroke goes, the one drawn just before `kill -9`.
  static let lastFrom = SlidePoint(x: 0.55, y: 0.3)
  static let lastTo = SlidePoint(x: 0.85, y: 0.4)

  /// The talk started again on the same deck (its ink from the sidecar), a stroke, `kill -9`
  /// and `--resume` (that stroke back), then a reload that inserts a slide before the inked one.
  func restartResumeAndReload(
    _ rig: WaylandRig, _ pointer: WaylandPointer, _ deckPath: String
  ) throws {
    // One state folder for the killed talk and the resumed one: `--resume` reads its journal.
    let state = try Fixtures.temporaryDirectory("podium-state")
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: state.path)
    let environment = ["XDG_STATE_HOME": state.path]

    // A new talk on the same deck: the sidecar brings the stroke back on the audience.
    try rig.holdKeyboard()
    // Its sidecar writes held back (test-only): the stroke drawn before the kill can only come
    // back from the talk's journal.
    let fresh = try PresentRun(
      rig, deck: deckPath,
      environment: environment.merging(["PODIUM_TEST_INK_WRITE_DELAY": "60"]) { $1 })
    defer { if fresh.process.isRunning { fresh.killHard() } }
    #expect(fresh.waitFor("show") != nil, "\(fresh.errors())")
    #expect(fresh.presented("audience", slide: 1))
    #expect(waitForStroke(rig) != nil, "the sidecar's stroke after a restart")

    // Another stroke, and the talk killed as soon as the audience shows it.
    try fresh.key("d")
    try draw(pointer, deckPath, from: Self.lastFrom, to: Self.lastTo)
    #expect(
      waitForStroke(rig, from: Self.lastFrom, to: Self.lastTo) != nil, "the second stroke")
    fresh.killHard()
    #expect(fresh.waitForExit() != nil, "killed")
    let kept = (try? String(contentsOfFile: deckPath + ".ink", encoding: .utf8)) ?? ""
    #expect(kept.components(separatedBy: "\nstroke ").count == 2, "one stroke in the sidecar")

    try rig.holdKeyboard()
    let resumed = try PresentRun(
      rig, deck: deckPath, arguments: ["--resume"], environment: environment)
    defer { if resumed.process.isRunning { resumed.killHard() } }
    #expect(resumed.waitFor("show") != nil, "\(resumed.errors())")
    #expect(resumed.waitFor("resumed") != nil, "the journal taken up")
    let back = waitForStroke(rig, from: Self.lastFrom, to: Self.lastTo)
    #expect(back != nil, "the stroke drawn before kill -9 after --resume")
    #expect(waitForStroke(rig) != nil, "and the first one")
    keep(rig, "wayland-resumed")

    // A slide inserted before it does not move it: the ink stays with its slide.
    let mark = resumed.events().count
    try ("# A new first slide\n\n---\n\n" + InkEndToEndTests.deckText).write(
      toFile: deckPath, atomically: true, encoding: .utf8)
    #expect(resumed.waitFor("reload", after: mark, timeout: 10) != nil)
    #expect(waitForRed(rig, none: true) != nil, "the new slide 1 has no ink")
    try resumed.key("Right")
    #expect(resumed.presented("audience", slide: 2, after: mark))
    #expect(waitForStroke(rig) != nil, "the ink moved with its slide")
    #expect(
      waitForStroke(rig, from: Self.lastFrom, to: Self.lastTo) != nil, "both of its strokes")
    keep(rig, "wayland-reloaded")
    try resumed.key("q", "q")
    #expect(resumed.waitForExit() == 0, "\(resumed.errors())")
  }
}
