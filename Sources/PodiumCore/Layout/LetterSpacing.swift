/// CSS's `letter-spacing` (gaia's 1.25 px, uncover's 3 px): every character of text takes this
/// much more room. Measuring through it makes lines break and centre as the spaced text does;
/// `TextFlow` then sets spaced text a character at a time. Code keeps its own spacing (Marp's
/// themes set `letter-spacing: 0` on it).
struct LetterSpacedMeasurer: TextMeasurer {
  let base: any TextMeasurer
  /// Pixels added after each character.
  let spacing: Double
  /// The code font, which is not spaced.
  let codeFamily: String

  func metrics(for font: FontSpec) -> FontMetrics { base.metrics(for: font) }

  func width(of text: String, font: FontSpec) -> Double {
    let natural = base.width(of: text, font: font)
    guard font.family != codeFamily else { return natural }
    return natural + spacing * Double(text.count)
  }

  func visualOrder(of pieces: [String], rightToLeft: Bool) -> [Int] {
    base.visualOrder(of: pieces, rightToLeft: rightToLeft)
  }

  /// `item` as one item a character, each where the spacing puts it; code, formulas and
  /// right-to-left text stay whole.
  func spaced(_ item: TextItem) -> [TextItem] {
    guard item.font.family != codeFamily, item.formula == nil, item.text.count > 1,
      !TextFlow.isRightToLeft([TextRun(item.text)])
    else { return [item] }
    // Each character where the text before it ends, measured whole (its kerning kept), plus
    // the spacing of the characters before it.
    var pieces: [TextItem] = []
    var prefix = ""
    for (index, character) in item.text.enumerated() {
      var piece = item
      piece.text = String(character)
      piece.x = item.x + base.width(of: prefix, font: item.font) + spacing * Double(index)
      prefix.append(character)
      piece.width = width(of: piece.text, font: item.font)
      pieces.append(piece)
    }
    return pieces
  }
}
