extension LayoutEngine {
  /// A line of text of the zoomed layout cut to the words that show in `seen` (with a margin of
  /// the font's size either side for overhanging glyphs), so the renderer shapes and rasterizes
  /// only those: at 4 times the screen's size a line is a texture several screens wide, most of
  /// it outside the view, and drawing it was most of the first zoomed frame's time. The words
  /// kept stay where the whole line puts them (the width of the words before them, as the flow
  /// places a line's runs side by side), so the pixels that show are the same. Nil when no word
  /// shows. Only plain, printable-ASCII lines are cut (one left-to-right run of one font, no
  /// band, bar or formula drawn by the item's width); other items come back as they are.
  public static func visiblePart(of item: TextItem, in seen: Rect, measurer: any TextMeasurer)
    -> TextItem?
  {
    let pad = item.font.size
    let (left, right) = (seen.x - pad, seen.maxX + pad)
    guard item.x < left || item.x + item.width > right,
      item.formula == nil, item.highlight == nil, item.keyCap == nil,
      !item.underline, !item.strikethrough,
      item.text.utf8.allSatisfy({ (0x20...0x7E).contains($0) })
    else { return item }
    let text = Array(item.text.utf8)
    // Where each word starts (after the spaces before it), and its pen position in the line.
    var starts: [Int] = []
    for index in text.indices where text[index] != 0x20 && (index == 0 || text[index - 1] == 0x20) {
      starts.append(index)
    }
    func string(_ range: Range<Int>) -> String { String(decoding: text[range], as: UTF8.self) }
    func pen(_ index: Int) -> Double {
      index == 0 ? 0 : measurer.width(of: string(0..<index), font: item.font)
    }
    // The first word kept: the last one starting at or before the left edge; the words kept end
    // before the first that starts past the right edge.
    var first: Int?
    var end = text.count
    for start in starts {
      let x = item.x + pen(start)
      if x >= right {
        end = start
        break
      }
      if first == nil || x <= left { first = start }
    }
    guard let first else { return nil }
    var last = end
    while last > first, text[last - 1] == 0x20 { last -= 1 }
    guard last > first else { return nil }
    if first == 0, last == text.count { return item }
    var part = item
    part.text = string(first..<last)
    part.x = item.x + pen(first)
    part.width = measurer.width(of: part.text, font: item.font)
    return part
  }

  /// `command` with its text cut to the part that shows in `seen` (`visiblePart`); nil when
  /// nothing of it shows.
  func visiblePart(of command: DrawCommand, in seen: Rect) -> DrawCommand? {
    guard case .text(let item) = command else { return command }
    return Self.visiblePart(of: item, in: seen, measurer: measurer).map { .text($0) }
  }
}
