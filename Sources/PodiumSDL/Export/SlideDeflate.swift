/// Deflate (RFC 1951) made for PNG rows of slides, the encoder `podium export` uses.
///
/// A slide's rows are mostly copies of the row above, and PNG's filter turns each such row into
/// its filter byte and zeros (`PNGEncoder.filter` says which rows repeat). A general deflate
/// looks at every byte of those rows again; this one writes them without looking: the filter
/// byte, a zero, and matches of the zero one byte back. The other rows (text, pictures) are
/// matched greedily against three places: the pixel to the left (flat colour), the same place a
/// row above, and the last place whose four bytes hashed alike (a glyph or a run seen before).
/// Tokens are written in blocks with Huffman codes of their own (length-limited to 15 bits), or
/// stored when that would be smaller (noise). Measured figures are in `PNGEncoder`'s header.
///
/// Not thread-safe: one `SlideDeflate` per thread, kept from frame to frame for its buffers.
final class SlideDeflate {
  /// Tokens collected before a block is closed (at the end of the row that reaches this many):
  /// enough to pay for a block's code tables, few enough that codes follow the slide's regions.
  static let blockTokens = 16_384

  private static let hashBits = 15
  /// The last position of each hash of four bytes, or -1.
  private let hashTable = UnsafeMutablePointer<Int32>.allocate(capacity: 1 << hashBits)
  /// The symbols' frequencies in the block being collected.
  private let frequencies: UnsafeMutablePointer<UInt32> = {
    let memory = UnsafeMutablePointer<UInt32>.allocate(capacity: 316)
    memory.initialize(repeating: 0, count: 316)
    return memory
  }()
  /// Room for one block's tokens: a block is closed at the first row end past `blockTokens`,
  /// and a row adds at most one token a byte.
  private var tokenBase: UnsafeMutablePointer<UInt32>?
  private var tokenCapacity = 0

  deinit {
    hashTable.deallocate()
    frequencies.deallocate()
    tokenBase?.deallocate()
  }

  /// The largest output `compress` can write for `count` bytes: every block stored (a block
  /// holds at least `blockTokens` bytes, but for the last), their headers and the zlib wrapper.
  static func bound(_ count: Int) -> Int {
    count + 6 * (count / blockTokens + 2) + 5 * (count / 65_535 + 1) + 64
  }

  /// Compresses `rowCount` rows of `rowBytes` bytes as one zlib stream (header, deflate
  /// blocks, the Adler-32 `adler` of the bytes) into `out`, which has room for `bound` of
  /// them; returns the bytes written. `repeated[row]` is nonzero for a row that is its filter
  /// byte followed by zeros only.
  func compress(
    _ data: UnsafePointer<UInt8>, rowBytes: Int, rowCount: Int,
    repeated: UnsafePointer<UInt8>, adler: UInt32, into out: UnsafeMutablePointer<UInt8>
  ) -> Int {
    if tokenCapacity < Self.blockTokens + rowBytes {
      tokenBase?.deallocate()
      tokenCapacity = Self.blockTokens + rowBytes
      tokenBase = .allocate(capacity: tokenCapacity)
    }
    var tokens = Tokens(base: tokenBase!, frequencies: frequencies)
    tokens.clear()
    hashTable.update(repeating: -1, count: 1 << Self.hashBits)
    var writer = BitWriter(out)
    writer.write(0x78, 8)  // CMF: deflate, 32 KB window
    writer.write(0x01, 8)  // FLG: no dictionary, check bits
    let total = rowBytes * rowCount
    var blockStart = 0
    for row in 0..<rowCount {
      let start = row * rowBytes
      if repeated[row] != 0 {
        tokens.literal(data[start])
        if rowBytes > 1 {
          tokens.literal(0)
          Self.appendRun(distance: 1, count: rowBytes - 2, data: data + start + 2, to: &tokens)
        }
      } else {
        Self.matchRow(
          data, from: start, to: start + rowBytes, rowBytes: rowBytes, table: hashTable,
          tokens: &tokens)
      }
      let end = start + rowBytes
      if tokens.count >= Self.blockTokens || row == rowCount - 1 {
        Self.writeBlock(
          data + blockStart, count: end - blockStart, tokens: tokens, last: end == total,
          to: &writer)
        tokens.clear()
        blockStart = end
      }
    }
    if total == 0 { Self.writeBlock(data, count: 0, tokens: tokens, last: true, to: &writer) }
    writer.alignToByte()
    for shift in stride(from: 24, through: 0, by: -8) {
      writer.write(adler >> UInt32(shift) & 0xFF, 8)
    }
    return writer.finish()
  }

  /// One block's tokens and how often each symbol comes in them (286 literal and length
  /// symbols, then 30 distance symbols), in memory the compressor owns.
  struct Tokens {
    let base: UnsafeMutablePointer<UInt32>
    let frequencies: UnsafeMutablePointer<UInt32>
    var count = 0

