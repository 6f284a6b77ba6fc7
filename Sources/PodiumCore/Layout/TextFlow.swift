/// Breaks styled runs into lines that fit a width: at spaces, between CJK characters, and inside
/// a word longer than the line.
struct TextFlow {
  /// How runs of each style are drawn.
  struct Style {
    var font: FontSpec
    var codeFamily: String
    var color: RGBAColor
    var linkColor: RGBAColor
    var codeColor: RGBAColor
    var lineSpacing: Double
    /// The deck's typeset formulas; a formula not among them is set as code.
    var formulas: [MathFormula: TypesetFormula] = [:]
    /// Inline code's size as a multiple of the text's, and the band behind it (a Marp theme's).
    var codeScale = 0.92
    var codeBand: RGBAColor?
    /// Pixels per CSS pixel of the slide (720 CSS pixels high), for inline HTML's sizes.
    var cssPixel = 1.0
    /// `strong` and `em` text's own colours (a Marp deck's CSS); nil for the text's.
    var strongColor: RGBAColor?
    var emphasisColor: RGBAColor?

    /// Marp's `==highlight==` band: a translucent marker yellow, readable on light and dark.
    static let highlight = RGBAColor(red: 255, green: 214, blue: 0, alpha: 115)

    /// A key cap's frame and face (`<kbd>`), grey on light and dark themes alike.
    static let keyFrame = RGBAColor(red: 128, green: 128, blue: 128, alpha: 200)
    static let keyFace = RGBAColor(red: 128, green: 128, blue: 128, alpha: 40)

    func font(for style: TextRun.Style, _ paint: TextRun.Paint? = nil) -> FontSpec {
      var result = font
      switch paint?.size {
      case .em(let scale)?: result.size *= scale
      case .percent(let share)?: result.size *= share / 100
      case .pixels(let pixels)?: result.size = pixels * cssPixel
      case nil: break
      }
      if style.contains(.code) || style.contains(.math) || style.contains(.keyboard) {
        result.family = codeFamily
        result.size *= codeScale
      }
      // HTML's `font-size: smaller` for `<small>`, `<sup>` and `<sub>`.
      if style.contains(.small) { result.size *= 0.83 }
      if style.contains(.superscript) || style.contains(.subscript) { result.size *= 0.75 }
      if style.contains(.strong) { result.bold = true }
      if style.contains(.emphasis) { result.italic = true }
      return result
    }

    func color(for style: TextRun.Style, _ paint: TextRun.Paint? = nil) -> RGBAColor {
      if let color = paint?.color { return color }
      if style.contains(.link) { return linkColor }
      if style.contains(.code) || style.contains(.math) { return codeColor }
      if style.contains(.strong), let strongColor { return strongColor }
      if style.contains(.emphasis), let emphasisColor { return emphasisColor }
      return color
    }
  }

  enum Alignment {
    /// At the start of the line: the left, or the right for right-to-left text.
    case leading
    case center
    /// At the right edge, whatever the text's direction.
    case right
  }

  /// A laid-out line: items positioned relative to the line's top-left corner.
  struct Line {
    var items: [TextItem]
    var width: Double
    var height: Double
  }

  private struct Piece {
    var text: String
    var style: TextRun.Style
    var link: String?
    var paint: TextRun.Paint?
    var isBreak = false
  }

  /// The typeset formula a piece of text stands for, if it is one TeX could set.
  private func formula(_ text: String, _ style: TextRun.Style) -> TypesetFormula? {
    guard style.contains(.math) else { return nil }
    return self.style.formulas[MathFormula(tex: text, display: style.contains(.displayMath))]
  }

  /// A piece's width: a formula's box scaled to the text's size, or the text's.
  private func advance(of text: String, _ style: TextRun.Style, _ paint: TextRun.Paint?) -> Double {
    let font = self.style.font(for: style, paint)
    guard let formula = formula(text, style) else { return measurer.width(of: text, font: font) }
    return formula.width * self.style.font.size / TypesetFormula.pointsPerEm
  }

