import PodiumCore
import PodiumSDLTestSupport
import Testing

@testable import PodiumSDL

/// Windows on SDL's dummy video driver (software ones, as on X), with what they draw with.
struct DummyDesktop {
  let video: VideoSubsystem
  let fonts = FontLibrary()
  let images = ImageLibrary()
  let measurer: SDLTextMeasurer

  init() throws {
    video = try VideoSubsystem(driver: "dummy")
    measurer = SDLTextMeasurer(library: fonts)
  }

  func window(_ title: String, size: PixelSize) throws -> Window {
    try Window(
      title: title, x: 0, y: 0, width: size.width, height: size.height, borderless: true,
      fonts: fonts, images: images, measurer: measurer)
  }
}

/// SDL's video state is global, so these run one at a time.
/// A software window on the dummy driver, checked against what drawing a frame whole gives.
private struct ShownFrames {
  let desktop: DummyDesktop
  let size: PixelSize
  let window: Window

  init(_ desktop: DummyDesktop, size: PixelSize) throws {
    self.desktop = desktop
    self.size = size
    window = try desktop.window("tiles", size: size)
  }

  private func pixels(_ read: (UnsafeMutableRawPointer, Int) -> Bool) -> [UInt32] {
    var values = [UInt32](repeating: 0, count: size.width * size.height)
    let ok = values.withUnsafeMutableBytes { read($0.baseAddress!, size.width * 4) }
    #expect(ok)
    return values.map { $0 & 0x00FF_FFFF }
  }

  /// Expects the window to hold exactly what drawing `frame` whole gives, with the window's live
  /// pictures; returns the window's pixels (`0xRRGGBB`), row by row.
  @discardableResult
  func expectShownAsDrawnWhole(_ frame: SlideFrame, _ label: String) throws -> [UInt32] {
    let canvas = try OffscreenCanvas(
      size: size, fonts: desktop.fonts, images: desktop.images, measurer: desktop.measurer)
    canvas.cacheLayers()
    canvas.frameRenderer.livePictures = window.frames.livePictures
    canvas.draw(frame)
    let whole = pixels { buffer, pitch in
      canvas.withPixels { source, sourcePitch in
        for row in 0..<size.height {
          (buffer + row * pitch).copyMemory(
            from: source.baseAddress! + row * sourcePitch, byteCount: pitch)
        }
      }
      return true
    }
    let shown = pixels { buffer, pitch in
      // In the window's own format (the canvas's, XRGB8888, on the dummy driver).
      window.renderer.readPixels(
        ChangedRows.sdlRect((0, 0, size.width, size.height)),
        format: window.frames.layerFormat ?? 0, into: buffer, pitch: pitch)
    }
    let differing = zip(shown, whole).filter { $0 != $1 }.count
    #expect(differing == 0, "\(label): \(differing) pixels differ")
    return shown
  }
}

/// A solid picture of a clip, 64x36.
private func picture(y: UInt8, u: UInt8, v: UInt8) -> LivePicture {
  .video(SolidPicture(width: 64, height: 36, y: y, u: u, v: v))
}

@Suite(.serialized) struct VideoSubsystemTests {
  @Test func headlessDummyDriverStartsWithOneDisplay() throws {
    let video = try VideoSubsystem(driver: "dummy")
    #expect(video.driver == "dummy")
    #expect(try video.displayCount() == 1)
  }

  /// A window's renderer and textures go before the window: SDL_DestroyRenderer reads its
  /// window, so a window destroyed first is a use-after-free inside SDL, which it reports as
  /// "Invalid window" (see `SDLLifetimeTests`).
  @Test func aWindowIsDestroyedAfterItsRendererAndTextures() throws {
    let desktop = try DummyDesktop()
    let size = PixelSize(width: 640, height: 360)
    let frame = try SDLLifetimeTests.consoleFrame(
      size: size, measurer: desktop.measurer, images: desktop.images)
    SDLError.clearThreadMessage()
    do {
      let window = try desktop.window("lifetime", size: size)
      window.show(frame)
      #expect(window.frames.layersDrawn > 0, "the console's layers are kept as textures")
      #expect(SDLLifetimeTests.sdlError == "", "drawing is clean before the window goes")
    }
    #expect(SDLLifetimeTests.sdlError == "", "closing the window passed SDL a freed object")
    #expect(desktop.video.driver == "dummy")
  }

