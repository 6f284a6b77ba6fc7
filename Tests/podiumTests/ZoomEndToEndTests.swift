import Foundation
import PodiumCore
import PodiumSDL
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// Zoom (`z` and a drag), the spotlight (`l`) and dimming (`j`) on a real two-monitor X server,
/// driven through xdotool as a speaker's mouse: the audience's pixels against `podium export`.
@Suite(.serialized) struct ZoomEndToEndTests {
  static let deck = Fixtures.packageRoot.appendingPathComponent(
    "Tests/Fixtures/decks/zoom-and-spotlight.md"
  ).path
  /// A PDF deck of the same shape (16:9): its pages are drawn by Poppler at the zoomed size.
  static let pdfDeck = Fixtures.packageRoot.appendingPathComponent(
    "Tests/Fixtures/pdf/beamer-overlays.pdf"
  ).path

  /// Where the console draws its view of the current slide on a 1920x1080 display (the same for
  /// every 16:9 deck).
  func consoleView() throws -> Rect {
    let loaded = DeckLoader().load(Self.deck)
    let deck = try #require(loaded.deck)
    let engine = LayoutEngine(
      theme: loaded.theme, measurer: SDLTextMeasurer(library: FontLibrary()),
      images: ImageLibrary())
    let state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    let status = ConsoleStatus(now: 0, elapsed: 0, clock: "00:00", audience: "")
    return engine.console(
      deck: deck, state: state, status: status, size: PixelSize(width: 1920, height: 1080)
    ).currentSlide
  }

  func audience(_ server: XorgServer) throws -> RGBImage {
    let shot = try Screenshot.capture(display: server.display).crop(
      x: 1920, y: 0, width: 1920, height: 1080)
    return RGBImage(width: shot.width, height: shot.height, pixels: shot.pixels)
  }

  func crop(_ image: RGBImage, x: Int, y: Int, width: Int, height: Int) -> RGBImage {
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    for row in 0..<height where y + row >= 0 && y + row < image.height {
      for column in 0..<width where x + column >= 0 && x + column < image.width {
        let from = ((y + row) * image.width + x + column) * 3
        let to = (row * width + column) * 3
        pixels[to..<(to + 3)] = image.pixels[from..<(from + 3)]
      }
    }
    return RGBImage(width: width, height: height, pixels: pixels)
  }

  /// A bitmap scaled up, nearest pixel: what zoom must not be.
  func scaled(_ image: RGBImage, to width: Int, _ height: Int) -> RGBImage {
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    for row in 0..<height {
      let sy = min(image.height - 1, row * image.height / height)
      for column in 0..<width {
        let sx = min(image.width - 1, column * image.width / width)
        let from = (sy * image.width + sx) * 3
        let to = (row * width + column) * 3
        pixels[to..<(to + 3)] = image.pixels[from..<(from + 3)]
      }
    }
    return RGBImage(width: width, height: height, pixels: pixels)
  }

  /// Keeps `image` as NAME.ppm in `$PODIUM_ZOOM_SHOTS`, when set, for a person to look at.
  func keep(_ image: RGBImage, _ name: String) throws {
    guard let folder = ProcessInfo.processInfo.environment["PODIUM_ZOOM_SHOTS"] else { return }
    let header = Data("P6\n\(image.width) \(image.height)\n255\n".utf8)
    try (header + Data(image.pixels)).write(to: URL(fileURLWithPath: folder + "/\(name).ppm"))
  }

  /// The mean of the channels of the `size`x`size` square of `image` at (`x`, `y`).
  func brightness(_ image: RGBImage, _ x: Int, _ y: Int, size: Int = 40) -> Double {
    var total = 0
    for row in y..<(y + size) {
      for column in x..<(x + size) {
        let pixel = image.pixel(x: column, y: row)
        total += Int(pixel.red) + Int(pixel.green) + Int(pixel.blue)
      }
    }
    return Double(total) / Double(size * size * 3)
  }

  func xdotool(_ server: XorgServer, _ arguments: String...) throws {
    _ = try server.run("/usr/bin/xdotool", arguments)
    Thread.sleep(forTimeInterval: 0.1)
  }

  /// Drags with the left button from one point of the console's view of the slide to another.
  func drag(
    _ server: XorgServer, in view: Rect, from: SlidePoint, to: SlidePoint
  ) throws {
    let (x0, y0) = from.location(in: view)
    let (x1, y1) = to.location(in: view)
    try xdotool(server, "mousemove", "\(Int(x0))", "\(Int(y0))")
    try xdotool(server, "mousedown", "1")
    try xdotool(server, "mousemove", "\(Int((x0 + x1) / 2))", "\(Int((y0 + y1) / 2))")
    try xdotool(server, "mousemove", "\(Int(x1))", "\(Int(y1))")
    try xdotool(server, "mouseup", "1")
  }

