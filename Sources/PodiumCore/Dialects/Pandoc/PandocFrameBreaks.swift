import Foundation

/// beamer's `allowframebreaks`: a frame whose content overflows goes on over as many frames as
/// it needs, each under the frame's title followed by a roman numeral. beamer breaks where the
/// page is full; Podium breaks between blocks (and between a long list's items) where about a
/// page of a beamer frame's lines has been used, so a long bibliography or list reads as beamer
/// shows it, in about as many frames.
enum PandocFrameBreaks {
  /// The lines of text a beamer frame holds below its title, at its default 11 pt on 4:3.
  static let linesPerFrame = 14
  /// Characters on a line of a frame's text.
  static let lineLength = 60

  static func split(_ slide: Slide) -> [Slide] {
    guard let headingIndex = slide.blocks.firstIndex(where: \.isHeading) else { return [slide] }
    let heading = slide.blocks[headingIndex]
    var pages: [[Block]] = [[]]
    var used = 0
    func place(_ block: Block, lines: Int) {
      if used + lines > linesPerFrame, !pages[pages.count - 1].isEmpty {
        pages.append([])
        used = 0
      }
      used += lines
      // A list's items that land on one frame stay one list.
      if case .list(let part) = block.kind, let last = pages[pages.count - 1].last,
        last.location == block.location, case .list(var whole) = last.kind
      {
        whole.items += part.items
        pages[pages.count - 1][pages[pages.count - 1].count - 1].kind = .list(whole)
        return
      }
      pages[pages.count - 1].append(block)
    }
    for (index, block) in slide.blocks.enumerated() where index != headingIndex {
      if case .list(var list) = block.kind, list.items.count > 1 {
        // A long list breaks between its items, numbering carried on.
        let items = list.items
        let first = list.start
        for (position, item) in items.enumerated() {
          list.items = [item]
          list.start = first + position
          var part = block
          part.kind = .list(list)
          place(part, lines: item.blocks.reduce(0) { $0 + lines(of: $1) })
        }
      } else {
        place(block, lines: lines(of: block))
      }
    }
    guard pages.count > 1 else { return [slide] }
    return pages.enumerated().map { number, blocks in
      var frame = slide
      var titled = heading
      if case .heading(let level, var text) = heading.kind {
        text.append(TextRun(" " + roman(number + 1)))
        titled.kind = .heading(level: level, text: text)
      }
      frame.blocks = [titled] + blocks
      frame.stepCount = max(1, (blocks.map(\.lastStep).max() ?? 0) + 1)
      if number > 0 { frame.notes = [] }
      return frame
    }
  }

  /// About how many lines of a frame a block takes.
  static func lines(of block: Block) -> Int {
    switch block.kind {
    case .list(let list):
      return list.items.reduce(0) { sum, item in sum + item.blocks.reduce(0) { $0 + lines(of: $1) }
      }
    case .code(let code):
      return code.code.split(separator: "\n", omittingEmptySubsequences: false).count
    case .table(let table):
      return table.rows.count + 1
    default:
      return max(1, (block.plainText.count + lineLength - 1) / lineLength)
    }
  }

  static func roman(_ number: Int) -> String {
    let numerals = [(10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
    var rest = number
    var result = ""
    for (value, numeral) in numerals {
      while rest >= value {
        result += numeral
        rest -= value
      }
    }
    return result
  }
}
