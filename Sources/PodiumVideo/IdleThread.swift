import Foundation

/// The recording's threads (the encoder and the camera's decoder) run only on time the talk
/// leaves: Linux's `SCHED_IDLE` class, which any ordinary thread that wakes (the loop, the
/// display server, a clip's decoder) takes the processor from at once. Plain `nice` only
/// weighs shares: on a machine with two cores a niced encoder still held one when a key came,
/// and the slide change waited. A thread's class is its own on Linux, and the threads it
/// starts (x264's) take it.
enum IdleThread {
  /// `SCHED_IDLE` from `<sched.h>`, which Swift's Glibc module leaves out (it is a GNU
  /// extension).
  private static let idleClass: Int32 = 5
  /// How much lower than the talk's the thread runs where the idle class is refused: `nice`.
  static let niceness: Int32 = 10

  /// Puts the calling thread in the idle class, or lowers it by `niceness` where that is
  /// refused. The corresponding C functions are `sched_setscheduler` and `setpriority`.
  static func lowerCallingThread() {
    guard let thread = threadID() else { return }
    var parameters = sched_param(sched_priority: 0)
    if sched_setscheduler(pid_t(thread), idleClass, &parameters) != 0 {
      setpriority(__priority_which_t(PRIO_PROCESS.rawValue), thread, niceness)
    }
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