    var all: UnsafeBufferPointer<UInt32> { UnsafeBufferPointer(start: base, count: count) }

    @inline(__always)
    mutating func literal(_ byte: UInt8) {
      base[count] = UInt32(byte)
      count += 1
      frequencies[Int(byte)] &+= 1
    }

    @inline(__always)
    mutating func match(length: Int, distance: Int) {
      base[count] = matchFlag | UInt32(length - 3) << 15 | UInt32(distance - 1)
      count += 1
      let tables = Tables.shared
      frequencies[257 + Int(tables.lengthCode[length - 3])] &+= 1
      frequencies[286 + tables.distanceCode(distance - 1)] &+= 1
    }

    mutating func clear() {
      count = 0
      frequencies.update(repeating: 0, count: 316)
    }
  }

  // MARK: - Tokens

  /// A literal is its byte; a match is `matchFlag | (length - 3) << 15 | (distance - 1)`.
  static let matchFlag: UInt32 = 1 << 31

  /// Appends `count` bytes that repeat the byte `distance` back: matches of at most 258 bytes,
  /// never leaving a tail shorter than a match (literals when `count` is under 3).
  static func appendRun(
    distance: Int, count: Int, data: UnsafePointer<UInt8>, to tokens: inout Tokens
  ) {
    var left = count
    while left >= 3 {
      var length = min(left, 258)
      if (1...2).contains(left - length) { length -= 3 }  // leave 3: the tail is a match too
      tokens.match(length: length, distance: distance)
      left -= length
    }
    for index in (count - left)..<count { tokens.literal(data[index]) }
  }

  /// Greedy matching of the bytes `start..<end` (one row; matches stay inside it) against the
  /// pixel to the left, the row above and the last place with the same hash.
  private static func matchRow(
    _ data: UnsafePointer<UInt8>, from start: Int, to end: Int, rowBytes: Int,
    table: UnsafeMutablePointer<Int32>, tokens: inout Tokens
  ) {
    var position = start
    while position < end {
      let limit = min(258, end - position)
      var best = 0
      var distance = 0
      if limit >= 4 {
        if position >= 3 {
          best = Self.matchLength(data + position, data + position - 3, limit)
          distance = 3
        }
        if best < limit && position >= rowBytes && rowBytes <= 32_768 {
          let length = Self.matchLength(data + position, data + position - rowBytes, limit)
          if length > best { (best, distance) = (length, rowBytes) }
        }
        let key = Self.hash(UnsafeRawPointer(data + position).loadUnaligned(as: UInt32.self))
        let candidate = Int(table[key])
        table[key] = Int32(position)
        if best < limit && candidate >= 0 && position - candidate <= 32_768 {
          let length = Self.matchLength(data + position, data + candidate, limit)
          if length > best { (best, distance) = (length, position - candidate) }
        }
      }
      if best >= 3 {
        tokens.match(length: best, distance: distance)
        position += best
      } else {
        tokens.literal(data[position])
        position += 1
      }
    }
  }

  @inline(__always)
  static func hash(_ word: UInt32) -> Int {
    Int((word &* 0x9E37_79B1) >> UInt32(32 - hashBits))
  }

  /// How many of the first `limit` bytes at `a` equal those at `b`, eight at a time.
  @inline(__always)
  static func matchLength(
    _ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ limit: Int
  ) -> Int {
    var length = 0
    while length + 8 <= limit {
      let x = UnsafeRawPointer(a + length).loadUnaligned(as: UInt64.self)
      let y = UnsafeRawPointer(b + length).loadUnaligned(as: UInt64.self)
      if x != y { return length + (x ^ y).trailingZeroBitCount / 8 }
      length += 8
    }
    while length < limit && a[length] == b[length] { length += 1 }
    return length
  }

  // MARK: - Blocks

