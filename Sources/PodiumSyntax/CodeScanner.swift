/// The scanner the programming languages share (Swift, C, C++, Python, JavaScript, TypeScript,
/// Rust and Go): comments, numbers, words and strings as their tables describe them. What only
/// one family does (Swift's raw strings, the C preprocessor, JavaScript's regexes, Rust's
/// lifetimes...) is in that family's file, reached through the two hooks at the end.
extension LineScanner {
  mutating func scanCodeLine() {
    switch state {
    case .blockComment(let depth): scanBlockComment(depth: depth)
    case .string(let rule): scanString(rule)
    default: state = .code
    }
    while pos < count {
      if scanBlanks() { continue }
      let c = s[pos]
      if !syntax.lineComment.isEmpty && matches(syntax.lineComment, at: pos) {
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

  /// Strings, attributes, and whatever a family gives `#`, `/` or `[`; false when `c` is just
  /// punctuation. Other scalars go straight to `scanOther`: no family gives them a meaning.
  private mutating func scanSpecial(_ c: Unicode.Scalar) -> Bool {
    switch c {
    case "\"", "'", "`", "#", "/", "[":
      if scanFamilySpecial(c) { return true }
      guard let opener = syntax.string(openedBy: c) else { return false }
      startString(opener.rule, tripled: opener.tripled)
      return true
    case "@":
      return scanAtAttribute()
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
    if syntax.keywords.contains(text) && (!afterDot || syntax.memberKeywords.contains(text)) {
      return .keyword
    }
    if syntax.softKeywords.contains(text) && !afterDot && softKeywordApplies {
      return .keyword
    }
    if syntax.types.contains(text) && !afterDot { return .type }
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

  private var callFollows: Bool {
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
    case .python, .go, .shell, .json, .yaml: return false
    }
  }

  /// A word just scanned that starts something other than a prefixed string or a name.
  private mutating func scanFamilyWord(_ word: String, next: Unicode.Scalar) -> Bool {
    switch syntax.dialect {
    case .cpp: return scanCppRawString(prefix: word, next: next)
    case .rust: return scanRustRawWord(word, next: next)
    case .swift, .c, .python, .javascript, .go, .shell, .json, .yaml: return false
    }
  }
}
