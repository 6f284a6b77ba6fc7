import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The text of a deck file, read safely: a missing file, a directory, an unreadable file, a
/// device or a file of the wrong encoding becomes a diagnostic, never a crash or a hang.
struct DeckSource {
  /// Decks larger than this are refused: a talk is kilobytes (the largest deck in the shared
  /// benchmarks, a thousand slides, is 300 KB), and reading gigabytes from a wrong path would
  /// stall the machine.
  static let maximumSize = 16 * 1024 * 1024

  var text: String

  enum ReadError: Error, Equatable {
    case message(String)
  }

  /// Reads the file at `path`, a deck or another file Podium reads whole (a theme, the
  /// configuration), refusing more than `maximumSize` bytes; `kind` names such files in the
  /// message. The corresponding C functions are `open`, `fstat` and `read`.
  static func read(path: String, maximumSize: Int = maximumSize, kind: String = "decks") -> Result<[UInt8], ReadError> {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    if fd < 0 {
      return .failure(.message(describeOpenError(errno, path: path)))
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      return .failure(.message("cannot read '\(path)': \(String(cString: strerror(errno)))"))
    }
    let type = info.st_mode & S_IFMT
    if type == S_IFDIR {
      return .failure(.message("'\(path)' is a directory, not a deck file"))
    }
    guard type == S_IFREG else {
      return .failure(.message("'\(path)' is not a regular file (a device, pipe or socket)"))
    }
    let size = Int(info.st_size)
    guard size <= maximumSize else {
      return .failure(
        .message(
          "'\(path)' is \(megabytes(size)); \(kind) are limited to \(megabytes(maximumSize))"
        ))
    }
    var bytes = [UInt8](repeating: 0, count: size)
    var filled = 0
    while filled < size {
      let count = bytes.withUnsafeMutableBytes { buffer in
        readBytes(fd, buffer.baseAddress! + filled, size - filled)
      }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(.message("cannot read '\(path)': \(String(cString: strerror(errno)))"))
      }
      if count == 0 { break }
      filled += count
    }
    bytes.removeSubrange(filled...)
    return .success(bytes)
  }

  /// A size for a message, rounded up, so a file just over a limit never reads as the limit.
  private static func megabytes(_ bytes: Int) -> String {
    let tenths = (bytes * 10 + 1024 * 1024 - 1) / (1024 * 1024)
    return tenths % 10 == 0 ? "\(tenths / 10) MB" : "\(tenths / 10).\(tenths % 10) MB"
  }

  private static func describeOpenError(_ code: Int32, path: String) -> String {
    switch code {
    case ENOENT: return "no such file: '\(path)'"
    case EACCES, EPERM: return "cannot read '\(path)': permission denied"
    case ENOTDIR: return "no such file: '\(path)' (a part of the path is not a directory)"
    case ELOOP: return "cannot read '\(path)': too many levels of symbolic links"
    default: return "cannot read '\(path)': \(String(cString: strerror(code)))"
    }
  }

  /// Decodes UTF-8, replacing invalid bytes with U+FFFD. Returns the location of the first
  /// invalid byte, if any, so the deck still loads and the user learns where to look.
  static func decode(_ input: [UInt8]) -> (text: String, firstInvalid: SourceLocation?) {
    var bytes = input[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    if let valid = String(validating: bytes, as: UTF8.self) {
      return (normalizeNewlines(valid), nil)
    }
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = bytes.startIndex
    var invalidOffset: Int?
    loop: while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded): offset += encoded.count
      case .emptyInput: break loop
      case .error:
        invalidOffset = offset
        break loop
      }
    }
    var location: SourceLocation?
    if let invalidOffset {
      var line = 1
      var lineStart = bytes.startIndex
      for index in bytes.startIndex..<invalidOffset where bytes[index] == UInt8(ascii: "\n") {
        line += 1
        lineStart = index + 1
      }
      location = SourceLocation(line: line, column: invalidOffset - lineStart + 1)
    }
    return (normalizeNewlines(String(decoding: bytes, as: UTF8.self)), location)
  }

  /// CRLF and lone CR become LF, so that line numbers agree with what editors show.
  private static func normalizeNewlines(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "\r")) else { return text }
    return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(
      of: "\r", with: "\n")
  }
}

/// `read(2)`, named apart from `DeckSource.read(path:)`.
private func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(fd, buffer, count)
}
