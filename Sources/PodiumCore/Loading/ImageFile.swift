import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A deck's image file, checked from its header before anything decodes it: a path that is not
/// an image, a cut-off PNG or one of 30000 × 30000 pixels (3.6 GB decoded) is refused with a
/// message instead of reaching the decoder. Files come through `DeckFiles`, whose guard refuses a
/// FIFO or a device by its type, so reading never blocks.
public enum ImageFile {
  /// Image files larger than this are not read at all.
  public static let maximumFileSize = 128 * 1024 * 1024
  /// Images wider or taller than this are refused.
  public static let maximumSide = 16_384
  /// Images of more pixels than this are refused: 64 MP, 256 MB decoded (an 8K photograph is 33).
  public static let maximumPixels = 64 * 1024 * 1024

  /// What the header says.
  public struct Header: Equatable, Sendable {
    /// PNG, JPEG, GIF, BMP, WebP, QOI, or the name of a format whose size is found by decoding.
    public var format: String
    /// The size in pixels, when the format's header gives it.
    public var size: PixelSize?
    /// For a GIF, PNG or WebP of more than one frame: how many, and how many times it plays.
    public var animation: AnimationHeader?
  }

  /// Why an image cannot be shown: `reason` is short, for the placeholder on the slide ("image
  /// not found", "not an image"); `message` is the whole story, for the speaker.
  public struct Problem: Error, Equatable, Sendable {
    public var reason: String
    public var message: String

    public init(reason: String, message: String) {
      self.reason = reason
      self.message = message
    }
  }

  /// The header of the image at `path` on this machine, or why it cannot be shown.
  public static func inspect(path: String) -> Result<Header, Problem> {
    LocalFiles().imageHeader(at: path)
  }

  /// The header of an image held in memory.
  public static func inspect(bytes: [UInt8], extension: String) -> Result<Header, Problem> {
    inspect(size: bytes.count, extension: `extension`.lowercased()) { offset, count in
      guard offset >= 0, offset < bytes.count, count > 0 else { return [] }
      return Array(bytes[offset..<min(bytes.count, offset + count)])
    }
  }

  /// Why an image (or a video, `kind`) that could not be opened cannot be shown.
  static func problem(_ failure: OpenFile.Failure, kind: String = "image") -> Problem {
    switch failure {
    case .notFound, .notADirectoryOnTheWay:
      return Problem(reason: "\(kind) not found", message: "not found")
    case .symbolicLinkLoop:
      return Problem(reason: "\(kind) not readable", message: "is a loop of symbolic links")
    case .permissionDenied:
      return Problem(reason: "\(kind) not readable", message: "cannot be read: permission denied")
    case .other(let code):
      let reason = String(cString: strerror(code))
      return Problem(reason: "\(kind) not readable", message: "cannot be read: \(reason)")
    case .directory:
      return Problem(
        reason: "not \(article(kind))", message: "is a directory, not \(article(kind))")
    case .notRegular:
      return Problem(
        reason: "not \(article(kind))",
        message: "is not a regular file (a device, pipe or socket)")
    }
  }

  private static func article(_ kind: String) -> String {
    "aeiou".contains(kind.first ?? "x") ? "an \(kind)" : "a \(kind)"
  }

  /// Whether the video file at `path` may be handed to a decoder: a regular file, not empty, read
  /// through the same guard as every file (a FIFO or a device would block FFmpeg). Its size in
  /// bytes, or why not.
  public static func checkVideoFile(at path: String) -> Result<Int, Problem> {
    switch OpenFile.open(path) {
    case .success(let file):
      guard file.size > 0 else {
        return .failure(Problem(reason: "not a video", message: "is empty"))
      }
      return .success(file.size)
    case .failure(let failure):
      return .failure(problem(failure, kind: "video"))
    }
  }

