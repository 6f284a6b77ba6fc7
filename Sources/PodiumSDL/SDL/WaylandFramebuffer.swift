import CSDL2
import CWaylandClient
import Glibc

/// A software window's pixels on Wayland, sent to the compositor in shared-memory buffers of
/// Podium's own (`wl_shm`), with only the rectangles that changed damaged: what X's shared
/// memory gives SDL's software renderer there (`ChangedRows`), which SDL 2's Wayland driver
/// lacks (it has no window framebuffer, so its windows drew through OpenGL on Mesa's llvmpipe).
///
/// Why: through OpenGL every present had llvmpipe draw the whole window again (a textured
/// quad of 1920x1080 through a JIT-compiled shader, 10 to 15 ms of both cores on the rig,
/// more when the machine is busy) and copy all of it into a buffer for the compositor; and
/// OpenGL brought LLVM, llvmpipe's threads, its textures and four buffers a window (about
/// 130 MB more than X; docs/TESTING.md has the figures). Here a frame is drawn by SDL's
/// software renderer as on X, straight into a buffer the compositor is not reading, and that
/// buffer is attached with the changed rectangles as its damage. Nothing waits for the
/// compositor's frame callback; a frame waits only when every buffer is still the compositor's
/// (it has not released one within a second: then the frame is drawn into the buffer shown
/// last, as X's shared memory is).
///
/// There is no drawing surface beside the buffers (it cost a window's size, 8 MB at 1080p):
/// the renderer's surface points at the buffer being drawn (`drawing`), which holds the frame
/// drawn last. Each other buffer remembers where it differs from that frame (`stale`): before a
/// frame is drawn into it, what changed since it was last drawn is copied from the buffer drawn
/// last, not the whole window (as EGL's buffer age lets a GL client do).
///
/// Objects of its own go on an event queue of its own, so SDL's event loop never sees them.
/// The corresponding C functions are `SDL_GetWindowWMInfo`, `wl_shm_create_pool`,
/// `wl_shm_pool_create_buffer`, `wl_surface_attach`, `wl_surface_damage_buffer` and
/// `wl_surface_commit`.
final class WaylandFramebuffer: FrameTarget {
  /// The SDL window, destroyed with this object, after its buffers.
  let window: OpaquePointer
  /// SDL's connection and the window's surface.
  private let display: OpaquePointer
  private let wlSurface: OpaquePointer
  private let queue: OpaquePointer
  private let shm: OpaquePointer
  private var buffers: [Buffer]
  /// The buffers of the size before a resize, kept until the next frame: the renderer that
  /// drew into them goes after `resize` (`Window.followSize`).
  private var retired: [Buffer] = []
  /// The buffer frames are drawn into, holding the frame drawn last.
  private var drawing: Buffer
  /// What frames are drawn into, at the window's size in pixels: a surface over the pixels of
  /// `drawing` (SDL's software renderer reads its `pixels` at each drawing call).
  private(set) var pixels: Surface
  /// Whether the surface takes damage in buffer pixels (wl_surface version 4 and later).
  private let damagesBuffer: Bool
  /// Set once the window is this object's to destroy: not when `init` throws.
  private var ownsWindow = false

  /// The pixels' format: XRGB8888, which every compositor takes.
  static let format = SDL_PIXELFORMAT_RGB888.rawValue
  /// Two suffice while the compositor releases a buffer once it shows the next; a third and a
  /// fourth are made only while it holds on to them, and go again once unused for
  /// `spareLifetime` milliseconds.
  static let maximumBuffers = 4
  static let spareLifetime = 2000.0

