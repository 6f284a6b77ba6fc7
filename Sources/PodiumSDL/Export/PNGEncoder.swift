import CDeflate
import Foundation
import PodiumCore

/// Encodes slide frames as PNG: rows filtered by a rule measured on slides, then compressed by
/// `SlideDeflate`, a deflate that knows which rows repeat.
///
/// Filters: PNG's row filters predict each byte from its neighbours. libpng picks, per row, the
/// filter whose output has the least sum of absolute values; on slides that loses, because a
/// slide is flat colour and anti-aliased text, whose unfiltered pixels repeat exactly (the same
/// glyph, the same run) and so deflate well as they are. So a row where at least 7 pixels in 10
/// equal their left neighbour is left unfiltered (None), a row that repeats the row above is
/// Up and zeros, marked so the compressor writes it without reading it, and other rows
/// (photographs, gradients) get libpng's choice among all five filters. Measured in C on
/// bench-100's frames with libdeflate level 1: None on every row 7.07 MB, Sub 8.68, Up 8.32,
/// Average 10.31, Paeth 8.33, libpng's per-row choice 7.94, the rule above 7.11; on three
/// slides with photographs it gives 3.95 MB where None gives 6.60 and libpng's defaults 3.72.
///
/// Compressor: libdeflate's level 1 spent two thirds of its time matching the 70% of rows that
/// repeat the row above, which its whole-buffer API cannot be told to skip; the hand-written
/// deflate before it (fixed codes, matches one pixel or one row back; commit b74e98c) was fast
/// but wrote 1.86x libpng's bytes. `SlideDeflate` skips the repeated rows and writes Huffman
/// codes of its own per block. Measured on 2026-11-26, release build, bench-100 at 1920x1080,
/// 3 jobs on 2 cores, after a warm-up, `scripts/bench-export` (wall and CPU over 5 runs; CPU is
/// all threads, drawing included):
///
///     encoder                         wall         CPU          PNG bytes    x libpng
///     SlideDeflate                    0.44-0.55 s  0.74-0.92 s   6,881,449   0.88x  <- used
///     libdeflate level 1              1.06-1.47 s  1.97-2.71 s   7,104,916   0.91x
///     hand-written (b74e98c's, in     0.54-0.69 s  0.90-1.14 s  14,555,013   1.86x
///       this binary, same runs)
///     IMG_SavePNG (1 thread)          8.1-8.8 s    8.0-8.8 s     7,830,575   1.00x
///
/// The hand-written deflate was measured by putting it back beside `SlideDeflate` for those
/// runs (not kept); b74e98c's own binary gives it 0.38-0.50 s on this machine, with that
/// day's drawing, which was cheaper (0.26-0.34 s against 0.31-0.47 s now). libdeflate stays
/// for checksums (Adler-32 of the rows that are not repeats, CRC-32 of the chunks) and as the
/// benchmark's comparison (`.libdeflate(level:)`).
///
/// A value type with no shared state: threads may encode different frames at once, each with
/// its own `Workspace`.
public struct PNGEncoder: Sendable, Equatable {
  /// What compresses the filtered rows.
  public enum Compressor: Sendable, Equatable, CustomStringConvertible {
    /// `SlideDeflate`, Podium's deflate for slide rows: the one export uses.
    case slide
    /// libdeflate at a level from 1 (fastest) to 12 (smallest), for comparison.
    case libdeflate(level: Int)

    public var description: String {
      switch self {
      case .slide: return "slide deflate"
      case .libdeflate(let level): return "libdeflate \(level)"
      }
    }
  }

  public var compressor: Compressor

  public init(compressor: Compressor = .slide) {
    self.compressor = compressor
  }

