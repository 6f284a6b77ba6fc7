import CZlib
import Foundation

/// Encodes slide frames as PNG in a few milliseconds each, where libpng's defaults take ~70 ms.
///
/// Slides are mostly flat colour with anti-aliased text: mostly rows that repeat the row above,
/// and runs of one colour. So repeated rows are written with PNG's Up filter (all zeros) without
/// being looked at again, and the rest is compressed by a deflate of its own that only looks for
/// two kinds of match, "same as the pixel to the left" and "same as the row above", coded with
/// deflate's fixed Huffman table: one linear pass, no hashing. Frames that do not suit this
/// (photographs) go to zlib instead, so files stay small.
///
/// A value type with no shared state: threads may encode different frames at once.
public struct PNGEncoder: Sendable {
  public init() {}

  /// Encodes rows of 32-bit pixels laid out as SDL's `SDL_PIXELFORMAT_XRGB8888` (bytes B, G, R, X
  /// in memory), `pitch` bytes apart.
  public func encode(bgrx pixels: UnsafeRawBufferPointer, width: Int, height: Int, pitch: Int) throws -> [UInt8] {
    guard width > 0, height > 0, pitch >= width * 4, pixels.count >= pitch * (height - 1) + width * 4,
      let source = pixels.baseAddress?.assumingMemoryBound(to: UInt8.self)
    else {
      throw PNGEncoderError(function: "encode", message: "the pixel buffer does not hold \(width)x\(height) pixels")
    }
    var header: [UInt8] = []
    header += bigEndian(UInt32(width))
    header += bigEndian(UInt32(height))
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    let repeats = Self.repeatedRows(source, width: width, height: height, pitch: pitch)
    let rgb = Self.rgbRows(source, width: width, height: height, pitch: pitch, repeats: repeats)
    var stream = Self.fastDeflate(rgb, bytesPerPixel: 3, rowBytes: width * 3 + 1, repeats: repeats)
    // Photographs defeat run matching; zlib's real search keeps those files small.
    if stream.count > rgb.count / 4 {
      let raw = Self.rgbRows(
        source, width: width, height: height, pitch: pitch,
        repeats: [Bool](repeating: false, count: height))
      stream = try Self.zlibDeflate(Self.subFiltered(raw, width: width, height: height))
    }
    header += [8, 2, 0, 0, 0]  // 8-bit RGB, deflate, adaptive filters, no interlace
    appendChunk("IHDR", header, to: &png)
    appendChunk("IDAT", stream, to: &png)
    appendChunk("IEND", [], to: &png)
    return png
  }

  // MARK: - Pixels to rows

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

  // MARK: - Chunks

  private func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
    let typeBytes = Array(type.utf8)
    png += bigEndian(UInt32(data.count))
    png += typeBytes
    png += data
    var crc = crc32(0, typeBytes, uInt(typeBytes.count))
    crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
    png += bigEndian(UInt32(truncatingIfNeeded: crc))
  }

  private func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
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

/// A failed encoding step, naming the zlib call.
public struct PNGEncoderError: Error, Hashable, Sendable, CustomStringConvertible {
  public var function: String
  public var message: String

  public var description: String { "\(function): \(message)" }
}
