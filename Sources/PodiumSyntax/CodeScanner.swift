/// The scanner the programming languages share (Swift, the C and Java families, Python,
/// JavaScript, Rust, Go, the ML family, SQL, Pascal, Nix, PHP, Ruby, Julia, Mermaid...):
/// comments, numbers, words and strings as their tables describe them. What only one family does
/// (Swift's raw strings, the C preprocessor, JavaScript's regexes, Rust's lifetimes, PHP's
/// variables...) is in that family's file, reached through the two hooks at the end.
extension LineScanner {
  mutating func scanCodeLine() {
    switch state {
    case .blockComment(let depth, let style): scanBlockComment(depth: depth, style: style)
    case .string(let rule): scanString(rule)
    default: state = .code
    }
    while pos < count {
      if scanBlanks() { continue }
      let c = s[pos]
      if let style = blockCommentOpening() {
        pos += syntax.blockComments[style].open.count
        sawCode = true
        scanBlockComment(depth: 1, style: style)
      } else if startsLineComment(c) {
        pos = count
        emit(.comment)
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

  private func startsLineComment(_ c: Unicode.Scalar) -> Bool {
    guard mayStartComment(c) else { return false }
    for comment in syntax.lineComments where comment[0] == c && matches(comment, at: pos) {
      return true
    }
    return false
  }

  /// The previous token ends an operand, so `/` divides and `.5` is a member.
  private var followsValue: Bool {
    switch previous {
    case .word, .value: return true
    case .punctuation(let c): return c == ")" || c == "]" || c == "}"
    case .none, .dot: return false
    }
  }

  /// Strings, attributes, and whatever a family gives `#`, `/` or `[`; false when `c` is just
  /// punctuation. Other scalars go straight to `scanOther`: no family gives them a meaning.
  private mutating func scanSpecial(_ c: Unicode.Scalar) -> Bool {
    switch c {
    case "\"", "'", "`", "#", "/", "[", "$", "<", "?", ".", "~", ":", "(", "{", "|", "%":
      if scanFamilySpecial(c) { return true }
      if c == ":" && syntax.colonSymbols && !followsValue && (pos == 0 || s[pos - 1] != ":"),
        let next = peek(1),
        isIdentifierStart(next)
      {
        pos += 1
        scanIdentifier()
        emitSignificant(.string, .value)
        return true
      }
      if c == "'" && syntax.tickQuotes {
        scanTick()
        return true
      }
      guard let opener = syntax.string(openedBy: c) else { return false }
      startString(opener.rule, tripled: opener.tripled)
      return true
    case "@":
      return scanFamilySpecial(c) || scanAtAttribute()
    default:
      return false
    }
  }

  private mutating func scanAtAttribute() -> Bool {
    guard syntax.atAttributes, let next = peek(1), isIdentifierStart(next) else { return false }
    pos += 1
    scanIdentifier()
    while syntax.dottedAttributes && peek() == ".", let next = peek(1), isIdentifierStart(next) {
      pos += 1
      scanIdentifier()
    }
    emitSignificant(.attribute, .punctuation("@"))
    return true
  }

  /// An identifier, keyword, or a string with a prefix (`r"..."`, `b'x'`, `L"..."`).
  private mutating func scanWord() {
    let start = pos
    scanIdentifier()
    let text = word(from: start)
    if let next = peek() {
      if scanFamilyWord(text, next: next) { return }
      if let opener = syntax.string(openedBy: next), opener.prefixes.contains(text) {
        startString(opener.rule, tripled: opener.tripled)
        return
      }
    }
    emitSignificant(classify(text), .word(text))
  }

  /// The kind of an identifier just scanned (ending at `pos`).
  private mutating func classify(_ text: String) -> CodeTokenKind {
    let afterDot = previous == .dot
    let key = syntax.caseInsensitive ? text.lowercased() : text
    if syntax.keywords.contains(key) && (!afterDot || syntax.memberKeywords.contains(key)) {
      return .keyword
    }
    if syntax.softKeywords.contains(key) && !afterDot && softKeywordApplies {
      return .keyword
    }
    if syntax.types.contains(key) && !afterDot { return .type }
    if syntax.assignmentKeys && isAssignmentKey { return .attribute }
    if !syntax.signatureColon.isEmpty && isSignature(text) { return .function }
    if syntax.bangMacros && peek() == "!", let bracket = peek(1),
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

  /// `name =` but not `name ==` or `name =>`.
  private var isAssignmentKey: Bool {
    let index = nonBlank(from: pos)
    guard index < count && s[index] == "=" else { return false }
    return index + 1 == count || (s[index + 1] != "=" && s[index + 1] != ">")
  }

  /// A lowercase name first on its line before the signature colon (`::` in Haskell), with no
  /// other operator scalar after the colon (`:=`, `:::`).
  private func isSignature(_ text: String) -> Bool {
    guard !sawCode, let first = text.unicodeScalars.first, !first.properties.isUppercase else {
      return false
    }
    let index = nonBlank(from: pos)
    guard matches(syntax.signatureColon, at: index) else { return false }
    let after = index + syntax.signatureColon.count
    return after == count || !(isPunctuation(s[after]) && s[after] != "(" && s[after] != "{")
  }

  private var callFollows: Bool {
    guard syntax.calls else { return false }
    let index = syntax.spaceBeforeCall ? nonBlank(from: pos) : pos
    return index < count && s[index] == "("
  }

  /// `String`, `URL`, `T`; not `MAX_SIZE`, which is a constant.
  private func looksLikeTypeName(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first.properties.isUppercase else { return false }
    return !text.contains("_") || text.unicodeScalars.contains { $0.properties.isLowercase }
  }

  // MARK: Family hooks

  /// A quote, `#`, `/` or `[` at `pos` that means more in the family than its tables say.
  private mutating func scanFamilySpecial(_ c: Unicode.Scalar) -> Bool {
    switch syntax.dialect {
    case .swift: return scanSwiftSpecial(c)
    case .c, .cpp: return scanCSpecial(c)
    case .javascript: return scanJavaScriptSpecial(c)
    case .rust: return scanRustSpecial(c)
    case .java: return scanJavaSpecial(c)
    case .php: return scanPHPSpecial(c)
    case .ml: return scanMLSpecial(c)
    case .sql: return scanSQLSpecial(c)
    case .pascal: return scanPascalSpecial(c)
    case .nix: return scanNixSpecial(c)
    case .mermaid: return scanMermaidSpecial(c)
    case .tables, .python, .go, .shell, .json, .yaml, .lisp, .markup, .css, .markdown, .tex,
      .config, .dockerfile, .makefile, .diff, .http:
      return false
    }
  }

  /// A word just scanned that starts something other than a prefixed string or a name.
  private mutating func scanFamilyWord(_ word: String, next: Unicode.Scalar) -> Bool {
    switch syntax.dialect {
    case .cpp: return scanCppRawString(prefix: word, next: next)
    case .rust: return scanRustRawWord(word, next: next)
    default: return false
    }
  }
}
