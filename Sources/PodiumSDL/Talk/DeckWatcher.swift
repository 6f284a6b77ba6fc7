import CSDL2
import Foundation

/// Watches a deck and its images with inotify and wakes the event loop when one changes: a
/// thread blocks on the inotify descriptor and pushes an SDL user event (`SDL_PushEvent` may be
/// called from any thread). Folders are watched rather than files, because editors save by
/// writing a new file and renaming it over the old one, and a deleted file's folder still sees
/// it come back.
///
/// A folder can go too (`rm -r`, a `git checkout` of a branch without it, a folder renamed):
/// inotify then drops its watch (`IN_IGNORED`). The watcher wakes the talk, which says the deck
/// is gone, and tries the folder again twice a second until it is back.
///
/// Sendable by hand: the watched names are guarded by `lock`, the descriptor never changes.
final class DeckWatcher: @unchecked Sendable {
  /// The SDL event type the watcher pushes; `code` is unused.
  let eventType: UInt32
  private let descriptor: Int32
  private var folders: [Int32: String] = [:]
  /// Folders of watched files that are gone, tried again until they are back.
  private var missing: Set<String> = []
  private var names: Set<String> = []
  private let lock = NSLock()
  private var thread: Thread?

  /// How often a missing folder is looked for, in milliseconds.
  static let retryInterval: Int32 = 500

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
    for file in files {
      let url = URL(fileURLWithPath: file).standardizedFileURL
      names.insert(url.path)
      addWatch(url.deletingLastPathComponent().path)
    }
  }

  /// Watches `folder` unless it is watched already; remembers it as missing when it cannot be.
  /// Returns whether it is watched now. Called with `lock` held.
  @discardableResult
  private func addWatch(_ folder: String) -> Bool {
    if folders.values.contains(folder) { return true }
    // IN_DELETE_SELF and IN_MOVE_SELF: the folder itself went; IN_IGNORED comes without asking.
    let mask = UInt32(
      IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_DELETE_SELF
        | IN_MOVE_SELF)
    let watch = inotify_add_watch(descriptor, folder, mask)
    guard watch >= 0 else {
      missing.insert(folder)
      return false
    }
    folders[watch] = folder
    missing.remove(folder)
    return true
  }

  /// The watched files in `folder`. Called with `lock` held.
  private func watchedFiles(in folder: String) -> [String] {
    names.filter { URL(fileURLWithPath: $0).deletingLastPathComponent().path == folder }
  }

  /// Tries the missing folders again; returns whether one is back with a watched file in it
  /// (written before its watch was there, so no event will tell). Called with `lock` held.
  private func retryMissing() -> Bool {
    var back = false
    for folder in missing where addWatch(folder) {
      back = back || watchedFiles(in: folder).contains { access($0, F_OK) == 0 }
    }
    return back
  }

  /// Blocks on the descriptor (waking twice a second while a folder is missing) and pushes one
  /// SDL event per burst of relevant changes. The corresponding C functions are `poll` and `read`.
  private func readLoop() {
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      lock.lock()
      let timeout = missing.isEmpty ? -1 : Self.retryInterval
      lock.unlock()
      var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&request, 1, timeout)
      if ready < 0 && errno != EINTR { return }
      var relevant = false
      if ready > 0 {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count <= 0 {
          if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
          return
        }
        relevant = handleEvents(in: buffer, count: count)
      }
      lock.lock()
      if !missing.isEmpty && retryMissing() { relevant = true }
      lock.unlock()
      if relevant {
        var event = SDL_Event()
        event.type = eventType
        SDL_PushEvent(&event)
      }
    }
  }

  /// Reads a buffer of inotify events; returns whether one concerns a watched file.
  private func handleEvents(in buffer: [UInt8], count: Int) -> Bool {
    var offset = 0
    var relevant = false
    lock.lock()
    defer { lock.unlock() }
    while offset + MemoryLayout<inotify_event>.size <= count {
      let (watch, mask, length, name) = buffer.withUnsafeBytes {
        raw -> (Int32, UInt32, Int, String) in
        let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
        let start = offset + MemoryLayout<inotify_event>.size
        let bytes = raw[start..<min(count, start + Int(event.len))].prefix { $0 != 0 }
        return (event.wd, event.mask, Int(event.len), String(decoding: bytes, as: UTF8.self))
      }
      offset += MemoryLayout<inotify_event>.size + length
      if mask & UInt32(IN_Q_OVERFLOW) != 0 {
        // Events were lost: read the deck again rather than miss an edit.
        relevant = true
        continue
      }
      guard let folder = folders[watch] else { continue }
      if mask & UInt32(IN_MOVE_SELF) != 0 {
        // The folder was renamed: its watch would report the files under their old names.
        // Dropping it brings IN_IGNORED, handled below.
        inotify_rm_watch(descriptor, watch)
      } else if mask & UInt32(IN_IGNORED) != 0 {
        // The folder is gone (deleted, renamed, unmounted): look for it until it is back.
        folders[watch] = nil
        missing.insert(folder)
        if !watchedFiles(in: folder).isEmpty { relevant = true }
      } else if names.contains(folder + "/" + name) {
        relevant = true
      }
    }
    return relevant
  }

  // The reading thread holds the watcher for the rest of the program, as the talk does.
}
