import Foundation

/// The recording's threads (the encoder and the camera's decoder) run below the talk: niced,
/// so that the loop, the display server and a clip's decoder take the processor first, yet
/// the recording still gets its share on a busy machine. (Linux's `SCHED_IDLE` class, tried,
/// starved the encoder for seconds while the machine was busy: a slide went into the movie
/// late.) A thread's nice is its own on Linux, and the threads it starts (x264's) take it.
enum IdleThread {
  /// How much lower than the talk's the thread runs (`nice`).
  static let niceness: Int32 = 10

  /// Lowers the calling thread by `niceness`. The corresponding C function is `setpriority`.
  static func lowerCallingThread() {
    guard let thread = threadID() else { return }
    setpriority(__priority_which_t(PRIO_PROCESS.rawValue), thread, niceness)
  }

  /// The calling thread's id, as `/proc/thread-self` names it (`PID/task/TID`): Swift's Glibc
  /// module has no `gettid`.
  private static func threadID() -> id_t? {
    var buffer = [CChar](repeating: 0, count: 64)
    let count = readlink("/proc/thread-self", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    let link = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return link.split(separator: "/").last.flatMap { id_t($0) }
  }
}