  /// Takes ownership of `window` (it is destroyed with this object); throws, leaving the window
  /// to the caller, where it is not a Wayland window or the compositor offers no `wl_shm`.
  init(window: OpaquePointer) throws {
    var info = SDL_SysWMinfo()
    info.version = SDL_version(
      major: UInt8(SDL_MAJOR_VERSION), minor: UInt8(SDL_MINOR_VERSION),
      patch: UInt8(SDL_PATCHLEVEL))
    guard SDL_GetWindowWMInfo(window, &info) == SDL_TRUE, info.subsystem == SDL_SYSWM_WAYLAND,
      let display = info.info.wl.display, let surface = info.info.wl.surface
    else { throw SDLError(function: "SDL_GetWindowWMInfo", message: "not a Wayland window") }
    guard let queue = wl_display_create_queue(display) else {
      throw SDLError(function: "wl_display_create_queue", message: "no event queue")
    }
    // The registry, and what is made from it, on this object's queue.
    var registry: OpaquePointer?
    let globals = Globals()
    if let wrapper = wl_proxy_create_wrapper(UnsafeMutableRawPointer(display)) {
      wl_proxy_set_queue(OpaquePointer(wrapper), queue)
      registry = wl_display_get_registry(OpaquePointer(wrapper))
      wl_proxy_wrapper_destroy(wrapper)
    }
    if let registry {
      _ = wl_registry_add_listener(
        registry, Self.registryListener, Unmanaged.passUnretained(globals).toOpaque())
      _ = wl_display_roundtrip_queue(display, queue)
      // Gone once wl_shm is bound: its later events (an output plugged in) would reach a
      // listener whose `globals` is gone.
      wl_registry_destroy(registry)
    }
    guard let shm = globals.shm else {
      wl_event_queue_destroy(queue)
      throw SDLError(function: "wl_registry_bind", message: "the compositor offers no wl_shm")
    }
    let size = Self.pixelSize(window)
    let first = Self.makeBuffer(shm, width: size.width, height: size.height)
    guard let first, let pixels = Self.drawingSurface(over: first) else {
      wl_shm_destroy(shm)
      wl_event_queue_destroy(queue)
      throw first == nil
        ? SDLError(function: "wl_shm_pool_create_buffer", message: "no shared-memory buffer")
        : SDLError.last("SDL_CreateRGBSurfaceWithFormatFrom")
    }
    self.display = display
    self.queue = queue
    self.shm = shm
    wlSurface = surface
    damagesBuffer = wl_proxy_get_version(surface) >= 4
    buffers = [first]
    drawing = first
    self.pixels = pixels
    self.window = window
    ownsWindow = true
  }

  /// The buffers, the shm global and the queue, in that order; then the window.
  /// The corresponding C functions are `wl_buffer_destroy`, `wl_shm_destroy`,
  /// `wl_registry_destroy`, `wl_event_queue_destroy` and `SDL_DestroyWindow`.
  deinit {
    // Every buffer's proxy goes before the queue (`drawing` outlives this body): an event for
    // one left would be put on the queue destroyed here, when SDL next reads the connection.
    for buffer in buffers + retired + [drawing] { buffer.destroyProxy() }
    buffers = []
    retired = []
    wl_shm_destroy(shm)
    wl_event_queue_destroy(queue)
    if ownsWindow { SDL_DestroyWindow(window) }
  }

  /// A surface over `buffer`'s pixels (freeing it leaves them be). The corresponding C
  /// function is `SDL_CreateRGBSurfaceWithFormatFrom`.
  private static func drawingSurface(over buffer: Buffer) -> Surface? {
    SDL_CreateRGBSurfaceWithFormatFrom(
      buffer.data, Int32(buffer.width), Int32(buffer.height), 32, Int32(buffer.pitch), format
    ).map(Surface.init(owning:))
  }

  private static func pixelSize(_ window: OpaquePointer) -> (width: Int, height: Int) {
    var width: Int32 = 0
    var height: Int32 = 0
    SDL_GetWindowSizeInPixels(window, &width, &height)
    return (Int(max(1, width)), Int(max(1, height)))
  }

  /// Whether the window's size in pixels is no longer the drawing surface's (a new mode or
  /// scale): then `resize` makes a new surface, and the renderer drawing into the old must go.
  var sizeChanged: Bool {
    Self.pixelSize(window) != (pixels.width, pixels.height)
  }

  /// Buffers and a drawing surface at the window's new size; those of the old size go (the
  /// renderer drawing into the old surface must go first: see `sizeChanged`).
  func resize() throws {
    let size = Self.pixelSize(window)
    guard let first = Self.makeBuffer(shm, width: size.width, height: size.height) else {
      throw SDLError(function: "wl_shm_pool_create_buffer", message: "no shared-memory buffer")
    }
    guard let surface = Self.drawingSurface(over: first) else {
      throw SDLError.last("SDL_CreateRGBSurfaceWithFormatFrom")
    }
    pixels = surface
    retired = buffers
    buffers = [first]
    drawing = first
  }

  func surface() -> UnsafeMutablePointer<SDL_Surface>? {
    pixels.pointer
  }

  /// Points the drawing surface at a buffer the compositor is not reading, holding the frame
  /// drawn last: the buffer drawn last if the compositor released it, else another, brought up
  /// to date by copying what changed since it was drawn. Called before a frame is drawn.
  func beginFrame() {
    retired = []
    readEvents(waitingUpTo: 0)
    let now = Self.milliseconds()
    if drawing.busy, let next = freeBuffer() { draw(into: next) }
    drawing.lastDrawn = now
    // Spares made while the compositor held on to buffers go once unused for a while.
    let drawn = drawing
    while buffers.count > 2,
      let spare = buffers.firstIndex(where: {
        $0 !== drawn && !$0.busy && now - $0.lastDrawn > Self.spareLifetime
      })
    {
      buffers.remove(at: spare)
    }
  }

