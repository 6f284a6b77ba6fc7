import Foundation

/// `--trace FILE`: one JSON object per line for each thing a talk does (displays found, the
/// stage chosen, windows placed, slides shown and presented), with `t` in seconds since start.
/// Speakers read it to learn why slides went to the wrong screen; tests read it to check.
public final class Trace: @unchecked Sendable {
  private let handle: FileHandle?
  private let start: Double
  private let lock = NSLock()

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

  public var isEnabled: Bool { handle != nil }

  /// Writes `{"t": ..., "event": name, ...fields}` as one line.
  public func record(_ event: String, at now: Double, _ fields: [String: Any] = [:]) {
    guard let handle else { return }
    var object = fields
    object["event"] = event
    object["t"] = (max(0, now - start) * 1000).rounded() / 1000
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
    lock.lock()
    defer { lock.unlock() }
    handle.write(data)
    handle.write(Data("\n".utf8))
  }

  deinit {
    try? handle?.close()
  }
}