  /// Writes the collected tokens, which stand for the `count` bytes at `bytes`, as one block
  /// with codes of its own, or as stored blocks when those are smaller.
  private static func writeBlock(
    _ bytes: UnsafePointer<UInt8>, count: Int, tokens: Tokens, last: Bool,
    to writer: inout BitWriter
  ) {
    let tables = Tables.shared
    var literalFrequencies = Array(UnsafeBufferPointer(start: tokens.frequencies, count: 286))
    let distanceFrequencies = Array(
      UnsafeBufferPointer(start: tokens.frequencies + 286, count: 30))
    literalFrequencies[256] = 1
    let literalLengths = Huffman.lengths(literalFrequencies, limit: 15)
    let distanceLengths = Huffman.lengths(distanceFrequencies, limit: 15)
    let header = CodeTables(literal: literalLengths, distance: distanceLengths)

    var tokenBits = 0
    for symbol in 0..<286 {
      tokenBits += Int(literalFrequencies[symbol]) * Int(literalLengths[symbol])
      if symbol >= 257 {
        tokenBits += Int(literalFrequencies[symbol]) * Int(lengthExtraBits[symbol - 257])
      }
    }
    for symbol in 0..<30 {
      tokenBits +=
        Int(distanceFrequencies[symbol])
        * (Int(distanceLengths[symbol]) + Int(distanceExtraBits[symbol]))
    }
    let storedBits = (count / 65_535 + 1) * 40 + count * 8 + 7
    if 3 + header.bits + tokenBits >= storedBits {
      writeStored(bytes, count: count, last: last, to: &writer)
      return
    }

    writer.write(last ? 1 : 0, 1)
    writer.write(2, 2)  // dynamic Huffman codes
    header.write(to: &writer)
    let literalCodes = Huffman.codes(literalLengths)
    let distanceCodes = Huffman.codes(distanceLengths)
    // Each match length's code and extra bits, as one value and width.
    let lengthWrites: [(value: UInt32, width: Int)] = (0..<256).map { lengthLess3 in
      let code = Int(tables.lengthCode[lengthLess3])
      let width = Int(literalLengths[257 + code])
      let extra = UInt32(lengthLess3 + 3 - Int(lengthBase[code]))
      return (literalCodes[257 + code] | extra << UInt32(width), width + Int(lengthExtraBits[code]))
    }
    let literalWidths = literalLengths.map(Int.init)
    let distanceWidths = distanceLengths.map(Int.init)
    literalCodes.withUnsafeBufferPointer { literalCodes in
      literalWidths.withUnsafeBufferPointer { literalWidths in
        lengthWrites.withUnsafeBufferPointer { lengthWrites in
          distanceCodes.withUnsafeBufferPointer { distanceCodes in
            distanceWidths.withUnsafeBufferPointer { distanceWidths in
              for token in tokens.all {
                if token & matchFlag == 0 {
                  writer.write(literalCodes[Int(token)], literalWidths[Int(token)])
                  continue
                }
                let length = lengthWrites[Int(token >> 15 & 0xFF)]
                writer.write(length.value, length.width)
                let distance = Int(token & 0x7FFF)
                let code = tables.distanceCode(distance)
                writer.write(distanceCodes[code], distanceWidths[code])
                writer.write(
                  UInt32(distance + 1 - Int(tables.distanceBase[code])),
                  Int(tables.distanceExtraBits[code]))
              }
            }
          }
        }
      }
    }
    writer.write(literalCodes[256], literalWidths[256])
  }

  private static func writeStored(
    _ bytes: UnsafePointer<UInt8>, count: Int, last: Bool, to writer: inout BitWriter
  ) {
    var offset = 0
    repeat {
      let length = min(65_535, count - offset)
      writer.write(last && offset + length == count ? 1 : 0, 1)
      writer.write(0, 2)
      writer.alignToByte()
      writer.write(UInt32(length), 16)
      writer.write(UInt32(~UInt16(length)), 16)
      writer.append(bytes + offset, count: length)
      offset += length
    } while offset < count
  }

  // MARK: - RFC 1951's tables

  static let lengthBase: [UInt16] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
    131, 163, 195, 227, 258,
  ]
  static let lengthExtraBits: [UInt8] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]
  static let distanceBase: [UInt16] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
  ]
  static let distanceExtraBits: [UInt8] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
  ]

  /// RFC 1951's tables in memory that lives as long as the program, read without the checks
  /// of arrays in the loop that writes tokens.
  struct Tables: @unchecked Sendable {
    /// The length code (0-28, for symbols 257-285) of each match length less 3.
    let lengthCode: UnsafePointer<UInt8>
    /// The distance code of `distance - 1` below 256, and of `(distance - 1) >> 7` from 256 on.
    let distanceCodes: UnsafePointer<UInt8>
    let distanceBase: UnsafePointer<UInt16>
    let distanceExtraBits: UnsafePointer<UInt8>

    static let shared = Tables()

    private init() {
      func forever<T>(_ values: [T]) -> UnsafePointer<T> {
        let memory = UnsafeMutablePointer<T>.allocate(capacity: values.count)
        memory.initialize(from: values, count: values.count)
        return UnsafePointer(memory)
      }
      lengthCode = forever(
        (0..<256).map { less3 in UInt8(SlideDeflate.lengthBase.lastIndex { Int($0) <= less3 + 3 }!)
        })
      distanceCodes = forever(
        (0..<512).map { index in
          let less1 = index < 256 ? index : (index - 256) << 7
          return UInt8(SlideDeflate.distanceBase.lastIndex { Int($0) <= less1 + 1 }!)
        })
      distanceBase = forever(SlideDeflate.distanceBase)
      distanceExtraBits = forever(SlideDeflate.distanceExtraBits)
    }

    /// The distance code of a distance less 1.
    @inline(__always)
    func distanceCode(_ distanceLess1: Int) -> Int {
      Int(distanceCodes[distanceLess1 < 256 ? distanceLess1 : 256 + distanceLess1 >> 7])
    }
  }
}