  /// Between frames (the windows shown, before drawing ahead): where the compositor has
  /// released a buffer since, it is brought up to date now and the next frame drawn into it,
  /// so that the next frame's path has no copy.
  func catchUp() {
    readEvents(waitingUpTo: 0)
    guard drawing.busy, let next = buffers.first(where: { !$0.busy }) else { return }
    draw(into: next)
    next.lastDrawn = Self.milliseconds()
  }

  /// `next` gets what changed since it was drawn, from the buffer drawn last, and frames are
  /// drawn into it from now.
  private func draw(into next: Buffer) {
    let whole = SDL_Rect(x: 0, y: 0, w: Int32(pixels.width), h: Int32(pixels.height))
    copy(next.stale ?? [whole], from: drawing, into: next)
    next.stale = []
    drawing = next
    pixels.pointer.pointee.pixels = next.data
  }

  /// Attaches the buffer drawn, damaged where `rects` are (everywhere with nil).
  func send(_ rects: [SDL_Rect]?) {
    let whole = SDL_Rect(x: 0, y: 0, w: Int32(pixels.width), h: Int32(pixels.height))
    let damage = (rects ?? [whole]).compactMap { Self.clipped($0, to: whole) }
    guard !damage.isEmpty else { return }
    for buffer in buffers where buffer !== drawing { buffer.mark(damage) }
    let buffer = drawing
    buffer.busy = true
    wl_surface_attach(wlSurface, buffer.proxy, 0, 0)
    for rect in damage {
      if damagesBuffer {
        wl_surface_damage_buffer(wlSurface, rect.x, rect.y, rect.w, rect.h)
      } else {
        wl_surface_damage(wlSurface, 0, 0, Int32.max, Int32.max)
      }
    }
    wl_surface_commit(wlSurface)
    _ = wl_display_flush(display)
  }

  /// How many buffers there are now, for the tests.
  var bufferCount: Int { buffers.count }

  /// A buffer the compositor has released, or a new one while there are fewer than
  /// `maximumBuffers`; else waits up to a second for a release. Nil if none came.
  private func freeBuffer() -> Buffer? {
    if let free = buffers.first(where: { !$0.busy }) { return free }
    if buffers.count < Self.maximumBuffers,
      let made = Self.makeBuffer(shm, width: pixels.width, height: pixels.height)
    {
      buffers.append(made)
      return made
    }
    var waited = 0
    while waited < 1000 {
      readEvents(waitingUpTo: 50)
      if let free = buffers.first(where: { !$0.busy }) { return free }
      waited += 50
    }
    return nil
  }

  /// Reads what the compositor sent (for every queue: SDL's events wait in its own) and
  /// handles this object's, waiting up to `milliseconds` for some. The corresponding C
  /// functions are `wl_display_prepare_read_queue`, `wl_display_read_events` and
  /// `wl_display_dispatch_queue_pending`.
  private func readEvents(waitingUpTo milliseconds: Int32) {
    _ = wl_display_flush(display)
    if wl_display_prepare_read_queue(display, queue) == 0 {
      var ready = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
      if poll(&ready, 1, milliseconds) > 0 {
        _ = wl_display_read_events(display)
      } else {
        wl_display_cancel_read(display)
      }
    }
    _ = wl_display_dispatch_queue_pending(display, queue)
  }