  let style: Style
  let measurer: any TextMeasurer

  /// Lays out `runs` in lines no wider than `width`.
  ///
  /// Lines stop once they would certainly be taller than `maximumHeight`: a slide clips what
  /// does not fit, so a paragraph of millions of characters costs what it shows. The lines
  /// returned are then still taller than `maximumHeight`, so the overflow is seen.
  func lines(
    _ runs: [TextRun], width: Double, alignment: Alignment, maximumHeight: Double = .infinity
  ) -> [Line] {
    let rightToLeft = Self.isRightToLeft(runs)
    var lines: [[Piece]] = []
    var current: [Piece] = []
    var currentWidth = 0.0
    // No line is lower than the base font's (see `place`).
    let lowestLine = measurer.metrics(for: style.font).lineHeight * style.lineSpacing
    var pastMaximum: Bool { lowestLine > 0 && Double(lines.count) * lowestLine > maximumHeight }

    func finishLine() {
      lines.append(current)
      current = []
      currentWidth = 0
    }

    var pieces = Pieces(runs: runs)
    while !pastMaximum, let piece = pieces.next() {
      if piece.isBreak {
        finishLine()
        continue
      }
      let font = style.font(for: piece.style, piece.paint)
      let full = advance(of: piece.text, piece.style, piece.paint) + keyPadding(piece.style, font)
      let visible =
        piece.style.contains(.math)
        ? full : measurer.width(of: trimmingTrailingSpaces(piece.text), font: font)
      if currentWidth + visible <= width || (current.isEmpty && visible <= width) {
        current.append(piece)
        currentWidth += full
        continue
      }
      if !current.isEmpty { finishLine() }
      // A formula is never cut: one wider than the line stands alone on it.
      if visible <= width || piece.style.contains(.math) {
        current.append(piece)
        currentWidth = full
        continue
      }
      // A word longer than the line: cut it where it stops fitting.
      var rest = Substring(piece.text)
      while !rest.isEmpty && !pastMaximum {
        let count = fittingPrefix(rest, font: font, width: width)
        let chunk = rest.prefix(count)
        rest = rest.dropFirst(count)
        current.append(
          Piece(text: String(chunk), style: piece.style, link: piece.link, paint: piece.paint))
        currentWidth = measurer.width(of: String(chunk), font: font)
        if !rest.isEmpty { finishLine() }
      }
    }
    if !current.isEmpty || lines.isEmpty { finishLine() }
    return lines.map { place($0, width: width, alignment: alignment, rightToLeft: rightToLeft) }
  }

