import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The files a deck is read from: the deck, its theme file, its images and the configuration.
/// Parsing and loading ask through this protocol, so PodiumCore's parser does no I/O of its own;
/// `LocalFiles` is the real file system and tests may hand in files from memory.
public protocol DeckFiles: Sendable {
  /// The whole file at `path`, refused when it is larger than `limit` bytes. `kind` names such
  /// files in the messages ("decks", "theme files").
  func contents(of path: String, limit: Int, kind: String) -> Result<[UInt8], FileProblem>
  /// The header of the image at `path`, or why it cannot be shown.
  func imageHeader(at path: String) -> Result<ImageFile.Header, ImageFile.Problem>
  /// Whether a file, not a folder, is at `path`. A device or a FIFO counts: reading it is
  /// refused later with the reason, which says more than "not found".
  func isFile(_ path: String) -> Bool
  /// The names of the files in `folder` (not its subfolders' contents), for finding the CSS
  /// themes beside a Marp deck; none where the folder cannot be read.
  func fileNames(in folder: String) -> [String]
  /// When the file at `path` was last written, in seconds since 1970; nil when nothing is there.
  func modificationTime(of path: String) -> Double?
}

/// Why a file cannot be read, as the speaker should hear it.
public struct FileProblem: Error, Equatable, Sendable {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }
}

/// The machine's own files. Every open goes through one guard (`OpenFile`): a FIFO or a device
/// is refused by its type before anything reads it, so a wrong path never blocks a talk.
public struct LocalFiles: DeckFiles {
  public init() {}

  public func contents(of path: String, limit: Int, kind: String) -> Result<[UInt8], FileProblem> {
    let file: OpenFile
    switch OpenFile.open(path) {
    case .success(let opened): file = opened
    case .failure(let failure): return .failure(FileProblem(Self.describe(failure, path: path)))
    }
    guard file.size <= limit else {
      let sizes = "\(Self.megabytes(file.size)); \(kind) are limited to \(Self.megabytes(limit))"
      return .failure(FileProblem("'\(path)' is \(sizes)"))
    }
    var bytes = [UInt8](repeating: 0, count: file.size)
    var filled = 0
    while filled < file.size {
      let count = bytes.withUnsafeMutableBytes { buffer in
        guard let base = buffer.baseAddress else { return 0 }
        return read(file.descriptor, base + filled, buffer.count - filled)
      }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(FileProblem("cannot read '\(path)': \(String(cString: strerror(errno)))"))
      }
      if count == 0 { break }
      filled += count
    }
    bytes.removeSubrange(filled...)
    return .success(bytes)
  }

  public func imageHeader(at path: String) -> Result<ImageFile.Header, ImageFile.Problem> {
    let file: OpenFile
    switch OpenFile.open(path) {
    case .success(let opened): file = opened
    case .failure(let failure): return .failure(ImageFile.problem(failure))
    }
    return ImageFile.inspect(size: file.size, extension: Self.pathExtension(path)) {
      offset, count in
      file.bytes(at: offset, count: count)
    }
  }

  public func fileNames(in folder: String) -> [String] {
    // At most a few hundred names: a deck's folder, not a home directory's tree.
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().prefix(500)
      .filter { isFile((folder as NSString).appendingPathComponent($0)) }
  }

  public func isFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFDIR
  }

  public func modificationTime(of path: String) -> Double? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
  }

  private static func pathExtension(_ path: String) -> String {
    URL(fileURLWithPath: path).pathExtension.lowercased()
  }

  /// A size for a message, rounded up, so a file just over a limit never reads as the limit.
  private static func megabytes(_ bytes: Int) -> String {
    let tenths = (bytes * 10 + 1024 * 1024 - 1) / (1024 * 1024)
    return tenths % 10 == 0 ? "\(tenths / 10) MB" : "\(tenths / 10).\(tenths % 10) MB"
  }

  static func describe(_ failure: OpenFile.Failure, path: String) -> String {
    switch failure {
    case .notFound: return "no such file: '\(path)'"
    case .notADirectoryOnTheWay:
      return "no such file: '\(path)' (a part of the path is not a directory)"
    case .permissionDenied: return "cannot read '\(path)': permission denied"
    case .symbolicLinkLoop: return "cannot read '\(path)': too many levels of symbolic links"
    case .directory: return "'\(path)' is a directory, not a deck file"
    case .notRegular: return "'\(path)' is not a regular file (a device, pipe or socket)"
    case .other(let code): return "cannot read '\(path)': \(String(cString: strerror(code)))"
    }
  }
}

/// An open regular file, closed when the value goes. The corresponding C functions are `open`,
/// `fstat`, `pread` and `close`.
final class OpenFile {
  enum Failure: Error, Equatable {
    case notFound, notADirectoryOnTheWay, permissionDenied, symbolicLinkLoop
    case directory, notRegular
    case other(Int32)
  }

  let descriptor: Int32
  let size: Int

  private init(descriptor: Int32, size: Int) {
    self.descriptor = descriptor
    self.size = size
  }

  deinit {
    close(descriptor)
  }

  /// Opens without blocking (a FIFO with no writer would wait forever) and refuses anything
  /// but a regular file.
  static func open(_ path: String) -> Result<OpenFile, Failure> {
    let descriptor = openWithoutBlocking(path)
    guard descriptor >= 0 else {
      switch errno {
      case ENOENT: return .failure(.notFound)
      case ENOTDIR: return .failure(.notADirectoryOnTheWay)
      case EACCES, EPERM: return .failure(.permissionDenied)
      case ELOOP: return .failure(.symbolicLinkLoop)
      case let code: return .failure(.other(code))
      }
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let code = errno
      close(descriptor)
      return .failure(.other(code))
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG:
      return .success(OpenFile(descriptor: descriptor, size: Int(info.st_size)))
    case let type:
      close(descriptor)
      return .failure(type == S_IFDIR ? .directory : .notRegular)
    }
  }

  /// Up to `count` bytes at `offset`; fewer past the end.
  func bytes(at offset: Int, count: Int) -> [UInt8] {
    guard offset >= 0, offset < size, count > 0 else { return [] }
    var buffer = [UInt8](repeating: 0, count: min(count, size - offset))
    var filled = 0
    while filled < buffer.count {
      let got = buffer.withUnsafeMutableBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return pread(descriptor, base + filled, raw.count - filled, off_t(offset + filled))
      }
      if got < 0 && errno == EINTR { continue }
      if got <= 0 { break }
      filled += got
    }
    return Array(buffer[..<filled])
  }
}

/// `open(2)`, named apart from `OpenFile.open(_:)`.
private func openWithoutBlocking(_ path: String) -> Int32 {
  open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
}
