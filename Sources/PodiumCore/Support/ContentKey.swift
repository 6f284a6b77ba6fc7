/// A name for content in a cache folder: two 64-bit FNV-1a hashes of its bytes, fed in parts.
/// Not a cryptographic hash: it tells a deck's versions apart, not adversaries.
public struct ContentKey: Sendable {
  private var first: UInt64 = 0xcbf2_9ce4_8422_2325
  private var second: UInt64 = 0x8422_2325_cbf2_9ce4

  public init() {}

  public mutating func add(_ bytes: some Sequence<UInt8>) {
    var (first, second) = (first, second)
    for byte in bytes {
      first = (first ^ UInt64(byte)) &* 0x100_0000_01b3
      second = (second ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    (self.first, self.second) = (first, second)
  }

  /// The key as a file name.
  public var name: String { String(first, radix: 16) + "-" + String(second, radix: 16) }

  /// The key of `text`'s UTF-8.
  public static func of(_ text: String) -> String {
    var key = ContentKey()
    key.add(text.utf8)
    return key.name
  }
}
