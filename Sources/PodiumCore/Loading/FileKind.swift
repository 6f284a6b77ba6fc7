import Foundation

/// What a file given as a deck is, from its first bytes rather than its name: a deck's text,
/// a PDF, an office deck, or something Podium cannot present (named in the error, never shown
/// as slides of garbage).
public enum FileKind: Hashable, Sendable {
  case text
  case pdf
  case office(OfficeFormat)
  /// Not a deck: what it is, as a phrase ("a JPEG image").
  case other(String)

  /// How many bytes `sniff` looks at.
  public static let headLength = 8192

  /// The kind of a file that starts with `head` (its first `headLength` bytes, or all of a
  /// shorter file, and for a zip its last 64 KB after them); `name` breaks the tie for formats
  /// that share a container.
  public static func sniff(_ head: [UInt8], name: String) -> FileKind {
    let lowered = name.lowercased()
    func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
      head.count >= offset + magic.count && Array(head[offset..<offset + magic.count]) == magic
    }
    func contains(_ text: String) -> Bool {
      let needle = Array(text.utf8)
      guard head.count >= needle.count else { return false }
      return (0...(head.count - needle.count)).contains { start in
        head[start] == needle[0] && Array(head[start..<start + needle.count]) == needle
      }
    }
    if starts(Array("%PDF-".utf8)) { return .pdf }
    if starts([0x50, 0x4B, 0x03, 0x04]) {
      // OpenDocument's first entry is `mimetype`, stored, naming the kind.
      if contains("application/vnd.oasis.opendocument.presentation") { return .office(.odp) }
      if contains("application/vnd.oasis.opendocument") { return .other("an OpenDocument file") }
      if contains("ppt/") || lowered.hasSuffix(".pptx") && contains("[Content_Types].xml") {
        return .office(.pptx)
      }
      if contains("word/") { return .other("a Word document") }
      if contains("xl/") { return .other("an Excel workbook") }
      if contains("Index/") || contains("index.apxl") || lowered.hasSuffix(".key") {
        return .office(.key)
      }
      if lowered.hasSuffix(".pptx") { return .office(.pptx) }
      if lowered.hasSuffix(".odp") { return .office(.odp) }
      return .other("a zip archive")
    }
    if starts([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) {
      return lowered.hasSuffix(".ppt") || lowered.hasSuffix(".pps")
        ? .office(.ppt) : .other("an old Microsoft Office document")
    }
    if starts([0x89, 0x50, 0x4E, 0x47]) { return .other("a PNG image") }
    if starts([0xFF, 0xD8, 0xFF]) { return .other("a JPEG image") }
    if starts(Array("GIF8".utf8)) { return .other("a GIF image") }
    if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
      return .other("a WebP image")
    }
    if starts(Array("ftyp".utf8), at: 4) { return .other("a video or audio file (MP4)") }
    if starts([0x1A, 0x45, 0xDF, 0xA3]) { return .other("a video file (Matroska or WebM)") }
    if starts(Array("OggS".utf8)) { return .other("an Ogg audio or video file") }
    if starts(Array("ID3".utf8)) || starts([0xFF, 0xFB]) { return .other("an MP3 audio file") }
    if starts([0x1F, 0x8B]) { return .other("a gzip archive") }
    if starts(Array("7z".utf8) + [0xBC, 0xAF]) { return .other("a 7-Zip archive") }
    if starts([0x7F, 0x45, 0x4C, 0x46]) { return .other("a program (ELF)") }
    if starts([0xFF, 0xFE]) || starts([0xFE, 0xFF]) {
      return .other("UTF-16 text (save it as UTF-8)")
    }
    // Text has no NUL bytes; nearly every binary format has some in its first kilobytes.
    if head.contains(0) { return .other("a binary file") }
    return .text
  }

  /// The kind of the file at `path`, or nil when it cannot be opened (the loader then says why).
  /// A FIFO or a device is not read here.
  public static func sniff(fileAt path: String) -> FileKind? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    // A Keynote package is a folder.
    if (status.st_mode & S_IFMT) == S_IFDIR {
      return path.lowercased().hasSuffix(".key") ? .office(.key) : nil
    }
    guard (status.st_mode & S_IFMT) == S_IFREG, let handle = FileHandle(forReadingAtPath: path)
    else { return nil }
    defer { try? handle.close() }
    var head = [UInt8]((try? handle.read(upToCount: headLength)) ?? Data())
    // A zip names its entries again in its central directory, at its end: an office deck whose
    // first entries are a large thumbnail is still known by them.
    if head.starts(with: [0x50, 0x4B, 0x03, 0x04]), let size = try? handle.seekToEnd(),
      size > UInt64(headLength)
    {
      try? handle.seek(toOffset: max(UInt64(headLength), size > 65_536 ? size - 65_536 : 0))
      head += [UInt8]((try? handle.readToEnd()) ?? Data())
    }
    return sniff(head, name: path)
  }

  /// The phrase for an error: "deck.md is a JPEG image, not a deck".
  public func refusal(of path: String) -> String? {
    guard case .other(let what) = self else { return nil }
    return "\((path as NSString).lastPathComponent) is \(what), not a deck"
  }
}