  /// Encodes rows of 32-bit pixels laid out as SDL's `SDL_PIXELFORMAT_XRGB8888` (bytes B, G, R,
  /// X in memory), `pitch` bytes apart. Pass the same `workspace` for every frame a thread
  /// encodes.
  public func encode(
    bgrx pixels: UnsafeRawBufferPointer, width: Int, height: Int, pitch: Int,
    workspace: Workspace = Workspace()
  ) throws -> [UInt8] {
    guard width > 0, height > 0, pitch >= width * 4,
      pixels.count >= pitch * (height - 1) + width * 4,
      let source = pixels.baseAddress?.assumingMemoryBound(to: UInt8.self)
    else {
      throw PNGEncoderError(
        function: "encode", message: "the pixel buffer does not hold \(width)x\(height) pixels")
    }
    let rowBytes = width * 3 + 1
    // One spare byte takes the overhang of the last pixel's four-byte store.
    let rowsSize = rowBytes * height + 1
    // The last frame's rows are still there if it had this width and neither buffer must grow
    // (a buffer that grows keeps nothing).
    let keptRows =
      workspace.keptRowBytes == rowBytes && workspace.rows.capacity >= rowsSize
        && workspace.repeated.capacity >= height ? min(workspace.keptRows, height) : 0
    let rows = workspace.rows.reserve(rowsSize)
    let scratch = workspace.scratch.reserve(2 * (rowBytes + 3))
    let repeated = workspace.repeated.reserve(height)
    Self.filter(
      source, width: width, height: height, pitch: pitch, into: rows, scratch: scratch,
      repeated: repeated, keptRows: keptRows)
    (workspace.keptRowBytes, workspace.keptRows) = (rowBytes, height)
    assert(Self.repeatedRowsAreZeros(rows, rowBytes: rowBytes, height: height, repeated: repeated))
    let count = rowBytes * height
    let bound: Int
    let compress: (UnsafeMutablePointer<UInt8>) -> Int
    switch compressor {
    case .slide:
      let adler = Self.adler32(rows, rowBytes: rowBytes, rowCount: height, repeated: repeated)
      bound = SlideDeflate.bound(count)
      compress = { out in
        workspace.slide.compress(
          rows, rowBytes: rowBytes, rowCount: height, repeated: repeated, adler: adler, into: out)
      }
    case .libdeflate(let level):
      let zlib = try workspace.libdeflate(level: level)
      bound = libdeflate_zlib_compress_bound(zlib, count)
      compress = { out in libdeflate_zlib_compress(zlib, rows, count, out, bound) }
    }
    return try Self.png(
      width: width, height: height, bound: bound, output: workspace.output, compress: compress)
  }

  // MARK: - Rows

  /// The share of a row's pixels that must equal their left neighbour for the row to be left
  /// unfiltered, in tenths. Measured on the frames above: 5 leaves rows of photographs with
  /// slide background beside them unfiltered (4.44 MB against 3.95), 8 filters some rows of
  /// text (bench-100 2.6% larger), 9 more (9.3% larger).
  static let flatTenths = 7

  /// Writes the frame as PNG rows of RGB, each led by its filter type (0 None, 1 Sub, 2 Up,
  /// 3 Average, 4 Paeth), into `out`, which has room for them and one byte more. `scratch` holds
  /// two rows and six bytes. A row that repeats the row above is Up, all zeros, and marked in
  /// `repeated` (one byte a row), so the compressor need not read it. The first `keptRows` rows
  /// of `out` and `repeated` hold an earlier frame's rows of this width: where that frame had a
  /// repeated row too, its zeros are there already.
  static func filter(
    _ source: UnsafePointer<UInt8>, width: Int, height: Int, pitch: Int,
    into out: UnsafeMutablePointer<UInt8>, scratch: UnsafeMutablePointer<UInt8>,
    repeated: UnsafeMutablePointer<UInt8>, keptRows: Int = 0
  ) {
    let rowBytes = width * 3 + 1
    // Rows are first written unfiltered, straight from the frame. Rows that need a filter are
    // copied to `above` and `here`, which have three zero bytes in front: the left neighbours of
    // the first pixel, as PNG defines them. Row 0's row above is zeros too.
    scratch.initialize(repeating: 0, count: 2 * (rowBytes + 3))
    var above = scratch + 3
    var here = scratch + rowBytes + 6
    var aboveIsCopied = true
    for row in 0..<height {
      let line = source + row * pitch
      let target = out + row * rowBytes
      // Most rows of a slide repeat the row above: no need to look at their pixels again.
      let zerosKept = row < keptRows && repeated[row] != 0
      repeated[row] = row > 0 && memcmp(line, line - pitch, width * 4) == 0 ? 1 : 0
      if repeated[row] != 0 {
        if !aboveIsCopied {
          above.update(from: target + 1 - rowBytes, count: rowBytes - 1)
          aboveIsCopied = true
        }
        // Up: all zeros. The filter byte is written again: the row above's last pixel store
        // overhangs into it.
        target[0] = 2
        if !zerosKept { (target + 1).update(repeating: 0, count: rowBytes - 1) }
        continue
      }
      target[0] = 0
      let same = storeRGB(line, into: target + 1, width: width)
      if same * 10 >= (width - 1) * flatTenths {
        aboveIsCopied = false
        continue
      }
      if !aboveIsCopied {
        above.update(from: target + 1 - rowBytes, count: rowBytes - 1)
      }
      here.update(from: target + 1, count: rowBytes - 1)
      filter(here, above: above, count: rowBytes - 1, into: target)
      swap(&above, &here)
      aboveIsCopied = true
    }
  }

