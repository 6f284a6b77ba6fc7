/// Scans a block line by line. Every scan step moves `pos` forward and ends with `emit(kind)`,
/// which closes the token from the end of the last one to `pos`; so tokens always cover the line
/// exactly. One scanner serves every line of a block: `state` carries over, and the language
/// and the token buffer are not copied or allocated again per line.
///
/// This file holds what every language's scanner uses: the cursor, tokens, strings, block
/// comments, numbers and character classes.
struct LineScanner {
  let syntax: SyntaxLanguage
  var state = ScanState.code
  private(set) var s: [Unicode.Scalar] = []
  private(set) var isFirstLine = true
  var pos = 0
  var previous = Previous.none
  /// Something other than blanks came before on this line (C preprocessor, soft keywords).
  var sawCode = false
  /// A lookahead that failed once on this line fails again, so it is not retried: that keeps
  /// lines full of `/` or `[[` linear.
  var regexSearchFailed = false
  var attributeSearchFailed = false
  /// Closing scalars looked for on this line and not found after the place they were sought.
  var missingClosers: [Unicode.Scalar] = []
  private var tokenStart = 0
  private var runs: [(kind: CodeTokenKind, start: Int)] = []

  /// The ASCII scalars that may start one of the language's comments, as bits: most scalars of
  /// a line are ruled out with one test instead of a comparison per delimiter.
  private let commentStarts: (low: UInt64, high: UInt64)

  init(syntax: SyntaxLanguage) {
    self.syntax = syntax
    var bits: (low: UInt64, high: UInt64) = (0, 0)
    for first in syntax.lineComments.map(\.[0]) + syntax.blockComments.map(\.open[0]) {
      if first.value < 64 {
        bits.low |= 1 << UInt64(first.value)
      } else if first.value < 128 {
        bits.high |= 1 << UInt64(first.value - 64)
      }
    }
    commentStarts = bits
  }

  /// Whether a comment of the language may start with `c` (a non-ASCII one never does).
  func mayStartComment(_ c: Unicode.Scalar) -> Bool {
    let value = c.value
    if value < 64 { return commentStarts.low & (1 << UInt64(value)) != 0 }
    return value < 128 && commentStarts.high & (1 << UInt64(value - 64)) != 0
  }

  /// Scans the next line of the block and returns its tokens.
  mutating func tokens(of line: [Unicode.Scalar], isFirstLine: Bool) -> [CodeToken] {
    s = line
    self.isFirstLine = isFirstLine
    pos = 0
    previous = .none
    sawCode = false
    regexSearchFailed = false
    attributeSearchFailed = false
    missingClosers.removeAll(keepingCapacity: true)
    tokenStart = 0
    runs.removeAll(keepingCapacity: true)
    scanLine()
    return tokens()
  }

  var count: Int { s.count }

  func peek(_ offset: Int = 0) -> Unicode.Scalar? {
    let index = pos + offset
    return index < s.count ? s[index] : nil
  }

  func matches(_ text: [Unicode.Scalar], at index: Int) -> Bool {
    guard index + text.count <= s.count else { return false }
    for (offset, scalar) in text.enumerated() where s[index + offset] != scalar { return false }
    return true
  }

  func word(from start: Int) -> String { SyntaxHighlighter.text(of: s[start..<pos]) }

  /// Closes the token that ends at `pos`, merging it into the previous one of the same kind.
  mutating func emit(_ kind: CodeTokenKind) {
    extendOverMarks()
    guard pos > tokenStart else { return }
    if runs.last?.kind != kind { runs.append((kind, tokenStart)) }
    tokenStart = pos
  }

  /// Closes the token and remembers it as context when it is not blank.
  mutating func emitSignificant(_ kind: CodeTokenKind, _ previous: Previous) {
    emit(kind)
    self.previous = previous
    sawCode = true
  }

  private mutating func extendOverMarks() {
    while pos < s.count && SyntaxHighlighter.isExtend(s[pos]) {
      // A zero-width joiner glues the next emoji on too (family and profession emoji).
      pos += s[pos] == "\u{200D}" && pos + 1 < s.count && !s[pos + 1].isASCII ? 2 : 1
    }
  }

