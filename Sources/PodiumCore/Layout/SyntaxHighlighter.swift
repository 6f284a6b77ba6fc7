/// The colour class of a piece of code; a theme maps each kind to a colour.
public enum CodeTokenKind: String, Hashable, Sendable, CaseIterable {
  case plain, keyword, type, string, comment, number, function, punctuation, attribute
}

/// A run of code drawn in one colour.
public struct CodeToken: Hashable, Sendable {
  public var kind: CodeTokenKind
  public var text: String

  public init(_ kind: CodeTokenKind, _ text: String) {
    self.kind = kind
    self.text = text
  }
}

/// Colours fenced code blocks (DECK-FORMAT.md, "Text and code").
///
/// A hand-written scanner over each line's Unicode scalars: no regular expressions, one pass,
/// linear in the input whatever it holds, and it never fails. Comments, strings and heredocs that
/// span lines carry their state from one line to the next. It is a highlighter, not a parser:
/// where a language is ambiguous without a grammar it guesses the way editors do.
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

  /// Highlights lines as `splitLines` gives them (layout passes only the part a slide shows).
  static func highlight(lines: [[Unicode.Scalar]], language: String?) -> [[CodeToken]] {
    guard let name = language, let canonical = canonicalLanguage(name),
      let syntax = SyntaxLanguage.named[canonical]
    else {
      return lines.map { $0.isEmpty ? [] : [CodeToken(.plain, text(of: $0[...]))] }
    }
    var state = ScanState.code
    var result: [[CodeToken]] = []
    result.reserveCapacity(lines.count)
    for (index, line) in lines.enumerated() {
      var scanner = LineScanner(line, syntax: syntax, state: state, isFirstLine: index == 0)
      scanner.scanLine()
      result.append(scanner.tokens())
      state = scanner.state
    }
    return result
  }

  /// The canonical language for a fence name (`py` → `python`, `sh` → `shell`, `c++` → `cpp`...),
  /// nil when unsupported. Case and anything after the name in an info string (`rust,ignore`,
  /// `python {1,3}`, presenterm's `bash +exec`) are ignored.
  public static func canonicalLanguage(_ name: String) -> String? {
    var key = String.UnicodeScalarView()
    // Pandoc writes `{.python}`: skip the brace and dot as well as leading blanks.
    for scalar in name.unicodeScalars.drop(while: { $0 == "{" || $0 == "." || isBlank($0) }) {
      if isBlank(scalar) || scalar == "," || scalar == "{" || scalar == "}" { break }
      key.append(scalar)
    }
    return SyntaxLanguage.aliases[String(key).lowercased()]
  }

  /// Lines as scalars with tabs already expanded, so every later index is a display column.
  static func splitLines(_ code: String) -> [[Unicode.Scalar]] {
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

// MARK: - Scanner state

extension SyntaxHighlighter {
  /// What a line leaves open for the next one.
  enum ScanState: Hashable, Sendable {
    case code
    case blockComment(depth: Int)
    case string(StringRule)
    /// A shell line ended in `\`: the next line goes on with the same command's arguments.
    case shellContinuation
    /// Shell heredoc body lines up to the line holding only `delimiter`.
    case heredoc(delimiter: [Unicode.Scalar], indented: Bool)
    /// YAML `|` or `>` block scalar: lines indented deeper than `parentIndent` are its text.
    case yamlBlockScalar(parentIndent: Int)
  }

  /// How a string literal ends and what may hide its closing delimiter.
  struct StringRule: Hashable, Sendable {
    var close: [Unicode.Scalar]
    var escapes = true
    /// Line breaks belong to the string (triple quotes, raw strings, templates, Rust strings).
    var multiline = false
    var interpolation = Interpolation.none
    /// YAML single quotes write a quote as `''`.
    var doubledQuotes = false
  }

  /// Code inside a string, coloured as `attribute`.
  enum Interpolation: Hashable, Sendable {
    case none
    /// `\(x)`, or `\#(x)` in a raw string with that many `#`.
    case swift(hashes: Int)
    /// `${x}` in a template literal.
    case javascript
    /// `$name`, `${name}`, `$(command)` in double quotes.
    case shell
  }

  /// The significant token before the current one, for the guesses that need context.
  enum Previous: Equatable {
    case none
    case word(String)
    /// A number, string or other value: what follows is an operator, not a regex.
    case value
    /// A `.` member access.
    case dot
    case punctuation(Unicode.Scalar)
  }
}

// MARK: - Line scanner

extension SyntaxHighlighter {
  /// Scans one line. Every scan step moves `pos` forward and ends with `emit(kind)`, which closes
  /// the token from the end of the last one to `pos`; so tokens always cover the line exactly.
  struct LineScanner {
    let s: [Unicode.Scalar]
    let syntax: SyntaxLanguage
    var state: ScanState
    let isFirstLine: Bool
    var pos = 0
    var previous = Previous.none
    /// Something other than blanks came before on this line (C preprocessor, soft keywords).
    var sawCode = false
    /// A lookahead that failed once on this line fails again, so it is not retried: that keeps
    /// lines full of `/` or `[[` linear.
    var regexSearchFailed = false
    var attributeSearchFailed = false
    private var tokenStart = 0
    private var runs: [(kind: CodeTokenKind, start: Int)] = []

    init(_ scalars: [Unicode.Scalar], syntax: SyntaxLanguage, state: ScanState, isFirstLine: Bool) {
      self.s = scalars
      self.syntax = syntax
      self.state = state
      self.isFirstLine = isFirstLine
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

    func tokens() -> [CodeToken] {
      runs.indices.map { index in
        let end = index + 1 < runs.count ? runs[index + 1].start : s.count
        return CodeToken(runs[index].kind, SyntaxHighlighter.text(of: s[runs[index].start..<end]))
      }
    }

    mutating func scanLine() {
      switch syntax.dialect {
      case .shell: scanShellLine()
      case .json: scanJSONLine()
      case .yaml: scanYAMLLine()
      default: scanCodeLine()
      }
      // Whatever is left (only when a scan step gave up early) stays plain.
      pos = s.count
      emit(.plain)
    }

    // MARK: Shared pieces

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
      while pos < s.count && isIdentifierContinue(s[pos]) { pos += 1 }
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
        pos += 1
      }
      emit(.string)
      state = rule.multiline ? .string(rule) : .code
    }

    /// From inside a `/* */` comment, to its end or the end of the line.
    mutating func scanBlockComment(depth: Int) {
      var depth = depth
      while pos < s.count {
        if s[pos] == "*" && peek(1) == "/" {
          pos += 2
          depth -= 1
          if depth == 0 {
            emit(.comment)
            state = .code
            return
          }
        } else if syntax.nestedComments && s[pos] == "/" && peek(1) == "*" {
          pos += 2
          depth += 1
        } else {
          pos += 1
        }
      }
      emit(.comment)
      state = .blockComment(depth: depth)
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
}

// MARK: - C-family languages

extension SyntaxHighlighter.LineScanner {
  typealias StringRule = SyntaxHighlighter.StringRule

  /// Swift, C, C++, Python, JavaScript, TypeScript, Rust and Go.
  mutating func scanCodeLine() {
    switch state {
    case .blockComment(let depth): scanBlockComment(depth: depth)
    case .string(let rule): scanString(rule)
    default: state = .code
    }
    while pos < count {
      let c = s[pos]
      if SyntaxHighlighter.isBlank(c) {
        skipBlanks()
        emit(.plain)
      } else if !syntax.lineComment.isEmpty && matches(syntax.lineComment, at: pos) {
        pos = count
        emit(.comment)
      } else if c == "/" && peek(1) == "*" && syntax.blockComments {
        pos += 2
        sawCode = true
        scanBlockComment(depth: 1)
      } else if isDigit(c) {
        scanNumber()
      } else if c == "." && peek(1).map(isDigit) == true && !followsValue
        && (pos == 0 || s[pos - 1] != ".")
      {
        scanNumber()
      } else if isIdentifierStart(c) {
        scanWord()
      } else if !scanSpecial(c) {
        scanOther()
      }
    }
  }

  /// The previous token ends an operand, so `/` divides and `.5` is a member.
  private var followsValue: Bool {
    switch previous {
    case .word, .value: return true
    case .punctuation(let c): return c == ")" || c == "]" || c == "}"
    case .none, .dot: return false
    }
  }

  /// Quotes, `#`, `@`, regex literals and C++ attributes; false when `c` is just punctuation.
  private mutating func scanSpecial(_ c: Unicode.Scalar) -> Bool {
    let dialect = syntax.dialect
    switch c {
    case "\"", "'", "`":
      return scanQuote(c)
    case "#":
      return scanHash()
    case "@":
      guard syntax.atAttributes, let next = peek(1), isIdentifierStart(next) else { return false }
      pos += 1
      scanIdentifier()
      // Python decorators are dotted paths: `@app.route`.
      while dialect == .python && peek() == ".", let next = peek(1), isIdentifierStart(next) {
        pos += 1
        scanIdentifier()
      }
      emitSignificant(.attribute, .punctuation("@"))
      return true
    case "/":
      return dialect == .javascript && scanRegex()
    case "[":
      guard dialect == .cpp && peek(1) == "[" && !attributeSearchFailed else { return false }
      var end = pos + 2
      while end + 1 < count && !(s[end] == "]" && s[end + 1] == "]") { end += 1 }
      guard end + 1 < count else {
        attributeSearchFailed = true
        return false
      }
      pos = end + 2
      emitSignificant(.attribute, .punctuation("]"))
      return true
    default:
      return false
    }
  }

  private mutating func scanQuote(_ quote: Unicode.Scalar) -> Bool {
    switch (syntax.dialect, quote) {
    case (.swift, "\""):
      startString(StringRule(close: ["\""], interpolation: .swift(hashes: 0)), tripleAllowed: true)
    case (.swift, "`"):
      // `default` in backticks is an identifier; look for the closing one on this line only.
      guard let end = s[(pos + 1)...].firstIndex(of: "`") else { return false }
      pos = end + 1
      emitSignificant(.plain, .word("`"))
    case (.python, "\""), (.python, "'"):
      startString(StringRule(close: [quote]), tripleAllowed: true)
    case (.javascript, "\""), (.javascript, "'"):
      startString(StringRule(close: [quote]), tripleAllowed: false)
    case (.javascript, "`"):
      pos += 1
      scanString(StringRule(close: ["`"], multiline: true, interpolation: .javascript))
      sawCode = true
      previous = .value
    case (.rust, "\""):
      startString(StringRule(close: ["\""], multiline: true), tripleAllowed: false)
    case (.rust, "'"):
      scanRustQuote()
    case (.go, "`"):
      pos += 1
      scanString(StringRule(close: ["`"], escapes: false, multiline: true))
      sawCode = true
      previous = .value
    case (.go, "\""), (.c, "\""), (.cpp, "\""):
      startString(StringRule(close: ["\""]), tripleAllowed: false)
    case (.go, "'"), (.c, "'"), (.cpp, "'"):
      startString(StringRule(close: ["'"]), tripleAllowed: false)
    default:
      return false
    }
    return true
  }

  /// Opens the string whose quote is at `pos`; three quotes make it multi-line where allowed.
  private mutating func startString(_ rule: StringRule, tripleAllowed: Bool) {
    var rule = rule
    let quote = s[pos]
    if tripleAllowed && peek(1) == quote && peek(2) == quote {
      rule.close = [quote, quote, quote]
      rule.multiline = true
      pos += 3
    } else {
      pos += 1
    }
    scanString(rule)
    sawCode = true
    previous = .value
  }

  /// Rust's `'`: a char literal (`'a'`, `'\n'`), or a lifetime or label (`'a`, `'static`).
  private mutating func scanRustQuote() {
    if peek(1) == "\\" {
      startString(StringRule(close: ["'"]), tripleAllowed: false)
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

  /// `#`: Swift raw strings and `#if`, C preprocessor lines, Rust `#[attributes]`, shebangs.
  private mutating func scanHash() -> Bool {
    switch syntax.dialect {
    case .swift:
      var hashes = 0
      while peek(hashes) == "#" { hashes += 1 }
      if peek(hashes) == "\"" {
        let closeHashes = [Unicode.Scalar](repeating: "#", count: hashes)
        pos += hashes
        var rule = StringRule(
          close: ["\""] + closeHashes, escapes: false, interpolation: .swift(hashes: hashes))
        if peek(1) == "\"" && peek(2) == "\"" {
          rule.close = ["\"", "\"", "\""] + closeHashes
          rule.multiline = true
          pos += 3
        } else {
          pos += 1
        }
        scanString(rule)
        sawCode = true
        previous = .value
        return true
      }
      guard hashes == 1, let next = peek(1), isIdentifierStart(next) else { return false }
      pos += 1
      scanIdentifier()
      emitSignificant(.attribute, .punctuation("#"))
      return true
    case .c, .cpp:
      guard !sawCode else { return false }
      pos += 1
      skipBlanks()
      let start = pos
      scanIdentifier()
      let directive = word(from: start)
      emitSignificant(.attribute, .punctuation("#"))
      if directive == "include" || directive == "import" || directive == "include_next" {
        skipBlanks()
        emit(.plain)
        if peek() == "<" {
          pos = s[pos...].firstIndex(of: ">").map { $0 + 1 } ?? count
          emitSignificant(.string, .value)
        }
      }
      return true
    case .rust:
      let bracket = peek(1) == "!" ? 2 : 1
      guard peek(bracket) == "[" else { return false }
      pos += bracket
      skipBalanced("[", "]")
      emitSignificant(.attribute, .punctuation("]"))
      return true
    case .javascript:
      guard isFirstLine && pos == 0 && peek(1) == "!" else { return false }
      pos = count
      emit(.comment)
      return true
    default:
      return false
    }
  }

  /// A JavaScript regex literal where an operand may start; false leaves `/` as punctuation.
  private mutating func scanRegex() -> Bool {
    guard !regexSearchFailed && regexMayStart else { return false }
    var index = pos + 1
    var inClass = false
    while index < count {
      let c = s[index]
      if c == "\\" {
        index += 2
        continue
      }
      if c == "[" {
        inClass = true
      } else if c == "]" {
        inClass = false
      } else if c == "/" && !inClass {
        pos = index + 1
        scanIdentifier()  // flags
        emitSignificant(.string, .value)
        return true
      }
      index += 1
    }
    regexSearchFailed = true
    return false
  }

  private var regexMayStart: Bool {
    switch previous {
    case .none: return true
    case .value, .dot: return false
    case .word(let word): return SyntaxLanguage.javascriptRegexAfter.contains(word)
    case .punctuation(let c): return c != ")" && c != "]" && c != "}"
    }
  }

  /// An identifier, keyword, or a string with a letter prefix (`r"..."`, `b'x'`, `L"..."`).
  private mutating func scanWord() {
    let start = pos
    scanIdentifier()
    let text = word(from: start)
    if let next = peek(), scanPrefixedString(prefix: text, next: next) { return }
    if syntax.dialect == .rust && text == "r" && peek() == "#", let next = peek(1),
      isIdentifierStart(next)
    {
      // A raw identifier: r#type.
      pos += 1
      scanIdentifier()
      emitSignificant(.plain, .word(text))
      return
    }
    emitSignificant(classify(text), .word(text))
  }

  private mutating func scanPrefixedString(prefix: String, next: Unicode.Scalar) -> Bool {
    switch syntax.dialect {
    case .python:
      guard next == "\"" || next == "'",
        SyntaxLanguage.pythonStringPrefixes.contains(prefix.lowercased())
      else { return false }
      // Raw strings still end only at an unescaped quote, so escapes apply to every kind.
      startString(StringRule(close: [next]), tripleAllowed: true)
      return true
    case .c, .cpp:
      if next == "\"" && syntax.dialect == .cpp && ["R", "LR", "uR", "UR", "u8R"].contains(prefix),
        let rule = cppRawStringRule()
      {
        scanString(rule)
        sawCode = true
        previous = .value
        return true
      }
      guard next == "\"" || next == "'", ["L", "u", "U", "u8"].contains(prefix) else {
        return false
      }
      startString(StringRule(close: [next]), tripleAllowed: false)
      return true
    case .rust:
      if prefix == "b" && next == "'" {
        startString(StringRule(close: ["'"]), tripleAllowed: false)
        return true
      }
      if (prefix == "b" || prefix == "c") && next == "\"" {
        startString(StringRule(close: ["\""], multiline: true), tripleAllowed: false)
        return true
      }
      guard prefix == "r" || prefix == "br" || prefix == "cr" else { return false }
      var hashes = 0
      while peek(hashes) == "#" { hashes += 1 }
      guard peek(hashes) == "\"" else { return false }
      pos += hashes + 1
      let close: [Unicode.Scalar] = ["\""] + Array(repeating: "#", count: hashes)
      scanString(StringRule(close: close, escapes: false, multiline: true))
      sawCode = true
      previous = .value
      return true
    default:
      return false
    }
  }

  /// C++ `R"delim(...)delim"` with the quote at `pos`; nil when the delimiter is malformed.
  private mutating func cppRawStringRule() -> StringRule? {
    var index = pos + 1
    while index < count && index - pos <= 17 && s[index] != "(" {
      if s[index] == " " || s[index] == ")" || s[index] == "\\" || s[index] == "\"" { return nil }
      index += 1
    }
    guard index < count && s[index] == "(" else { return nil }
    let close: [Unicode.Scalar] = [")"] + s[(pos + 1)..<index] + ["\""]
    pos = index + 1
    return StringRule(close: close, escapes: false, multiline: true)
  }

  /// The kind of an identifier just scanned (ending at `pos`).
  private mutating func classify(_ text: String) -> CodeTokenKind {
    let afterDot = previous == .dot
    if syntax.keywords.contains(text) && (!afterDot || syntax.memberKeywords.contains(text)) {
      return .keyword
    }
    if syntax.softKeywords.contains(text) && !afterDot && softKeywordApplies {
      return .keyword
    }
    if syntax.types.contains(text) && !afterDot { return .type }
    // Rust macros: println!(...), vec![...].
    if syntax.dialect == .rust && peek() == "!", let bracket = peek(1),
      bracket == "(" || bracket == "[" || bracket == "{"
    {
      pos += 1
      return .function
    }
    if case .word(let before) = previous {
      if syntax.functionIntroducers.contains(before) { return .function }
      if syntax.typeIntroducers.contains(before) { return .type }
    }
    let call = callFollows
    if syntax.capitalizedTypes && looksLikeTypeName(text) {
      return call && syntax.callBeatsCapitalized ? .function : .type
    }
    if syntax.suffixTTypes && text.hasSuffix("_t") { return .type }
    return call ? .function : .plain
  }

  /// Soft keywords (`match` in Python, `type` in TypeScript) only start a statement: first on the
  /// line, then a blank, then something that is not an operator, as in `match = 3`.
  private var softKeywordApplies: Bool {
    guard !sawCode && peek() == " " else { return false }
    let next = nonBlank(from: pos)
    guard next < count else { return false }
    return !"=.,):;".unicodeScalars.contains(s[next])
  }

  private var callFollows: Bool {
    let index = syntax.spaceBeforeCall ? nonBlank(from: pos) : pos
    return index < count && s[index] == "("
  }

  /// `String`, `URL`, `T`; not `MAX_SIZE`, which is a constant.
  private func looksLikeTypeName(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first.properties.isUppercase else { return false }
    return !text.contains("_") || text.unicodeScalars.contains { $0.properties.isLowercase }
  }
}

// MARK: - Character classes

extension SyntaxHighlighter.LineScanner {
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
