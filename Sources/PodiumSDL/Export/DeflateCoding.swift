// Deflate's coding (RFC 1951, section 3.2): Huffman codes limited to 15 bits, the header that
// describes a block's codes, and the bits themselves. `SlideDeflate` decides what to say;
// these say it.

/// A block's code tables as deflate writes them: the lengths of both codes, run-length coded
/// (symbols 16, 17 and 18), themselves Huffman coded.
struct CodeTables {
  /// The order in which the code-length code's lengths are written.
  static let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

  let literalCount: Int
  let distanceCount: Int
  let lengthCount: Int
  /// (symbol, extra bits' value) pairs.
  let runs: [(symbol: Int, extra: Int)]
  let codeLengths: [UInt8]
  /// The header's size in bits, after the block type.
  let bits: Int

  init(literal: [UInt8], distance: [UInt8]) {
    literalCount = max(257, (literal.lastIndex { $0 != 0 } ?? 0) + 1)
    distanceCount = max(1, (distance.lastIndex { $0 != 0 } ?? 0) + 1)
    let lengths = Array(literal[..<literalCount]) + Array(distance[..<distanceCount])
    var runs: [(symbol: Int, extra: Int)] = []
    var index = 0
    while index < lengths.count {
      let value = lengths[index]
      var run = 1
      while index + run < lengths.count && lengths[index + run] == value { run += 1 }
      index += run
      if value == 0 {
        while run >= 11 {
          let take = min(run, 138)
          runs.append((18, take - 11))
          run -= take
        }
        if run >= 3 {
          runs.append((17, run - 3))
          run = 0
        }
      } else {
        runs.append((Int(value), 0))
        run -= 1
        while run >= 3 {
          let take = min(run, 6)
          runs.append((16, take - 3))
          run -= take
        }
      }
      for _ in 0..<run { runs.append((Int(value), 0)) }
    }
    var frequencies = [UInt32](repeating: 0, count: 19)
    for run in runs { frequencies[run.symbol] += 1 }
    let codeLengths = Huffman.lengths(frequencies, limit: 7)
    let lengthCount = max(4, (Self.order.lastIndex { codeLengths[$0] != 0 } ?? 0) + 1)
    bits =
      14 + 3 * lengthCount
      + runs.reduce(0) { $0 + Int(codeLengths[$1.symbol]) + Self.extraBits($1.symbol) }
    (self.codeLengths, self.lengthCount, self.runs) = (codeLengths, lengthCount, runs)
  }

  func write(to writer: inout BitWriter) {
    writer.write(UInt32(literalCount - 257), 5)
    writer.write(UInt32(distanceCount - 1), 5)
    writer.write(UInt32(lengthCount - 4), 4)
    for symbol in Self.order.prefix(lengthCount) {
      writer.write(UInt32(codeLengths[symbol]), 3)
    }
    let codes = Huffman.codes(codeLengths)
    for run in runs {
      writer.write(codes[run.symbol], Int(codeLengths[run.symbol]))
      writer.write(UInt32(run.extra), Self.extraBits(run.symbol))
    }
  }

  /// The extra bits after a code-length symbol: a repeat count for 16, 17 and 18, none for a
  /// length.
  static func extraBits(_ symbol: Int) -> Int {
    switch symbol {
    case 16: return 2
    case 17: return 3
    case 18: return 7
    default: return 0
    }
  }
}

/// Huffman code lengths and canonical codes, as deflate defines them.
enum Huffman {
  /// Code lengths for symbols of these frequencies, none over `limit`; 0 for unused symbols.
  /// The code is complete, as every decoder takes it: with fewer than two symbols used,
  /// symbols 0 and 1 stand in for the missing ones. An optimal code is built (two queues over
  /// the sorted leaves); while it is too deep, the frequencies are halved (kept above zero) and
  /// it is built again, which flattens it.
  static func lengths(_ frequencies: [UInt32], limit: Int) -> [UInt8] {
    var weights = frequencies
    while weights.filter({ $0 > 0 }).count < 2 { weights[weights[0] == 0 ? 0 : 1] += 1 }
    while true {
      let lengths = optimalLengths(weights)
      if lengths.max() ?? 0 <= limit { return lengths }
      weights = weights.map { $0 == 0 ? 0 : $0 >> 1 | 1 }
    }
  }