  private func tokens() -> [CodeToken] {
    runs.indices.map { index in
      let end = index + 1 < runs.count ? runs[index + 1].start : s.count
      return CodeToken(runs[index].kind, SyntaxHighlighter.text(of: s[runs[index].start..<end]))
    }
  }

  private mutating func scanLine() {
    switch syntax.dialect {
    case .shell: scanShellLine()
    case .json: scanJSONLine()
    case .yaml: scanYAMLLine()
    case .lisp: scanLispLine()
    case .markup: scanMarkupLine()
    case .css: scanCSSLine()
    case .markdown: scanMarkdownLine()
    case .tex: scanTeXLine()
    case .config: scanConfigLine()
    case .dockerfile: scanDockerfileLine()
    case .makefile: scanMakefileLine()
    case .diff: scanDiffLine()
    case .http: scanHTTPLine()
    case .tables, .swift, .c, .cpp, .python, .javascript, .rust, .go, .java, .php, .ml, .sql,
      .pascal, .nix, .mermaid:
      scanCodeLine()
    }
    // Whatever is left (only when a scan step gave up early) stays plain.
    pos = s.count
    emit(.plain)
  }
}

// MARK: - Shared pieces

extension LineScanner {
  /// Blanks at `pos` as one plain token; false when there are none.
  mutating func scanBlanks() -> Bool {
    guard pos < s.count && SyntaxHighlighter.isBlank(s[pos]) else { return false }
    skipBlanks()
    emit(.plain)
    return true
  }

  mutating func skipBlanks() {
    while pos < s.count && SyntaxHighlighter.isBlank(s[pos]) { pos += 1 }
  }

  /// Index of the first non-blank scalar at or after `index`.
  func nonBlank(from index: Int) -> Int {
    var index = index
    while index < s.count && SyntaxHighlighter.isBlank(s[index]) { index += 1 }
    return index
  }

  mutating func scanIdentifier() {
    while pos < s.count {
      if isIdentifierContinue(s[pos]) {
        pos += 1
      } else if s[pos] == "'" && syntax.primeIdentifiers {
        pos += 1
      } else if s[pos] == "-" && syntax.hyphenIdentifiers && pos + 1 < s.count
        && isIdentifierContinue(s[pos + 1])
      {
        pos += 1
      } else {
        return
      }
    }
  }

  /// Where `close` is on this line from `index`, or nil; a closer not found once is not sought
  /// again on the line, which keeps a line full of openers linear.
  mutating func closer(_ close: Unicode.Scalar, from index: Int) -> Int? {
    guard !missingClosers.contains(close) else { return nil }
    var index = index
    while index < s.count {
      if s[index] == close { return index }
      index += 1
    }
    missingClosers.append(close)
    return nil
  }

  func isIdentifierStart(_ c: Unicode.Scalar) -> Bool {
    if c.isASCII {
      return isLetter(c) || c == "_" || (c == "$" && syntax.dollarIdentifiers)
    }
    return c.properties.isXIDStart
  }

  func isIdentifierContinue(_ c: Unicode.Scalar) -> Bool {
    if c.isASCII {
      return isLetter(c) || isDigit(c) || c == "_" || (c == "$" && syntax.dollarIdentifiers)
    }
    return c.properties.isXIDContinue
  }

  /// From an opening bracket at `pos`, to just after its partner, or to the end of the line.
  mutating func skipBalanced(_ open: Unicode.Scalar, _ close: Unicode.Scalar) {
    pos = balancedEnd(from: pos, open, close)
  }

  /// Just after the partner of the opening bracket at `index`, or the end of the line.
  func balancedEnd(from index: Int, _ open: Unicode.Scalar, _ close: Unicode.Scalar) -> Int {
    var depth = 0
    var index = index
    while index < s.count {
      if s[index] == open {
        depth += 1
      } else if s[index] == close {
        depth -= 1
        if depth == 0 { return index + 1 }
      }
      index += 1
    }
    return index
  }

