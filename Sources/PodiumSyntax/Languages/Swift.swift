extension SyntaxLanguage {
  static let swift = SyntaxLanguage(
    name: "swift",
    dialect: .swift,
    keywords: [
      "actor", "any", "as", "associatedtype", "async", "await", "borrowing", "break", "case",
      "catch", "class", "consume", "consuming", "continue", "convenience", "default", "defer",
      "deinit", "didSet", "do", "dynamic", "else", "enum", "extension", "fallthrough", "false",
      "fileprivate", "final", "for", "func", "get", "guard", "if", "import", "in", "indirect",
      "init", "inout", "internal", "is", "isolated", "lazy", "let", "macro", "mutating", "nil",
      "nonisolated", "nonmutating", "open", "operator", "override", "package", "precedencegroup",
      "private", "protocol", "public", "repeat", "required", "rethrows", "return", "self", "Self",
      "sending", "set", "some", "static", "struct", "subscript", "super", "switch", "throw",
      "throws", "true", "try", "typealias", "unowned", "var", "weak", "where", "while", "willSet",
    ],
    memberKeywords: ["self", "init"],
    types: ["Any", "AnyObject"],
    functionIntroducers: ["func"],
    typeIntroducers: [
      "class", "struct", "enum", "protocol", "extension", "actor", "typealias", "associatedtype",
    ],
    strings: [
      StringOpener("\"", StringRule(close: ["\""], interpolation: .swift(hashes: 0)), tripled: true)
    ],
    nestedComments: true,
    capitalizedTypes: true,
    dollarIdentifiers: true,  // $0, $binding
    atAttributes: true)
}

extension LineScanner {
  /// Raw strings (`#"..."#`), `#if` and other `#` directives, and names in backticks.
  mutating func scanSwiftSpecial(_ c: Unicode.Scalar) -> Bool {
    switch c {
    case "#":
      if let hashes = hashesBeforeQuote() {
        pos += hashes
        let rule = StringRule(
          close: ["\""] + Array(repeating: "#", count: hashes), escapes: false,
          interpolation: .swift(hashes: hashes))
        startString(rule, tripled: true)
        return true
      }
      if peek(1) == "#" {
        // No quote ends this run of `#`s, so none of them opens a string, and only the last may
        // start a directive; taking the others at once keeps a line of `#`s linear.
        while peek(1) == "#" { pos += 1 }
        emitSignificant(.punctuation, .punctuation("#"))
        return true
      }
      guard let next = peek(1), isIdentifierStart(next) else { return false }
      pos += 1
      scanIdentifier()
      emitSignificant(.attribute, .punctuation("#"))
      return true
    case "`":
      // `default` in backticks is an identifier; look for the closing one on this line only.
      guard let end = s[(pos + 1)...].firstIndex(of: "`") else { return false }
      pos = end + 1
      emitSignificant(.plain, .word("`"))
      return true
    default:
      return false
    }
  }
}