  func export(size: String, deck: String = deck) throws -> RGBImage {
    let out = try Fixtures.temporaryDirectory()
    let result = try CommandRunner.podium(
      "export", deck, "-o", out.path, "--slides", "1", "--size", size)
    #expect(result.status == 0, "\(result)")
    return try RGBImage(contentsOf: out.appendingPathComponent("slide-001.png").path)
  }

  @Test(arguments: [deck, pdfDeck])
  func aZoomBoxIsTheSlideDrawnAgainAtThatScaleAndEscGoesBack(deck: String) throws {
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let pdf = deck.hasSuffix(".pdf")
    let run = try PresentRun(server, deck: deck)
    #expect(run.waitFor("show") != nil)
    Thread.sleep(forTimeInterval: pdf ? 1.5 : 0.4)
    let view = try consoleView()
    let whole = try audience(server)
    let plain = try export(size: "1920x1080", deck: deck)
    #expect(try #require(whole.difference(from: plain)).differing < 0.002, "before the zoom")

    let mark = run.events().count
    try run.key("z")
    // Around text: the body's first lines, the PDF's title in its blue band.
    let (from, to) =
      pdf
      ? (SlidePoint(x: 0.35, y: 0.25), SlidePoint(x: 0.65, y: 0.4))
      : (SlidePoint(x: 0.06, y: 0.2), SlidePoint(x: 0.46, y: 0.42))
    try drag(server, in: view, from: from, to: to)
    let zoom = try #require(
      run.waitFor("zoom", after: mark, where: { ($0["factor"] as? Double ?? 1) > 1 }),
      "the trace says the audience zoomed")
    // The frame that answers the release: its latency runs from the button's release.
    let zoomAt = try #require(
      run.events().firstIndex {
        $0["event"] as? String == "zoom" && ($0["factor"] as? Double ?? 1) > 1
      })
    let first = try #require(
      run.waitFor("present", after: zoomAt, where: { $0["role"] as? String == "audience" }))
    let latency = try #require(first["latency_ms"] as? Double, "measured from the release")
    print("zoom: the first zoomed frame of \(deck) \(latency) ms after the release: \(first)")
    #expect(latency < 1000)
    // While the pointer rested on the box, the zoomed slide was drawn ahead for it (the trace's
    // `prepared` with `zoom`): the release is answered with a copy.
    #expect(
      run.events()[mark..<zoomAt].contains {
        $0["event"] as? String == "prepared" && $0["zoom"] as? Bool == true
      }, "drawn ahead while the box was dragged")
    #expect(run.events().last { $0["event"] as? String == "show" }?["slide"] as? Int == 1)
    Thread.sleep(forTimeInterval: 0.5)
    let zoomed = try audience(server)

    // The crisp reference: the slide exported at the zoomed size, cropped to the region.
    let layout = try #require(zoom["layout"] as? String)
    let offset = try #require(zoom["offset"] as? [Double])
    let factor = try #require(zoom["factor"] as? Double)
    let across = to.x - from.x
    #expect(abs(factor - 1 / across) < 0.1, "a box \(across) of the slide wide: \(factor)")
    let big = try export(size: layout, deck: deck)
    let reference = crop(big, x: -Int(offset[0]), y: -Int(offset[1]), width: 1920, height: 1080)
    let crisp = try #require(zoomed.difference(from: reference))
    #expect(crisp.differing < 0.002, "the zoomed audience vs export at \(layout): \(crisp)")
    #expect(
      try #require(zoomed.difference(from: plain)).differing > 0.05, "not the unzoomed slide")
    // A bitmap of the whole slide scaled up is visibly not it: the test tells the two apart.
    let region = try #require(zoom["region"] as? [Double])
    let part = crop(
      whole, x: Int((region[0] * 1920).rounded()), y: Int((region[1] * 1080).rounded()),
      width: Int((region[2] * 1920).rounded()), height: Int((region[3] * 1080).rounded()))
    let bitmap = try #require(scaled(part, to: 1920, 1080).difference(from: reference))
    #expect(
      bitmap.differing > max(0.004, crisp.differing * 4),
      "a scaled bitmap \(bitmap) vs the zoom \(crisp)")
    if pdf {
      // Poppler's own drawing of that region at that size: pdftocairo scales the page to the
      // zoomed layout's size and cuts the audience's window out of it.
      let size = layout.split(separator: "x").map(String.init)
      let regionPath = try Fixtures.temporaryDirectory().appendingPathComponent("region").path
      let drawn = try CommandRunner.run(
        URL(fileURLWithPath: "/usr/bin/pdftocairo"),
        [
          "-png", "-f", "1", "-l", "1", "-singlefile", "-scale-to-x", size[0], "-scale-to-y",
          size[1], "-x", "\(-Int(offset[0]))", "-y", "\(-Int(offset[1]))", "-W", "1920", "-H",
          "1080", deck, regionPath,
        ])
      #expect(drawn.status == 0, "\(drawn)")
      let poppler = try RGBImage(contentsOf: regionPath + ".png")
      let same = try #require(zoomed.difference(from: poppler))
      #expect(same.differing < 0.005, "the zoomed page vs pdftocairo of the region: \(same)")
      try keep(poppler, "zoomed-pdf-poppler")
    }
    let name = pdf ? "zoomed-pdf" : "zoomed"
    try keep(zoomed, "\(name)-audience")
    let console = try Screenshot.capture(display: server.display).crop(
      x: 0, y: 0, width: 1920, height: 1080)
    try keep(RGBImage(width: 1920, height: 1080, pixels: console.pixels), "\(name)-console")
    try keep(reference, "\(name)-reference")

    // Esc: the whole slide again, exactly as export draws it; the talk did not move or blank.
    let back = run.events().count
    try run.key("Escape")
    #expect(
      run.waitFor("zoom", after: back, where: { $0["factor"] as? Double == 1 }) != nil)
    Thread.sleep(forTimeInterval: 0.5)
    #expect(try #require(try audience(server).difference(from: plain)).differing < 0.002)
    try run.key("q", "q")
    #expect(run.waitForExit() == 0)
  }

  @Test func theSpotlightAndDimmingDarkenTheRoomButWhereTheSpeakerPoints() throws {
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let run = try PresentRun(server, deck: Self.deck)
    #expect(run.waitFor("show") != nil)
    Thread.sleep(forTimeInterval: 0.4)
    let view = try consoleView()
    let plain = try export(size: "1920x1080")
    let consoleBefore = try Screenshot.capture(display: server.display)

    let mark = run.events().count
    try run.key("l")
    let target = SlidePoint(x: 0.3, y: 0.35)
    let (mx, my) = target.location(in: view)
    try xdotool(server, "mousemove", "\(Int(mx) + 1)", "\(Int(my))")
    try xdotool(server, "mousemove", "\(Int(mx))", "\(Int(my))")
    #expect(run.waitFor("zoom", after: mark, where: { $0["spotlight"] as? Bool == true }) != nil)
    Thread.sleep(forTimeInterval: 0.5)
    let lit = try audience(server)
    // Inside the circle the slide as export draws it; outside, darker.
    let (ax, ay) = target.location(in: Rect(x: 0, y: 0, width: 1920, height: 1080))
    let inside = crop(lit, x: Int(ax) - 60, y: Int(ay) - 60, width: 120, height: 120)
    let expectedInside = crop(plain, x: Int(ax) - 60, y: Int(ay) - 60, width: 120, height: 120)
    #expect(try #require(inside.difference(from: expectedInside)).differing < 0.002)
    for (x, y) in [(20, 20), (1860, 1020), (1700, 200)] {
      #expect(
        brightness(lit, x, y) < brightness(plain, x, y) * 0.5,
        "darkened at \(x),\(y): \(brightness(lit, x, y)) vs \(brightness(plain, x, y))")
    }
    // Mirrored on the console: its view's far corner is darker than before.
    let consoleNow = try Screenshot.capture(display: server.display)
    let corner = (Int(view.maxX) - 30, Int(view.maxY) - 30)
    let before = consoleBefore.pixel(x: corner.0, y: corner.1)
    let now = consoleNow.pixel(x: corner.0, y: corner.1)
    #expect(
      Int(now.0) + Int(now.1) + Int(now.2) < (Int(before.0) + Int(before.1) + Int(before.2)) / 2)
    try keep(lit, "spotlight-audience")
    let console = consoleNow.crop(x: 0, y: 0, width: 1920, height: 1080)
    try keep(RGBImage(width: 1920, height: 1080, pixels: console.pixels), "spotlight-console")

    // The spotlight off, a box dimmed: bright inside the box, dark outside.
    try run.key("l")
    let dimMark = run.events().count
    try run.key("j")
    try drag(server, in: view, from: SlidePoint(x: 0.5, y: 0.5), to: SlidePoint(x: 0.9, y: 0.8))
    #expect(run.waitFor("zoom", after: dimMark, where: { $0["dim"] != nil }) != nil)
    Thread.sleep(forTimeInterval: 0.5)
    let dimmed = try audience(server)
    let box = crop(dimmed, x: 1100, y: 600, width: 500, height: 220)
    #expect(
      try #require(box.difference(from: crop(plain, x: 1100, y: 600, width: 500, height: 220)))
        .differing < 0.002, "the box as export draws it")
    #expect(brightness(dimmed, 100, 100) < brightness(plain, 100, 100) * 0.6)
    try run.key("q", "q")
    #expect(run.waitForExit() == 0)
  }
}