  /// The body of a string whose opening delimiter is already consumed. Ends the token at the
  /// closing delimiter, or carries the string over to the next line.
  mutating func scanString(_ rule: StringRule) {
    while pos < s.count {
      let c = s[pos]
      if c == "\\", case .swift(let hashes) = rule.interpolation,
        matches(Array(repeating: "#", count: hashes) + ["("], at: pos + 1)
      {
        emit(.string)
        pos += 1 + hashes
        skipBalanced("(", ")")
        emit(.attribute)
        continue
      }
      if c == "\\" && rule.escapes {
        if pos + 1 == s.count {
          // A backslash before the line break continues even a one-line string.
          pos += 1
          emit(.string)
          state = .string(rule)
          return
        }
        pos += 2
        continue
      }
      if c == rule.close[0] && matches(rule.close, at: pos) {
        if rule.doubledQuotes && matches(rule.close, at: pos + rule.close.count) {
          pos += 2 * rule.close.count
          continue
        }
        pos += rule.close.count
        emit(.string)
        state = .code
        return
      }
      if c == "$" && rule.interpolation == .javascript && peek(1) == "{" {
        emit(.string)
        pos += 1
        skipBalanced("{", "}")
        emit(.attribute)
        continue
      }
      if c == "$" && rule.interpolation == .shell, let end = shellExpansionEnd(at: pos) {
        emit(.string)
        pos = end
        emit(.attribute)
        continue
      }
      if c == "$" && rule.interpolation == .dollar, let end = dollarExpansionEnd(at: pos) {
        emit(.string)
        pos = end
        emit(.attribute)
        continue
      }
      if c == "#" && rule.interpolation == .hashBraces && peek(1) == "{" {
        emit(.string)
        pos += 1
        skipBalanced("{", "}")
        emit(.attribute)
        continue
      }
      pos += 1
    }
    emit(.string)
    state = rule.multiline ? .string(rule) : .code
  }

  /// A string literal in code, its opening delimiter consumed: what follows it is an operator.
  mutating func scanStringLiteral(_ rule: StringRule) {
    scanString(rule)
    sawCode = true
    previous = .value
  }

  /// Opens the string whose quote is at `pos`. Where `tripled` allows, three quotes make it
  /// multi-line, closed by three quotes and whatever else its rule closes with (Swift's `#`s).
  mutating func startString(_ rule: StringRule, tripled: Bool) {
    var rule = rule
    let quote = s[pos]
    if tripled && peek(1) == quote && peek(2) == quote {
      rule.close = [quote, quote, quote] + rule.close.dropFirst()
      rule.multiline = true
      pos += 3
    } else {
      pos += 1
    }
    scanStringLiteral(rule)
  }

  /// How many `#` stand at `pos` before a `"`: the opening of a raw string in Swift or Rust. Nil
  /// when no quote follows them.
  func hashesBeforeQuote() -> Int? {
    var hashes = 0
    while peek(hashes) == "#" { hashes += 1 }
    return peek(hashes) == "\"" ? hashes : nil
  }

  /// `$name`, `${...}` or `$(...)` at `index` in a string; nil when the `$` is just a dollar.
  func dollarExpansionEnd(at index: Int) -> Int? {
    guard index + 1 < count else { return nil }
    let next = s[index + 1]
    if next == "{" { return balancedEnd(from: index + 1, "{", "}") }
    if next == "(" { return balancedEnd(from: index + 1, "(", ")") }
    guard isIdentifierStart(next) && next != "$" else { return nil }
    var end = index + 2
    while end < count && isIdentifierContinue(s[end]) && s[end] != "$" { end += 1 }
    return end
  }

  /// From inside a block comment of the language's `style`, to its end or the end of the line.
  mutating func scanBlockComment(depth: Int, style: Int = 0) {
    guard syntax.blockComments.indices.contains(style) else {
      state = .code
      return
    }
    let comment = syntax.blockComments[style]
    var depth = depth
    while pos < s.count {
      if s[pos] == comment.close[0] && matches(comment.close, at: pos) {
        pos += comment.close.count
        depth -= 1
        if depth == 0 {
          emit(.comment)
          state = .code
          return
        }
      } else if syntax.nestedComments && s[pos] == comment.open[0] && matches(comment.open, at: pos)
      {
        pos += comment.open.count
        depth += 1
      } else {
        pos += 1
      }
    }
    emit(.comment)
    state = .blockComment(depth: depth, style: style)
  }