  /// Every SDL object a window makes (the window, its renderer, its textures) is freed with
  /// it, counted through SDL's allocator on this thread (see `SDLAllocations`).
  @Test func aWindowFreesEverySDLObjectItMade() throws {
    try #require(SDLAllocations.installed)
    let desktop = try DummyDesktop()
    let size = PixelSize(width: 640, height: 360)
    let frame = try SDLLifetimeTests.consoleFrame(
      size: size, measurer: desktop.measurer, images: desktop.images)
    func showInANewWindow() throws {
      let window = try desktop.window("allocations", size: size)
      window.show(frame)
      SDLAllocations.discardQueuedEvents()
    }
    try showInANewWindow()
    let before = SDLAllocations.onThisThread
    for _ in 0..<10 { try showInANewWindow() }
    let change = SDLAllocations.onThisThread - before
    #expect(abs(change) < 5, "10 windows left \(change) SDL allocations behind")
    #expect(desktop.video.driver == "dummy")
  }

  /// A kept layer with a playing clip in it (the console's view of the slide, the audience's
  /// background clip), with something drawn over it (the console's clock), is shown by copying
  /// and sending only the tiles that changed, the clip's without reading them; and the window
  /// then holds exactly what drawing the frame whole gives, as the picture changes, when the
  /// clip covers the whole layer, and after the clip stops.
  @Test func aPlayingClipOverAKeptLayerIsShownAsItsTilesExactly() throws {
    let desktop = try DummyDesktop()
    let size = PixelSize(width: 320, height: 180)
    let path = "/nowhere/clip.mp4"
    func frame(key: String, clipAt place: Rect) -> SlideFrame {
      let whole = Rect(x: 0, y: 0, width: 320, height: 180)
      let slide = SlideFrame(
        size: size, slideRect: whole,
        commands: [
          .fill(whole, RGBAColor(red: 250, green: 250, blue: 250)),
          .fill(Rect(x: 0, y: 150, width: 320, height: 30), RGBAColor(red: 0, green: 90, blue: 0)),
          .image(ImageItem(path: path, destination: place, video: .small)),
          .fill(Rect(x: 280, y: 60, width: 20, height: 20), RGBAColor(red: 0, green: 0, blue: 0)),
        ])
      return SlideFrame(
        size: size, slideRect: whole,
        commands: [
          .layer(LayerItem(key: key, x: 0, y: 0, frame: slide)),
          .fill(
            Rect(x: 250, y: 150, width: 40, height: 20), RGBAColor(red: 200, green: 0, blue: 0)),
        ])
    }
    let shownFrames = try ShownFrames(desktop, size: size)
    let window = shownFrames.window
    @discardableResult
    func expectShownAsDrawnWhole(_ frame: SlideFrame, _ label: String) throws -> UInt32 {
      try shownFrames.expectShownAsDrawnWhole(frame, label)[40 * size.width + 260]
    }
    // The clip covers all but the first 5 pixels of its rows: the first tile of each (40
    // pixels) is still copied, as what is beside the clip may have changed.
    let inPart = frame(key: "slide", clipAt: Rect(x: 4.6, y: 20.6, width: 315.4, height: 108))
    #expect(window.prepare(inPart))
    window.show(inPart)
    let whole = window.framesShownAsTiles
    window.frames.livePictures = [path: picture(y: 81, u: 90, v: 240)]
    for _ in 0..<2 { window.show(inPart) }
    #expect(try expectShownAsDrawnWhole(inPart, "a red picture") >> 16 > 200)
    window.frames.livePictures = [path: picture(y: 41, u: 240, v: 110)]
    window.show(inPart)
    #expect(try expectShownAsDrawnWhole(inPart, "a blue picture") & 0xFF > 200)
    window.frames.livePictures = [:]
    window.show(inPart)
    #expect(try expectShownAsDrawnWhole(inPart, "the clip stopped") == 0xFA_FAFA)
    #expect(window.framesShownAsTiles == whole + 4, "every frame after the first as tiles")
    // A clip over the whole layer: the layer is not copied under it.
    let background = frame(key: "background", clipAt: Rect(x: -10, y: 0, width: 340, height: 180))
    #expect(window.prepare(background))
    window.frames.livePictures = [path: picture(y: 145, u: 54, v: 34)]
    for _ in 0..<2 { window.show(background) }
    #expect(try expectShownAsDrawnWhole(background, "a background clip") >> 8 & 0xFF > 200)
    window.show(inPart)
    try expectShownAsDrawnWhole(inPart, "back to the clip in part")
    #expect(window.framesShownAsTiles == whole + 7)
    #expect(desktop.video.driver == "dummy")
  }

