import CSDL2
import CSDL2Image
import Foundation
import PodiumCore

/// A slide-sized surface with a software renderer: draws frames with no display at all.
///
/// Pixels are `SDL_PIXELFORMAT_XRGB8888` (bytes B, G, R, X in memory), what `PNGEncoder` reads.
public final class OffscreenCanvas {
  public let size: PixelSize
  let surface: Surface
  let renderer: Renderer
  public let frameRenderer: FrameRenderer
  /// The PNG encoder's memory, kept between frames.
  private let pngWorkspace = PNGEncoder.Workspace()

  /// The corresponding C functions are `SDL_CreateRGBSurfaceWithFormat` and
  /// `SDL_CreateSoftwareRenderer`.
  public init(size: PixelSize, fonts: FontLibrary, images: ImageLibrary, measurer: any TextMeasurer)
    throws
  {
    guard
      let raw = SDL_CreateRGBSurfaceWithFormat(
        0, Int32(size.width), Int32(size.height), 32, SDL_PIXELFORMAT_RGB888.rawValue)
    else { throw SDLError.last("SDL_CreateRGBSurfaceWithFormat") }
    self.size = size
    surface = Surface(owning: raw)
    renderer = try Renderer(drawingInto: surface)
    frameRenderer = FrameRenderer(
      renderer: renderer, fonts: fonts, images: images, measurer: measurer)
  }

  public func draw(_ frame: SlideFrame) {
    frameRenderer.draw(frame)
  }

  /// Keeps `DrawCommand.layer`s as textures, as a window does, instead of drawing them in
  /// place: tests use it to check that both ways give the same pixels.
  public func cacheLayers() {
    frameRenderer.layerFormat = SDL_PIXELFORMAT_RGB888.rawValue
  }

  /// Calls `body` with the pixels in place (`XRGB8888`, rows `pitch` bytes apart).
  public func withPixels<Result>(
    _ body: (_ pixels: UnsafeRawBufferPointer, _ pitch: Int) throws -> Result
  ) rethrows -> Result {
    let pitch = Int(surface.pointer.pointee.pitch)
    let count = surface.pointer.pointee.pixels == nil ? 0 : pitch * size.height
    return try body(
      UnsafeRawBufferPointer(start: surface.pointer.pointee.pixels, count: count), pitch)
  }

  /// Writes the canvas as a PNG with Podium's encoder, reading the pixels in place; returns
  /// the file's size. The write is atomic (`AtomicFile`): a reader never sees half a file.
  @discardableResult
  public func writePNG(path: String, encoder: PNGEncoder = PNGEncoder()) throws -> Int {
    let png = try withPixels { pixels, pitch in
      guard !pixels.isEmpty else {
        throw SDLError(function: "writePNG", message: "the canvas has no pixels")
      }
      return try encoder.encode(
        bgrx: pixels, width: size.width, height: size.height, pitch: pitch,
        workspace: pngWorkspace)
    }
    try AtomicFile.write(Data(png), to: path)
    return png.count
  }

  /// Writes the canvas with SDL_image's PNG writer at its default settings: the naive way the
  /// export benchmark compares against. The corresponding C function is `IMG_SavePNG`.
  public func saveWithSDLImage(path: String) throws {
    let temporary = AtomicFile.temporaryPath(for: path)
    guard IMG_SavePNG(surface.pointer, temporary) == 0 else {
      unlink(temporary)
      throw SDLError.last("IMG_SavePNG")
    }
    try AtomicFile.commit(temporary, to: path)
  }
}
