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
/// software renderer as on X, the changed rectangles are copied into a buffer the compositor
/// is not reading, and that buffer is attached with those rectangles as its damage. Nothing
/// waits for the compositor's frame callback; a present waits only when every buffer is still
/// the compositor's (it has not released one within a second: then the frame is dropped and
/// the next one brings its changes too).
///
/// Each buffer remembers where it differs from the frame drawn (`stale`): a frame copies into
/// the buffer it uses what changed since that buffer was last sent, not the whole window.
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
  private var registry: OpaquePointer?
  fileprivate var shm: OpaquePointer?
  private var buffers: [Buffer] = []
  /// What frames are drawn into, at the window's size in pixels.
  private(set) var pixels: Surface
  /// Whether the surface takes damage in buffer pixels (wl_surface version 4 and later).
  private let damagesBuffer: Bool
  /// Set once the window is this object's to destroy: not when `init` throws.
  private var ownsWindow = false

  /// The pixels' format: XRGB8888, which every compositor takes.
  static let format = SDL_PIXELFORMAT_RGB888.rawValue
  /// Two suffice while the compositor releases a buffer once it shows the next; a third and a
  /// fourth are made only while it holds on to them.
  static let maximumBuffers = 4

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
    self.display = display
    self.queue = queue
    wlSurface = surface
    damagesBuffer = wl_proxy_get_version(surface) >= 4
    pixels = try Self.drawingSurface(window)
    self.window = window
    // The registry, and what is made from it, on this object's queue.
    if let wrapper = wl_proxy_create_wrapper(UnsafeMutableRawPointer(display)) {
      wl_proxy_set_queue(OpaquePointer(wrapper), queue)
      registry = wl_display_get_registry(OpaquePointer(wrapper))
      wl_proxy_wrapper_destroy(wrapper)
    }
    if let registry {
      _ = wl_registry_add_listener(
        registry, Self.registryListener, Unmanaged.passUnretained(self).toOpaque())
      _ = wl_display_roundtrip_queue(display, queue)
    }
    guard shm != nil else {
      throw SDLError(function: "wl_registry_bind", message: "the compositor offers no wl_shm")
    }
    ownsWindow = true
  }

  /// The buffers, the shm global, the registry and the queue, in that order; then the window.
  /// The corresponding C functions are `wl_buffer_destroy`, `wl_shm_destroy`,
  /// `wl_registry_destroy`, `wl_event_queue_destroy` and `SDL_DestroyWindow`.
  deinit {
    buffers = []
    shm.map { wl_shm_destroy($0) }
    registry.map { wl_registry_destroy($0) }
    wl_event_queue_destroy(queue)
    if ownsWindow { SDL_DestroyWindow(window) }
  }

  /// A surface at the window's size in pixels. The corresponding C functions are
  /// `SDL_GetWindowSizeInPixels` and `SDL_CreateRGBSurfaceWithFormat`.
  private static func drawingSurface(_ window: OpaquePointer) throws -> Surface {
    let size = pixelSize(window)
    guard
      let raw = SDL_CreateRGBSurfaceWithFormat(
        0, Int32(size.width), Int32(size.height), 32, format)
    else { throw SDLError.last("SDL_CreateRGBSurfaceWithFormat") }
    return Surface(owning: raw)
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

  /// A drawing surface at the window's new size; the buffers of the old size go.
  func resize() throws {
    pixels = try Self.drawingSurface(window)
    buffers = []
  }

  func surface() -> UnsafeMutablePointer<SDL_Surface>? {
    pixels.pointer
  }

  /// Copies what changed into a buffer the compositor is not reading and attaches it, damaged
  /// where `rects` are (everywhere with nil).
  func send(_ rects: [SDL_Rect]?) {
    let whole = SDL_Rect(x: 0, y: 0, w: Int32(pixels.width), h: Int32(pixels.height))
    let damage = (rects ?? [whole]).compactMap { Self.clipped($0, to: whole) }
    guard !damage.isEmpty else { return }
    for buffer in buffers { buffer.mark(damage) }
    guard let buffer = freeBuffer() else { return }
    copy(buffer.stale ?? [whole], into: buffer)
    buffer.stale = []
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
    readEvents(waitingUpTo: 0)
    if let free = buffers.first(where: { !$0.busy }) { return free }
    if buffers.count < Self.maximumBuffers, let made = makeBuffer() {
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

  /// A buffer at the drawing surface's size in a new shared-memory file. The corresponding C
  /// functions are `shm_open`, `mmap`, `wl_shm_create_pool` and `wl_shm_pool_create_buffer`.
  private func makeBuffer() -> Buffer? {
    guard let shm else { return nil }
    let (width, height) = (pixels.width, pixels.height)
    let pitch = width * 4
    let size = pitch * height
    Self.files += 1
    let name = "/podium-wl-\(getpid())-\(Self.files)"
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
    let buffer = Buffer(proxy: proxy, data: data, size: size, pitch: pitch)
    _ = wl_buffer_add_listener(
      proxy, Self.bufferListener, Unmanaged.passUnretained(buffer).toOpaque())
    return buffer
  }

  /// Names for the shared-memory files, each unlinked as soon as it is open.
  nonisolated(unsafe) private static var files = 0

  private func copy(_ rects: [SDL_Rect], into buffer: Buffer) {
    guard let source = pixels.pointer.pointee.pixels else { return }
    let sourcePitch = Int(pixels.pointer.pointee.pitch)
    for rect in rects {
      let bytes = Int(rect.w) * 4
      for row in Int(rect.y)..<Int(rect.y + rect.h) {
        memcpy(
          buffer.data + row * buffer.pitch + Int(rect.x) * 4,
          source + row * sourcePitch + Int(rect.x) * 4, bytes)
      }
    }
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
    let proxy: OpaquePointer
    let data: UnsafeMutableRawPointer
    let size: Int
    let pitch: Int
    /// Until the compositor releases it.
    var busy = false
    /// Where it differs from the frame drawn; nil where it may anywhere (a new buffer).
    var stale: [SDL_Rect]?

    init(proxy: OpaquePointer, data: UnsafeMutableRawPointer, size: Int, pitch: Int) {
      self.proxy = proxy
      self.data = data
      self.size = size
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

    /// The corresponding C functions are `wl_buffer_destroy` and `munmap`.
    deinit {
      wl_buffer_destroy(proxy)
      munmap(data, size)
    }
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
          let framebuffer = Unmanaged<WaylandFramebuffer>.fromOpaque(data)
            .takeUnretainedValue()
          guard framebuffer.shm == nil else { return }
          framebuffer.shm = wl_registry_bind(registry, name, podium_wl_shm_interface(), 1)
            .map(OpaquePointer.init)
        },
        global_remove: { _, _, _ in }))
    return UnsafePointer(listener)
  }()
}