  /// A key pressed while a clip plays leaves its picture as it is (`holdsPictures`): the
  /// window then draws and sends only what changed over the picture (a point added over a
  /// background clip, or taken away) and beside it, and still holds exactly what drawing the
  /// frame whole gives. A second clip coming or going is drawn whole. Layers drawn while the
  /// clip plays hold a stand-in in its place, and are drawn again once it stops.
  @Test func aKeyWhileAClipPlaysSendsOnlyWhatChangedOverIt() throws {
    let desktop = try DummyDesktop()
    let size = PixelSize(width: 320, height: 180)
    let path = "/nowhere/clip.mp4"
    let other = "/nowhere/other.mp4"
    /// Step `points` of a slide: a clip over all of it but its first 5 columns (or, `narrow`,
    /// its first and last tiles: 40 columns each), on a fill coloured `edge`, with `points` black bars over the clip,
    /// and perhaps a second clip.
    func step(_ points: Int, edge: UInt8 = 250, second: Bool = false, narrow: Bool = false)
      -> SlideFrame
    {
      let whole = Rect(x: 0, y: 0, width: 320, height: 180)
      let place =
        narrow
        ? Rect(x: 40, y: 0, width: 240, height: 180)
        : Rect(x: 4.6, y: 0, width: 315.4, height: 180)
      var commands: [DrawCommand] = [
        .fill(whole, RGBAColor(red: edge, green: edge, blue: edge)),
        .image(ImageItem(path: path, destination: place, video: .small)),
      ]
      for point in 0..<points {
        commands.append(
          .fill(
            Rect(x: 60, y: 20 + 30 * Double(point), width: 100, height: 20),
            RGBAColor(red: 0, green: 0, blue: 0)))
      }
      if second {
        commands.append(
          .image(
            ImageItem(
              path: other, destination: Rect(x: 200, y: 100, width: 80, height: 60),
              video: .small)))
      }
      let slide = SlideFrame(size: size, slideRect: whole, commands: commands)
      return SlideFrame(
        size: size, slideRect: whole,
        commands: [
          .layer(
            LayerItem(key: "\(points) \(edge) \(second) \(narrow)", x: 0, y: 0, frame: slide))
        ])
    }
    let shownFrames = try ShownFrames(desktop, size: size)
    let window = shownFrames.window
    window.frames.livePictures = [path: picture(y: 81, u: 90, v: 240)]
    window.show(step(1))
    #expect(window.pixelsSent == 320 * 180, "the first frame is sent whole")
    for points in 1...2 { #expect(window.prepare(step(points))) }
    // The same picture: as the frame before was drawn whole, the layer's tiles beside the clip
    // are not known to be on screen, and the first tile of every row is drawn again.
    window.show(step(1))
    try shownFrames.expectShownAsDrawnWhole(step(1), "the first point")
    #expect(window.pixelsSent == 40 * 180)
    let tiles = window.framesShownAsTiles

    // The bar at x 60-160, rows 50-70, spans the tiles at 40-160 (40 pixels wide).
    window.show(step(2))
    try shownFrames.expectShownAsDrawnWhole(step(2), "a point added")
    #expect(window.pixelsSent == 120 * 20, "only the new point's tiles are sent")
    window.show(step(1))
    try shownFrames.expectShownAsDrawnWhole(step(1), "the point taken away")
    #expect(window.pixelsSent == 120 * 20)

    // Beside the clip, in the first tile of every row: that tile is copied and the picture
    // drawn over its part again.
    #expect(window.prepare(step(1, edge: 120)))
    window.show(step(1, edge: 120))
    let besides = try shownFrames.expectShownAsDrawnWhole(step(1, edge: 120), "beside the clip")
    #expect(besides[90 * size.width + 2] == 0x78_7878)
    #expect(window.pixelsSent == 40 * 180, "the first tile of each row")

    // A second clip's first picture is drawn whole where it is, and when it goes, the layer.
    window.frames.livePictures[other] = picture(y: 145, u: 54, v: 34)
    #expect(window.prepare(step(1, edge: 120, second: true)))
    window.show(step(1, edge: 120, second: true))
    let two = try shownFrames.expectShownAsDrawnWhole(
      step(1, edge: 120, second: true), "a second clip")
    #expect(two[130 * size.width + 240] >> 8 & 0xFF > 200, "the second clip is green")
    #expect(window.pixelsSent == 80 * 60, "the second clip's tiles")
    // It stops (its file has no poster: the first clip shows there), and then goes.
    window.frames.livePictures[other] = nil
    #expect(window.prepare(step(1, edge: 120, second: true)))
    window.show(step(1, edge: 120, second: true))
    let one = try shownFrames.expectShownAsDrawnWhole(
      step(1, edge: 120, second: true), "the second clip stopped")
    #expect(one[130 * size.width + 240] >> 16 > 200, "the first clip is red")
    #expect(window.pixelsSent == 80 * 60)
    window.show(step(1, edge: 120))
    try shownFrames.expectShownAsDrawnWhole(step(1, edge: 120), "the second clip gone")
    #expect(window.pixelsSent == 80 * 60, "where it was drawn, as its command is gone")

    // Both sides of a narrower clip change, and the picture, covering whole tiles, does not:
    // the layer is copied from the first tile of each row to the last, over the picture, which
    // is drawn again there.
    for edge: UInt8 in [250, 120] {
      #expect(window.prepare(step(1, edge: edge, narrow: true)))
      window.show(step(1, edge: edge, narrow: true))
    }
    let sides = try shownFrames.expectShownAsDrawnWhole(
      step(1, edge: 120, narrow: true), "both sides of the clip")
    #expect(sides[130 * size.width + 160] >> 16 > 200, "the clip is red between the sides")
    #expect(window.pixelsSent == 320 * 180)

    // A new picture: all of the clip again.
    window.frames.livePictures = [path: picture(y: 41, u: 240, v: 110)]
    window.show(step(1, edge: 120))
    try shownFrames.expectShownAsDrawnWhole(step(1, edge: 120), "a new picture")
    #expect(window.pixelsSent >= 315 * 180)
    #expect(window.framesShownAsTiles == tiles + 9, "every frame as tiles")

    // The clip stops: the layers drawn while it played held a stand-in where it was (its file
    // has no poster: nothing is drawn there), and are drawn again.
    window.frames.livePictures = [:]
    window.show(step(1, edge: 120))
    let stopped = try shownFrames.expectShownAsDrawnWhole(step(1, edge: 120), "the clip stopped")
    #expect(stopped[130 * size.width + 240] == 0x78_7878, "no stand-in is left")
    #expect(desktop.video.driver == "dummy")
  }

  /// A frame drawn ahead for where a move takes the room off a clip's slide (the console's
  /// views, as the speaker leaves it) shows the clip as it will be once stopped: its poster, not
  /// the picture of now or a stand-in. Its layer then outlives the clip, and the move is a copy
  /// of the tiles that changed.
  @Test func aFrameDrawnAheadPastAClipsSlideOutlivesTheClip() throws {
    let desktop = try DummyDesktop()
    let size = PixelSize(width: 320, height: 180)
    let path = "/nowhere/clip.mp4"
    let whole = Rect(x: 0, y: 0, width: 320, height: 180)
    func frame(_ key: String, edge: UInt8) -> SlideFrame {
      let place = Rect(x: 200, y: 100, width: 80, height: 60)
      let slide = SlideFrame(
        size: size, slideRect: whole,
        commands: [
          .fill(whole, RGBAColor(red: edge, green: edge, blue: edge)),
          .image(ImageItem(path: path, destination: place, video: .small)),
        ])
      return SlideFrame(
        size: size, slideRect: whole,
        commands: [.layer(LayerItem(key: key, x: 0, y: 0, frame: slide))])
    }
    let shownFrames = try ShownFrames(desktop, size: size)
    let window = shownFrames.window
    window.frames.livePictures = [path: picture(y: 81, u: 90, v: 240)]
    window.show(frame("playing", edge: 250))
    #expect(window.prepare(frame("ahead", edge: 120), picturesPlayOn: false))
    let (drawn, tiles) = (window.frames.layersDrawn, window.framesShownAsTiles)
    // The move: the clip stops.
    window.frames.livePictures = [:]
    window.show(frame("ahead", edge: 120))
    let shown = try shownFrames.expectShownAsDrawnWhole(frame("ahead", edge: 120), "past it")
    // The file has no poster: nothing is drawn in the clip's place.
    #expect(shown[130 * size.width + 240] == 0x78_7878, "neither the picture nor a stand-in")
    #expect(window.frames.layersDrawn == drawn, "the layer drawn ahead is the one shown")
    #expect(window.framesShownAsTiles == tiles + 1, "as the tiles that changed")
  }

  @Test func unknownDriverIsAnErrorNamingTheCall() {
    do {
      _ = try VideoSubsystem(driver: "podium-no-such-driver")
      Issue.record("an unknown video driver must not start")
    } catch let error as SDLError {
      #expect(error.function == "SDL_VideoInit")
      #expect(error.message.contains("podium-no-such-driver"))
      #expect(error.description.hasPrefix("SDL_VideoInit failed: "))
    } catch {
      Issue.record("expected an SDLError, got \(error)")
    }
  }
}
