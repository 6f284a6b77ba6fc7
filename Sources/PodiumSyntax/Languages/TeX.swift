/// LaTeX, TeX and ConTeXt: `%` comments, control sequences as keywords (the environment named by
/// `\begin` and `\end` as a type), `$` and `\(` math as strings, braces and brackets.
extension SyntaxLanguage {
  static let tex = SyntaxLanguage(
    name: "latex",
    aliases: ["tex", "context", "bibtex", "bib", "sty", "cls"],
    dialect: .tex)
}

extension LineScanner {
  mutating func scanTeXLine() {
    state = .code
    while pos < count {
      if scanBlanks() { continue }
      let c = s[pos]
      if c == "%" {
        pos = count
        emit(.comment)
      } else if c == "\\" && (peek(1) == "(" || peek(1) == "[") {
        // `\( ... \)` and `\[ ... \]` on the line.
        let close: [Unicode.Scalar] = ["\\", peek(1) == "(" ? ")" : "]"]
        var end = pos + 2
        while end < count && !matches(close, at: end) { end += 1 }
        pos = min(end + 2, count)
        emit(.string)
      } else if c == "\\" {
        pos += 1
        let start = pos
        while pos < count && (isLetter(s[pos]) || s[pos] == "@") { pos += 1 }
        if pos == start && pos < count { pos += 1 }  // `\\`, `\{`, `\%`
        emit(.keyword)
        let command = word(from: start)
        if command == "begin" || command == "end", peek() == "{",
          let close = closer("}", from: pos)
        {
          pos += 1
          emit(.punctuation)
          pos = close
          emit(.type)
          pos += 1
          emit(.punctuation)
        }
      } else if c == "$" {
        // Inline math to the next unescaped `$` (or `$$`) on the line.
        let double = peek(1) == "$"
        var end = pos + (double ? 2 : 1)
        while end < count && !(s[end] == "$" && s[end - 1] != "\\") { end += 1 }
        pos = min(end + (double ? 2 : 1), count)
        emit(.string)
      } else if "{}[]&#^_~".unicodeScalars.contains(c) {
        pos += 1
        emit(.punctuation)
      } else if isDigit(c) {
        while pos < count && (isDigit(s[pos]) || s[pos] == ".") { pos += 1 }
        while pos < count && isLetter(s[pos]) { pos += 1 }
        emit(.number)
      } else {
        pos += 1
        while pos < count && !"%\\${}[]&#^_~ ".unicodeScalars.contains(s[pos]) { pos += 1 }
        emit(.plain)
      }
    }
  }
}
