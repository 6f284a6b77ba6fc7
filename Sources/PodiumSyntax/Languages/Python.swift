extension SyntaxLanguage {
  static let python = SyntaxLanguage(
    name: "python",
    aliases: ["py", "python3", "py3"],
    dialect: .python,
    keywords: [
      "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class",
      "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if",
      "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "self",
      "try", "while", "with", "yield",
    ],
    softKeywords: ["match", "case", "type"],
    types: [
      "bool", "bytearray", "bytes", "complex", "dict", "float", "frozenset", "int", "list",
      "memoryview", "object", "set", "str", "tuple",
    ],
    functionIntroducers: ["def"],
    typeIntroducers: ["class"],
    // Raw strings still end only at an unescaped quote, so escapes apply to every kind.
    strings: [
      StringOpener("\"", tripled: true, prefixes: pythonStringPrefixes),
      StringOpener("'", tripled: true, prefixes: pythonStringPrefixes),
    ],
    lineComments: [["#"]],
    blockComments: [],
    capitalizedTypes: true,
    atAttributes: true,
    dottedAttributes: true)

  /// `r"..."`, `f'...'`, `Rb"..."`: the letters in any case.
  private static let pythonStringPrefixes = Set(
    ["r", "u", "b", "f", "t", "br", "rb", "fr", "rf", "tr", "rt"].flatMap(allCasings))

  /// `rb`, `rB`, `Rb`, `RB`.
  private static func allCasings(_ word: String) -> [String] {
    word.reduce([""]) { partial, letter in
      partial.flatMap { [$0 + letter.lowercased(), $0 + letter.uppercased()] }
    }
  }
}