  /// Whether every row marked repeated is its filter byte and zeros, as the compressor and the
  /// checksum take it to be without reading it (checked in the tests' build).
  static func repeatedRowsAreZeros(
    _ rows: UnsafePointer<UInt8>, rowBytes: Int, height: Int, repeated: UnsafePointer<UInt8>
  ) -> Bool {
    let zeros = [UInt8](repeating: 0, count: rowBytes)
    return (0..<height).allSatisfy { row in
      repeated[row] == 0 || memcmp(rows + row * rowBytes + 1, zeros, rowBytes - 1) == 0
    }
  }

  /// Stores one row of BGRX pixels as RGB; returns how many pixels equal their left neighbour.
  /// Writes one byte past the row's end.
  @inline(__always)
  static func storeRGB(
    _ line: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<UInt8>, width: Int
  ) -> Int {
    let pixels = UnsafeRawPointer(line)
    let out = UnsafeMutableRawPointer(target)
    var same = 0
    var left = pixels.loadUnaligned(as: UInt32.self) & 0xFF_FFFF
    for column in 0..<width {
      // B, G, R, X in memory loads as 0xXXRRGGBB; byte-swapped and shifted it stores R, G, B
      // (and a fourth byte that the next pixel, or row, overwrites).
      let value = pixels.loadUnaligned(fromByteOffset: column * 4, as: UInt32.self) & 0xFF_FFFF
      same &+= value == left ? 1 : 0
      left = value
      out.storeBytes(of: value.byteSwapped >> 8, toByteOffset: column * 3, as: UInt32.self)
    }
    return same - 1  // the first pixel was compared with itself
  }

  /// Writes the filter type and the filtered bytes of the row `here` (with the row `above`)
  /// that libpng would choose: the least sum of the bytes taken as signed magnitudes.
  /// Both rows have three readable zero bytes in front.
  static func filter(
    _ here: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>, count: Int,
    into target: UnsafeMutablePointer<UInt8>
  ) {
    @inline(__always) func cost(_ byte: UInt8) -> Int {
      Int(byte < 128 ? byte : 0 &- byte)
    }
    var sums = (none: 0, sub: 0, up: 0, average: 0, paeth: 0)
    for index in 0..<count {
      let (x, a, b, c) = (here[index], here[index - 3], above[index], above[index - 3])
      sums.none &+= cost(x)
      sums.sub &+= cost(x &- a)
      sums.up &+= cost(x &- b)
      sums.average &+= cost(x &- average(a, b))
      sums.paeth &+= cost(x &- paeth(a, b, c))
    }
    // Ties go to the simpler filter, as in libpng.
    var (type, best): (UInt8, Int) = (0, sums.none)
    if sums.sub < best { (type, best) = (1, sums.sub) }
    if sums.up < best { (type, best) = (2, sums.up) }
    if sums.average < best { (type, best) = (3, sums.average) }
    if sums.paeth < best { (type, best) = (4, sums.paeth) }
    target[0] = type
    let out = target + 1
    for index in 0..<count {
      let (x, a, b, c) = (here[index], here[index - 3], above[index], above[index - 3])
      switch type {
      case 0: out[index] = x
      case 1: out[index] = x &- a
      case 2: out[index] = x &- b
      case 3: out[index] = x &- average(a, b)
      default: out[index] = x &- paeth(a, b, c)
      }
    }
  }

  @inline(__always)
  static func average(_ a: UInt8, _ b: UInt8) -> UInt8 {
    UInt8((UInt16(a) + UInt16(b)) >> 1)
  }

