/// Pascal, Delphi and Free Pascal: keywords in any case, `{ }` and `(* *)` comments beside
/// `//`, quotes doubled inside strings, `$FF` hexadecimal and `%1010` binary numbers and `#13` characters.
extension SyntaxLanguage {
  static let pascal = SyntaxLanguage(
    name: "pascal",
    aliases: ["delphi", "pas", "objectpascal", "freepascal", "lazarus", "dpr"],
    dialect: .pascal,
    keywords: [
      "absolute", "abstract", "and", "array", "as", "asm", "begin", "case", "class", "const",
      "constructor", "destructor", "div", "do", "downto", "else", "end", "except", "exports",
      "false", "file", "finalization", "finally", "for", "forward", "function", "goto", "if",
      "implementation", "in", "inherited", "initialization", "inline", "interface", "is",
      "label", "library", "mod", "nil", "not", "object", "of", "on", "or", "out", "override",
      "packed", "private", "procedure", "program", "property", "protected", "public",
      "published", "raise", "record", "repeat", "resourcestring", "set", "shl", "shr", "then",
      "threadvar", "to", "true", "try", "type", "unit", "until", "uses", "var", "virtual",
      "while", "with", "xor",
    ],
    types: [
      "boolean", "byte", "cardinal", "char", "double", "extended", "int64", "integer", "longint",
      "pchar", "pointer", "real", "shortint", "single", "smallint", "string", "text", "word",
    ],
    functionIntroducers: ["function", "procedure", "constructor", "destructor"],
    strings: [
      StringOpener("'", StringRule(close: ["'"], escapes: false, doubledQuotes: true))
    ],
    blockComments: [BlockComment(open: ["{"], close: ["}"]), .ml],
    caseInsensitive: true)
}

extension LineScanner {
  /// `$FF` and `%1010` numbers and `#13` character codes.
  mutating func scanPascalSpecial(_ c: Unicode.Scalar) -> Bool {
    guard c == "$" || c == "#" || c == "%", let next = peek(1),
      c == "$" ? isHexDigit(next) : (isDigit(next) || (c == "#" && next == "$"))
    else { return false }
    pos += 1
    while pos < count && (isHexDigit(s[pos]) || s[pos] == "$") { pos += 1 }
    emitSignificant(c == "#" ? .string : .number, .value)
    return true
  }
}