  /// The header of an image file of `size` bytes whose bytes `read(offset, count)` gives: only
  /// headers are read (a PNG's chunk headers, a JPEG's segment headers), never the whole file.
  static func inspect(
    size length: Int, extension: String, read: @escaping (Int, Int) -> [UInt8]
  ) -> Result<Header, Problem> {
    if length == 0 { return .failure(Problem(reason: "not an image", message: "is empty")) }
    if length > maximumFileSize {
      let megabytes = "\(length / (1024 * 1024)) MB"
      return .failure(
        Problem(
          reason: "image too large",
          message:
            "is \(megabytes); image files are limited to \(maximumFileSize / (1024 * 1024)) MB"))
    }
    let reader = Reader(length: length, read: read)
    return header(reader, extension: `extension`).flatMap(checkSize)
  }

  private static func checkSize(_ header: Header) -> Result<Header, Problem> {
    guard let size = header.size else { return .success(header) }
    if size.width <= 0 || size.height <= 0 {
      return .failure(
        Problem(
          reason: "not an image",
          message: "is a \(header.format) of \(size.width) × \(size.height) pixels"))
    }
    if size.width > maximumSide || size.height > maximumSide
      || size.width * size.height > maximumPixels
    {
      return .failure(
        Problem(
          reason: "image too large",
          message:
            "is \(size.width) × \(size.height) pixels; images are limited to \(maximumSide) on a side "
            + "and \(maximumPixels / (1024 * 1024)) megapixels (scale it down, e.g. to 3840 wide)"))
    }
    return .success(header)
  }

  /// Bytes at offsets; short reads past the end give fewer bytes.
  struct Reader {
    let length: Int
    let read: (Int, Int) -> [UInt8]

    func bytes(at offset: Int, count: Int) -> [UInt8] { read(offset, count) }
  }

