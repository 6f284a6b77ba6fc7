import Foundation

/// A CSS `linear-gradient(...)`: a slide's ground in a deck's CSS (`section { background:
/// linear-gradient(135deg, #1a1a2e 0%, #16213e 100%) }`) or a Marp `backgroundImage`.
public struct LinearGradient: Hashable, Sendable {
  /// One colour of the gradient and where it stands on the gradient line, 0 to 1.
  public struct Stop: Hashable, Sendable {
    public var color: RGBAColor
    public var position: Double
  }

  /// CSS degrees: 0 towards the top, 90 towards the right, 180 (the default) towards the bottom.
  public var angle: Double
  /// At least two, their positions rising.
  public var stops: [Stop]

  /// The colour at `t` along the gradient line (0 at its start, 1 at its end), blended between
  /// the stops either side as a browser does, in sRGB with premultiplied alpha.
  public func color(at t: Double) -> RGBAColor {
    guard let first = stops.first, let last = stops.last else {
      return RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
    }
    if t <= first.position { return first.color }
    if t >= last.position { return last.color }
    let upper = stops.firstIndex { $0.position >= t } ?? stops.count - 1
    let (a, b) = (stops[max(0, upper - 1)], stops[upper])
    let span = b.position - a.position
    let f = span > 0 ? (t - a.position) / span : 1
    let alphaA = Double(a.color.alpha) / 255
    let alphaB = Double(b.color.alpha) / 255
    let alpha = alphaA + (alphaB - alphaA) * f
    func channel(_ x: UInt8, _ y: UInt8) -> UInt8 {
      let mixed = Double(x) * alphaA * (1 - f) + Double(y) * alphaB * f
      return UInt8(max(0, min(255, (alpha > 0 ? mixed / alpha : 0).rounded())))
    }
    return RGBAColor(
      red: channel(a.color.red, b.color.red), green: channel(a.color.green, b.color.green),
      blue: channel(a.color.blue, b.color.blue), alpha: UInt8((alpha * 255).rounded()))
  }

  /// The gradient a CSS value holds (`linear-gradient(...)`, alone or first of several layers),
  /// or nil: any other value, a colour Podium cannot read (`var(--x)`), fewer than two stops.
  public static func parse(_ value: String) -> LinearGradient? {
    let lowered = value.lowercased()
    guard let open = lowered.range(of: "linear-gradient(") else { return nil }
    if let before = lowered[..<open.lowerBound].last, before.isLetter || before == "-" {
      return nil  // `repeating-linear-gradient(`
    }
    var depth = 1
    var arguments: [String] = []
    var current = ""
    for character in lowered[open.upperBound...] {
      if character == "(" { depth += 1 }
      if character == ")" {
        depth -= 1
        if depth == 0 { break }
      }
      if character == "," && depth == 1 {
        arguments.append(current.trimmingCharacters(in: .whitespaces))
        current = ""
      } else {
        current.append(character)
      }
    }
    guard depth == 0 else { return nil }
    arguments.append(current.trimmingCharacters(in: .whitespaces))
    var angle = 180.0
    if let first = arguments.first, let direction = Self.direction(first) {
      angle = direction
      arguments.removeFirst()
    }
    var stops: [(color: RGBAColor, position: Double?)] = []
    for argument in arguments {
      guard let stop = Self.stop(argument) else { return nil }
      stops += stop
    }
    guard stops.count >= 2 else { return nil }
    // Stops with no position share the room between their neighbours evenly; a position less
    // than an earlier one is moved up to it (CSS Images 3, "color stop fixup").
    var positions = stops.map(\.position)
    if positions[0] == nil { positions[0] = 0 }
    if positions[positions.count - 1] == nil { positions[positions.count - 1] = 1 }
    var index = 1
    while index < positions.count {
      guard positions[index] == nil else {
        index += 1
        continue
      }
      let start = index - 1
      var end = index
      while positions[end] == nil { end += 1 }
      let from = positions[start] ?? 0
      let to = positions[end] ?? 1
      for missing in index..<end {
        positions[missing] = from + (to - from) * Double(missing - start) / Double(end - start)
      }
      index = end
    }
    var highest = -Double.infinity
    let fixed = positions.map { position -> Double in
      highest = max(highest, position ?? 0)
      return highest
    }
    return LinearGradient(
      angle: angle,
      stops: zip(stops, fixed).map { Stop(color: $0.color, position: $1) })
  }

  /// `135deg`, `0.25turn`, `to bottom right`: the angle in CSS degrees, or nil for a stop.
  private static func direction(_ text: String) -> Double? {
    if text.hasPrefix("to ") {
      let words = Set(text.dropFirst(3).split(separator: " ").map(String.init))
      let x = words.contains("right") ? 1.0 : words.contains("left") ? -1 : 0
      let y = words.contains("top") ? 1.0 : words.contains("bottom") ? -1 : 0
      guard x != 0 || y != 0 else { return nil }
      // The corners as 45-degree diagonals: on a 16:9 slide a browser aims the line a little
      // flatter, a difference in the ground's shading only.
      let degrees = atan2(x, y) * 180 / .pi
      return degrees < 0 ? degrees + 360 : degrees
    }
    for (unit, factor) in [("deg", 1.0), ("grad", 0.9), ("rad", 180 / Double.pi), ("turn", 360)]
    where text.hasSuffix(unit) {
      return Double(text.dropLast(unit.count).trimmingCharacters(in: .whitespaces)).map {
        $0 * factor
      }
    }
    return nil
  }

  /// `#fff 20%`, `rgba(0, 0, 0, 0.5) 10% 30%`: the colour, at one position or two (a band).
  private static func stop(_ text: String) -> [(color: RGBAColor, position: Double?)]? {
    var colorText = text
    var positions: [Double] = []
    // Positions are the words after the colour's closing bracket, or after its first word.
    let tail: Substring
    if let close = text.lastIndex(of: ")") {
      colorText = String(text[...close])
      tail = text[text.index(after: close)...]
    } else {
      let words = text.split(separator: " ", maxSplits: 1)
      colorText = words.first.map(String.init) ?? ""
      tail = words.count > 1 ? words[1] : ""
    }
    for word in tail.split(separator: " ") {
      guard word.hasSuffix("%"), let percent = Double(word.dropLast()) else { return nil }
      positions.append(percent / 100)
    }
    guard let color = CSSColor.parse(colorText.trimmingCharacters(in: .whitespaces)),
      positions.count <= 2
    else { return nil }
    if positions.isEmpty { return [(color, nil)] }
    return positions.map { (color, $0) }
  }
}
