/// Marp's and pandoc's TeX delimiters, rewritten before cmark reads the deck into what cmark keeps
/// as written (cmark knows no math, and would read `\_`, `*` and `\\` inside a formula as
/// Markdown):
/// - `$...$` and `$$...$$` inside a line become code spans whose text starts with a mark, which
///   `SlideBuilder` turns into formula runs;
/// - `$$` alone on a line, opening or closing a display, becomes a ```` ```math ```` fence, the
///   fence GitHub uses for math.
///
/// The rules are pandoc's and markdown-it's: an opening `$` has no space after it, a closing one
/// no space before it and no digit after it (so `$5 and $10` is money), `\$` is a dollar, and
/// nothing inside a code span or code block is math. Line numbers never change.
enum MathSpans {
  static let inlineMark: Character = "\u{E000}"
  static let displayMark: Character = "\u{E001}"

  /// Rewrites the lines that are not `protected` (1-based line numbers: code blocks and
  /// comments); true when any line changed.
  static func rewrite(_ lines: inout [Substring], protected: [Bool]) -> Bool {
    var changed = false
    var inDisplay = false
    for index in lines.indices
    where !(protected.indices.contains(index + 1) && protected[index + 1]) {
      let line = lines[index]
      guard line.utf8.contains(UInt8(ascii: "$")) || inDisplay else { continue }
      let indent = line.prefix { $0 == " " }
      if line.dropFirst(indent.count).trimmingCharacters(in: .whitespaces) == "$$" {
        lines[index] = Substring(indent + (inDisplay ? "```" : "```math"))
        inDisplay.toggle()
        changed = true
      } else if !inDisplay, let rewritten = rewrite(line: line) {
        lines[index] = Substring(rewritten)
        changed = true
      }
    }
    return changed
  }

  /// The line with its formulas as marked code spans, or nil when it holds none.
  static func rewrite(line: Substring) -> String? {
    let characters = Array(line)
    var output = ""
    var found = false
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "\\" {
        output.append(character)
        if index + 1 < characters.count { output.append(characters[index + 1]) }
        index += 2
      } else if character == "`" {
        // A code span is copied whole; an unmatched run of backticks is only text.
        let run = characters[index...].prefix { $0 == "`" }.count
        let end = closingBackticks(characters, from: index + run, length: run) ?? (index + run)
        output += String(characters[index..<end])
        index = end
      } else if character == "$", let (formula, end, display) = formula(characters, at: index) {
        output += codeSpan(formula, mark: display ? displayMark : inlineMark)
        found = true
        index = end
      } else {
        output.append(character)
        index += 1
      }
    }
    return found ? output : nil
  }

  /// The formula opening at `start` (a `$`), the index after its closing delimiter, and whether
  /// it is displayed.
  private static func formula(_ characters: [Character], at start: Int)
    -> (String, Int, Bool)?
  {
    let display = start + 1 < characters.count && characters[start + 1] == "$"
    let open = start + (display ? 2 : 1)
    // Only `$` is held to its neighbours: `$$ x $$` is a display, as in pandoc.
    guard open < characters.count, display || !characters[open].isWhitespace,
      characters[open] != "$"
    else { return nil }
    var index = open
    while index < characters.count {
      let character = characters[index]
      if character == "\\" {
        index += 2
        continue
      }
      if character == "$" {
        if display {
          guard index + 1 < characters.count, characters[index + 1] == "$" else { return nil }
          return (String(characters[open..<index]), index + 2, true)
        }
        let after = index + 1 < characters.count ? characters[index + 1] : " "
        if !characters[index - 1].isWhitespace && !after.isNumber {
          return (String(characters[open..<index]), index + 1, false)
        }
        return nil
      }
      index += 1
    }
    return nil
  }

  private static func closingBackticks(_ characters: [Character], from start: Int, length: Int)
    -> Int?
  {
    var index = start
    while index < characters.count {
      guard characters[index] == "`" else {
        index += 1
        continue
      }
      let run = characters[index...].prefix { $0 == "`" }.count
      if run == length { return index + run }
      index += run
    }
    return nil
  }

  /// A code span holding `text` verbatim after `mark`, fenced by more backticks than it holds.
  private static func codeSpan(_ text: String, mark: Character) -> String {
    var longest = 0
    var current = 0
    for character in text {
      current = character == "`" ? current + 1 : 0
      longest = max(longest, current)
    }
    let fence = String(repeating: "`", count: longest + 1)
    return fence + String(mark) + text + (text.hasSuffix("`") ? " " : "") + fence
  }
}
