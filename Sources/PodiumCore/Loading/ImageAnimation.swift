/// An animated picture's shape, read from its headers: how many frames, and how many times it
/// plays through. Its frames and their delays come from decoding it (`ImageLibrary`).
public struct AnimationHeader: Hashable, Sendable {
  public var frames: Int
  /// How many times it plays through; 0 for ever.
  public var plays: Int

  public init(frames: Int, plays: Int) {
    self.frames = frames
    self.plays = plays
  }

  /// An animation plays only when all its frames, decoded, fit in this many bytes; a larger one
  /// shows its first frame.
  public static let byteLimit = 128 * 1024 * 1024

  /// The bytes its frames take decoded at `size`.
  public func bytes(at size: PixelSize) -> Int { frames * size.width * size.height * 4 }

  /// Whether its frames fit in `byteLimit` at `size`.
  public func fits(_ size: PixelSize) -> Bool { bytes(at: size) <= Self.byteLimit }
}

/// Where an animation is after `elapsed` seconds: its frames shown for their own delays, as many
/// times as it plays, then its last frame stays.
public struct AnimationTimeline: Hashable, Sendable {
  /// Each frame's delay in seconds.
  public var delays: [Double]
  /// 0: for ever.
  public var plays: Int

  /// GIFs and WebPs whose frames ask for no delay (or less than 20 ms) get 100 ms, as browsers
  /// give them: a delay of 0 was meant as "the default", not "as fast as possible".
  public static let shortestDelay = 0.02
  public static let defaultDelay = 0.1

  public init(delays: [Double], plays: Int) {
    self.delays = delays.map { $0 < Self.shortestDelay ? Self.defaultDelay : $0 }
    self.plays = max(0, plays)
  }

  /// The frame shown `elapsed` seconds in, and the seconds until the next change (nil when the
  /// animation has ended on its last frame).
  public func frame(at elapsed: Double) -> (index: Int, untilNext: Double?) {
    guard delays.count > 1 else { return (0, nil) }
    let length = delays.reduce(0, +)
    let time = max(0, elapsed)
    if plays > 0 && time >= length * Double(plays) { return (delays.count - 1, nil) }
    var into = time.truncatingRemainder(dividingBy: length)
    for (index, delay) in delays.enumerated() {
      if into < delay { return (index, delay - into) }
      into -= delay
    }
    return (delays.count - 1, nil)
  }
}

extension ImageFile {
  /// Frames past this many are not counted: a header walk, not a decode.
  static let mostBlocksWalked = 200_000

  /// A GIF's frames (its image descriptors) and its NETSCAPE2.0 loop count, walking block
  /// headers. Nil for a GIF of one frame, or one cut off before its second.
  static func gifAnimation(_ file: Reader, _ head: [UInt8]) -> AnimationHeader? {
    var offset = 13
    let packed = Int(head[10])
    if packed & 0x80 != 0 { offset += 3 << ((packed & 7) + 1) }
    var frames = 0
    // No NETSCAPE2.0 block: the animation plays once.
    var plays = 1
    func skipSubBlocks() -> Bool {
      var walked = 0
      while walked < mostBlocksWalked {
        let size = file.bytes(at: offset, count: 1)
        guard let first = size.first else { return false }
        offset += 1 + Int(first)
        walked += 1
        if first == 0 { return true }
      }
      return false
    }
    while offset < file.length {
      let block = file.bytes(at: offset, count: 19)
      guard let introducer = block.first else { break }
      switch introducer {
      case 0x2C:  // an image: its descriptor, local colours, LZW size, data
        guard block.count >= 10 else { return nil }
        frames += 1
        offset += 10
        if block[9] & 0x80 != 0 { offset += 3 << ((Int(block[9]) & 7) + 1) }
        offset += 1
        guard skipSubBlocks() else {
          return frames > 1 ? AnimationHeader(frames: frames, plays: plays) : nil
        }
      case 0x21:  // an extension: the application's NETSCAPE2.0 holds the loop count
        guard block.count >= 2 else { return nil }
        if block[1] == 0xFF, block.count >= 19, Array(block[3..<14]) == Array("NETSCAPE2.0".utf8),
          block[15] == 1
        {
          let loops = littleEndian(block, 16, 2)
          // Browsers play a GIF once and then repeat it `loops` times.
          plays = loops == 0 ? 0 : loops + 1
        }
        offset += 2
        guard skipSubBlocks() else {
          return frames > 1 ? AnimationHeader(frames: frames, plays: plays) : nil
        }
      default:  // 0x3B, the end, or anything else
        return frames > 1 ? AnimationHeader(frames: frames, plays: plays) : nil
      }
    }
    return frames > 1 ? AnimationHeader(frames: frames, plays: plays) : nil
  }

  /// An animated WebP's frames (ANMF chunks) and loop count (ANIM), walking chunk headers.
  static func webpAnimation(_ file: Reader, _ head: [UInt8]) -> AnimationHeader? {
    guard head.count >= 21, String(decoding: head[12..<16], as: UTF8.self) == "VP8X",
      head[20] & 0x02 != 0
    else { return nil }
    var offset = 12
    var frames = 0
    var plays = 0
    var walked = 0
    while offset + 8 <= file.length, walked < mostBlocksWalked {
      let chunk = file.bytes(at: offset, count: 14)
      guard chunk.count >= 8 else { break }
      let name = String(decoding: chunk[0..<4], as: UTF8.self)
      let size = littleEndian(chunk, 4, 4)
      if name == "ANIM", chunk.count >= 14 { plays = littleEndian(chunk, 12, 2) }
      if name == "ANMF" { frames += 1 }
      offset += 8 + size + (size & 1)
      walked += 1
    }
    return frames > 1 ? AnimationHeader(frames: frames, plays: plays) : nil
  }
}
