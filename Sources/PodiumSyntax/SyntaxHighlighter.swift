/// Colours fenced code blocks (docs/DECK-FORMAT.md, "Text and code").
///
/// A hand-written scanner over each line's Unicode scalars: no regular expressions, one pass,
/// linear in the input whatever it holds, and it never fails. Comments, strings and heredocs that
/// span lines carry their state from one line to the next. It is a highlighter, not a parser:
/// where a language is ambiguous without a grammar it guesses the way editors do.
///
/// The languages are tables (`SyntaxLanguage`) read by one scanner (`LineScanner`); what a
/// family of languages does beyond the tables lives in that family's file under `Languages/`.
public enum SyntaxHighlighter {
  /// Tabs advance to the next multiple of this many columns.
  public static let tabWidth = 4

  /// Splits `code` into lines of tokens. Concatenating a line's token texts gives the line back
  /// exactly, except that tabs are expanded to spaces (every `tabWidth` columns), so layout sees
  /// the text it draws. Lines end at `\n`, `\r\n` or a lone `\r` (CommonMark's line endings); a
  /// final line ending does not start another line. An empty line has no tokens, a token is never
  /// empty and two neighbouring tokens never share a kind. Unknown or nil language: one plain
  /// token per line.
  public static func highlight(_ code: String, language: String?) -> [[CodeToken]] {
    highlight(lines: splitLines(code), language: language)
  }

  /// Highlights lines as `splitLines` gives them, so a caller can pass only the lines it shows.
  public static func highlight(lines: [[Unicode.Scalar]], language: String?) -> [[CodeToken]] {
    guard let name = language, let syntax = self.language(named: name) else {
      return lines.map { $0.isEmpty ? [] : [CodeToken(.plain, text(of: $0[...]))] }
    }
    var scanner = LineScanner(syntax: syntax)
    var result: [[CodeToken]] = []
    result.reserveCapacity(lines.count)
    for (index, line) in lines.enumerated() {
      result.append(scanner.tokens(of: line, isFirstLine: index == 0))
    }
    return result
  }

  /// The canonical language for a fence name (`py` → `python`, `sh` → `shell`, `c++` → `cpp`...),
  /// nil when unsupported. Case and anything after the name in an info string (`rust,ignore`,
  /// `python {1,3}`, presenterm's `bash +exec`, a title after a colon: `toml: Cargo.toml`) are
  /// ignored.
  public static func canonicalLanguage(_ name: String) -> String? {
    language(named: name)?.name
  }

  static func language(named name: String) -> SyntaxLanguage? {
    var key = String.UnicodeScalarView()
    // Pandoc writes `{.python}`: skip the brace and dot as well as leading blanks.
    for scalar in name.unicodeScalars.drop(while: { $0 == "{" || $0 == "." || isBlank($0) }) {
      if isBlank(scalar) || scalar == "," || scalar == "{" || scalar == "}" { break }
      // A title after the name: `bash: Terminal`, `toml:Cargo.toml`.
      if scalar == ":" { break }
      key.append(scalar)
    }
    return SyntaxLanguage.byName[String(key).lowercased()]
  }

  /// Lines as scalars with tabs already expanded, so every later index is a display column.
  public static func splitLines(_ code: String) -> [[Unicode.Scalar]] {
    var lines: [[Unicode.Scalar]] = []
    var line: [Unicode.Scalar] = []
    var column = 0
    var afterCR = false
    var pending = false  // `line` holds a line that has not been ended yet
    for scalar in code.unicodeScalars {
      if scalar == "\n" && afterCR {
        afterCR = false
        continue
      }
      afterCR = scalar == "\r"
      if scalar == "\n" || scalar == "\r" {
        lines.append(line)
        line.removeAll(keepingCapacity: true)
        column = 0
        pending = false
        continue
      }
      pending = true
      if scalar == "\t" {
        let width = tabWidth - column % tabWidth
        line.append(contentsOf: repeatElement(" ", count: width))
        column += width
      } else {
        line.append(scalar)
        // Combining marks sit on the previous column.
        if !isExtend(scalar) { column += 1 }
      }
    }
    if pending { lines.append(line) }
    return lines
  }

  static func text(of scalars: ArraySlice<Unicode.Scalar>) -> String {
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars)
    return String(view)
  }

  static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || scalar == "\t" || (scalar.value > 0x7F && scalar.properties.isWhitespace)
  }

  /// Scalars that belong to the grapheme before them: a token boundary never falls before one,
  /// so the renderer never draws a mark or an emoji modifier apart from its base.
  static func isExtend(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    guard value >= 0x300 else { return false }
    switch value {
    case 0x200D, 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F, 0xE0100...0xE01EF:
      return true
    default:
      switch scalar.properties.generalCategory {
      case .nonspacingMark, .spacingMark, .enclosingMark: return true
      default: return false
      }
    }
  }
}
