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
    let window = try desktop.window("tiles", size: size)
    func pixels(_ read: (UnsafeMutableRawPointer, Int) -> Bool) -> [UInt32] {
      var values = [UInt32](repeating: 0, count: size.width * size.height)
      let ok = values.withUnsafeMutableBytes { read($0.baseAddress!, size.width * 4) }
      #expect(ok)
      return values.map { $0 & 0x00FF_FFFF }
    }
    /// The window's pixel (`0xRRGGBB`) at (260, 40), inside the clip.
    @discardableResult
    func expectShownAsDrawnWhole(_ frame: SlideFrame, _ label: String) throws -> UInt32 {
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
      return shown[40 * size.width + 260]
    }
    func picture(y: UInt8, u: UInt8, v: UInt8) -> LivePicture {
      .video(SolidPicture(width: 64, height: 36, y: y, u: u, v: v))
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
