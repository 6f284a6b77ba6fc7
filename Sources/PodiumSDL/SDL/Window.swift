import CSDL2
import PodiumCore

/// An owned `SDL_Window` with its renderer and the frame renderer that draws into it.
///
/// The window goes with its renderer, not with this object: `Renderer` destroys it after itself
/// and after the last texture, the only order SDL accepts.
public final class Window {
  let pointer: OpaquePointer
  /// Made anew, with `frames`, when a Wayland window's size in pixels changes (its software
  /// renderer draws into a surface of that size).
  private(set) var renderer: Renderer
  private(set) var frames: FrameRenderer
  /// A Wayland window's own buffers, where a software window has them (see `init`).
  private let waylandPixels: WaylandFramebuffer?
  private let fonts: FontLibrary
  private let images: ImageLibrary
  private let measurer: any TextMeasurer
  /// How many window-sized layers to keep (`keepLayers`).
  private var layerFrames = 4

  /// A window at `x`, `y`, `width` x `height` in desktop coordinates. Borderless windows placed
  /// at a display's bounds cover that display exactly, with or without a window manager
  /// (docs/TESTING.md). Where clients cannot place windows (`WindowingSystem.placesWindows`
  /// false: Wayland), a borderless window opens full screen on `display` instead, the
  /// compositor putting it on that output. The corresponding C functions are `SDL_CreateWindow` and
  /// `SDL_CreateRenderer`.
  init(
    title: String, x: Int, y: Int, width: Int, height: Int, borderless: Bool, display: Int = 0,
    fonts: FontLibrary, images: ImageLibrary, measurer: any TextMeasurer
  ) throws {
    let system = WindowingSystem.current
    var flags = SDL_WINDOW_SHOWN.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
    flags |= borderless ? SDL_WINDOW_BORDERLESS.rawValue : SDL_WINDOW_RESIZABLE.rawValue
    var (left, top) = (Int32(x), Int32(y))
    if borderless && !system.placesWindows {
      // SDL asks the compositor for full screen on the output of `display` (xdg_toplevel's
      // set_fullscreen with that wl_output): the one way to choose an output on Wayland.
      flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue
      let undefined = Int32(bitPattern: SDL_WINDOWPOS_UNDEFINED_MASK | UInt32(display))
      (left, top) = (undefined, undefined)
    }
    guard let window = SDL_CreateWindow(title, left, top, Int32(width), Int32(height), flags)
    else {
      throw SDLError.last("SDL_CreateWindow")
    }
    // SDL's software renderer, presenting through the X server's shared memory, unless the user
    // picks another with SDL_RENDER_DRIVER: a copied slide reaches the screen several times
    // faster this way than through OpenGL on Mesa's llvmpipe (scripts/bench-present measures
    // it), and a software window survives any display change. SDL 2's Wayland driver has no
    // such framebuffer: there the software renderer draws into a surface of Podium's own, sent
    // in shared-memory buffers with only what changed damaged (`WaylandFramebuffer`); OpenGL
    // only where that cannot be had. (SDL 2's Wayland driver still loads EGL for every window,
    // making it an OpenGL one; no context is made on it, nor llvmpipe's threads.)
    let software = SDL_GetHint(SDL_HINT_RENDER_DRIVER) == nil
    var waylandPixels: WaylandFramebuffer?
    if software && !system.hasFramebuffer {
      waylandPixels = try? WaylandFramebuffer(window: window)
    }
    if let waylandPixels {
      // SDL made it an EGL window too, loading Mesa and LLVM, which will not be used.
      UnusedDriverPages.handBack()
      // The window is the framebuffer's from here, destroyed after the renderer that keeps it.
      renderer = try Renderer(drawingInto: waylandPixels.pixels, owner: waylandPixels)
    } else {
      let rendererFlags = software && system.hasFramebuffer ? SDL_RENDERER_SOFTWARE.rawValue : 0
      guard let raw = SDL_CreateRenderer(window, -1, rendererFlags) else {
        let error = SDLError.last("SDL_CreateRenderer")
        SDL_DestroyWindow(window)
        throw error
      }
      // The renderer owns the window from here: it destroys the window after itself, once the
      // last texture is gone (SDL_DestroyRenderer reads the window; see `Renderer`).
      renderer = Renderer(owning: raw, window: window)
    }
    pointer = window
    self.waylandPixels = waylandPixels
    self.fonts = fonts
    self.images = images
    self.measurer = measurer
    frames = FrameRenderer(renderer: renderer, fonts: fonts, images: images, measurer: measurer)
    frames.layerFormat =
      waylandPixels != nil ? WaylandFramebuffer.format : SDL_GetWindowPixelFormat(window)
    frames.decodesAnimations = true
    changedRows = renderer.name == "software" ? ChangedRows() : nil
    self.borderless = borderless
    isFullscreen = flags & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0
    keepLayers(windowFrames: 4)
  }

  /// Frames shown by copying and sending only their changed tiles (see `show`).
  private(set) var framesShownAsTiles = 0
  /// How many pixels the last frame sent to the screen.
  private(set) var pixelsSent = 0
  /// The playing clips and animations the last frame showed, and what was drawn over them.
  private var picturesShown: [ShownPicture] = []

