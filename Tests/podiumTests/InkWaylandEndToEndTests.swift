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

  /// The audience's output as the room sees it. sway 1.7 repaints an output for a window's new
  /// frames only while the seat's pointer is over it (docs/TESTING.md, "The Wayland rig"): the
  /// pointer goes over the projector's output (where the audience window takes no ink), the
  /// screenshot is taken, and the pointer goes back to the console, whose window then has the
  /// keyboard again.
  func audience(_ rig: WaylandRig, _ pointer: WaylandPointer) throws -> RGBImage {
    try pointer.move(x: 1920 + 960, y: 540)
    Thread.sleep(forTimeInterval: 0.3)
    let shot = try RGBImage(contentsOf: try rig.screenshot("HEADLESS-2"))
    try pointer.move(x: 960, y: 1050)
    Thread.sleep(forTimeInterval: 0.2)
    return shot
  }

  /// Waits until the audience shows at least `atLeast` pixels of the pen's red (or none), and
  /// returns that screenshot.
  func waitForRed(
    _ rig: WaylandRig, _ pointer: WaylandPointer, atLeast: Int = 1, none: Bool = false
  ) -> RGBImage? {
    eventually(timeout: 8, every: 0.5) { () -> RGBImage? in
      guard let image = try? audience(rig, pointer) else { return nil }
      let count = ink.redPixels(image)
      return (none ? count == 0 : count >= atLeast) ? image : nil
    }
  }

  /// The pen's red pixels of `image` that lie outside the box around the stroke, `margin`
  /// pixels wider than the line from `from` to `to` on each side.
  func redOutsideTheStroke(_ image: RGBImage, margin: Int = 12) -> Int {
    let (r, g, b) = InkEndToEndTests.red
    let red = RGBAColor(red: r, green: g, blue: b)
    let x0 = Int(Self.from.x * Double(image.width)) - margin
    let x1 = Int(Self.to.x * Double(image.width)) + margin
    let y0 = Int(Self.from.y * Double(image.height)) - margin
    let y1 = Int(Self.to.y * Double(image.height)) + margin
    var outside = 0
    for y in 0..<image.height {
      for x in 0..<image.width where !(x0...x1).contains(x) || !(y0...y1).contains(y) {
        let pixel = image.pixel(x: x, y: y)
        if abs(Int(pixel.red) - Int(red.red)) <= 6 && abs(Int(pixel.green) - Int(red.green)) <= 6
          && abs(Int(pixel.blue) - Int(red.blue)) <= 6
        {
          outside += 1
        }
      }
    }
    return outside
  }

  @Test func aDragThroughSwaysSeatIsInkOnTheAudienceAsInTheExport() throws {
    let deckPath = try Fixtures.writeDeck(InkEndToEndTests.deckText, named: "wayland-ink.md")
    // Podium runs as the rig's user: it writes the sidecar beside the deck.
    let folder = URL(fileURLWithPath: deckPath).deletingLastPathComponent().path
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder)
    let rig = try WaylandRig(driver: .wayland)
    defer { rig.stop() }
    // The mouse is on the seat before the talk starts, as a laptop's touchpad is.
    let pointer = try rig.pointer()
    defer { pointer.stop() }
    let run = try PresentRun(rig, deck: deckPath)
    #expect(run.waitFor("show") != nil, "\(run.errors())")
    #expect(run.presented("audience", slide: 1))
    let before = try #require(waitForRed(rig, pointer, none: true), "no ink yet")
    #expect(ink.redPixels(before) == 0)

    // The pen, and a stroke across the console's view of the slide (the console is on
    // HEADLESS-1, at the layout's origin: its pixels are the layout's).
    try run.key("d")
    let view = try ink.consoleView(deckPath)
    let (x0, y0) = Self.from.location(in: view)
    let (x1, y1) = Self.to.location(in: view)
    try pointer.drag(from: (Int(x0), Int(y0)), to: (Int(x1), Int(y1)))
    let drawn = waitForRed(rig, pointer, atLeast: 2000)
    #expect(drawn != nil, "a stroke on the audience's output: \(run.errors())")
    if let drawn {
      #expect(redOutsideTheStroke(drawn) == 0, "the pen's red only where the stroke is")
    }

    // Undo takes it away on the audience, redo puts it back.
    try run.key("ctrl+z")
    #expect(waitForRed(rig, pointer, none: true) != nil, "undone")
    try run.key("ctrl+y")
    let redone = waitForRed(rig, pointer, atLeast: 2000)
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
