/// CSS, SCSS, Sass and Less: selectors (tags as keywords, classes and ids as types), properties
/// as attributes, values (numbers with their units, colours, strings, functions), at-rules and
/// `!important`. A line with a `{` or ending in `,` is a selector's; a `name:` on any other line
/// is a property.
extension SyntaxLanguage {
  static let css = SyntaxLanguage(
    name: "css",
    dialect: .css,
    lineComments: [])

  static let scss = SyntaxLanguage(
    name: "scss",
    aliases: ["sass", "less", "stylus", "postcss"],
    dialect: .css,
    lineComments: [["/", "/"]])
}

extension LineScanner {
  mutating func scanCSSLine() {
    if case .blockComment(let depth, let style) = state {
      scanBlockComment(depth: depth, style: style)
    } else if case .string(let rule) = state {
      scanString(rule)
    } else {
      state = .code
    }
    let selectorLine = lineHasSelector
    var inValue = false
    var afterBrace = false
    var parentheses = 0
    while pos < count {
      if scanBlanks() { continue }
      let c = s[pos]
      let declaration = !selectorLine || afterBrace
      if c == "/" && peek(1) == "*" {
        pos += 2
        scanBlockComment(depth: 1)
      } else if c == "/" && peek(1) == "/" && !syntax.lineComments.isEmpty {
        pos = count
        emit(.comment)
      } else if c == "\"" || c == "'" {
        pos += 1
        scanString(StringRule(close: [c], multiline: false))
      } else if c == "@" || c == "$" {
        // `@media`, `@import`; Sass's and Less's variables.
        pos += 1
        scanCSSName()
        emit(c == "@" && !inValue ? .keyword : .attribute)
      } else if c == "!" && matches(Array("!important".unicodeScalars), at: pos) {
        pos += 10
        emit(.keyword)
      } else if isDigit(c)
        || ((c == "." || c == "-" || c == "+") && peek(1).map(isDigit) == true
          && (inValue || declaration))
      {
        pos += 1
        while pos < count && (isDigit(s[pos]) || s[pos] == ".") { pos += 1 }
        while pos < count && (isLetter(s[pos]) || s[pos] == "%") { pos += 1 }
        emit(.number)
      } else if c == "#" && (inValue || declaration) {
        // A colour: #fff, #1e40af.
        pos += 1
        while pos < count && isHexDigit(s[pos]) { pos += 1 }
        emit(.number)
      } else if c == "." || c == "#",
        let next = peek(1), isCSSNameStart(next)
      {
        pos += 1
        scanCSSName()
        emit(.type)
      } else if c == ":" {
        pos += 1
        if !declaration && !inValue && parentheses == 0, let next = peek(),
          isCSSNameStart(next) || next == ":"
        {
          // A pseudo-class or -element: `:hover`, `::before`.
          while pos < count && s[pos] == ":" { pos += 1 }
          scanCSSName()
          emit(.attribute)
        } else {
          emit(.punctuation)
          inValue = true
        }
      } else if c == "(" || c == ")" {
        pos += 1
        emit(.punctuation)
        parentheses = max(0, parentheses + (c == "(" ? 1 : -1))
      } else if c == ";" || c == "{" || c == "}" {
        pos += 1
        emit(.punctuation)
        inValue = false
        if c != ";" { afterBrace = c == "{" }
      } else if isCSSNameStart(c) {
        scanCSSName()
        let next = nonBlank(from: pos)
        if next < count && s[next] == "(" {
          emit(.function)
        } else if inValue {
          emit(.plain)
        } else {
          // Inside parentheses, a media feature: `(max-width: 600px)`.
          emit(declaration || parentheses > 0 ? .attribute : .keyword)
        }
      } else {
        scanOther()
      }
    }
  }

  /// The line holds a selector: it opens a block, or lists selectors (`h1,`).
  private var lineHasSelector: Bool {
    if s.contains("{") { return true }
    var last = count - 1
    while last >= 0 && SyntaxHighlighter.isBlank(s[last]) { last -= 1 }
    return last >= 0 && s[last] == ","
  }

  private mutating func scanCSSName() {
    while pos < count && (isCSSNameStart(s[pos]) || isDigit(s[pos])) { pos += 1 }
  }

  private func isCSSNameStart(_ c: Unicode.Scalar) -> Bool {
    isLetter(c) || c == "-" || c == "_" || (!c.isASCII && c.properties.isAlphabetic)
  }
}
