import Foundation
import PodiumTestSupport
import Testing

@testable import PodiumSDL

/// `SlideDeflate` against a real inflater (zlib's, through Python), on the inputs PNG rows can be: rows
/// that repeat (filter byte and zeros), flat colour, noise that only stored blocks suit, rows
/// wider than deflate's window, and the smallest sizes.
@Suite struct SlideDeflateTests {
  /// Rows of `rowBytes`: every `repeatEvery`-th row is a repeat (its filter byte and zeros);
  /// the others are `content(row, column)`.
  static func rows(
    rowBytes: Int, rowCount: Int, repeatEvery: Int = 0, content: (Int, Int) -> UInt8
  ) -> (bytes: [UInt8], repeated: [UInt8]) {
    var bytes = [UInt8](repeating: 0, count: rowBytes * rowCount)
    var repeated = [UInt8](repeating: 0, count: rowCount)
    for row in 0..<rowCount {
      if repeatEvery > 0 && row % repeatEvery == repeatEvery - 1 {
        repeated[row] = 1
        bytes[row * rowBytes] = 2
        continue
      }
      for column in 0..<rowBytes { bytes[row * rowBytes + column] = content(row, column) }
    }
    return (bytes, repeated)
  }

  /// Adler-32 as RFC 1950 defines it, a byte at a time.
  static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var (a, b): (UInt32, UInt32) = (1, 0)
    for byte in bytes {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    return b << 16 | a
  }

  /// What zlib (Python's `zlib.decompress`, which checks the Adler-32) inflates `stream` to.
  static func inflate(_ stream: [UInt8]) throws -> [UInt8] {
    let folder = try Fixtures.temporaryDirectory()
    let input = folder.appendingPathComponent("stream.zlib")
    let output = folder.appendingPathComponent("inflated")
    try Data(stream).write(to: input)
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    python.arguments = [
      "python3", "-c",
      "import sys, zlib; open(sys.argv[2], 'wb').write(zlib.decompress(open(sys.argv[1], 'rb').read()))",
      input.path, output.path,
    ]
    try python.run()
    python.waitUntilExit()
    try #require(python.terminationStatus == 0, "zlib could not inflate the stream")
    return [UInt8](try Data(contentsOf: output))
  }

