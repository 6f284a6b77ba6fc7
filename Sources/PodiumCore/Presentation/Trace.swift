import Foundation

/// `--trace FILE`: one JSON object per line (`TraceLine`) for each thing a talk does (displays
/// found, the stage chosen, windows placed, slides shown and presented).
/// Speakers read it to learn why slides went to the wrong screen; tests read it to check.
public final class Trace: @unchecked Sendable {
  private let handle: FileHandle?
  private let start: Double
  private let lock = NSLock()
  private let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  /// A trace into `path`, or one that writes nothing when `path` is nil.
  public init(path: String?, start: Double) throws {
    self.start = start
    guard let path else {
      handle = nil
      return
    }
    guard FileManager.default.createFile(atPath: path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
    handle = FileHandle(forWritingAtPath: path)
  }

  /// Writes the event as one line, `t` in seconds since the start to the millisecond.
  public func record(_ event: TraceEvent, at now: Double) {
    guard let handle else { return }
    let line = TraceLine(t: (max(0, now - start) * 1000).rounded() / 1000, event: event)
    guard let data = try? encoder.encode(line) else { return }
    lock.lock()
    defer { lock.unlock() }
    handle.write(data + Data("\n".utf8))
  }

  deinit {
    try? handle?.close()
  }
}
