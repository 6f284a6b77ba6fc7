/// JavaScript and TypeScript: template literals, regex literals and shebang lines.
extension SyntaxLanguage {
  static let javascript = SyntaxLanguage(
    name: "javascript",
    aliases: ["js", "jsx", "mjs", "cjs", "node"],
    dialect: .javascript,
    keywords: javascriptKeywords,
    functionIntroducers: ["function"],
    typeIntroducers: ["class"],
    strings: javascriptStrings,
    capitalizedTypes: true,
    dollarIdentifiers: true,
    atAttributes: true)

  static let typescript = SyntaxLanguage(
    name: "typescript",
    aliases: ["ts", "tsx", "mts", "cts"],
    dialect: .javascript,
    keywords: javascriptKeywords.union([
      "abstract", "accessor", "asserts", "enum", "implements", "infer", "interface", "is",
      "keyof", "override", "private", "protected", "public", "readonly", "satisfies", "unique",
    ]),
    softKeywords: ["type", "namespace", "module", "declare"],
    types: [
      "any", "bigint", "boolean", "never", "number", "object", "string", "symbol", "unknown",
    ],
    functionIntroducers: ["function"],
    typeIntroducers: ["class", "interface", "type", "enum"],
    strings: javascriptStrings,
    capitalizedTypes: true,
    dollarIdentifiers: true,
    atAttributes: true)

  private static let javascriptKeywords: Set<String> = [
    "as", "async", "await", "break", "case", "catch", "class", "const", "continue", "debugger",
    "default", "delete", "do", "else", "export", "extends", "false", "finally", "for", "from",
    "function", "if", "import", "in", "Infinity", "instanceof", "let", "NaN", "new", "null",
    "of", "return", "static", "super", "switch", "this", "throw", "true", "try", "typeof",
    "undefined", "var", "void", "while", "with", "yield",
  ]

  private static let javascriptStrings = [
    StringOpener("\""), StringOpener("'"),
    StringOpener("`", StringRule(close: ["`"], multiline: true, interpolation: .javascript)),
  ]

  /// Words after which a `/` starts a regex rather than dividing.
  static let javascriptRegexAfter: Set<String> = [
    "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do",
    "else", "yield", "await",
  ]
}

extension LineScanner {
  mutating func scanJavaScriptSpecial(_ c: Unicode.Scalar) -> Bool {
    switch c {
    case "/": return scanRegex()
    case "#":
      // A shebang line.
      guard isFirstLine && pos == 0 && peek(1) == "!" else { return false }
      pos = count
      emit(.comment)
      return true
    default: return false
    }
  }

  /// A regex literal where an operand may start; false leaves `/` as punctuation.
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
}
