import Foundation
import PodiumCore
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// Ink on sway (headless, two outputs), through SDL's native Wayland driver: a drag of a mouse
/// on sway's seat (`WaylandPointer`, a virtual pointer) across the console's view of the slide
/// is a stroke on the audience's output, as `export --ink` draws it; undo takes it away and
/// redo puts it back. The Xorg rig's `InkEndToEndTests` covers the rest (steps, restarts).
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

  /// Waits until the audience shows the whole stroke: the pen's red at both of its ends.
  func waitForStroke(_ rig: WaylandRig) -> RGBImage? {
    eventually(timeout: 8, every: 0.3) { () -> RGBImage? in
      guard let image = try? audience(rig), ink.redPixels(image) >= 2000 else { return nil }
      let ends = [Self.from, Self.to].map { red(image, around: [$0], margin: 8) }
      return ends.allSatisfy { $0 > 0 } ? image : nil
    }
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

    // The pen, and a stroke across the console's view of the slide (the console is on
    // HEADLESS-1, at the layout's origin: its pixels are the layout's).
    try run.key("d")
    let view = try ink.consoleView(deckPath)
    let (x0, y0) = Self.from.location(in: view)
    let (x1, y1) = Self.to.location(in: view)
    try pointer.drag(from: (Int(x0), Int(y0)), to: (Int(x1), Int(y1)))
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
    if let keep = ProcessInfo.processInfo.environment["PODIUM_INK_SHOTS"], let drawn {
      // For looking at: the audience as a PPM, and the export beside it.
      let header = Array("P6 \(drawn.width) \(drawn.height) 255\n".utf8)
      FileManager.default.createFile(
        atPath: keep + "/wayland-audience.ppm", contents: Data(header + drawn.pixels))
      try? FileManager.default.copyItem(atPath: expectedPath, toPath: keep + "/wayland-export.png")
    }
  }
}
