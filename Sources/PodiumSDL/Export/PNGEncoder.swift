import CDeflate
import CZlib
import Foundation

/// Encodes slide frames as PNG: rows filtered by a rule measured on slides, then compressed by
/// libdeflate (https://github.com/ebiggers/libdeflate), a whole-buffer deflate made for speed.
///
/// Filters: PNG's row filters predict each byte from its neighbours. libpng picks, per row, the
/// filter whose output has the least sum of absolute values; on slides that loses, because a
/// slide is flat colour and anti-aliased text, whose unfiltered pixels repeat exactly (the same
/// glyph, the same run) and so deflate well as they are. So a row where most pixels equal their
/// left neighbour is left unfiltered (None); other rows (photographs, gradients) get libpng's
/// choice among all five filters.
///
/// A value type with no shared state: threads may encode different frames at once, each with
/// its own `Workspace`.
public struct PNGEncoder: Sendable, Equatable {
  public enum Compressor: Sendable, Equatable {
    /// libdeflate at this level, 1 (fastest) to 12 (smallest).
    case libdeflate(level: Int)
    /// The hand-written deflate this encoder used before libdeflate (kept to measure against).
    case handWritten
  }

  /// libdeflate's level for export.
  public static let defaultLevel = 1

  public var compressor: Compressor

  public init(compressor: Compressor = .libdeflate(level: PNGEncoder.defaultLevel)) {
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
    guard case .libdeflate(let level) = compressor else {
      return try handWrittenEncode(source, width: width, height: height, pitch: pitch)
    }
    let rowBytes = width * 3 + 1
    // One spare byte takes the overhang of the last pixel's four-byte store.
    let rows = workspace.rows.reserve(rowBytes * height + 1)
    let scratch = workspace.scratch.reserve(2 * (rowBytes + 3))
    Self.filter(
      source, width: width, height: height, pitch: pitch, into: rows, scratch: scratch)
    return try Self.png(
      width: width, height: height,
      rows: UnsafeBufferPointer(start: rows, count: rowBytes * height),
      compressor: workspace.compressor(level: level), output: workspace.output)
  }

  // MARK: - Rows

  /// The share of a row's pixels that must equal their left neighbour for the row to be left
  /// unfiltered, in tenths. Measured on slides and photographs (see the file's header).
  static let flatTenths = 7

