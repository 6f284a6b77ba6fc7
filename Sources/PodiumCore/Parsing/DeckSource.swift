import Foundation

/// The text of a deck file: a file of the wrong encoding becomes a diagnostic, never a crash.
enum DeckSource {
  /// Decks larger than this are refused: a talk is kilobytes (a benchmark deck of a thousand
  /// slides is 300 KB), and reading gigabytes from a wrong path would stall the machine.
  static let maximumSize = 16 * 1024 * 1024

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
