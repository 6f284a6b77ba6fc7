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

    func font(for style: TextRun.Style) -> FontSpec {
      var result = font
      if style.contains(.code) {
        result.family = codeFamily
        result.size *= 0.92
      }
      if style.contains(.strong) { result.bold = true }
      if style.contains(.emphasis) { result.italic = true }
      return result
    }

    func color(for style: TextRun.Style) -> RGBAColor {
      if style.contains(.link) { return linkColor }
      if style.contains(.code) { return codeColor }
      return color
    }
  }

  enum Alignment {
    case leading, center
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
    var isBreak = false
  }

  let style: Style
  let measurer: any TextMeasurer

  /// Lays out `runs` in lines no wider than `width`.
  func lines(_ runs: [TextRun], width: Double, alignment: Alignment) -> [Line] {
    let rightToLeft = Self.isRightToLeft(runs)
    var lines: [[Piece]] = []
    var current: [Piece] = []
    var currentWidth = 0.0

    func finishLine() {
      lines.append(current)
      current = []
      currentWidth = 0
    }

    for piece in pieces(runs) {
      if piece.isBreak {
        finishLine()
        continue
      }
      let font = style.font(for: piece.style)
      let full = measurer.width(of: piece.text, font: font)
      let visible = measurer.width(of: trimmingTrailingSpaces(piece.text), font: font)
      if currentWidth + visible <= width || (current.isEmpty && visible <= width) {
        current.append(piece)
        currentWidth += full
        continue
      }
      if !current.isEmpty { finishLine() }
      if visible <= width {
        current.append(piece)
        currentWidth = full
        continue
      }
      // A word longer than the line: cut it where it stops fitting.
      var rest = Substring(piece.text)
      while !rest.isEmpty {
        let count = fittingPrefix(rest, font: font, width: width)
        let chunk = rest.prefix(count)
        rest = rest.dropFirst(count)
        current.append(Piece(text: String(chunk), style: piece.style))
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
    var groups: [(text: String, style: TextRun.Style)] = []
    for piece in pieces {
      if let last = groups.last, last.style == piece.style {
        groups[groups.count - 1].text += piece.text
      } else {
        groups.append((piece.text, piece.style))
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
    for group in groups.isEmpty ? [("", TextRun.Style())] : groups {
      let metrics = measurer.metrics(for: style.font(for: group.1))
      ascent = max(ascent, metrics.ascent)
      descent = max(descent, metrics.descent)
      lineHeight = max(lineHeight, metrics.lineHeight)
    }
    lineHeight = max(lineHeight, baseMetrics.lineHeight) * style.lineSpacing
    let baseline = (lineHeight - (ascent + descent)) / 2 + ascent

    var items: [TextItem] = []
    var x = 0.0
    for group in groups where !group.text.isEmpty {
      let font = style.font(for: group.style)
      let itemWidth = measurer.width(of: group.text, font: font)
      items.append(
        TextItem(
          text: group.text, font: font, color: style.color(for: group.style), x: x,
          y: baseline - measurer.metrics(for: font).ascent, width: itemWidth,
          underline: group.style.contains(.link), strikethrough: group.style.contains(.strikethrough)))
      x += itemWidth
    }
    let lineWidth = x
    if rightToLeft {
      // Right-to-left lines start at the right edge and run leftwards, one style group at a time.
      var right = alignment == .center ? (width + lineWidth) / 2 : width
      for index in items.indices {
        right -= items[index].width
        items[index].x = right
      }
    } else if alignment == .center {
      let offset = (width - lineWidth) / 2
      for index in items.indices { items[index].x += offset }
    }
    return Line(items: items, width: lineWidth, height: lineHeight)
  }

  /// Splits runs into break opportunities: words with their trailing spaces, single CJK
  /// characters, and hard breaks.
  private func pieces(_ runs: [TextRun]) -> [Piece] {
    var result: [Piece] = []
    for run in runs {
      var word = ""
      var inSpaces = false
      func flush() {
        if !word.isEmpty { result.append(Piece(text: word, style: run.style)) }
        word = ""
        inSpaces = false
      }
      for character in run.text {
        if character == "\n" {
          flush()
          result.append(Piece(text: "", style: run.style, isBreak: true))
        } else if character == " " || character == "\t" {
          // Runs of spaces collapse to one, as Markdown renders them, except in code spans.
          if !inSpaces || run.style.contains(.code) { word.append(" ") }
          inSpaces = true
        } else if Self.breaksAnywhere(character) {
          flush()
          word.append(character)
          inSpaces = false
        } else {
          if inSpaces || (word.last.map(Self.breaksAnywhere) ?? false) { flush() }
          word.append(character)
        }
      }
      flush()
    }
    return result
  }

  /// How many characters of `text` fit in `width` (at least one, so layout always advances).
  private func fittingPrefix(_ text: Substring, font: FontSpec, width: Double) -> Int {
    var low = 1
    var high = text.count
    while low < high {
      let middle = (low + high + 1) / 2
      if measurer.width(of: String(text.prefix(middle)), font: font) <= width {
        low = middle
      } else {
        high = middle - 1
      }
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
