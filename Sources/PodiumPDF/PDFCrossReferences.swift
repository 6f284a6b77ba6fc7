import Foundation

/// Mends the cross-reference table cairo writes, in place: every entry in use must point at its
/// object. cairo 1.16 numbers an object for each link's structure element and, in a document
/// that is not tagged, never writes it; its entry then points at another object, and qpdf and
/// Poppler call every PDF with a link damaged (`expected 3 0 obj`). Such an entry becomes a
/// free one, as the PDF specification (7.5.4) writes an object that is not there: references to
/// it read as null. A table without such entries (newer cairo) is left as it is.
enum PDFCrossReferences {
  /// One entry of a classic table: `nnnnnnnnnn ggggg n\r\n`, 20 bytes.
  private static let entryLength = 20

  /// Frees the entries of the file's last cross-reference table that point at no object of
  /// their number. Returns the object numbers freed. A file in another form (a cross-reference
  /// stream, several sections) is left alone.
  @discardableResult
  static func freeUnwrittenObjects(inFileAt path: String) throws -> [Int] {
    guard let file = FileHandle(forUpdatingAtPath: path) else { return [] }
    defer { try? file.close() }
    let size = try file.seekToEnd()
    let tailLength = min(size, 1024)
    try file.seek(toOffset: size - tailLength)
    let tail = String(decoding: try file.read(upToCount: Int(tailLength)) ?? Data(), as: UTF8.self)
    guard let marker = tail.range(of: "startxref", options: .backwards),
      let start = UInt64(
        tail[marker.upperBound...].split(whereSeparator: \.isWhitespace).first ?? ""),
      start < size
    else { return [] }
    try file.seek(toOffset: start)
    let headLength = 64
    let head = try file.read(upToCount: headLength) ?? Data()
    // `xref`, then one section: its first object number and count.
    let lines = head.split(separator: UInt8(ascii: "\n"), maxSplits: 2)
    guard lines.count == 3,
      String(decoding: lines[0], as: UTF8.self).trimmingCharacters(in: .whitespaces) == "xref"
    else { return [] }
    let numbers = String(decoding: lines[1], as: UTF8.self).split(separator: " ")
    guard numbers.count == 2, numbers[0] == "0", let count = Int(numbers[1]), count > 0
    else { return [] }
    let tableStart = start + UInt64(lines[0].count + lines[1].count + 2)
    try file.seek(toOffset: tableStart)
    guard let table = try file.read(upToCount: count * entryLength),
      table.count == count * entryLength
    else { return [] }
    var entries = (0..<count).map { index in
      String(decoding: table[(index * entryLength)..<(index * entryLength + 18)], as: UTF8.self)
    }
    var freed: [Int] = []
    for (number, entry) in entries.enumerated() where number > 0 && entry.hasSuffix(" n") {
      let fields = entry.split(separator: " ")
      guard fields.count == 3, let offset = UInt64(fields[0]), let generation = Int(fields[1])
      else { return [] }
      let expected = "\(number) \(generation) obj"
      var found = ""
      if offset < size {
        try file.seek(toOffset: offset)
        found = String(
          decoding: try file.read(upToCount: expected.utf8.count) ?? Data(), as: UTF8.self)
      }
      if found != expected { freed.append(number) }
    }
    guard !freed.isEmpty else { return [] }
    // The free entries are a list: the first (object 0) names the first freed object, each
    // freed one the next, the last 0; a freed object's next generation is one more.
    let chain = freed + [0]
    let head0 = chain[0]
    entries[0] = Self.entry(next: head0, generation: 65535)
    for (position, number) in freed.enumerated() {
      let generation = Int(entries[number].split(separator: " ")[1]) ?? 0
      entries[number] = Self.entry(
        next: chain[position + 1], generation: min(generation + 1, 65535))
    }
    for number in [0] + freed {
      try file.seek(toOffset: tableStart + UInt64(number * entryLength))
      try file.write(contentsOf: Data(entries[number].utf8))
    }
    try file.synchronize()
    return freed
  }

  private static func entry(next: Int, generation: Int) -> String {
    String(format: "%010d %05d f", next, generation)
  }
}