  /// PNG's Paeth predictor: whichever of left, above and upper left is nearest to
  /// left + above - upper left.
  @inline(__always)
  static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
    let estimate = Int(a) + Int(b) - Int(c)
    let (da, db, dc) = (abs(estimate - Int(a)), abs(estimate - Int(b)), abs(estimate - Int(c)))
    if da <= db && da <= dc { return a }
    return db <= dc ? b : c
  }

  /// The Adler-32 of the filtered rows, for the zlib stream's end: libdeflate's (the C
  /// function `libdeflate_adler32`) over rows of pixels, and worked out for a repeated row, its
  /// filter byte and zeros: the first sum grows by the byte once, the second by the new first
  /// sum once for each of the row's bytes.
  static func adler32(
    _ rows: UnsafePointer<UInt8>, rowBytes: Int, rowCount: Int, repeated: UnsafePointer<UInt8>
  ) -> UInt32 {
    var adler: UInt32 = 1
    var row = 0
    while row < rowCount {
      if repeated[row] != 0 {
        let first = (UInt64(adler & 0xFFFF) + UInt64(rows[row * rowBytes])) % 65_521
        let second = (UInt64(adler >> 16) + first * UInt64(rowBytes)) % 65_521
        adler = UInt32(second << 16 | first)
        row += 1
        continue
      }
      var end = row + 1
      while end < rowCount && repeated[end] == 0 { end += 1 }
      adler = libdeflate_adler32(adler, rows + row * rowBytes, (end - row) * rowBytes)
      row = end
    }
    return adler
  }

  // MARK: - File

  /// The PNG file: signature, IHDR, one IDAT of at most `bound` bytes that `compress` writes
  /// (a zlib stream of the filtered rows; 0 if it could not), IEND. The C function that checks
  /// the chunks is `libdeflate_crc32`.
  static func png(
    width: Int, height: Int, bound: Int, output: Buffer,
    compress: (UnsafeMutablePointer<UInt8>) -> Int
  ) throws -> [UInt8] {
    var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
    header += [8, 2, 0, 0, 0]  // 8-bit RGB, deflate, adaptive filters, no interlace
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var file = ChunkWriter(
      base: output.reserve(signature.count + (12 + header.count) + (12 + bound) + 12))
    file.append(signature)
    file.chunk("IHDR") { data in
      data.update(from: header, count: header.count)
      return header.count
    }
    try file.chunk("IDAT") { data in
      let written = compress(data)
      guard written > 0 else {
        throw PNGEncoderError(
          function: "compress", message: "the output did not fit in \(bound) bytes")
      }
      return written
    }
    file.chunk("IEND") { _ in 0 }
    return Array(UnsafeBufferPointer(start: file.base, count: file.end))
  }

  /// Writes PNG chunks into a buffer that has room for them.
  struct ChunkWriter {
    let base: UnsafeMutablePointer<UInt8>
    private(set) var end = 0

    init(base: UnsafeMutablePointer<UInt8>) {
      self.base = base
    }

    mutating func append(_ bytes: [UInt8]) {
      (base + end).update(from: bytes, count: bytes.count)
      end += bytes.count
    }

    /// Appends a chunk: its length, type, the data `write` puts at the pointer it is given
    /// (returning how many bytes), and the CRC of type and data.
    mutating func chunk(
      _ type: StaticString, _ write: (UnsafeMutablePointer<UInt8>) throws -> Int
    ) rethrows {
      let start = end
      (base + start + 4).update(from: type.utf8Start, count: 4)
      let length = try write(base + start + 8)
      store(UInt32(length), at: start)
      store(libdeflate_crc32(0, base + start + 4, 4 + length), at: start + 8 + length)
      end = start + 12 + length
    }

    private func store(_ value: UInt32, at offset: Int) {
      UnsafeMutableRawPointer(base + offset).storeBytes(of: value.bigEndian, as: UInt32.self)
    }
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  // MARK: - Workspace

  /// The memory a frame's encoding needs, kept from one frame to the next: fresh buffers of
  /// a frame's size each time cost page faults, a sixth of export's CPU (measured with perf).
  /// Use one per thread at a time.
  public final class Workspace {
    let rows = Buffer()
    let scratch = Buffer()
    let repeated = Buffer()
    /// The row length and count of the rows `rows` and `repeated` hold from the last frame.
    var keptRowBytes = 0
    var keptRows = 0
    let output = Buffer()
    let slide = SlideDeflate()
    private var compressor: OpaquePointer?
    private var level = 0

    public init() {}

    /// A libdeflate compressor at `level`. The corresponding C function is
    /// `libdeflate_alloc_compressor`.
    func libdeflate(level: Int) throws -> OpaquePointer {
      if let compressor, self.level == level { return compressor }
      libdeflate_free_compressor(compressor)
      compressor = libdeflate_alloc_compressor(Int32(level))
      self.level = level
      guard let compressor else {
        throw PNGEncoderError(
          function: "libdeflate_alloc_compressor", message: "no compressor at level \(level)")
      }
      return compressor
    }

    /// The corresponding C function is `libdeflate_free_compressor`.
    deinit {
      libdeflate_free_compressor(compressor)
    }
  }

  /// Bytes that grow as needed and are never shrunk or cleared.
  final class Buffer {
    private var base: UnsafeMutablePointer<UInt8>?
    private(set) var capacity = 0

    /// Room for at least `count` bytes; what was there before is not kept.
    func reserve(_ count: Int) -> UnsafeMutablePointer<UInt8> {
      if let base, capacity >= count { return base }
      base?.deallocate()
      let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
      #if DEBUG
        // The tests' build: new memory holds a pattern, never zeros that happen to be right,
        // so code that reads what it did not write fails every time, not by chance.
        grown.initialize(repeating: 0xA5, count: count)
      #endif
      (base, capacity) = (grown, count)
      return grown
    }

    deinit {
      base?.deallocate()
    }
  }
}

/// A failed encoding step, naming the C call.
public typealias PNGEncoderError = FailedCall