  /// Joins pieces of one style into items and positions them on the line.
  private func place(
    _ pieces: [Piece], width: Double, alignment: Alignment, rightToLeft: Bool
  ) -> Line {
    // Two links side by side stay two items, so each keeps its own destination.
    var groups: [(text: String, style: TextRun.Style, link: String?, paint: TextRun.Paint?)] = []
    for piece in pieces {
      if let last = groups.last, last.style == piece.style, last.link == piece.link,
        last.paint == piece.paint, !piece.style.contains(.math)
      {
        groups[groups.count - 1].text += piece.text
      } else {
        groups.append((piece.text, piece.style, piece.link, piece.paint))
      }
    }
    if let last = groups.indices.last {
      groups[last].text = trimmingTrailingSpaces(groups[last].text)
      if groups[last].text.isEmpty && groups.count > 1 { groups.removeLast() }
    }

    var ascent = 0.0
    var descent = 0.0
    var lineHeight = 0.0
    let baseMetrics = measurer.metrics(for: style.font)
    let formulaScale = style.font.size / TypesetFormula.pointsPerEm
    for group in groups.isEmpty ? [("", TextRun.Style(), nil, nil)] : groups {
      let metrics = measurer.metrics(for: style.font(for: group.1, group.3))
      ascent = max(ascent, metrics.ascent)
      descent = max(descent, metrics.descent)
      lineHeight = max(lineHeight, metrics.lineHeight)
      // A tall formula (a fraction, a sum with limits) makes room for itself, with a little air.
      if let formula = formula(group.0, group.1) {
        let above = formula.height * formulaScale - metrics.ascent
        let below = formula.depth * formulaScale - metrics.descent
        ascent = max(ascent, metrics.ascent + max(0, above) * 1.15)
        descent = max(descent, metrics.descent + max(0, below) * 1.15)
        lineHeight = max(lineHeight, ascent + descent)
      }
    }
    lineHeight = max(lineHeight, baseMetrics.lineHeight) * style.lineSpacing
    let baseline = (lineHeight - (ascent + descent)) / 2 + ascent

    var items: [TextItem] = []
    var x = 0.0
    for group in groups where !group.text.isEmpty {
      let typeset = formula(group.text, group.style)
      // A formula is drawn at the size of the text it stands in, in that text's colour.
      let font = typeset == nil ? style.font(for: group.style, group.paint) : style.font
      let itemWidth = advance(of: group.text, group.style, group.paint)
      var item = TextItem(
        text: group.text, font: font,
        color: typeset == nil ? style.color(for: group.style, group.paint) : style.color, x: x,
        y: baseline - measurer.metrics(for: font).ascent + shift(group.style), width: itemWidth,
        underline: group.style.contains(.link) || group.style.contains(.underline),
        strikethrough: group.style.contains(.strikethrough), link: group.link)
      item.formula = typeset
      if group.style.contains(.highlight) { item.highlight = Style.highlight }
      if group.style.contains(.code), let band = style.codeBand { item.highlight = band }
      if group.style.contains(.keyboard) {
        item.highlight = Style.keyFace
        item.keyCap = Style.keyFrame
      }
      if let background = group.paint?.background { item.highlight = background }
      items.append(item)
      x += itemWidth + keyPadding(group.style, font)
    }
    let lineWidth = x
    // A right-to-left line's leading edge is the right one.
    var left = 0.0
    if alignment == .center {
      left = (width - lineWidth) / 2
    } else if alignment == .right || rightToLeft {
      left = width - lineWidth
    }
    // The style groups stand in the order the bidirectional algorithm gives them; each group's
    // own runs are ordered when it is drawn.
    var order = Array(items.indices)
    if items.count > 1 {
      let visual = measurer.visualOrder(of: items.map(\.text), rightToLeft: rightToLeft)
      if visual.sorted() == order { order = visual }
    }
    for index in order {
      let padding = items[index].keyCap == nil ? 0 : keyPadding(.keyboard, items[index].font)
      items[index].x = left + padding
      left += items[index].width + 2 * padding
    }
    if let spaced = measurer as? LetterSpacedMeasurer { items = items.flatMap(spaced.spaced) }
    return Line(items: items, width: lineWidth, height: lineHeight)
  }

  /// The room on each side of a key cap's text (`<kbd>`), counted twice in its advance.
  private func keyPadding(_ style: TextRun.Style, _ font: FontSpec) -> Double {
    style.contains(.keyboard) ? (font.size * 0.3).rounded() : 0
  }

  /// How far `<sup>` rises above the baseline and `<sub>` falls below it, in the text's size.
  private func shift(_ style: TextRun.Style) -> Double {
    if style.contains(.superscript) { return -(self.style.font.size * 0.35).rounded() }
    if style.contains(.subscript) { return (self.style.font.size * 0.2).rounded() }
    return 0
  }

  /// Splits runs into break opportunities, one at a time: words with their trailing spaces,
  /// single CJK characters, and hard breaks. A word longer than `longestWord` characters comes
  /// in parts, so that a line of millions of letters is never gathered, measured and copied
  /// whole for each layout; a line then breaks where a part ends, long past any slide's edge.
  private struct Pieces: IteratorProtocol {
    static let longestWord = 10_000

    let runs: [TextRun]
    private var run = 0
    private var position: String.Index?
    private var word = ""
    private var wordLength = 0
    private var inSpaces = false
    private var pendingBreak: Piece?

