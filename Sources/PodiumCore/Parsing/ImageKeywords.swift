import Foundation

/// The words Marp reads in an image's alt text (Marpit's docs, "Image syntax"): `bg` makes it a
/// background, with `cover`, `contain`/`fit`, `auto` or a percentage for its size, `left` or
/// `right` (`left:40%`) to split the slide, `vertical` to stack several; `w:300`, `h:200`
/// (`width:`, `height:`, with CSS units) size an inline image. Other words are the caption.
struct ImageKeywords: Equatable {
  var background = false
  var size: BackgroundImage.Size = .cover
  var split: BackgroundImage.Split?
  var vertical = false
  /// Sizes as fractions of the slide's height (Marp's slide is 720 px high).
  var width: Double?
  var height: Double?
  var filters: [ImageFilter] = []
  /// Filters Podium does not draw (`drop-shadow`).
  var undrawn: [String] = []
  var caption = ""

  init(alt: String) {
    let words = alt.split(separator: " ").map(String.init)
    background = words.first?.lowercased() == "bg"
    var caption: [String] = []
    for word in words.dropFirst(background ? 1 : 0) {
      let lowered = word.lowercased()
      let (name, value) = Self.split(lowered)
      switch (name, value) {
      case ("cover", nil) where background: size = .cover
      case ("contain", nil) where background, ("fit", nil) where background: size = .contain
      case ("auto", nil) where background: size = .auto
      case ("vertical", nil) where background: vertical = true
      case ("left", _) where background, ("right", _) where background:
        let fraction = value.flatMap(Self.percent) ?? 0.5
        split = BackgroundImage.Split(right: name == "right", fraction: min(1, max(0, fraction)))
      case ("w", let value?), ("width", let value?):
        width = Self.length(value)
      case ("h", let value?), ("height", let value?):
        height = Self.length(value)
      case ("drop-shadow", _):
        undrawn.append("drop-shadow")
      case (_, _) where ImageFilter(keyword: lowered) != nil:
        filters += [ImageFilter(keyword: lowered)].compactMap { $0 }
      default:
        if background, let percent = Self.percent(lowered) {
          size = .percent(percent)
        } else {
          caption.append(word)
        }
      }
    }
    self.caption = caption.joined(separator: " ")
  }

  private static func split(_ word: String) -> (String, String?) {
    guard let colon = word.firstIndex(of: ":") else { return (word, nil) }
    return (String(word[..<colon]), String(word[word.index(after: colon)...]))
  }

  /// `40%` as 0.4.
  private static func percent(_ text: String) -> Double? {
    guard text.hasSuffix("%"), let value = Double(text.dropLast()), value >= 0 else { return nil }
    return value / 100
  }

  /// A CSS length on Marp's 720-pixel-high slide, as a fraction of the slide's height.
  private static func length(_ text: String) -> Double? {
    let units: [(String, Double)] = [
      ("px", 1), ("pt", 4.0 / 3), ("cm", 96 / 2.54), ("mm", 96 / 25.4), ("in", 96), ("em", 16),
      ("", 1),
    ]
    for (unit, pixels) in units where text.hasSuffix(unit) {
      guard let value = Double(text.dropLast(unit.count)), value > 0, value < 100_000 else {
        return nil
      }
      return value * pixels / 720
    }
    return nil
  }
}
