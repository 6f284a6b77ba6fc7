import Foundation
import PodiumCore

/// Keeps the ink sidecar beside the deck as the speaker draws: after each change the whole
/// sidecar is written atomically on a thread of its own, the latest ink only when the writes
/// fall behind, so `kill -9` loses at most the stroke being drawn and the loop never waits on
/// the disk. A sidecar that cannot be written is a warning once; the talk goes on.
final class InkKeeper: @unchecked Sendable {
  private let deckPath: String
  private let queue = DispatchQueue(label: "podium.ink")
  private let lock = NSLock()
  /// The ink waiting to be written (nil: nothing new).
  private var pending: Ink?
  private var warned = false
  private var revision: Int
  /// Test-only: `PODIUM_TEST_INK_WRITE_DELAY` (seconds) holds each sidecar write back, so a
  /// test can `kill -9` the talk while the write is in flight and find the stroke in the
  /// journal (docs/TESTING.md). Unset in a talk.
  private let delay: Double

  init(
    deckPath: String, ink: Ink,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    self.deckPath = deckPath
    revision = ink.revision
    delay =
      environment["PODIUM_TEST_INK_WRITE_DELAY"].flatMap(Double.init).map {
        min(60, max(0, $0))
      } ?? 0
  }

  /// Writes `ink` if it changed since the last call.
  func keep(_ ink: Ink) {
    guard ink.revision != revision else { return }
    revision = ink.revision
    lock.lock()
    let scheduled = pending != nil
    pending = ink
    lock.unlock()
    if !scheduled { queue.async { self.writePending() } }
  }

  /// Waits for the last write: the talk is ending.
  func finish() {
    queue.sync {}
  }

  private func writePending() {
    lock.lock()
    let ink = pending
    pending = nil
    lock.unlock()
    guard let ink else { return }
    if delay > 0 { Thread.sleep(forTimeInterval: delay) }
    do {
      try InkSidecar.save(ink, deckPath: deckPath)
    } catch {
      if !warned {
        warned = true
        FileHandle.standardError.write(
          Data("podium: warning: \(error); the ink is not kept beside the deck\n".utf8))
      }
    }
  }
}