  private let borderless: Bool
  /// A software window sends the screen only the rows that changed (see `ChangedRows`).
  private let changedRows: ChangedRows?
  private var isFullscreen = false

  /// Makes a borderless window full screen on the display it is on. With a window manager this
  /// keeps panels and decorations away; without one the window already covers the display and
  /// SDL waits about 100 ms for an answer that never comes, so this is called after the first
  /// frame is on screen. The corresponding C function is `SDL_SetWindowFullscreen`.
  func enterFullscreen() {
    guard borderless, !isFullscreen else { return }
    isFullscreen = true
    SDL_SetWindowFullscreen(pointer, SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
  }

  /// How many window-sized layers of drawing to keep: the audience window needs the current,
  /// next and previous slide (4 leaves one spare, the default); the console its slide part and
  /// slide views for each of those.
  func keepLayers(windowFrames count: Int) {
    layerFrames = count
    let size = pixelSize
    frames.layerBudget = max(16 << 20, count * size.width * size.height * 4)
  }

  /// The SDL renderer drawing this window, for the trace.
  var rendererName: String { renderer.name }

  /// SDL's id for events. The corresponding C function is `SDL_GetWindowID`.
  var id: UInt32 { SDL_GetWindowID(pointer) }

  /// The drawable size in pixels (more than the window size on high-DPI screens). The
  /// corresponding C function is `SDL_GetRendererOutputSize`.
  var pixelSize: PixelSize {
    followSize()
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

  /// Draws one frame and shows it: a software window sends only its changed rows
  /// (`ChangedRows`), others present through `SDL_RenderPresent`. A frame that is a kept layer
  /// whose tiles are known (the audience's slide and the console, drawn ahead), with perhaps a
  /// few things and playing clips over it, is neither drawn whole nor read whole: only the
  /// tiles that differ from the screen's, and those under what is drawn over, are copied and
  /// sent; a clip's tiles are sent without being read, and where the clip shows the picture
  /// the screen has (a key pressed while it plays), only what changed over it is drawn and sent.
  /// Returns the milliseconds spent drawing and presenting, for the trace.
  @discardableResult
  /// `whole`: every part of the frame changes (a transition's), so it is sent without
  /// looking for what did.
  func show(_ frame: SlideFrame, whole: Bool = false) -> (draw: Double, present: Double) {
    framesShown += 1
    let start = Self.milliseconds()
    // On Wayland, frames are drawn straight into a buffer the compositor is not reading.
    waylandPixels?.beginFrame()
    // Only a window that sends its changed tiles needs to know where clips draw.
    let pictures = changedRows == nil ? [] : frames.shownPictures(frame)
    defer { picturesShown = pictures }
    let live = pictures.map { ChangedRows.area($0.area.sdlRect) }
    if let changedRows, let format = frames.layerFormat, let base = frames.baseLayer(frame),
      let tiles = base.tiles, let over = frames.drawnAreas(base.over)
    {
      // Where clips show the pictures the screen has in the same places (a key pressed while
      // they play), only what changed over them is drawn again. An animation's frame may let
      // what is under it show through, so it is drawn again whole.
      let redrawn =
        pictures.allSatisfy(\.covers)
        ? frames.changedOverPictures(pictures, since: picturesShown) : nil
      var drawn = start
      let sent = changedRows.presentLayer(
        window: target, tiles: tiles, format: format, over: over.map(ChangedRows.area),
        live: live, opaque: pictures.filter(\.covers).map { ChangedRows.area($0.area.sdlRect) },
        redrawn: redrawn?.map { ChangedRows.area($0.sdlRect) }
      ) { copies, parts in
        renderer.clip(nil)
        for rect in copies.map(ChangedRows.sdlRect) {
          renderer.copy(base.texture, source: rect, destination: rect)
        }
        frames.drawOver(frame, parts: parts?.map { Rect(ChangedRows.sdlRect($0)) })
        renderer.flush()
        drawn = Self.milliseconds()
      }
      if let sent {
        pixelsSent = sent
        framesShownAsTiles += 1
        return (drawn - start, Self.milliseconds() - drawn)
      }
    }
    frames.draw(frame)
    // SDL queues drawing until the present; flushing first splits the two times honestly.
    renderer.flush()
    let drawn = Self.milliseconds()
    if let changedRows, whole {
      pixelsSent = changedRows.presentWhole(window: target)
    } else if let changedRows {
      pixelsSent = changedRows.present(window: target, live: live)
      // A frame that is its layer alone: the screen's tiles are now the layer's.
      if let base = frames.baseLayer(frame), base.over.isEmpty, base.tiles == nil,
        changedRows.format == frames.layerFormat, let tiles = changedRows.shownTiles
      {
        frames.keepTiles(tiles, forLayerOf: frame)
      }
    } else {
      renderer.present()
      pixelsSent = pixelSize.width * pixelSize.height
    }
    return (drawn - start, Self.milliseconds() - drawn)
  }

  /// Frames shown so far: a recording copies the window when this changes.
  private(set) var framesShown = 0

  /// Copies what a software window shows (its surface holds the whole frame after every
  /// present) into `picture`, converted to `XRGB8888`; false when the window has no pixels to
  /// read (a GPU renderer, asked for with SDL_RENDER_DRIVER) or `picture` is not its size. The
  /// corresponding C function is `SDL_ConvertPixels`.
  func copyShown(into picture: RecordedPicture) -> Bool {
    guard changedRows != nil, let surface = target.surface(), let pixels = surface.pointee.pixels,
      Int(surface.pointee.w) == picture.width, Int(surface.pointee.h) == picture.height
    else { return false }
    return SDL_ConvertPixels(
      surface.pointee.w, surface.pointee.h, surface.pointee.format.pointee.format, pixels,
      surface.pointee.pitch, SDL_PIXELFORMAT_RGB888.rawValue, picture.bytes.baseAddress,
      Int32(picture.pitch)) == 0
  }

  /// Between frames: a Wayland window brings a buffer the compositor released up to date now,
  /// not when the next frame is due (`WaylandFramebuffer.catchUp`).
  func catchUp() {
    waylandPixels?.catchUp()
  }

  /// The screen lost what the window showed (exposed, resized, shown again): the next frame is
  /// sent whole.
  func contentLost() {
    followSize()
    changedRows?.invalidate()
  }

  /// Where a software window's frames go: its Wayland buffers, or SDL's window surface.
  private var target: any FrameTarget {
    waylandPixels ?? SDLWindowSurface(window: pointer)
  }

  /// A Wayland window whose size in pixels changed (a new mode or scale) gets a drawing
  /// surface of the new size, and a renderer and frame renderer drawing into it, with the
  /// old one's settings; what the old one kept goes with it.
  private func followSize() {
    guard let waylandPixels, waylandPixels.sizeChanged, (try? waylandPixels.resize()) != nil,
      let renderer = try? Renderer(drawingInto: waylandPixels.pixels, owner: waylandPixels)
    else { return }
    let old = frames
    self.renderer = renderer
    frames = FrameRenderer(renderer: renderer, fonts: fonts, images: images, measurer: measurer)
    frames.layerFormat = old.layerFormat
    frames.decodesAnimations = old.decodesAnimations
    frames.pictureInterval = old.pictureInterval
    frames.livePictures = old.livePictures
    keepLayers(windowFrames: layerFrames)
    changedRows?.invalidate()
  }

  /// A monotonic clock in milliseconds with sub-millisecond resolution. The corresponding C
  /// functions are `SDL_GetPerformanceCounter` and `SDL_GetPerformanceFrequency`.
  static func milliseconds() -> Double {
    Double(SDL_GetPerformanceCounter()) * 1000 / Double(SDL_GetPerformanceFrequency())
  }

  /// Forgets every texture kept for drawing: the deck changed.
  func purgeCaches() {
    frames.purgeCaches()
  }

  /// Draws the layers of a frame to be shown soon into their textures, showing nothing; with
  /// `picturesPlayOn` false, as it will be once the clips and animations playing now have
  /// stopped. False when a PDF page of the frame is not drawn yet: the frame waits for it.
  @discardableResult
  func prepare(_ frame: SlideFrame, picturesPlayOn: Bool = true) -> Bool {
    guard frames.pagesReady(in: frame) else { return false }
    frames.picturesPlayOn = picturesPlayOn
    frames.prepare(frame)
    frames.picturesPlayOn = true
    frames.freeLetGo()
    if changedRows != nil, let format = frames.layerFormat,
      let base = frames.baseLayer(frame), base.tiles == nil,
      let tiles = tileHashes(base.texture, format: format)
    {
      frames.keepTiles(tiles, forLayerOf: frame)
    }
    return true
  }

  /// The tile hashes of a kept layer (as `ChangedRows` keeps them), read back a band of rows at
  /// a time; nil if it cannot be read.
  private func tileHashes(_ texture: Texture, format: UInt32) -> [UInt64]? {
    let width = texture.width
    let band = 64
    let pitch = width * 4
    var pixels = [UInt8](repeating: 0, count: pitch * band)
    var tiles: [UInt64] = []
    tiles.reserveCapacity(texture.height * ChangedRows.tilesPerRow)
    guard (try? renderer.setTarget(texture)) != nil else { return nil }
    defer { try? renderer.setTarget(nil) }
    for top in stride(from: 0, to: texture.height, by: band) {
      let rows = min(band, texture.height - top)
      let rect = SDL_Rect(x: 0, y: Int32(top), w: Int32(width), h: Int32(rows))
      let read = pixels.withUnsafeMutableBytes { buffer in
        renderer.readPixels(rect, format: format, into: buffer.baseAddress!, pitch: pitch)
      }
      guard read else { return nil }
      tiles += pixels.withUnsafeBytes {
        ChangedRows.tileHashes($0, width: width, rows: rows, pitch: pitch)
      }
    }
    return tiles
  }
}