  /// Compresses, checks the zlib header and inflates with zlib; returns the stream's size.
  @discardableResult
  func roundTrip(
    _ input: (bytes: [UInt8], repeated: [UInt8]), rowBytes: Int, _ name: String
  ) throws -> Int {
    let (bytes, repeated) = input
    let rowCount = repeated.count
    let adler = bytes.withUnsafeBufferPointer { rows in
      repeated.withUnsafeBufferPointer {
        PNGEncoder.adler32(
          rows.baseAddress!, rowBytes: rowBytes, rowCount: rowCount, repeated: $0.baseAddress!)
      }
    }
    #expect(adler == Self.adler32(bytes), "\(name): Adler-32 worked out row by row")
    var stream = [UInt8](repeating: 0, count: SlideDeflate.bound(bytes.count))
    let written = bytes.withUnsafeBufferPointer { rows in
      repeated.withUnsafeBufferPointer { repeated in
        stream.withUnsafeMutableBufferPointer { out in
          SlideDeflate().compress(
            rows.baseAddress!, rowBytes: rowBytes, rowCount: rowCount,
            repeated: repeated.baseAddress!, adler: adler, into: out.baseAddress!)
        }
      }
    }
    #expect(written > 6 && written <= stream.count, "\(name): \(written) bytes")
    #expect((UInt32(stream[0]) << 8 | UInt32(stream[1])) % 31 == 0, "\(name): zlib header")
    let inflated = try Self.inflate(Array(stream.prefix(written)))
    #expect(
      inflated.count == bytes.count, "\(name): \(inflated.count) bytes inflated, \(bytes.count) in")
    #expect(inflated == bytes, "\(name): other bytes came back")
    return written
  }

  @Test func slideLikeRowsComeBackExactly() throws {
    // Flat colour with a glyph-like pattern every few pixels, every third row a repeat.
    let rowBytes = 1920 * 3 + 1
    let rows = Self.rows(rowBytes: rowBytes, rowCount: 90, repeatEvery: 3) { row, column in
      column == 0 ? 0 : (column / 3) % 40 < 3 && row % 5 == 1 ? 40 : [250, 249, 246][column % 3]
    }
    let size = try roundTrip(rows, rowBytes: rowBytes, "slide-like")
    #expect(size < rows.bytes.count / 50, "slide-like rows shrink 50 times (\(size) bytes)")
  }

  @Test func noiseIsStored() throws {
    var state: UInt64 = 3
    let rowBytes = 3 * 700 + 1
    let rows = Self.rows(rowBytes: rowBytes, rowCount: 100) { _, _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 33)
    }
    let size = try roundTrip(rows, rowBytes: rowBytes, "noise")
    // Stored blocks: the bytes and 5 bytes a block (one per 16,384 bytes or more), not codes
    // that would make noise larger.
    #expect(size <= rows.bytes.count + rows.bytes.count / 1_000, "noise: \(size) bytes")
  }

  @Test func rowsWiderThanTheWindowAndOnlyRepeats() throws {
    // 12,000 pixels: the row above is beyond deflate's 32 KB window, so only the left pixel and
    // the hash can match, within it.
    let wide = 12_000 * 3 + 1
    try roundTrip(
      Self.rows(rowBytes: wide, rowCount: 6, repeatEvery: 2) { row, column in
        UInt8(truncatingIfNeeded: column / 7 + row)
      }, rowBytes: wide, "12,000 pixels wide")
    // A frame of one colour: the first row, then nothing but repeats.
    var flat = Self.rows(rowBytes: 301, rowCount: 400) { _, column in column == 0 ? 0 : 9 }
    for row in 1..<400 {
      flat.repeated[row] = 1
      flat.bytes.replaceSubrange(
        row * 301..<(row + 1) * 301, with: [2] + [UInt8](repeating: 0, count: 300))
    }
    let size = try roundTrip(flat, rowBytes: 301, "one colour")
    #expect(size < 200 + 4 * 400, "one colour: \(size) bytes")
  }

  @Test(arguments: [(4, 1), (4, 5), (7, 3), (10, 2), (1, 9), (259, 4), (262, 4), (5_761, 1)])
  func smallAndOddSizes(rowBytes: Int, rowCount: Int) throws {
    try roundTrip(
      Self.rows(rowBytes: rowBytes, rowCount: rowCount, repeatEvery: 2) { row, column in
        UInt8(truncatingIfNeeded: column * 31 + row * 7)
      }, rowBytes: rowBytes, "\(rowBytes)x\(rowCount)")
  }

  @Test func codesAreLengthLimitedAndComplete() {
    // Fibonacci frequencies make the deepest optimal code: 30 symbols would need 29 bits.
    var fibonacci: [UInt32] = [1, 1]
    while fibonacci.count < 30 {
      fibonacci.append(fibonacci[fibonacci.count - 2] + fibonacci.last!)
    }
    for (frequencies, limit) in [(fibonacci, 15), (Array(fibonacci.prefix(19)), 7)] {
      let lengths = Huffman.lengths(frequencies, limit: limit)
      #expect(lengths.allSatisfy { $0 >= 1 && Int($0) <= limit }, "\(lengths)")
      // Kraft's sum is exactly 1: a complete prefix code.
      let kraft = lengths.reduce(0.0) { $0 + 1 / Double(1 << Int($1)) }
      #expect(kraft == 1, "\(lengths)")
    }
    // Canonical codes, as RFC 1951 section 3.2.2 gives them for lengths (3,3,3,3,3,2,4,4),
    // written first bit lowest.
    let codes = Huffman.codes([3, 3, 3, 3, 3, 2, 4, 4])
    let expected: [UInt32] = [0b010, 0b011, 0b100, 0b101, 0b110, 0b00, 0b1110, 0b1111]
    func reversed(_ code: UInt32, _ length: Int) -> UInt32 {
      var result: UInt32 = 0
      for bit in 0..<length where code >> UInt32(bit) & 1 == 1 {
        result |= 1 << UInt32(length - 1 - bit)
      }
      return result
    }
    #expect(codes == zip(expected, [3, 3, 3, 3, 3, 2, 4, 4]).map(reversed))
  }
}
