import Foundation

/// Every file Podium writes is written whole or not at all: under a temporary name beside it
/// (`.NAME.PID.part`, on the same file system), synced to the disk, then renamed over the old
/// one, and the folder synced so the new name survives a power cut. A crash, a full disk or
/// `kill -9` at any point leaves the earlier file as it was, never half a new one; a symbolic
/// link at the path is replaced, never followed. Rehearsal records, PNG and PDF exports and the
/// `.pdfpc` notes all go through here; the journal starts its file here too.
public enum AtomicFile {
  public struct WriteError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
      self.path = path
      self.reason = reason
    }

    public var description: String { "cannot write '\(path)': \(reason)" }

    /// The failing call's error, from `errno`.
    static func errno(_ path: String) -> WriteError {
      WriteError(path: path, reason: String(cString: strerror(Foundation.errno)))
    }
  }

  /// Where `path` is written before it is renamed into place: hidden, beside it.
  public static func temporaryPath(for path: String) -> String {
    let url = URL(fileURLWithPath: path)
    return url.deletingLastPathComponent()
      .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).part").path
  }

  /// Writes `data` to `path` whole or not at all.
  public static func write(_ data: Data, to path: String) throws {
    let temporary = temporaryPath(for: path)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw WriteError.errno(path) }
    var closed = false
    do {
      defer { if !closed { close(descriptor) } }
      try writeAll(data, to: descriptor, path: path)
      guard fsync(descriptor) == 0 else { throw WriteError.errno(path) }
      closed = true
      guard close(descriptor) == 0 else { throw WriteError.errno(path) }
      try rename(temporary, over: path)
    } catch {
      unlink(temporary)
      throw error
    }
  }

  /// Puts a temporary file that something else wrote (cairo's PDF, SDL_image's PNG) in place
  /// of `path`: synced, renamed, the folder synced. On failure the temporary file is removed.
  /// The corresponding C functions are `fsync` and `rename`.
  public static func commit(_ temporary: String, to path: String) throws {
    do {
      let descriptor = open(temporary, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { throw WriteError.errno(path) }
      let synced = fsync(descriptor) == 0
      let failure = synced ? nil : WriteError.errno(path)
      close(descriptor)
      if let failure { throw failure }
      try rename(temporary, over: path)
    } catch {
      unlink(temporary)
      throw error
    }
  }

  /// Writes every byte of `data` to an open file, through short writes and signals.
  static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws {
    try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
      var offset = 0
      while offset < bytes.count {
        let written = Foundation.write(
          descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw WriteError.errno(path)
        }
        offset += written
      }
    }
  }

  private static func rename(_ temporary: String, over path: String) throws {
    guard Foundation.rename(temporary, path) == 0 else { throw WriteError.errno(path) }
    // The rename itself is kept only once the folder's entry is on the disk.
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if descriptor >= 0 {
      _ = fsync(descriptor)
      close(descriptor)
    }
  }
}