  static func bigEndian(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int {
    bytes[at..<at + count].reduce(0) { $0 << 8 | Int($1) }
  }

  static func littleEndian(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int {
    bytes[at..<at + count].reversed().reduce(0) { $0 << 8 | Int($1) }
  }

  static let truncated = Problem(
    reason: "damaged image", message: "is truncated or damaged (the file ends inside its data)")

  private static func header(_ file: Reader, extension: String) -> Result<Header, Problem> {
    let head = file.bytes(at: 0, count: 64)
    func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
      head.count >= offset + signature.count
        && Array(head[offset..<offset + signature.count]) == signature
    }
    if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return png(file, head) }
    if starts([0xFF, 0xD8, 0xFF]) { return jpeg(file) }
    if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
      guard head.count >= 13 else { return .failure(truncated) }
      return .success(
        Header(
          format: "GIF",
          size: PixelSize(width: littleEndian(head, 6, 2), height: littleEndian(head, 8, 2)),
          animation: gifAnimation(file, head)))
    }
    if starts(Array("BM".utf8)) {
      guard head.count >= 26 else { return .failure(truncated) }
      let height = Int32(truncatingIfNeeded: littleEndian(head, 22, 4))
      return .success(
        Header(
          format: "BMP",
          size: PixelSize(width: littleEndian(head, 18, 4), height: Int(height.magnitude))))
    }
    if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
      return webp(head).map { header in
        var header = header
        header.animation = webpAnimation(file, head)
        return header
      }
    }
    if starts(Array("qoif".utf8)) {
      guard head.count >= 12 else { return .failure(truncated) }
      return .success(
        Header(
          format: "QOI",
          size: PixelSize(width: bigEndian(head, 4, 4), height: bigEndian(head, 8, 4))))
    }
    // Formats SDL_image decodes whose size Podium does not read from the header: checked
    // after decoding instead.
    if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) {
      return .success(Header(format: "TIFF"))
    }
    if starts(Array("ftypavif".utf8), at: 4) || starts(Array("ftypavis".utf8), at: 4) {
      return .success(Header(format: "AVIF"))
    }
    if starts([0xFF, 0x0A]) || starts([0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) {
      return .success(Header(format: "JPEG XL"))
    }
    if starts([0x00, 0x00, 0x01, 0x00]) || starts([0x00, 0x00, 0x02, 0x00]) {
      return .success(Header(format: "ICO"))
    }
    if head.count >= 2, head[0] == UInt8(ascii: "P"),
      (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(head[1])
    {
      return .success(Header(format: "PNM"))
    }
    let text = String(decoding: head, as: UTF8.self)
    if text.contains("<svg") || text.hasPrefix("<?xml") { return .success(Header(format: "SVG")) }
    if text.hasPrefix("/* XPM */") { return .success(Header(format: "XPM")) }
    if ["tga", "pcx", "lbm", "xcf", "xv"].contains(`extension`) {
      return .success(Header(format: `extension`.uppercased()))
    }
    return .failure(
      Problem(
        reason: "not an image",
        message:
          "is not an image Podium can show (not PNG, JPEG, GIF, WebP, BMP, SVG or another format SDL_image reads)"
      ))
  }

  /// The size from IHDR, and every chunk's header walked to IEND, so a cut-off file is caught
  /// before libpng decodes half of it.
  private static func png(_ file: Reader, _ head: [UInt8]) -> Result<Header, Problem> {
    guard head.count >= 24, Array(head[12..<16]) == Array("IHDR".utf8) else {
      return .failure(truncated)
    }
    var header = Header(
      format: "PNG", size: PixelSize(width: bigEndian(head, 16, 4), height: bigEndian(head, 20, 4)))
    var offset = 8
    while true {
      let chunk = file.bytes(at: offset, count: 16)
      guard chunk.count >= 8 else { return .failure(truncated) }
      let dataLength = bigEndian(chunk, 0, 4)
      if Array(chunk[4..<8]) == Array("IEND".utf8) { return .success(header) }
      // APNG's animation control: frames and plays (0: for ever).
      if Array(chunk[4..<8]) == Array("acTL".utf8), chunk.count == 16 {
        let frames = bigEndian(chunk, 8, 4)
        if frames > 1 {
          header.animation = AnimationHeader(frames: frames, plays: bigEndian(chunk, 12, 4))
        }
      }
      offset += 12 + dataLength
      guard offset <= file.length else { return .failure(truncated) }
    }
  }

  /// The size from the first start-of-frame segment, walking segment headers to it.
  private static func jpeg(_ file: Reader) -> Result<Header, Problem> {
    var offset = 2
    while true {
      let segment = file.bytes(at: offset, count: 9)
      guard segment.count >= 4 else { return .failure(truncated) }
      guard segment[0] == 0xFF else {
        return .failure(
          Problem(
            reason: "damaged image",
            message: "is a damaged JPEG (no frame header where one should be)"))
      }
      let marker = segment[1]
      if marker == 0xFF {  // fill bytes
        offset += 1
        continue
      }
      let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
      if isFrame {
        guard segment.count == 9 else { return .failure(truncated) }
        return .success(
          Header(
            format: "JPEG",
            size: PixelSize(width: bigEndian(segment, 7, 2), height: bigEndian(segment, 5, 2))))
      }
      if marker == 0xD9 || marker == 0xDA {  // the end, or image data before any frame header
        return .failure(
          Problem(reason: "damaged image", message: "is a damaged JPEG (no frame header)"))
      }
      offset += 2 + bigEndian(segment, 2, 2)
      guard offset < file.length else { return .failure(truncated) }
    }
  }

  private static func webp(_ head: [UInt8]) -> Result<Header, Problem> {
    guard head.count >= 30 else { return .failure(truncated) }
    switch String(decoding: head[12..<16], as: UTF8.self) {
    case "VP8X":
      return .success(
        Header(
          format: "WebP",
          size: PixelSize(
            width: littleEndian(head, 24, 3) + 1, height: littleEndian(head, 27, 3) + 1)))
    case "VP8L":
      let bits = littleEndian(head, 21, 4)
      return .success(
        Header(
          format: "WebP",
          size: PixelSize(width: (bits & 0x3FFF) + 1, height: (bits >> 14 & 0x3FFF) + 1)))
    case "VP8 ":
      return .success(
        Header(
          format: "WebP",
          size: PixelSize(
            width: littleEndian(head, 26, 2) & 0x3FFF, height: littleEndian(head, 28, 2) & 0x3FFF)))
    default:
      return .success(Header(format: "WebP"))
    }
  }
}
