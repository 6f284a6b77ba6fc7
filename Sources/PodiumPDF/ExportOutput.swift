import Foundation
import PodiumCore

/// Why an export's one file (a PDF, an HTML page) was not written.
public enum ExportFileError: Error, CustomStringConvertible, Equatable {
  case write(String, String)

  public var description: String {
    switch self {
    case .write(let path, let reason): return "cannot write '\(path)': \(reason)"
    }
  }
}

/// The one file a PDF or HTML export writes, under a temporary name beside it (hidden, so the
/// rename stays on one file system) until it is complete.
struct ExportOutput {
  let path: String

  var temporaryPath: String { AtomicFile.temporaryPath(for: path) }

  /// Makes the output's folder if it is missing, as PNG export makes its own, refuses an output
  /// that is a folder, and creates the temporary file, so a folder that cannot be written is
  /// reported before any work, with the system's reason.
  func prepare() throws {
    let output = URL(fileURLWithPath: path)
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: output.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      throw ExportFileError.write(path, "it is a folder")
    }
    let folder = output.deletingLastPathComponent()
    if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw ExportFileError.write(path, "'\(folder.path)' is not a folder")
      }
    } else {
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      } catch {
        throw ExportFileError.write(path, Self.reason(error))
      }
    }
    let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw ExportFileError.write(path, String(cString: strerror(errno)))
    }
    close(descriptor)
  }

  /// Puts the temporary file, written whole, in the output's place (`AtomicFile.commit`).
  func commit() throws {
    do {
      try AtomicFile.commit(temporaryPath, to: path)
    } catch let error as AtomicFile.WriteError {
      throw ExportFileError.write(path, error.reason)
    }
  }

  /// Writes `data` whole as the output (`AtomicFile.write`, through the same temporary name).
  func write(_ data: Data) throws {
    do {
      try AtomicFile.write(data, to: path)
    } catch let error as AtomicFile.WriteError {
      throw ExportFileError.write(path, error.reason)
    }
  }

  /// The size of the file written.
  var bytesWritten: Int {
    (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
  }

  private static func reason(_ error: Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(underlying.code)))
    }
    return error.localizedDescription
  }
}