  /// Writes the frame as PNG rows of RGB, each led by its filter type (0 None, 1 Sub, 2 Up,
  /// 3 Average, 4 Paeth), into `out`, which has room for them and one byte more. `scratch` holds
  /// two rows and six bytes.
  static func filter(
    _ source: UnsafePointer<UInt8>, width: Int, height: Int, pitch: Int,
    into out: UnsafeMutablePointer<UInt8>, scratch: UnsafeMutablePointer<UInt8>
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
      if row > 0 && memcmp(line, line - pitch, width * 4) == 0 {
        if target[-rowBytes] == 0 {
          target.update(from: target - rowBytes, count: rowBytes)
        } else {
          target[0] = 2  // Up: all zeros
          (target + 1).update(repeating: 0, count: rowBytes - 1)
        }
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

  // MARK: - File

  /// The PNG file: signature, IHDR, one IDAT compressed by libdeflate, IEND. The corresponding
  /// C functions are `libdeflate_zlib_compress_bound`, `libdeflate_zlib_compress` and
  /// `libdeflate_crc32`.
  static func png(
    width: Int, height: Int, rows: UnsafeBufferPointer<UInt8>, compressor: OpaquePointer,
    output: Buffer
  ) throws -> [UInt8] {
    let bound = libdeflate_zlib_compress_bound(compressor, rows.count)
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
      let written = libdeflate_zlib_compress(compressor, rows.baseAddress, rows.count, data, bound)
      guard written > 0 else {
        throw PNGEncoderError(
          function: "libdeflate_zlib_compress", message: "the output did not fit in \(bound) bytes")
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
    let output = Buffer()
    private var compressor: OpaquePointer?
    private var level = 0

    public init() {}

    /// A libdeflate compressor at `level`. The corresponding C function is
    /// `libdeflate_alloc_compressor`.
    func compressor(level: Int) throws -> OpaquePointer {
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
    private var capacity = 0

    /// Room for at least `count` bytes; what was there before is not kept.
    func reserve(_ count: Int) -> UnsafeMutablePointer<UInt8> {
      if let base, capacity >= count { return base }
      base?.deallocate()
      let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
      (base, capacity) = (grown, count)
      return grown
    }

    deinit {
      base?.deallocate()
    }
  }

  // MARK: - The hand-written deflate (measured against libdeflate)

  func handWrittenEncode(
    _ source: UnsafePointer<UInt8>, width: Int, height: Int, pitch: Int
  ) throws -> [UInt8] {
    let repeats = Self.repeatedRows(source, width: width, height: height, pitch: pitch)
    let rgb = Self.rgbRows(source, width: width, height: height, pitch: pitch, repeats: repeats)
    var stream = Self.fastDeflate(rgb, bytesPerPixel: 3, rowBytes: width * 3 + 1, repeats: repeats)
    if stream.count > rgb.count / 4 {
      let raw = Self.rgbRows(
        source, width: width, height: height, pitch: pitch,
        repeats: [Bool](repeating: false, count: height))
      stream = try Self.zlibDeflate(Self.subFiltered(raw, width: width, height: height))
    }
    var header = Self.bigEndian(UInt32(width)) + Self.bigEndian(UInt32(height))
    header += [8, 2, 0, 0, 0]
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    appendChunk("IHDR", header, to: &png)
    appendChunk("IDAT", stream, to: &png)
    appendChunk("IEND", [], to: &png)
    return png
  }

  private func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
    let typeBytes = Array(type.utf8)
    png += Self.bigEndian(UInt32(data.count))
    png += typeBytes
    png += data
    var crc = crc32(0, typeBytes, uInt(typeBytes.count))
    crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
    png += Self.bigEndian(UInt32(truncatingIfNeeded: crc))
  }

  /// Which rows are the same as the row above: on a slide, most of them.
  static func repeatedRows(_ source: UnsafePointer<UInt8>, width: Int, height: Int, pitch: Int) -> [Bool] {
    var repeats = [Bool](repeating: false, count: height)
    for row in 1..<max(1, height) {
      let line = source + row * pitch
      repeats[row] = memcmp(line, line - pitch, width * 4) == 0
    }
    return repeats
  }

  /// The frame as RGB rows, each led by its filter byte: 0 (None), or 2 (Up) for a repeated
  /// row, whose implied zeros are not stored.
  static func rgbRows(
    _ source: UnsafePointer<UInt8>, width: Int, height: Int, pitch: Int, repeats: [Bool]
  ) -> [UInt8] {
    let rowBytes = width * 3 + 1
    let total = rowBytes * height
    // Left uninitialised where rows repeat: the deflater never reads those bytes, and zeroing
    // 6 MB a frame showed in profiles. One spare byte at the end takes the overhang of the last
    // pixel's four-byte store.
    var rows = [UInt8](unsafeUninitializedCapacity: total + 1) { _, count in count = total + 1 }
    rows.withUnsafeMutableBufferPointer { out in
      guard let out = out.baseAddress else { return }
      for row in 0..<height {
        let line = UnsafeRawPointer(source + row * pitch)
        let target = out + row * rowBytes
        if repeats[row] {
          target[0] = 2  // Up: the same as the row above; the zeros that follow are implied.
          continue
        }
        target[0] = 0
        let pixels = UnsafeMutableRawPointer(target + 1)
        for column in 0..<width {
          // B, G, R, X in memory loads as 0xXXRRGGBB; byte-swapped and shifted it stores R, G, B
          // (and a fourth byte that the next pixel, or row, overwrites).
          let value = line.loadUnaligned(fromByteOffset: column * 4, as: UInt32.self)
          pixels.storeBytes(of: value.byteSwapped >> 8, toByteOffset: column * 3, as: UInt32.self)
        }
      }
    }
    rows.removeLast()
    return rows
  }

  /// RGB rows re-filtered with PNG's Sub filter, which suits zlib on photographs.
  static func subFiltered(_ rows: [UInt8], width: Int, height: Int) -> [UInt8] {
    let rowBytes = width * 3 + 1
    var filtered = rows
    filtered.withUnsafeMutableBufferPointer { out in
      rows.withUnsafeBufferPointer { input in
        guard let out = out.baseAddress, let input = input.baseAddress else { return }
        for row in 0..<height {
          let base = row * rowBytes
          out[base] = 1
          for index in 4..<rowBytes {
            out[base + index] = input[base + index] &- input[base + index - 3]
          }
        }
      }
    }
    return filtered
  }

  // MARK: - Deflate

  /// A zlib stream of `data` (rows of `rowBytes`) using deflate's fixed Huffman codes and two
  /// match distances: one pixel back, and one row back. Rows flagged in `repeats` are PNG's Up
  /// filter and zeros: only their filter byte is stored in `data`, and they are coded without
  /// being looked at.
  static func fastDeflate(_ data: [UInt8], bytesPerPixel: Int, rowBytes: Int, repeats: [Bool]) -> [UInt8] {
    let count = data.count
    let rows = count / max(1, rowBytes)
    let tables = FixedHuffman.shared
    let up = rowBytes <= 32_768 ? rowBytes : 0
    let runDistance = tables.distance(bytesPerPixel)
    let upDistance = tables.distance(max(1, up))
    let oneBack = tables.distance(1)
    // Worst case: every byte a 9-bit literal.
    let capacity = count + count / 8 + 64
    let output = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    defer { output.deallocate() }
    var writer = BitWriter(output)
    writer.write(0x78, 8)
    writer.write(0x01, 8)
    writer.write(3, 3)  // final block, fixed Huffman codes
    var checksum: uLong = 1  // Adler-32 of nothing
    data.withUnsafeBufferPointer { buffer in
      guard let bytes = buffer.baseAddress else { return }
      for row in 0..<rows {
        let rowStart = row * rowBytes
        let rowEnd = rowStart + rowBytes
        if row > 0 && repeats[row] {
          // An Up-filtered repeat: filter byte 2, then zeros, coded as one-byte-back matches.
          writer.write(tables.literalCodes[2], tables.literalLengths[2])
          writer.write(tables.literalCodes[0], tables.literalLengths[0])
          var remaining = rowBytes - 2
          while remaining > 0 {
            if remaining < 3 {
              for _ in 0..<remaining { writer.write(tables.literalCodes[0], tables.literalLengths[0]) }
              break
            }
            // Matches are 3...258 long; never leave a tail shorter than 3.
            var length = min(258, remaining)
            if (1..<3).contains(remaining - length) { length = remaining - 3 }
            tables.writeLength(length, to: &writer)
            writer.write(oneBack.code, 5)
            remaining -= length
          }
          checksum = uLong(Self.adlerRepeat(UInt32(checksum), rowBytes: rowBytes))
          continue
        }
        var index = rowStart
        while index < rowEnd {
          let limit = min(258, rowEnd - index)
          var best = 0
          var bestIsUp = false
          if index - rowStart > bytesPerPixel {
            best = matchLength(bytes, index, bytesPerPixel, limit)
          }
          // A repeated row's bytes are implied, not stored: only look up into a stored row.
          if up > 0 && best < limit && row > 0 && !repeats[row - 1] {
            let length = matchLength(bytes, index, up, limit)
            if length > best {
              best = length
              bestIsUp = true
            }
          }
          if best >= 3 {
            tables.writeLength(best, to: &writer)
            let distance = bestIsUp ? upDistance : runDistance
            writer.write(distance.code, 5)
            if distance.extraBits > 0 { writer.write(distance.extraValue, distance.extraBits) }
            index += best
          } else {
            let literal = Int(bytes[index])
            writer.write(tables.literalCodes[literal], tables.literalLengths[literal])
            index += 1
          }
        }
        checksum = uLong(adler32(UInt32(checksum), bytes + rowStart, rowBytes))
      }
    }
    writer.write(tables.literalCodes[256], tables.literalLengths[256])  // end of block
    writer.flush()
    writer.write(UInt32(checksum >> 24 & 0xFF), 8)
    writer.write(UInt32(checksum >> 16 & 0xFF), 8)
    writer.write(UInt32(checksum >> 8 & 0xFF), 8)
    writer.write(UInt32(checksum & 0xFF), 8)
    return Array(UnsafeBufferPointer(start: output, count: writer.position))
  }

  /// Adler-32 (RFC 1950) continued from `start`, sixteen bytes at a time: zlib's `adler32`
  /// updates its sums one byte at a time, and showed as a tenth of export time in profiles.
  static func adler32(_ start: UInt32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> UInt32 {
    let modulus: UInt32 = 65_521
    var a = start & 0xFFFF
    var b = start >> 16
    let weights = SIMD16<UInt32>(16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
    var index = 0
    while index < count {
      // 5552 bytes is the most the 32-bit sums can take before reduction (zlib's NMAX).
      let blockEnd = min(count, index + 5_552)
      while index + 16 <= blockEnd {
        let chunk = SIMD16<UInt32>(
          truncatingIfNeeded: UnsafeRawPointer(bytes + index).loadUnaligned(as: SIMD16<UInt8>.self))
        b &+= 16 &* a &+ (chunk &* weights).wrappedSum()
        a &+= chunk.wrappedSum()
        index += 16
      }
      while index < blockEnd {
        a &+= UInt32(bytes[index])
        b &+= a
        index += 1
      }
      a %= modulus
      b %= modulus
    }
    return b << 16 | a
  }

  /// Adler-32 continued over a repeated row, [2, 0, 0, ...] of `rowBytes`, without reading it:
  /// the byte 2 adds 2 to both sums, then each zero adds the first sum to the second.
  static func adlerRepeat(_ start: UInt32, rowBytes: Int) -> UInt32 {
    let modulus: UInt64 = 65_521
    let a = (UInt64(start & 0xFFFF) + 2) % modulus
    let b = (UInt64(start >> 16) + a + a * UInt64(rowBytes - 1)) % modulus
    return UInt32(b << 16 | a)
  }

  /// How many bytes from `index` repeat those `distance` bytes earlier, up to `limit`, eight at
  /// a time.
  @inline(__always)
  static func matchLength(_ bytes: UnsafePointer<UInt8>, _ index: Int, _ distance: Int, _ limit: Int) -> Int {
    let here = UnsafeRawPointer(bytes + index)
    let there = UnsafeRawPointer(bytes + index - distance)
    var length = 0
    while length + 8 <= limit {
      let difference =
        here.loadUnaligned(fromByteOffset: length, as: UInt64.self)
        ^ there.loadUnaligned(fromByteOffset: length, as: UInt64.self)
      if difference != 0 { return length + difference.trailingZeroBitCount / 8 }
      length += 8
    }
    while length < limit && bytes[index + length] == bytes[index + length - distance] { length += 1 }
    return length
  }

  /// Compresses with zlib at level 3. The corresponding C functions are `deflateInit_`,
  /// `deflateBound`, `deflate` and `deflateEnd`.
  static func zlibDeflate(_ data: [UInt8]) throws -> [UInt8] {
    var stream = z_stream()
    let status = deflateInit_(&stream, 3, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else { throw PNGEncoderError(function: "deflateInit", message: "zlib status \(status)") }
    defer { deflateEnd(&stream) }
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(data.count))))
    let result: Int32 = data.withUnsafeBufferPointer { input in
      output.withUnsafeMutableBufferPointer { out in
        stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
        stream.avail_in = uInt(input.count)
        stream.next_out = out.baseAddress
        stream.avail_out = uInt(out.count)
        return deflate(&stream, Z_FINISH)
      }
    }
    guard result == Z_STREAM_END else { throw PNGEncoderError(function: "deflate", message: "zlib status \(result)") }
    output.removeSubrange(Int(stream.total_out)...)
    return output
  }

}

/// Writes bits least significant first, as deflate wants, into a buffer sized for the worst case.
struct BitWriter {
  private let output: UnsafeMutablePointer<UInt8>
  private(set) var position = 0
  private var buffer: UInt64 = 0
  private var count = 0

  init(_ output: UnsafeMutablePointer<UInt8>) {
    self.output = output
  }

  @inline(__always)
  mutating func write(_ value: UInt32, _ bits: Int) {
    buffer |= UInt64(value) << UInt64(count)
    count += bits
    while count >= 8 {
      output[position] = UInt8(truncatingIfNeeded: buffer)
      position += 1
      buffer >>= 8
      count -= 8
    }
  }

  /// Pads to a whole byte.
  mutating func flush() {
    if count > 0 {
      output[position] = UInt8(truncatingIfNeeded: buffer)
      position += 1
    }
    buffer = 0
    count = 0
  }
}

/// Deflate's fixed Huffman codes (RFC 1951, 3.2.6), bit-reversed for writing LSB first.
struct FixedHuffman: Sendable {
  static let shared = FixedHuffman()

  var literalCodes: [UInt32] = []
  var literalLengths: [Int] = []
  /// For match lengths 3...258: the code (with its length) and extra bits.
  var lengthCode: [UInt32] = []
  var lengthCodeBits: [Int] = []
  var lengthExtra: [UInt32] = []
  var lengthExtraBits: [Int] = []

  struct Distance {
    var code: UInt32
    var extraBits: Int
    var extraValue: UInt32
  }

  private static let lengthBases = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
    131, 163, 195, 227, 258,
  ]
  private static let lengthExtras = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]
  private static let distanceBases = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
  ]
  private static let distanceExtras = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
  ]

  private static func reversed(_ code: UInt32, _ length: Int) -> UInt32 {
    var result: UInt32 = 0
    for bit in 0..<length where code & (1 << UInt32(bit)) != 0 {
      result |= 1 << UInt32(length - 1 - bit)
    }
    return result
  }

  private init() {
    for symbol in 0..<288 {
      let (code, length): (UInt32, Int)
      switch symbol {
      case 0...143: (code, length) = (UInt32(0x30 + symbol), 8)
      case 144...255: (code, length) = (UInt32(0x190 + symbol - 144), 9)
      case 256...279: (code, length) = (UInt32(symbol - 256), 7)
      default: (code, length) = (UInt32(0xC0 + symbol - 280), 8)
      }
      literalCodes.append(Self.reversed(code, length))
      literalLengths.append(length)
    }
    lengthCode = [UInt32](repeating: 0, count: 259)
    lengthCodeBits = [Int](repeating: 0, count: 259)
    lengthExtra = [UInt32](repeating: 0, count: 259)
    lengthExtraBits = [Int](repeating: 0, count: 259)
    for length in 3...258 {
      var index = Self.lengthBases.count - 1
      while Self.lengthBases[index] > length { index -= 1 }
      if length == 258 { index = Self.lengthBases.count - 1 }
      let symbol = 257 + index
      lengthCode[length] = literalCodes[symbol]
      lengthCodeBits[length] = literalLengths[symbol]
      lengthExtra[length] = UInt32(length - Self.lengthBases[index])
      lengthExtraBits[length] = Self.lengthExtras[index]
    }
  }

  @inline(__always)
  func writeLength(_ length: Int, to writer: inout BitWriter) {
    writer.write(lengthCode[length], lengthCodeBits[length])
    if lengthExtraBits[length] > 0 { writer.write(lengthExtra[length], lengthExtraBits[length]) }
  }

  func distance(_ distance: Int) -> Distance {
    var index = Self.distanceBases.count - 1
    while Self.distanceBases[index] > distance { index -= 1 }
    return Distance(
      code: Self.reversed(UInt32(index), 5), extraBits: Self.distanceExtras[index],
      extraValue: UInt32(distance - Self.distanceBases[index]))
  }
}

/// A failed encoding step, naming the C call.
public struct PNGEncoderError: Error, Hashable, Sendable, CustomStringConvertible {
  public var function: String
  public var message: String

  public var description: String { "\(function): \(message)" }
}