  /// The block comment style that opens at `pos`, if one does.
  func blockCommentOpening() -> Int? {
    let c = s[pos]
    guard mayStartComment(c) else { return nil }
    for (style, comment) in syntax.blockComments.enumerated()
    where comment.open[0] == c && matches(comment.open, at: pos) {
      return style
    }
    return nil
  }

  /// `'` in languages with `tickQuotes`: a character literal (`'a'`, `'\n'`), or a lifetime,
  /// label or type variable (`'a`, `'static`) coloured as an attribute.
  mutating func scanTick() {
    if peek(1) == "\\" {
      startString(StringRule(close: ["'"]), tripled: false)
      return
    }
    var end = pos + 2
    while end < count && SyntaxHighlighter.isExtend(s[end]) { end += 1 }
    if pos + 1 < count && s[pos + 1] != "'" && end < count && s[end] == "'" {
      pos = end + 1
      emitSignificant(.string, .value)
    } else if let next = peek(1), isIdentifierStart(next) {
      pos += 1
      scanIdentifier()
      emitSignificant(.attribute, .value)
    } else {
      scanOther()
    }
  }

  /// A number starting at `pos` (a digit, or `.` before a digit): prefixes `0x` `0b` `0o`,
  /// `_` separators (and `'` in C and C++), fractions, exponents and any letter suffix such as
  /// `u32`, `f`, `UL`, `n` or `j`.
  mutating func scanNumber() {
    if s[pos] == "0", let prefix = peek(1), "xXbBoO".unicodeScalars.contains(prefix) {
      pos += 2
      let hex = prefix == "x" || prefix == "X"
      scanDigits(hex: hex)
      if hex {
        if peek() == ".", let next = peek(1), isHexDigit(next) {
          pos += 1
          scanDigits(hex: true)
        }
        if peek() == "p" || peek() == "P" { scanExponent() }
      }
    } else {
      scanDigits(hex: false)
      if peek() == ".", let next = peek(1), isDigit(next) {
        pos += 1
        scanDigits(hex: false)
      }
      if peek() == "e" || peek() == "E" { scanExponent() }
    }
    while pos < s.count && s[pos].isASCII && (isLetter(s[pos]) || isDigit(s[pos])) { pos += 1 }
    emitSignificant(.number, .value)
  }

  /// Digits with `_` separators, and `'` ones where the language has them.
  private mutating func scanDigits(hex: Bool) {
    while pos < s.count {
      let c = s[pos]
      if (hex ? isHexDigit(c) : isDigit(c)) || c == "_" {
        pos += 1
      } else if c == "'" && syntax.quoteDigitSeparators, let next = peek(1),
        hex ? isHexDigit(next) : isDigit(next)
      {
        pos += 2
      } else {
        return
      }
    }
  }

  /// At an exponent letter: takes it with its sign and digits, or leaves it for the suffix.
  private mutating func scanExponent() {
    var index = pos + 1
    if index < s.count && (s[index] == "+" || s[index] == "-") { index += 1 }
    guard index < s.count && isDigit(s[index]) else { return }
    pos = index
    while pos < s.count && (isDigit(s[pos]) || s[pos] == "_") { pos += 1 }
  }

  /// Plain or punctuation for one scalar the language gives no meaning.
  mutating func scanOther() {
    let c = s[pos]
    pos += 1
    if c.isASCII && isPunctuation(c) {
      let isMember = c == "." && (pos < 2 || s[pos - 2] != ".") && peek() != "."
      emitSignificant(.punctuation, isMember ? .dot : .punctuation(c))
    } else {
      emitSignificant(.plain, .value)
    }
  }
}

// MARK: - Character classes

extension LineScanner {
  func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }

  func isLetter(_ c: Unicode.Scalar) -> Bool {
    (c >= "a" && c <= "z") || (c >= "A" && c <= "Z")
  }

  func isHexDigit(_ c: Unicode.Scalar) -> Bool {
    isDigit(c) || (c >= "a" && c <= "f") || (c >= "A" && c <= "F")
  }

  /// ASCII punctuation and symbols: what code uses for operators and brackets.
  func isPunctuation(_ c: Unicode.Scalar) -> Bool {
    (c >= "!" && c <= "/") || (c >= ":" && c <= "@") || (c >= "[" && c <= "`")
      || (c >= "{" && c <= "~")
  }
}
