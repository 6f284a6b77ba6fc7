/// JSON (with JSONC's and JSON5's comments and bare words) and YAML: data, not code, so keys,
/// scalars and their types rather than keywords and names.
extension SyntaxLanguage {
  static let json = SyntaxLanguage(name: "json", aliases: ["jsonc", "json5"], dialect: .json)

  static let yaml = SyntaxLanguage(name: "yaml", aliases: ["yml"], dialect: .yaml)

  /// YAML 1.1 booleans (still what most tools read) and nulls.
  static let yamlKeywords: Set<String> = [
    "true", "True", "TRUE", "false", "False", "FALSE", "yes", "Yes", "YES", "no", "No", "NO",
    "on", "On", "ON", "off", "Off", "OFF", "null", "Null", "NULL", "~",
  ]
}

// MARK: - JSON

extension LineScanner {
  /// JSON, with the comments and bare words of JSONC and JSON5 taken in stride.
  mutating func scanJSONLine() {
    if case .blockComment(let depth, let style) = state {
      scanBlockComment(depth: depth, style: style)
    }
    while pos < count {
      if scanBlanks() { continue }
      let c = s[pos]
      if c == "/" && peek(1) == "/" {
        pos = count
        emit(.comment)
      } else if c == "/" && peek(1) == "*" {
        pos += 2
        scanBlockComment(depth: 1)
      } else if c == "\"" || c == "'" {
        pos += 1
        while pos < count && s[pos] != c { pos += s[pos] == "\\" ? 2 : 1 }
        pos = min(pos + 1, count)
        emit(isKeyEnd ? .attribute : .string)
      } else if isDigit(c) || ((c == "-" || c == "+" || c == ".") && peek(1).map(isDigit) == true) {
        if c == "-" || c == "+" { pos += 1 }
        scanNumber()
      } else if isIdentifierStart(c) {
        let start = pos
        scanIdentifier()
        let word = self.word(from: start)
        if isKeyEnd {
          emit(.attribute)
        } else if word == "true" || word == "false" || word == "null" {
          emit(.keyword)
        } else {
          emit(word == "NaN" || word == "Infinity" ? .number : .plain)
        }
      } else {
        scanOther()
      }
    }
  }

  /// The token ending at `pos` is an object key.
  private var isKeyEnd: Bool {
    let next = nonBlank(from: pos)
    return next < count && s[next] == ":"
  }
}

// MARK: - YAML

extension LineScanner {
  /// YAML: keys, scalars by their core-schema type, quotes, comments, block scalars.
  mutating func scanYAMLLine() {
    let indent = nonBlank(from: 0)
    switch state {
    case .string(let rule):
      scanString(rule)
    case .yamlBlockScalar(let parentIndent):
      if indent == count {
        pos = count
        emit(.plain)
        return
      }
      if indent > parentIndent {
        pos = indent
        emit(.plain)
        pos = count
        emit(.string)
        return
      }
      state = .code
    default:
      state = .code
    }
    if pos == 0 {
      if (matches(["-", "-", "-"], at: 0) || matches([".", ".", "."], at: 0))
        && (count == 3 || SyntaxHighlighter.isBlank(s[3]))
      {
        pos = 3
        emit(.punctuation)
      } else if peek() == "%" {
        pos = count
        emit(.attribute)  // %YAML 1.2, %TAG
      }
    }
    var flowDepth = 0
    var blockScalar = false
    while pos < count {
      if scanBlanks() { continue }
      let c = s[pos]
      let afterBlank = pos == 0 || SyntaxHighlighter.isBlank(s[pos - 1])
      let beforeBlank = pos + 1 == count || SyntaxHighlighter.isBlank(s[pos + 1])
      switch c {
      case "#" where afterBlank:
        pos = count
        emit(.comment)
      case "-" where beforeBlank, "?" where beforeBlank, ":" where beforeBlank:
        pos += 1
        emit(.punctuation)
      case "[", "{":
        flowDepth += 1
        pos += 1
        emit(.punctuation)
      case "]", "}":
        flowDepth = max(0, flowDepth - 1)
        pos += 1
        emit(.punctuation)
      case "," where flowDepth > 0:
        pos += 1
        emit(.punctuation)
      case "\"", "'":
        scanYAMLQuoted(c)
      case "&", "*", "!":
        // Anchors, aliases and tags.
        pos += 1
        while pos < count && !SyntaxHighlighter.isBlank(s[pos])
          && !(flowDepth > 0 && ",[]{}".unicodeScalars.contains(s[pos]))
        {
          pos += 1
        }
        emit(.type)
      case "|" where isBlockScalarHeader, ">" where isBlockScalarHeader:
        pos += 1
        while pos < count && (s[pos] == "-" || s[pos] == "+" || isDigit(s[pos])) { pos += 1 }
        emit(.punctuation)
        blockScalar = true
      default:
        scanYAMLPlainScalar(flowDepth: flowDepth)
      }
    }
    if blockScalar && state == .code { state = .yamlBlockScalar(parentIndent: indent) }
  }

