/// CRC-32 (IEEE 802.3, as zlib and PNG compute it): the journal's lines carry one, so a line a
/// crash cut short is found and skipped, and its file name carries one of the deck's path.
public enum CRC32 {
  private static let table: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    return value
  }

  public static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt32
  where Bytes.Element == UInt8 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return crc ^ 0xFFFF_FFFF
  }

  /// The checksum as eight lowercase hexadecimal digits.
  public static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
    let text = String(checksum(bytes), radix: 16)
    return String(repeating: "0", count: 8 - text.count) + text
  }
}