  /// A buffer of `width` x `height` pixels in a new shared-memory file. The corresponding C
  /// functions are `shm_open`, `mmap`, `wl_shm_create_pool` and `wl_shm_pool_create_buffer`.
  private static func makeBuffer(_ shm: OpaquePointer, width: Int, height: Int) -> Buffer? {
    let pitch = width * 4
    let size = pitch * height
    files += 1
    let name = "/podium-wl-\(getpid())-\(files)"
    let fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0o600)
    guard fd >= 0 else { return nil }
    shm_unlink(name)
    defer { close(fd) }
    guard ftruncate(fd, off_t(size)) == 0,
      let data = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0),
      data != UnsafeMutableRawPointer(bitPattern: -1)
    else { return nil }
    guard let pool = wl_shm_create_pool(shm, fd, Int32(size)) else {
      munmap(data, size)
      return nil
    }
    defer { wl_shm_pool_destroy(pool) }
    guard
      let proxy = wl_shm_pool_create_buffer(
        pool, 0, Int32(width), Int32(height), Int32(pitch), WL_SHM_FORMAT_XRGB8888.rawValue)
    else {
      munmap(data, size)
      return nil
    }
    let buffer = Buffer(proxy: proxy, data: data, width: width, height: height, pitch: pitch)
    _ = wl_buffer_add_listener(proxy, bufferListener, Unmanaged.passUnretained(buffer).toOpaque())
    return buffer
  }

  /// Names for the shared-memory files, each unlinked as soon as it is open.
  nonisolated(unsafe) private static var files = 0

  private func copy(_ rects: [SDL_Rect], from source: Buffer, into buffer: Buffer) {
    for rect in rects {
      let bytes = Int(rect.w) * 4
      for row in Int(rect.y)..<Int(rect.y + rect.h) {
        let offset = row * buffer.pitch + Int(rect.x) * 4
        memcpy(buffer.data + offset, source.data + offset, bytes)
      }
    }
  }

  /// A monotonic clock in milliseconds. The corresponding C function is `clock_gettime`.
  private static func milliseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
  }

  /// `rect` inside `bounds`, or nil where it is empty there.
  static func clipped(_ rect: SDL_Rect, to bounds: SDL_Rect) -> SDL_Rect? {
    let left = max(rect.x, bounds.x)
    let top = max(rect.y, bounds.y)
    let right = min(rect.x + rect.w, bounds.x + bounds.w)
    let bottom = min(rect.y + rect.h, bounds.y + bounds.h)
    guard right > left, bottom > top else { return nil }
    return SDL_Rect(x: left, y: top, w: right - left, h: bottom - top)
  }

  /// One `wl_buffer` and its memory.
  fileprivate final class Buffer {
    /// Nil once destroyed (`destroyProxy`).
    private(set) var proxy: OpaquePointer?
    let data: UnsafeMutableRawPointer
    let width: Int
    let height: Int
    let pitch: Int
    var size: Int { pitch * height }
    /// Until the compositor releases it.
    var busy = false
    /// Where it differs from the frame drawn last; nil where it may anywhere (a new buffer).
    var stale: [SDL_Rect]?
    /// When a frame was last drawn into it (`milliseconds`).
    var lastDrawn = 0.0

    init(
      proxy: OpaquePointer, data: UnsafeMutableRawPointer, width: Int, height: Int, pitch: Int
    ) {
      self.proxy = proxy
      self.data = data
      self.width = width
      self.height = height
      self.pitch = pitch
    }

    /// Past 16 rectangles, their bounds: one copy of a few rows too many costs less than
    /// many small ones.
    func mark(_ damage: [SDL_Rect]) {
      guard var rects = stale else { return }
      rects += damage
      if rects.count > 16 {
        var bounds = rects[0]
        for rect in rects.dropFirst() {
          let right = max(bounds.x + bounds.w, rect.x + rect.w)
          let bottom = max(bounds.y + bounds.h, rect.y + rect.h)
          bounds.x = min(bounds.x, rect.x)
          bounds.y = min(bounds.y, rect.y)
          bounds.w = right - bounds.x
          bounds.h = bottom - bounds.y
        }
        rects = [bounds]
      }
      stale = rects
    }

    /// The corresponding C function is `wl_buffer_destroy`.
    func destroyProxy() {
      proxy.map { wl_buffer_destroy($0) }
      proxy = nil
    }

    /// The corresponding C function is `munmap`.
    deinit {
      destroyProxy()
      munmap(data, size)
    }
  }

  /// What the registry's listener binds, before this object exists.
  private final class Globals {
    var shm: OpaquePointer?
  }

  nonisolated(unsafe) private static let bufferListener = {
    let listener = UnsafeMutablePointer<wl_buffer_listener>.allocate(capacity: 1)
    listener.initialize(
      to: wl_buffer_listener(
        release: { data, _ in
          guard let data else { return }
          Unmanaged<Buffer>.fromOpaque(data).takeUnretainedValue().busy = false
        }))
    return UnsafePointer(listener)
  }()

  nonisolated(unsafe) private static let registryListener = {
    let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
    listener.initialize(
      to: wl_registry_listener(
        global: { data, registry, name, interface, _ in
          guard let data, let registry, let interface, String(cString: interface) == "wl_shm"
          else { return }
          let globals = Unmanaged<Globals>.fromOpaque(data).takeUnretainedValue()
          guard globals.shm == nil else { return }
          globals.shm = wl_registry_bind(registry, name, podium_wl_shm_interface(), 1)
            .map(OpaquePointer.init)
        },
        global_remove: { _, _, _ in }))
    return UnsafePointer(listener)
  }()
}
