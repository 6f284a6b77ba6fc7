import Foundation

/// A slide's width-to-height ratio, e.g. 16:9.
public struct AspectRatio: Hashable, Sendable, CustomStringConvertible {
  public var width: Int
  public var height: Int

  public static let wide = AspectRatio(width: 16, height: 9)

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  public var value: Double { Double(width) / Double(height) }
  public var description: String { "\(width):\(height)" }

  /// Reads `16:9`, `16/10`, `4:3` or a pixel size `1920x1080`; nil for anything else.
  public init?(parsing text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    for separator in [":", "x", "/"] {
      let parts = trimmed.split(separator: Character(separator), omittingEmptySubsequences: false)
      if parts.count == 2, let w = Int(parts[0].trimmingCharacters(in: .whitespaces)),
        let h = Int(parts[1].trimmingCharacters(in: .whitespaces)), w > 0, h > 0,
        w <= 100_000, h <= 100_000
      {
        let ratio = Double(w) / Double(h)
        // A slide narrower than 1:4 or wider than 4:1 is a typo, not a design.
        guard ratio >= 0.25, ratio <= 4 else { return nil }
        self.init(width: w, height: h)
        return
      }
    }
    return nil
  }
}

/// A length of time written as `25m`, `1h10m`, `90s` or `1h 5m 30s`.
public struct TalkDuration: Hashable, Sendable, Comparable, CustomStringConvertible {
  public var seconds: Int

  public init(seconds: Int) {
    self.seconds = seconds
  }

  public static func < (lhs: TalkDuration, rhs: TalkDuration) -> Bool {
    lhs.seconds < rhs.seconds
  }

  /// `1h10m`, `25m`, `90s` → normalised (`1m30s`).
  public var description: String {
    let h = seconds / 3600
    let m = seconds % 3600 / 60
    let s = seconds % 60
    var text = ""
    if h > 0 { text += "\(h)h" }
    if m > 0 { text += "\(m)m" }
    if s > 0 || text.isEmpty { text += "\(s)s" }
    return text
  }

  /// Parses `1h10m`, `25m`, `90s`, `1h 5m 30s` (units h, m, s, in that order, each at most
  /// once). Returns nil for anything else, including a bare number.
  public init?(parsing text: String) {
    let scalars = Array(text.lowercased().unicodeScalars.filter { $0 != " " })
    guard !scalars.isEmpty else { return nil }
    var total = 0
    var number: Int?
    var lastUnitRank = -1
    for scalar in scalars {
      if let digit = Int(String(scalar)), scalar.isASCII {
        let next = (number ?? 0) * 10 + digit
        guard next < 1_000_000 else { return nil }
        number = next
        continue
      }
      let rank: Int
      let factor: Int
      switch scalar {
      case "h": (rank, factor) = (0, 3600)
      case "m": (rank, factor) = (1, 60)
      case "s": (rank, factor) = (2, 1)
      default: return nil
      }
      guard let value = number, rank > lastUnitRank else { return nil }
      total += value * factor
      number = nil
      lastUnitRank = rank
    }
    guard number == nil, total > 0 else { return nil }
    self.init(seconds: total)
  }
}

/// An sRGB colour with alpha.
public struct RGBAColor: Hashable, Sendable, CustomStringConvertible {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8
  public var alpha: UInt8

  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  public var description: String {
    let hex = [red, green, blue] + (alpha == 255 ? [] : [alpha])
    return "#"
      + hex.map { byte in
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
      }.joined()
  }

  /// Reads `#rgb`, `#rrggbb` or `#rrggbbaa`.
  public init?(hex text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard trimmed.hasPrefix("#") else { return nil }
    let digits = Array(trimmed.dropFirst())
    guard digits.allSatisfy(\.isHexDigit) else { return nil }
    func byte(_ s: String) -> UInt8? { UInt8(s, radix: 16) }
    switch digits.count {
    case 3:
      guard let r = byte(String([digits[0], digits[0]])),
        let g = byte(String([digits[1], digits[1]])),
        let b = byte(String([digits[2], digits[2]]))
      else { return nil }
      self.init(red: r, green: g, blue: b)
    case 6, 8:
      let pairs = stride(from: 0, to: digits.count, by: 2).compactMap {
        byte(String(digits[$0..<$0 + 2]))
      }
      guard pairs.count == digits.count / 2 else { return nil }
      self.init(
        red: pairs[0], green: pairs[1], blue: pairs[2], alpha: pairs.count == 4 ? pairs[3] : 255)
    default:
      return nil
    }
  }
}
