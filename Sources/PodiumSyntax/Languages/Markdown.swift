/// Markdown (CommonMark and GFM, as in a README or a slide's source): headings, quotes, list
/// markers and task boxes, emphasis markers, code spans and fenced blocks, links and images,
/// HTML tags, rules and front-matter fences.
extension SyntaxLanguage {
  static let markdown = SyntaxLanguage(
    name: "markdown",
    aliases: ["md", "mdx", "gfm", "commonmark", "rmd", "qmd"],
    dialect: .markdown)
}

extension LineScanner {
  mutating func scanMarkdownLine() {
    let indent = nonBlank(from: 0)
    if case .markdownFence(let marker, let length) = state {
      // A fenced block's text, to a closing fence as long as the opening one.
      var end = indent
      while end < count && s[end] == marker { end += 1 }
      pos = count
      if end - indent >= length && nonBlank(from: end) == count {
        emit(.punctuation)
        state = .code
      } else {
        emit(.string)
      }
      return
    }
    state = .code
    pos = indent
    emit(.plain)
    guard pos < count else { return }
    let c = s[pos]
    var run = pos
    while run < count && s[run] == c { run += 1 }
    if (c == "`" || c == "~") && run - pos >= 3 {
      state = .markdownFence(marker: c, length: run - pos)
      pos = run
      emit(.punctuation)
      pos = count
      emit(.attribute)  // the info string
      return
    }
    if c == "#" && run - pos <= 6 && (run == count || SyntaxHighlighter.isBlank(s[run])) {
      pos = count
      emit(.keyword)
      return
    }
    if (c == "-" || c == "*" || c == "_" || c == "=") && isRuleLine(c) {
      pos = count
      emit(.punctuation)
      return
    }
    if c == ">" {
      pos = count
      emit(.comment)
      return
    }
    scanListMarker()
    scanMarkdownInline()
  }

  /// A line of only `c` (and blanks), three or more: a rule, a setext underline, front matter.
  private func isRuleLine(_ c: Unicode.Scalar) -> Bool {
    var marks = 0
    for index in pos..<count {
      if s[index] == c {
        marks += 1
      } else if !SyntaxHighlighter.isBlank(s[index]) {
        return false
      }
    }
    return marks >= 3 || (c == "=" && marks >= 1)
  }

  /// `-`, `*`, `+`, `1.` or `1)` with a blank after, and a task box `[ ]` or `[x]`.
  private mutating func scanListMarker() {
    var end = pos
    if s[pos] == "-" || s[pos] == "*" || s[pos] == "+" {
      end += 1
    } else {
      while end < count && isDigit(s[end]) && end - pos < 9 { end += 1 }
      guard end > pos && end < count && (s[end] == "." || s[end] == ")") else { return }
      end += 1
    }
    guard end < count && SyntaxHighlighter.isBlank(s[end]) else { return }
    pos = end
    emit(.punctuation)
    skipBlanks()
    emit(.plain)
    if matches(["[", " ", "]"], at: pos) || matches(["[", "x", "]"], at: pos)
      || matches(["[", "X", "]"], at: pos)
    {
      pos += 3
      emit(.punctuation)
    }
  }

  /// Code spans, emphasis markers, links, images, autolinks and HTML tags in a line's text.
  private mutating func scanMarkdownInline() {
    while pos < count {
      let c = s[pos]
      if c == "\\" && pos + 1 < count {
        pos += 2
        emit(.plain)
      } else if c == "`" {
        var run = pos
        while run < count && s[run] == "`" { run += 1 }
        let ticks = Array(s[pos..<run])
        var close = run
        // A run with no partner leaves every later one unsought too: the line stays linear.
        while close < count && !missingClosers.contains("`") && !matches(ticks, at: close) {
          close += 1
        }
        guard close < count && !missingClosers.contains("`") else {
          if !missingClosers.contains("`") { missingClosers.append("`") }
          pos = run
          emit(.plain)
          continue
        }
        pos = close + ticks.count
        emit(.string)
      } else if c == "*" || c == "_" || c == "~" {
        while pos < count && s[pos] == c { pos += 1 }
        emit(.punctuation)
      } else if c == "[" || (c == "!" && peek(1) == "[") {
        scanMarkdownLink()
      } else if c == "<", let end = closer(">", from: pos + 1), end > pos + 1,
        let next = peek(1), isLetter(next) || next == "/"
      {
        let autolink = next != "/" && s[pos..<end].contains(":")
        pos = end + 1
        emit(autolink ? .string : .keyword)
      } else {
        pos += 1
        while pos < count && !"\\`*_~[!<".unicodeScalars.contains(s[pos]) { pos += 1 }
        emit(.plain)
      }
    }
  }

  /// `[text](url)`, `![alt](src)` and `[text][ref]`: the brackets as punctuation, the text as it
  /// is, the destination as a string.
  private mutating func scanMarkdownLink() {
    if s[pos] == "!" { pos += 1 }
    pos += 1
    emit(.punctuation)
    guard let close = closer("]", from: pos) else { return }
    pos = close
    emit(.plain)
    pos += 1
    emit(.punctuation)
    guard let next = peek(), next == "(" || next == "[" else { return }
    let end: Unicode.Scalar = next == "(" ? ")" : "]"
    guard let destinationEnd = closer(end, from: pos + 1) else { return }
    pos += 1
    emit(.punctuation)
    pos = destinationEnd
    emit(.string)
    pos += 1
    emit(.punctuation)
  }
}
