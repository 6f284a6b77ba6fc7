/// C, C++ and Go: C's strings and character literals, the preprocessor, C++'s attributes and raw
/// strings, Go's raw strings in backticks.
extension SyntaxLanguage {
  static let c = SyntaxLanguage(
    name: "c",
    aliases: ["h"],
    dialect: .c,
    keywords: cKeywords,
    types: cTypes,
    typeIntroducers: ["struct", "union", "enum"],
    strings: cStrings,
    suffixTTypes: true,
    spaceBeforeCall: true,
    quoteDigitSeparators: true)

  static let cpp = SyntaxLanguage(
    name: "cpp",
    aliases: ["c++", "cc", "hpp", "cxx", "hxx", "hh"],
    dialect: .cpp,
    keywords: cKeywords.union([
      "and", "and_eq", "asm", "bitand", "bitor", "catch", "class", "co_await", "co_return",
      "co_yield", "compl", "concept", "const_cast", "consteval", "constinit", "decltype",
      "delete", "dynamic_cast", "explicit", "export", "final", "friend", "mutable", "namespace",
      "new", "noexcept", "not", "not_eq", "operator", "or", "or_eq", "override", "private",
      "protected", "public", "reinterpret_cast", "requires", "static_cast", "template", "this",
      "throw", "try", "typeid", "typename", "using", "virtual", "xor", "xor_eq",
    ]),
    types: cTypes.union([
      "char8_t", "char16_t", "char32_t", "wchar_t", "string", "string_view", "vector",
      "unique_ptr", "shared_ptr", "optional",
    ]),
    typeIntroducers: ["class", "struct", "union", "enum", "concept"],
    strings: cStrings,
    capitalizedTypes: true,
    callBeatsCapitalized: true,
    suffixTTypes: true,
    spaceBeforeCall: true,
    quoteDigitSeparators: true)

  static let go = SyntaxLanguage(
    name: "go",
    aliases: ["golang"],
    dialect: .go,
    keywords: [
      "break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough",
      "false", "for", "func", "go", "goto", "if", "import", "interface", "iota", "map", "nil",
      "package", "range", "return", "select", "struct", "switch", "true", "type", "var",
    ],
    types: [
      "any", "bool", "byte", "comparable", "complex64", "complex128", "error", "float32",
      "float64", "int", "int8", "int16", "int32", "int64", "rune", "string", "uint", "uint8",
      "uint16", "uint32", "uint64", "uintptr",
    ],
    functionIntroducers: ["func"],
    typeIntroducers: ["type"],
    strings: [
      StringOpener("\""), StringOpener("'"),
      StringOpener("`", StringRule(close: ["`"], escapes: false, multiline: true)),
    ],
    capitalizedTypes: true,
    callBeatsCapitalized: true)

  private static let cKeywords: Set<String> = [
    "_Alignas", "_Alignof", "_Atomic", "_Generic", "_Noreturn", "_Static_assert",
    "_Thread_local", "alignas", "alignof", "auto", "break", "case", "const", "constexpr",
    "continue", "default", "do", "else", "enum", "extern", "false", "for", "goto", "if",
    "inline", "NULL", "nullptr", "register", "restrict", "return", "sizeof", "static",
    "static_assert", "struct", "switch", "thread_local", "true", "typedef", "typeof", "union",
    "volatile", "while",
  ]

  private static let cTypes: Set<String> = [
    "_Bool", "_Complex", "bool", "char", "double", "FILE", "float", "int", "long", "short",
    "signed", "unsigned", "va_list", "void",
  ]

  /// Wide and Unicode literals (`L"..."`, `u8"..."`, `U'x'`) end like plain ones.
  private static let cStrings = [
    StringOpener("\"", prefixes: ["L", "u", "U", "u8"]),
    StringOpener("'", prefixes: ["L", "u", "U", "u8"]),
  ]

  /// The prefixes of C++ raw strings, `R"delim(...)delim"`.
  static let cppRawStringPrefixes: Set<String> = ["R", "LR", "uR", "UR", "u8R"]
}

extension LineScanner {
  /// Preprocessor lines in C and C++, and C++'s `[[attributes]]`.
  mutating func scanCSpecial(_ c: Unicode.Scalar) -> Bool {
    switch c {
    case "#": return scanPreprocessorDirective()
    case "[": return syntax.dialect == .cpp && scanCppAttribute()
    default: return false
    }
  }

  /// `#define`, `#include <file>`: only where the line's code starts.
  private mutating func scanPreprocessorDirective() -> Bool {
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
  }

  /// `[[nodiscard]]`, closed on the same line.
  private mutating func scanCppAttribute() -> Bool {
    guard peek(1) == "[" && !attributeSearchFailed else { return false }
    var end = pos + 2
    while end + 1 < count && !(s[end] == "]" && s[end + 1] == "]") { end += 1 }
    guard end + 1 < count else {
      attributeSearchFailed = true
      return false
    }
    pos = end + 2
    emitSignificant(.attribute, .punctuation("]"))
    return true
  }

  /// C++'s raw string after its prefix, with the quote at `pos`.
  mutating func scanCppRawString(prefix: String, next: Unicode.Scalar) -> Bool {
    guard next == "\"" && SyntaxLanguage.cppRawStringPrefixes.contains(prefix),
      let rule = cppRawStringRule()
    else { return false }
    scanStringLiteral(rule)
    return true
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
}
