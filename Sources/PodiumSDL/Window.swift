import CSDL2
import PodiumCore

/// An owned `SDL_Window` with its renderer and the frame renderer that draws into it.
public final class Window {
  let pointer: OpaquePointer
  let renderer: Renderer
  let frames: FrameRenderer

  /// A window at `x`, `y`, `width` x `height` in desktop coordinates. Borderless windows placed
  /// at a display's bounds cover that display exactly, with or without a window manager
  /// (TESTING.md). The corresponding C functions are `SDL_CreateWindow` and `SDL_CreateRenderer`.
  init(
    title: String, x: Int, y: Int, width: Int, height: Int, borderless: Bool,
    fonts: FontLibrary, images: ImageLibrary, measurer: any TextMeasurer
  ) throws {
    var flags = SDL_WINDOW_SHOWN.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
    flags |= borderless ? SDL_WINDOW_BORDERLESS.rawValue : SDL_WINDOW_RESIZABLE.rawValue
    guard let window = SDL_CreateWindow(title, Int32(x), Int32(y), Int32(width), Int32(height), flags) else {
      throw SDLError.last("SDL_CreateWindow")
    }
    guard let raw = SDL_CreateRenderer(window, -1, 0) else {
      let error = SDLError.last("SDL_CreateRenderer")
      SDL_DestroyWindow(window)
      throw error
    }
    pointer = window
    renderer = Renderer(owning: raw)
    frames = FrameRenderer(renderer: renderer, fonts: fonts, images: images, measurer: measurer)
    if borderless {
      // With a window manager, full screen on the display the window is on keeps panels and
      // decorations away; without one, the borderless window already covers the display.
      SDL_SetWindowFullscreen(window, SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
    }
  }

  deinit {
    SDL_DestroyWindow(pointer)
  }

  /// SDL's id for events. The corresponding C function is `SDL_GetWindowID`.
  var id: UInt32 { SDL_GetWindowID(pointer) }

  /// The drawable size in pixels (more than the window size on high-DPI screens). The
  /// corresponding C function is `SDL_GetRendererOutputSize`.
  var pixelSize: PixelSize {
    var width: Int32 = 0
    var height: Int32 = 0
    SDL_GetRendererOutputSize(renderer.pointer, &width, &height)
    return PixelSize(width: Int(max(1, width)), height: Int(max(1, height)))
  }

  /// Where the window is on the desktop. The corresponding C functions are
  /// `SDL_GetWindowPosition` and `SDL_GetWindowSize`.
  var frame: (x: Int, y: Int, width: Int, height: Int) {
    var x: Int32 = 0
    var y: Int32 = 0
    var width: Int32 = 0
    var height: Int32 = 0
    SDL_GetWindowPosition(pointer, &x, &y)
    SDL_GetWindowSize(pointer, &width, &height)
    return (Int(x), Int(y), Int(width), Int(height))
  }

  /// Draws one frame and shows it. The corresponding C function is `SDL_RenderPresent`.
  func show(_ frame: SlideFrame) {
    frames.draw(frame)
    renderer.present()
  }
}
