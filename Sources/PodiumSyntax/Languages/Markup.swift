/// HTML and XML (SVG, XHTML, plists, Vue and Svelte templates): tags and their attributes, which
/// may go on over lines, comments, `<!DOCTYPE>` and `<?xml ?>` declarations, CDATA and entities.
/// The text between tags, scripts and styles too, stays plain.
extension SyntaxLanguage {
  static let html = SyntaxLanguage(
    name: "html",
    aliases: ["htm", "xhtml", "vue", "svelte", "astro", "jinja", "django", "erb", "handlebars"],
    dialect: .markup,
    blockComments: [markupComment])

  static let xml = SyntaxLanguage(
    name: "xml",
    aliases: ["svg", "plist", "xaml", "xsl", "xslt", "rss", "atom", "wsdl", "pom", "csproj"],
    dialect: .markup,
    blockComments: [markupComment])

  private static let markupComment = BlockComment(
    open: ["<", "!", "-", "-"], close: ["-", "-", ">"])

  static let cdataEnd: [Unicode.Scalar] = ["]", "]", ">"]
}

extension LineScanner {
  mutating func scanMarkupLine() {
    switch state {
    case .blockComment(let depth, let style): scanBlockComment(depth: depth, style: style)
    case .string(let rule): scanString(rule)
    case .markupTag: scanTagAttributes()
    default: state = .code
    }
    while pos < count {
      if scanBlanks() { continue }
      let c = s[pos]
      if c == "<", let style = blockCommentOpening() {
        pos += syntax.blockComments[style].open.count
        scanBlockComment(depth: 1, style: style)
      } else if c == "<" && matches(["<", "!", "[", "C", "D", "A", "T", "A", "["], at: pos) {
        pos += 9
        scanString(
          StringRule(close: SyntaxLanguage.cdataEnd, escapes: false, multiline: true))
      } else if c == "<" && (peek(1) == "!" || peek(1) == "?") {
        // `<!DOCTYPE html>`, `<?xml version="1.0"?>`.
        pos = closer(">", from: pos).map { $0 + 1 } ?? count
        emit(.attribute)
      } else if c == "<", let next = peek(peek(1) == "/" ? 2 : 1),
        isLetter(next) || next == "_" || next.properties.isAlphabetic
      {
        pos += peek(1) == "/" ? 2 : 1
        emit(.punctuation)
        while pos < count && isTagNameScalar(s[pos]) { pos += 1 }
        emit(.keyword)
        scanTagAttributes()
      } else if c == "&", let end = entityEnd() {
        pos = end
        emit(.attribute)
      } else {
        // Text (no case above takes this scalar), to the next `<` or `&`.
        pos += 1
        while pos < count && s[pos] != "<" && s[pos] != "&" { pos += 1 }
        emit(.plain)
      }
    }
  }

  /// Inside a tag after its name: attributes, values, to `>` or `/>`, or on to the next line.
  private mutating func scanTagAttributes() {
    state = .markupTag
    while pos < count {
      if scanBlanks() { continue }
      let c = s[pos]
      if c == ">" || (c == "/" && peek(1) == ">") {
        pos += c == ">" ? 1 : 2
        emit(.punctuation)
        state = .code
        return
      } else if c == "\"" || c == "'" {
        pos += 1
        scanString(StringRule(close: [c], escapes: false, multiline: true))
        if case .string = state { return }
        state = .markupTag
      } else if c == "=" {
        pos += 1
        emit(.punctuation)
      } else {
        let start = pos
        while pos < count && !SyntaxHighlighter.isBlank(s[pos])
          && !"=>\"'".unicodeScalars.contains(s[pos]) && !(s[pos] == "/" && peek(1) == ">")
        {
          pos += 1
        }
        if pos == start { pos += 1 }
        // An unquoted value after `=` is a string; a name is an attribute.
        let afterEquals = start > 0 && s[nonBlankBefore(start)] == "="
        emit(afterEquals ? .string : .attribute)
      }
    }
  }

  /// The end of `&amp;`, `&#x41;` or `&#65;` at `pos`, nil when the `&` is just text.
  private func entityEnd() -> Int? {
    var index = pos + 1
    while index < count && index - pos <= 32
      && (isLetter(s[index]) || isDigit(s[index]) || s[index] == "#")
    {
      index += 1
    }
    return index > pos + 1 && index < count && s[index] == ";" ? index + 1 : nil
  }

  private func isTagNameScalar(_ c: Unicode.Scalar) -> Bool {
    isLetter(c) || isDigit(c) || c == "-" || c == ":" || c == "_" || c == "."
      || (!c.isASCII && c.properties.isAlphabetic)
  }

  /// The index of the last non-blank scalar before `index` (or 0).
  func nonBlankBefore(_ index: Int) -> Int {
    var index = index - 1
    while index > 0 && SyntaxHighlighter.isBlank(s[index]) { index -= 1 }
    return max(index, 0)
  }
}
