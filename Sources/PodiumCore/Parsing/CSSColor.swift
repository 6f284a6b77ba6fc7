import Foundation

/// A CSS colour as Marp's directives and themes write them (CSS Color 4): `#rgb`, `#rgba`,
/// `#rrggbb`, `#rrggbbaa`, `rgb()` and `rgba()`, `hsl()` and `hsla()`, the 148 names and
/// `transparent`. Marp hands a directive's value to the browser as it is, so Podium reads what a
/// browser reads rather than refusing a deck that Marp draws.
enum CSSColor {
  /// The colour `text` names, or nil when it is none of the above.
  static func parse(_ text: String) -> RGBAColor? {
    let value = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    if value.hasPrefix("#") { return hex(value) }
    if value == "transparent" { return RGBAColor(red: 0, green: 0, blue: 0, alpha: 0) }
    if let named = names[value] {
      return RGBAColor(
        red: UInt8(named >> 16 & 0xFF), green: UInt8(named >> 8 & 0xFF),
        blue: UInt8(named & 0xFF))
    }
    guard let open = value.firstIndex(of: "("), value.hasSuffix(")") else { return nil }
    let function = String(value[..<open])
    let inside = value[value.index(after: open)..<value.index(before: value.endIndex)]
    // `rgb(1, 2, 3)`, `rgb(1 2 3 / 50%)` and their mixes.
    let parts = inside.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" })
      .map(String.init)
    guard parts.count == 3 || parts.count == 4 else { return nil }
    let alpha = parts.count == 4 ? fraction(parts[3]) : 1
    guard let alpha else { return nil }
    switch function {
    case "rgb", "rgba":
      let channels = parts.prefix(3).map { part -> Double? in
        part.hasSuffix("%") ? Double(part.dropLast()).map { $0 * 2.55 } : Double(part)
      }
      guard channels.allSatisfy({ $0 != nil }) else { return nil }
      return color(channels.map { $0! / 255 }, alpha: alpha)
    case "hsl", "hsla":
      guard let hue = Double(parts[0].replacingOccurrences(of: "deg", with: "")),
        let saturation = fraction(parts[1]), let lightness = fraction(parts[2])
      else { return nil }
      return color(hsl(hue, saturation, lightness), alpha: alpha)
    default:
      return nil
    }
  }

  /// The first colour named in a CSS value such as `linear-gradient(#fff, #000)`: what a
  /// gradient Podium cannot draw is shown as.
  static func firstColor(in text: String) -> RGBAColor? {
    var depth = 0
    var start: String.Index?
    var candidates: [Substring] = []
    var word = text.startIndex
    for index in text.indices {
      let character = text[index]
      if character == "(" {
        depth += 1
        if depth == 1 { word = text.index(after: index) }
        if depth == 2 { start = word }
      } else if character == ")" {
        if depth == 2, let from = start {
          candidates.append(text[from...index])
          start = nil
        }
        depth -= 1
      } else if depth == 1 && character == "," {
        if start == nil { candidates.append(text[word..<index]) }
        word = text.index(after: index)
      }
    }
    for candidate in candidates {
      // A stop is `colour position`: the colour is its first word (or function).
      let trimmed = candidate.trimmingCharacters(in: .whitespaces)
      if let color = parse(trimmed) { return color }
      if let first = trimmed.split(separator: " ").first, let color = parse(String(first)) {
        return color
      }
    }
    return nil
  }

  private static func hex(_ value: String) -> RGBAColor? {
    let digits = value.dropFirst()
    if digits.count == 4 {
      // `#rgba`: each digit doubled.
      return RGBAColor(hex: "#" + digits.map { "\($0)\($0)" }.joined())
    }
    return RGBAColor(hex: value)
  }

  /// `50%` or `0.5` as a fraction, clamped to 0...1.
  private static func fraction(_ text: String) -> Double? {
    let number = text.hasSuffix("%") ? Double(text.dropLast()).map { $0 / 100 } : Double(text)
    return number.map { min(1, max(0, $0)) }
  }

  private static func color(_ channels: [Double], alpha: Double) -> RGBAColor {
    func byte(_ value: Double) -> UInt8 { UInt8((min(1, max(0, value)) * 255).rounded()) }
    return RGBAColor(
      red: byte(channels[0]), green: byte(channels[1]), blue: byte(channels[2]),
      alpha: byte(alpha))
  }

  /// CSS Color 4's HSL to RGB, channels 0...1.
  private static func hsl(_ hue: Double, _ saturation: Double, _ lightness: Double) -> [Double] {
    let hue = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
    func channel(_ n: Double) -> Double {
      let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
      let a = saturation * min(lightness, 1 - lightness)
      return lightness - a * max(-1, min(k - 3, 9 - k, 1))
    }
    return [channel(0), channel(8), channel(4)]
  }

