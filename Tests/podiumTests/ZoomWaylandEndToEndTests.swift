import Foundation
import PodiumCore
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// Zoom (`z` and a drag of a box) and the spotlight (`l`) on sway (headless, two outputs),
/// through SDL's native Wayland driver and a mouse on sway's seat (`WaylandPointer`): the
/// audience's output against `podium export`, with the references and tolerances of the X
/// test, `ZoomEndToEndTests`. One rig and one talk for all of it.
@Suite(.serialized) struct ZoomWaylandEndToEndTests {
  let zoom = ZoomEndToEndTests()

  /// The audience's output as the room sees it.
  func audience(_ rig: WaylandRig) throws -> RGBImage {
    try RGBImage(contentsOf: try rig.screenshot("HEADLESS-2"))
  }

  /// Waits until the audience's output differs from `reference` in at most `under` of its
  /// pixels, and returns that screenshot (or the last one, when it never does).
  func waitForAudience(
    _ rig: WaylandRig, like reference: RGBImage, under: Double
  ) -> (image: RGBImage?, difference: Double) {
    var last: (RGBImage?, Double) = (nil, 1)
    _ = eventually(timeout: 6, every: 0.3) { () -> Bool? in
      guard let image = try? audience(rig),
        let difference = image.difference(from: reference)
      else { return nil }
      last = (image, difference.differing)
      return difference.differing < under ? true : nil
    }
    return last
  }

  /// The console's view of the slide in the layout's pixels (the console is on HEADLESS-1, at
  /// the layout's origin).
  func location(_ point: SlidePoint, in view: Rect) -> (x: Int, y: Int) {
    let (x, y) = point.location(in: view)
    return (Int(x), Int(y))
  }

  @Test func aZoomBoxFillsTheAudienceAsExportDrawsItAndTheSpotlightDarkensTheRest() throws {
    // Without direct scan-out: the rig's seat has a pointer (docs/TESTING.md, the Wayland rig).
    let rig = try WaylandRig(driver: .wayland, scanout: false)
    defer { rig.stop() }
    let pointer = try rig.pointer()
    defer { pointer.stop() }
    let run = try PresentRun(rig, deck: ZoomEndToEndTests.deck)
    defer { if run.process.isRunning { run.killHard() } }
    #expect(run.waitFor("show") != nil, "\(run.errors())")
    #expect(run.presented("audience", slide: 1))
    let view = try zoom.consoleView()
    let plain = try zoom.export(size: "1920x1080")
    let before = waitForAudience(rig, like: plain, under: 0.002)
    #expect(before.difference < 0.002, "before the zoom")

    // z and a box around the body's first lines, dragged on the console's view of the slide.
    let mark = run.events().count
    try run.key("z")
    let (from, to) = (SlidePoint(x: 0.06, y: 0.2), SlidePoint(x: 0.46, y: 0.42))
    try pointer.drag(
      from: location(from, in: view), to: location(to, in: view), steps: 4, pause: 0.1)
    let zoomed = try #require(
      run.waitFor("zoom", after: mark, where: { ($0["factor"] as? Double ?? 1) > 1 }),
      "the trace says the audience zoomed: \(run.errors())")
    let layout = try #require(zoomed["layout"] as? String)
    let offset = try #require(zoomed["offset"] as? [Double])
    let factor = try #require(zoomed["factor"] as? Double)
    #expect(abs(factor - 1 / (to.x - from.x)) < 0.1, "a box 0.4 of the slide wide: \(factor)")
    // The crisp reference: the slide exported at the zoomed size, cut to the audience's window.
    let reference = zoom.crop(
      try zoom.export(size: layout), x: -Int(offset[0]), y: -Int(offset[1]), width: 1920,
      height: 1080)
    let shown = waitForAudience(rig, like: reference, under: 0.002)
    #expect(shown.difference < 0.002, "the zoomed audience vs export at \(layout)")
    let image = try #require(shown.image)
    #expect(try #require(image.difference(from: plain)).differing > 0.05, "not the whole slide")
    try zoom.keep(image, "wayland-zoomed-audience")
    try zoom.keep(reference, "wayland-zoomed-reference")

    // Esc: the whole slide again, as export draws it.
    let back = run.events().count
    try run.key("Escape")
    #expect(run.waitFor("zoom", after: back, where: { $0["factor"] as? Double == 1 }) != nil)
    #expect(waitForAudience(rig, like: plain, under: 0.002).difference < 0.002, "after Esc")

    // The spotlight: the slide as export draws it in a circle around the pointer, darker
    // everywhere else.
    let lit = run.events().count
    try run.key("l")
    let target = SlidePoint(x: 0.3, y: 0.35)
    let spot = location(target, in: view)
    try pointer.move(x: spot.x + 1, y: spot.y)
    try pointer.move(x: spot.x, y: spot.y)
    #expect(run.waitFor("zoom", after: lit, where: { $0["spotlight"] as? Bool == true }) != nil)
    let (ax, ay) = target.location(in: Rect(x: 0, y: 0, width: 1920, height: 1080))
    let inside = zoom.crop(plain, x: Int(ax) - 60, y: Int(ay) - 60, width: 120, height: 120)
    let corners = [(20, 20), (1860, 1020), (1700, 200)]
    // The frame the spotlight settles in (its first frames may still be on their way).
    var last: (darker: Bool, circle: Double) = (false, 1)
    let dark = eventually(timeout: 6, every: 0.3) { () -> RGBImage? in
      guard let image = try? audience(rig) else { return nil }
      let darker = corners.allSatisfy {
        zoom.brightness(image, $0.0, $0.1) < zoom.brightness(plain, $0.0, $0.1) * 0.5
      }
      let circle = zoom.crop(image, x: Int(ax) - 60, y: Int(ay) - 60, width: 120, height: 120)
      last = (darker, circle.difference(from: inside)?.differing ?? 1)
      return darker && last.circle < 0.002 ? image : nil
    }
    #expect(last.darker, "darkened at \(corners)")
    #expect(last.circle < 0.002, "inside the circle the slide as export draws it: \(last.circle)")
    let spotlit = try #require(dark)
    try zoom.keep(spotlit, "wayland-spotlight-audience")
    try run.key("l")
    try run.key("q", "q")
    #expect(run.waitForExit() == 0, "\(run.errors())")
  }
}
