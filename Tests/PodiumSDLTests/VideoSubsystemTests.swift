import PodiumCore
import PodiumSDLTestSupport
import Testing

@testable import PodiumSDL

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
    let video = try VideoSubsystem(driver: "dummy")
    let fonts = FontLibrary()
    let images = ImageLibrary()
    let measurer = SDLTextMeasurer(library: fonts)
    let size = PixelSize(width: 640, height: 360)
    let frame = try SDLLifetimeTests.consoleFrame(size: size, measurer: measurer, images: images)
    SDLError.clearThreadMessage()
    do {
      let window = try Window(
        title: "lifetime", x: 0, y: 0, width: size.width, height: size.height, borderless: true,
        fonts: fonts, images: images, measurer: measurer)
      window.show(frame)
      #expect(window.frames.layersDrawn > 0, "the console's layers are kept as textures")
      #expect(SDLLifetimeTests.sdlError == "", "drawing is clean before the window goes")
    }
    #expect(SDLLifetimeTests.sdlError == "", "closing the window passed SDL a freed object")
    #expect(video.driver == "dummy")
  }

  /// Every SDL object a window makes (the window, its renderer, its textures) is freed with
  /// it, counted through SDL's allocator on this thread (see `SDLAllocations`).
  @Test func aWindowFreesEverySDLObjectItMade() throws {
    try #require(SDLAllocations.installed)
    let video = try VideoSubsystem(driver: "dummy")
    let fonts = FontLibrary()
    let images = ImageLibrary()
    let measurer = SDLTextMeasurer(library: fonts)
    let size = PixelSize(width: 640, height: 360)
    let frame = try SDLLifetimeTests.consoleFrame(size: size, measurer: measurer, images: images)
    func showInANewWindow() throws {
      let window = try Window(
        title: "allocations", x: 0, y: 0, width: size.width, height: size.height, borderless: true,
        fonts: fonts, images: images, measurer: measurer)
      window.show(frame)
      SDLAllocations.discardQueuedEvents()
    }
    try showInANewWindow()
    let before = SDLAllocations.onThisThread
    for _ in 0..<10 { try showInANewWindow() }
    let change = SDLAllocations.onThisThread - before
    #expect(abs(change) < 5, "10 windows left \(change) SDL allocations behind")
    #expect(video.driver == "dummy")
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