  /// `|` or `>` at `pos` with only indicators and maybe a comment after it.
  private var isBlockScalarHeader: Bool {
    var index = pos + 1
    while index < count && (s[index] == "-" || s[index] == "+" || isDigit(s[index])) {
      index += 1
    }
    let rest = nonBlank(from: index)
    return rest == count || (s[rest] == "#" && rest > index)
  }

  private mutating func scanYAMLQuoted(_ quote: Unicode.Scalar) {
    var index = pos + 1
    var closed = false
    while index < count {
      if quote == "\"" && s[index] == "\\" {
        index += 2
      } else if s[index] == quote {
        // '' is a quote inside single quotes.
        if quote == "'" && index + 1 < count && s[index + 1] == "'" {
          index += 2
          continue
        }
        closed = true
        break
      } else {
        index += 1
      }
    }
    guard closed else {
      pos += 1
      scanString(
        StringRule(
          close: [quote], escapes: quote == "\"", multiline: true, doubledQuotes: quote == "'"))
      return
    }
    pos = index + 1
    let next = nonBlank(from: pos)
    emit(next < count && s[next] == ":" ? .attribute : .string)
  }

  /// An unquoted scalar: a key when a `: ` ends it, else a boolean, null, number or string.
  private mutating func scanYAMLPlainScalar(flowDepth: Int) {
    let start = pos
    var end = pos
    var isKey = false
    func isFlowIndicator(_ c: Unicode.Scalar) -> Bool {
      flowDepth > 0 && ",[]{}".unicodeScalars.contains(c)
    }
    while pos < count {
      let c = s[pos]
      if c == ":"
        && (pos + 1 == count || SyntaxHighlighter.isBlank(s[pos + 1])
          || isFlowIndicator(s[pos + 1]))
      {
        isKey = true
        break
      }
      if c == "#" && pos > start && SyntaxHighlighter.isBlank(s[pos - 1]) { break }
      if isFlowIndicator(c) { break }
      if !SyntaxHighlighter.isBlank(c) { end = pos + 1 }
      pos += 1
    }
    guard end > start else {
      // Only an indicator the cases above do not take, such as `:` before `,` in a flow.
      pos = start + 1
      emit(.punctuation)
      return
    }
    pos = end
    let text = s[start..<end]
    if isKey {
      emit(.attribute)
    } else if SyntaxLanguage.yamlKeywords.contains(SyntaxHighlighter.text(of: text)) {
      emit(.keyword)
    } else {
      emit(isYAMLNumber(text) ? .number : .string)
    }
  }

  /// YAML 1.2 core-schema numbers: `12`, `-3.5e2`, `0x1F`, `0o17`, `.inf`, `.nan`, and `1_000`.
  private func isYAMLNumber(_ text: ArraySlice<Unicode.Scalar>) -> Bool {
    var rest = text[...]
    if rest.count > 2 && rest.first == "0", let base = rest.dropFirst().first,
      base == "x" || base == "o"
    {
      return rest.dropFirst(2).allSatisfy {
        base == "x" ? isHexDigit($0) : ("0"..."7").contains($0)
      }
    }
    if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
    let word = SyntaxHighlighter.text(of: rest)
    if [".inf", ".Inf", ".INF", ".nan", ".NaN", ".NAN"].contains(word) { return true }
    var digits = 0
    var index = rest.startIndex
    func take(_ text: ArraySlice<Unicode.Scalar>, _ index: inout Int) {
      while index < text.endIndex && (isDigit(text[index]) || text[index] == "_") {
        if text[index] != "_" { digits += 1 }
        index += 1
      }
    }
    take(rest, &index)
    if index < rest.endIndex && rest[index] == "." {
      index += 1
      take(rest, &index)
    }
    guard digits > 0 else { return false }
    if index < rest.endIndex && (rest[index] == "e" || rest[index] == "E") {
      index += 1
      if index < rest.endIndex && (rest[index] == "+" || rest[index] == "-") { index += 1 }
      let before = digits
      take(rest, &index)
      guard digits > before else { return false }
    }
    return index == rest.endIndex
  }
}