  /// CSS Color 4's named colours.
  static let names: [String: UInt32] = [
    "aliceblue": 0xF0F8FF, "antiquewhite": 0xFAEBD7, "aqua": 0x00FFFF, "aquamarine": 0x7FFFD4,
    "azure": 0xF0FFFF, "beige": 0xF5F5DC, "bisque": 0xFFE4C4, "black": 0x000000,
    "blanchedalmond": 0xFFEBCD, "blue": 0x0000FF, "blueviolet": 0x8A2BE2, "brown": 0xA52A2A,
    "burlywood": 0xDEB887, "cadetblue": 0x5F9EA0, "chartreuse": 0x7FFF00, "chocolate": 0xD2691E,
    "coral": 0xFF7F50, "cornflowerblue": 0x6495ED, "cornsilk": 0xFFF8DC, "crimson": 0xDC143C,
    "cyan": 0x00FFFF, "darkblue": 0x00008B, "darkcyan": 0x008B8B, "darkgoldenrod": 0xB8860B,
    "darkgray": 0xA9A9A9, "darkgreen": 0x006400, "darkgrey": 0xA9A9A9, "darkkhaki": 0xBDB76B,
    "darkmagenta": 0x8B008B, "darkolivegreen": 0x556B2F, "darkorange": 0xFF8C00,
    "darkorchid": 0x9932CC, "darkred": 0x8B0000, "darksalmon": 0xE9967A, "darkseagreen": 0x8FBC8F,
    "darkslateblue": 0x483D8B, "darkslategray": 0x2F4F4F, "darkslategrey": 0x2F4F4F,
    "darkturquoise": 0x00CED1, "darkviolet": 0x9400D3, "deeppink": 0xFF1493,
    "deepskyblue": 0x00BFFF, "dimgray": 0x696969, "dimgrey": 0x696969, "dodgerblue": 0x1E90FF,
    "firebrick": 0xB22222, "floralwhite": 0xFFFAF0, "forestgreen": 0x228B22, "fuchsia": 0xFF00FF,
    "gainsboro": 0xDCDCDC, "ghostwhite": 0xF8F8FF, "gold": 0xFFD700, "goldenrod": 0xDAA520,
    "gray": 0x808080, "green": 0x008000, "greenyellow": 0xADFF2F, "grey": 0x808080,
    "honeydew": 0xF0FFF0, "hotpink": 0xFF69B4, "indianred": 0xCD5C5C, "indigo": 0x4B0082,
    "ivory": 0xFFFFF0, "khaki": 0xF0E68C, "lavender": 0xE6E6FA, "lavenderblush": 0xFFF0F5,
    "lawngreen": 0x7CFC00, "lemonchiffon": 0xFFFACD, "lightblue": 0xADD8E6, "lightcoral": 0xF08080,
    "lightcyan": 0xE0FFFF, "lightgoldenrodyellow": 0xFAFAD2, "lightgray": 0xD3D3D3,
    "lightgreen": 0x90EE90, "lightgrey": 0xD3D3D3, "lightpink": 0xFFB6C1, "lightsalmon": 0xFFA07A,
    "lightseagreen": 0x20B2AA, "lightskyblue": 0x87CEFA, "lightslategray": 0x778899,
    "lightslategrey": 0x778899, "lightsteelblue": 0xB0C4DE, "lightyellow": 0xFFFFE0,
    "lime": 0x00FF00, "limegreen": 0x32CD32, "linen": 0xFAF0E6, "magenta": 0xFF00FF,
    "maroon": 0x800000, "mediumaquamarine": 0x66CDAA, "mediumblue": 0x0000CD,
    "mediumorchid": 0xBA55D3, "mediumpurple": 0x9370DB, "mediumseagreen": 0x3CB371,
    "mediumslateblue": 0x7B68EE, "mediumspringgreen": 0x00FA9A, "mediumturquoise": 0x48D1CC,
    "mediumvioletred": 0xC71585, "midnightblue": 0x191970, "mintcream": 0xF5FFFA,
    "mistyrose": 0xFFE4E1, "moccasin": 0xFFE4B5, "navajowhite": 0xFFDEAD, "navy": 0x000080,
    "oldlace": 0xFDF5E6, "olive": 0x808000, "olivedrab": 0x6B8E23, "orange": 0xFFA500,
    "orangered": 0xFF4500, "orchid": 0xDA70D6, "palegoldenrod": 0xEEE8AA, "palegreen": 0x98FB98,
    "paleturquoise": 0xAFEEEE, "palevioletred": 0xDB7093, "papayawhip": 0xFFEFD5,
    "peachpuff": 0xFFDAB9, "peru": 0xCD853F, "pink": 0xFFC0CB, "plum": 0xDDA0DD,
    "powderblue": 0xB0E0E6, "purple": 0x800080, "rebeccapurple": 0x663399, "red": 0xFF0000,
    "rosybrown": 0xBC8F8F, "royalblue": 0x4169E1, "saddlebrown": 0x8B4513, "salmon": 0xFA8072,
    "sandybrown": 0xF4A460, "seagreen": 0x2E8B57, "seashell": 0xFFF5EE, "sienna": 0xA0522D,
    "silver": 0xC0C0C0, "skyblue": 0x87CEEB, "slateblue": 0x6A5ACD, "slategray": 0x708090,
    "slategrey": 0x708090, "snow": 0xFFFAFA, "springgreen": 0x00FF7F, "steelblue": 0x4682B4,
    "tan": 0xD2B48C, "teal": 0x008080, "thistle": 0xD8BFD8, "tomato": 0xFF6347,
    "turquoise": 0x40E0D0, "violet": 0xEE82EE, "wheat": 0xF5DEB3, "white": 0xFFFFFF,
    "whitesmoke": 0xF5F5F5, "yellow": 0xFFFF00, "yellowgreen": 0x9ACD32,
  ]
}