  private static func optimalLengths(_ frequencies: [UInt32]) -> [UInt8] {
    var lengths = [UInt8](repeating: 0, count: frequencies.count)
    let leaves = frequencies.indices.filter { frequencies[$0] > 0 }
      .sorted { (frequencies[$0], $0) < (frequencies[$1], $1) }
    if leaves.count == 1 { lengths[leaves[0]] = 1 }
    if leaves.count < 2 { return lengths }
    // Nodes 0..<n are the leaves in order; internal nodes follow as they are made.
    let n = leaves.count
    var weight = leaves.map { UInt64(frequencies[$0]) }
    var parent = [Int](repeating: -1, count: 2 * n - 1)
    weight.reserveCapacity(2 * n - 1)
    var nextLeaf = 0
    var nextInternal = n
    func takeSmallest() -> Int {
      if nextLeaf < n && (nextInternal == weight.count || weight[nextLeaf] <= weight[nextInternal])
      {
        nextLeaf += 1
        return nextLeaf - 1
      }
      nextInternal += 1
      return nextInternal - 1
    }
    for _ in 0..<(n - 1) {
      let (a, b) = (takeSmallest(), takeSmallest())
      parent[a] = weight.count
      parent[b] = weight.count
      weight.append(weight[a] + weight[b])
    }
    var depth = [Int](repeating: 0, count: 2 * n - 1)
    for node in stride(from: 2 * n - 3, through: 0, by: -1) {
      depth[node] = depth[parent[node]] + 1
    }
    for (index, symbol) in leaves.enumerated() { lengths[symbol] = UInt8(depth[index]) }
    return lengths
  }

  /// The canonical codes of these lengths, bit-reversed as deflate writes them (first bit
  /// lowest).
  static func codes(_ lengths: [UInt8]) -> [UInt32] {
    var counts = [UInt32](repeating: 0, count: 16)
    for length in lengths where length > 0 { counts[Int(length)] += 1 }
    var next = [UInt32](repeating: 0, count: 16)
    var code: UInt32 = 0
    for bits in 1..<16 {
      code = (code + counts[bits - 1]) << 1
      next[bits] = code
    }
    return lengths.map { length in
      guard length > 0 else { return 0 }
      let value = next[Int(length)]
      next[Int(length)] += 1
      var reversed: UInt32 = 0
      for bit in 0..<Int(length) {
        reversed |= (value >> UInt32(bit) & 1) << UInt32(Int(length) - 1 - bit)
      }
      return reversed
    }
  }
}

/// Bits written first bit lowest, as deflate orders them, into a buffer with room for them.
struct BitWriter {
  private let base: UnsafeMutablePointer<UInt8>
  private var count = 0
  private var bits: UInt64 = 0
  private var bitCount = 0

  init(_ base: UnsafeMutablePointer<UInt8>) {
    self.base = base
  }

  /// Writes the low `width` bits of `value` (at most 32).
  @inline(__always)
  mutating func write(_ value: UInt32, _ width: Int) {
    bits |= UInt64(value) << UInt64(bitCount)
    bitCount += width
    if bitCount >= 32 {
      UnsafeMutableRawPointer(base + count).storeBytes(
        of: UInt32(truncatingIfNeeded: bits).littleEndian, as: UInt32.self)
      count += 4
      bits >>= 32
      bitCount -= 32
    }
  }

  /// Pads with zero bits to the next byte.
  mutating func alignToByte() {
    write(0, (8 - bitCount % 8) % 8)
    while bitCount > 0 {
      base[count] = UInt8(truncatingIfNeeded: bits)
      count += 1
      bits >>= 8
      bitCount -= 8
    }
  }

  /// Appends bytes after aligning to a byte.
  mutating func append(_ bytes: UnsafePointer<UInt8>, count length: Int) {
    alignToByte()
    (base + count).update(from: bytes, count: length)
    count += length
  }

  /// Aligns and returns the bytes written.
  mutating func finish() -> Int {
    alignToByte()
    return count
  }
}
