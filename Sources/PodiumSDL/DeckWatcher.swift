import CSDL2
import Foundation

/// Watches a deck and its images with inotify and wakes the event loop when one changes: a
/// thread blocks on the inotify descriptor and pushes an SDL user event (`SDL_PushEvent` may be
/// called from any thread). Folders are watched rather than files, because editors save by
/// writing a new file and renaming it over the old one.
///
/// Sendable by hand: the watched names are guarded by `lock`, the descriptor never changes.
final class DeckWatcher: @unchecked Sendable {
  /// The SDL event type the watcher pushes; `code` is unused.
  let eventType: UInt32
  private let descriptor: Int32
  private var folders: [Int32: String] = [:]
  private var names: Set<String> = []
  private let lock = NSLock()
  private var thread: Thread?

  /// Watches `files` (absolute paths). Returns nil when inotify is not available: the talk goes
  /// on without live reload. The corresponding C functions are `inotify_init1`,
  /// `inotify_add_watch` and `SDL_RegisterEvents`.
  init?(files: [String]) {
    let type = SDL_RegisterEvents(1)
    guard type != UInt32.max else { return nil }
    let fd = inotify_init1(Int32(IN_CLOEXEC))
    guard fd >= 0 else { return nil }
    eventType = type
    descriptor = fd
    watch(files)
    let thread = Thread { [weak self] in self?.readLoop() }
    thread.name = "podium deck watcher"
    self.thread = thread
    thread.start()
  }

  /// Adds files to watch (the deck's images after a reload).
  func watch(_ files: [String]) {
    lock.lock()
    defer { lock.unlock() }
    let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
    for file in files {
      let url = URL(fileURLWithPath: file).standardizedFileURL
      names.insert(url.path)
      let folder = url.deletingLastPathComponent().path
      guard !folders.values.contains(folder) else { continue }
      let watch = inotify_add_watch(descriptor, folder, mask)
      if watch >= 0 { folders[watch] = folder }
    }
  }

  private func readLoop() {
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count <= 0 {
        if count < 0 && errno == EINTR { continue }
        return
      }
      var offset = 0
      var relevant = false
      while offset + MemoryLayout<inotify_event>.size <= count {
        let (watch, length, name) = buffer.withUnsafeBytes { raw -> (Int32, Int, String) in
          let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
          let start = offset + MemoryLayout<inotify_event>.size
          let bytes = raw[start..<min(count, start + Int(event.len))].prefix { $0 != 0 }
          return (event.wd, Int(event.len), String(decoding: bytes, as: UTF8.self))
        }
        offset += MemoryLayout<inotify_event>.size + length
        lock.lock()
        if let folder = folders[watch], names.contains(folder + "/" + name) { relevant = true }
        lock.unlock()
      }
      if relevant {
        var event = SDL_Event()
        event.type = eventType
        SDL_PushEvent(&event)
      }
    }
  }

  // The reading thread holds the watcher for the rest of the program, as the talk does.
}
