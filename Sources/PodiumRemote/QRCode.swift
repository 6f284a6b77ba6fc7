import CQRencode

/// A QR code's modules: what the console draws as squares for a phone's camera to read.
public struct QRCode: Hashable, Sendable {
  /// Modules on a side (21 for version 1, 4 more each version up).
  public let width: Int
  /// Row after row, true where the module is dark.
  public let modules: [Bool]

  /// The code of `text` in 8-bit mode at error correction level M, the smallest version that
  /// holds it; nil when it does not fit in any. The corresponding C functions are
  /// `QRcode_encodeString8bit` and `QRcode_free`.
  public init?(_ text: String) {
    guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else { return nil }
    defer { QRcode_free(code) }
    let width = Int(code.pointee.width)
    guard width > 0, let data = code.pointee.data else { return nil }
    // Bit 0 of each byte is the module's colour; the others say what kind of module it is.
    self.width = width
    modules = (0..<width * width).map { data[$0] & 1 == 1 }
  }

  public func isDark(row: Int, column: Int) -> Bool {
    modules[row * width + column]
  }
}