    init(runs: [TextRun]) {
      self.runs = runs
    }

    mutating func next() -> Piece? {
      if let pending = pendingBreak {
        pendingBreak = nil
        return pending
      }
      while run < runs.count {
        let text = runs[run].text
        let style = runs[run].style
        let link = runs[run].link
        let paint = runs[run].paint
        // A formula is one piece, whatever spaces its TeX holds.
        if style.contains(.math) {
          if let word = take(style, link, paint) { return word }
          run += 1
          position = nil
          if text.isEmpty { continue }
          return Piece(text: text, style: style, link: link, paint: paint)
        }
        var index = position ?? text.startIndex
        while index < text.endIndex {
          let character = text[index]
          index = text.index(after: index)
          var piece: Piece?
          if character == "\n" {
            let hardBreak = Piece(text: "", style: style, isBreak: true)
            piece = take(style, link, paint)
            if piece == nil { piece = hardBreak } else { pendingBreak = hardBreak }
          } else if character == " " || character == "\t" {
            // Runs of spaces collapse to one, as Markdown renders them, except in code spans.
            if !inSpaces || style.contains(.code) { append(" ") }
            inSpaces = true
          } else if TextFlow.breaksAnywhere(character) {
            piece = take(style, link, paint)
            append(character)
          } else {
            if inSpaces || (word.last.map(TextFlow.breaksAnywhere) ?? false) {
              piece = take(style, link, paint)
            }
            append(character)
          }
          if piece == nil, wordLength >= Self.longestWord { piece = take(style, link, paint) }
          if let piece {
            position = index
            return piece
          }
        }
        run += 1
        position = nil
        if let piece = take(style, link, paint) { return piece }
      }
      return nil
    }

    private mutating func append(_ character: Character) {
      word.append(character)
      wordLength += 1
    }

    /// The word gathered so far, if any, and a fresh start.
    private mutating func take(_ style: TextRun.Style, _ link: String?, _ paint: TextRun.Paint?)
      -> Piece?
    {
      defer {
        word = ""
        wordLength = 0
        inSpaces = false
      }
      return word.isEmpty ? nil : Piece(text: word, style: style, link: link, paint: paint)
    }
  }

  /// How many characters of `text` fit in `width` (at least one, so layout always advances).
  ///
  /// The search gallops from the start (1, 2, 4, ... characters) before it halves, so a line
  /// costs about its own length: counting the whole rest of a word of millions of characters
  /// for every line it fills would be quadratic.
  private func fittingPrefix(_ text: Substring, font: FontSpec, width: Double) -> Int {
    func fits(_ count: Int) -> Bool {
      measurer.width(of: String(text.prefix(count)), font: font) <= width
    }
    var low = 1  // fits, or is taken anyway
    var high = 1  // the first count known not to fit, once the gallop stops
    while true {
      let next = high * 2
      let available = text.prefix(next).count
      if available < next {
        if fits(available) { return available }
        high = available
        break
      }
      if !fits(next) {
        high = next
        break
      }
      low = next
      high = next
    }
    var upper = high - 1
    while low < upper {
      let middle = (low + upper + 1) / 2
      if fits(middle) { low = middle } else { upper = middle - 1 }
    }
    return low
  }

  private func trimmingTrailingSpaces(_ text: String) -> String {
    var result = text
    while result.last == " " { result.removeLast() }
    return result
  }

  /// CJK ideographs, kana and hangul: lines may break between any two of them.
  static func breaksAnywhere(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first else { return false }
    switch scalar.value {
    case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF,
      0xFF00...0xFFEF, 0x20000...0x2FA1F:
      return true
    default:
      return false
    }
  }

  /// Whether the first strongly directional character is Hebrew or Arabic.
  static func isRightToLeft(_ runs: [TextRun]) -> Bool {
    for run in runs {
      for scalar in run.text.unicodeScalars {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF: return true
        default:
          if scalar.properties.isAlphabetic { return false }
        }
      }
    }
    return false
  }
}
