import Foundation
import PodiumCore
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

@testable import PodiumSDL

/// SDL objects are freed in the only order SDL accepts: textures, then their renderer, then the
/// surface or window it draws into. Freed the other way, SDL reads memory it has already freed
/// (a use-after-free that AddressSanitizer cannot see, as SDL is not instrumented, but valgrind
/// does), and says so in its thread's error message (`SDLError.threadMessage`): "Parameter
/// 'texture' is invalid" for a texture destroyed after its renderer, "Invalid window" for a
/// renderer destroyed after its window. These tests read that message.
///
/// The window test is in `VideoSubsystemTests`, which owns SDL's global video state.
@Suite struct SDLLifetimeTests {
  static func consoleFrame(
    size: PixelSize, measurer: SDLTextMeasurer, images: ImageLibrary
  ) throws -> SlideFrame {
    let deck = try Fixtures.tourDeck()
    var state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    state.apply(.next, at: 1)
    let status = ConsoleStatus(
      now: 10, elapsed: 9, duration: TalkDuration(seconds: 900), clock: "14:05",
      audience: "Audience on DUMMY1")
    let engine = LayoutEngine(theme: .dark, measurer: measurer, images: images)
    return engine.console(deck: deck, state: state, status: status, size: size).frame
  }

  static var sdlError: String { SDLError.threadMessage }

  @Test(arguments: [false, true])
  func aCanvasFreesItsTexturesBeforeItsRendererAndItsSurfaceLast(cachingLayers: Bool) throws {
    let fonts = FontLibrary()
    let images = ImageLibrary()
    let measurer = SDLTextMeasurer(library: fonts)
    let size = PixelSize(width: 640, height: 360)
    let frame = try Self.consoleFrame(size: size, measurer: measurer, images: images)
    SDLError.clearThreadMessage()
    do {
      let canvas = try OffscreenCanvas(size: size, fonts: fonts, images: images, measurer: measurer)
      if cachingLayers { canvas.cacheLayers() }
      canvas.draw(frame)
      #expect(
        canvas.frameRenderer.layersDrawn > 0 || !cachingLayers, "the console has layers to keep")
      #expect(Self.sdlError == "", "drawing is clean before the canvas goes")
    }
    #expect(Self.sdlError == "", "freeing the canvas passed SDL a freed object")
  }

  /// A texture kept past everything else still holds its renderer, and the renderer its surface.
  @Test func aTextureOutlivingItsCanvasKeepsItsRendererAndSurface() throws {
    let fonts = FontLibrary()
    let images = ImageLibrary()
    let measurer = SDLTextMeasurer(library: fonts)
    SDLError.clearThreadMessage()
    var texture: Texture?
    do {
      let canvas = try OffscreenCanvas(
        size: PixelSize(width: 64, height: 64), fonts: fonts, images: images, measurer: measurer)
      let white = RGBAColor(red: 255, green: 255, blue: 255)
      let line = try #require(
        try fonts.renderLine("Kept", font: FontSpec(family: "sans", size: 20), color: white))
      texture = try canvas.renderer.texture(from: line)
    }
    #expect(texture?.width ?? 0 > 0)
    texture = nil
    #expect(Self.sdlError == "", "freeing the texture last passed SDL a freed object")
  }

  /// Every SDL object a canvas makes (its surface, renderer, text and layer textures) is freed
  /// with it, counted through SDL's allocator on this thread (LeakSanitizer cannot tell SDL's
  /// own leaks from Podium's: see `SDLAllocations`). A first canvas opens the fonts and fills
  /// SDL_ttf's glyph caches, which the font library keeps; after it, canvases must leave the
  /// count where it was. SDL shares pixel formats between threads, so another test's canvas
  /// can move the count by one or two; a leak adds at least one allocation per canvas.
  @Test func aCanvasFreesEverySDLObjectItMade() throws {
    try #require(SDLAllocations.installed)
    let fonts = FontLibrary()
    let images = ImageLibrary()
    let measurer = SDLTextMeasurer(library: fonts)
    let size = PixelSize(width: 640, height: 360)
    let frame = try Self.consoleFrame(size: size, measurer: measurer, images: images)
    func drawOnANewCanvas() throws {
      let canvas = try OffscreenCanvas(size: size, fonts: fonts, images: images, measurer: measurer)
      canvas.cacheLayers()
      canvas.draw(frame)
    }
    try drawOnANewCanvas()
    let before = SDLAllocations.onThisThread
    for _ in 0..<20 { try drawOnANewCanvas() }
    let change = SDLAllocations.onThisThread - before
    #expect(abs(change) < 10, "20 canvases left \(change) SDL allocations behind")
  }
}
