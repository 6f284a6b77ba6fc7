/// Java, Kotlin, Scala, Groovy, C# and Dart: C's comments, numbers and braces, with annotations
/// (`@Override`), string templates (`"$name ${x}"`), text blocks (`"""`), C#'s verbatim strings
/// (`@"C:\dir"`) and attributes (`[Serializable]`).
extension SyntaxLanguage {
  static let java = SyntaxLanguage(
    name: "java",
    dialect: .java,
    keywords: javaKeywords,
    types: javaPrimitives.union(["var"]),
    typeIntroducers: ["class", "interface", "enum", "record", "extends", "implements", "new"],
    strings: [StringOpener("\"", tripled: true)],
    capitalizedTypes: true,
    atAttributes: true,
    dottedAttributes: true,
    tickQuotes: true)

  static let kotlin = SyntaxLanguage(
    name: "kotlin",
    aliases: ["kt", "kts"],
    dialect: .java,
    keywords: [
      "abstract", "actual", "annotation", "as", "break", "by", "catch", "class", "companion",
      "const", "constructor", "continue", "crossinline", "data", "do", "else", "enum", "expect",
      "external", "false", "final", "finally", "for", "fun", "get", "if", "import", "in", "infix",
      "init", "inline", "inner", "interface", "internal", "is", "lateinit", "noinline", "null",
      "object", "open", "operator", "out", "override", "package", "private", "protected", "public",
      "reified", "return", "sealed", "set", "super", "suspend", "tailrec", "this", "throw", "true",
      "try", "typealias", "val", "value", "var", "vararg", "when", "where", "while",
    ],
    functionIntroducers: ["fun"],
    typeIntroducers: ["class", "interface", "object", "typealias"],
    strings: templateStrings,
    nestedComments: true,
    capitalizedTypes: true,
    atAttributes: true,
    tickQuotes: true)

  static let scala = SyntaxLanguage(
    name: "scala",
    aliases: ["sc", "sbt"],
    dialect: .java,
    keywords: [
      "abstract", "case", "catch", "class", "def", "derives", "do", "else", "end", "enum",
      "export", "extends", "extension", "false", "final", "finally", "for", "forSome", "given",
      "if", "implicit", "import", "inline", "lazy", "match", "new", "null", "object", "opaque",
      "override", "package", "private", "protected", "return", "sealed", "super", "then", "this",
      "throw", "trait", "transparent", "true", "try", "type", "using", "val", "var", "while",
      "with", "yield",
    ],
    functionIntroducers: ["def"],
    typeIntroducers: ["class", "trait", "object", "type", "extends", "with", "enum"],
    // s"...", f"..." and raw"..." interpolate; Scala's other prefixes are a user's.
    strings: [
      StringOpener(
        "\"", StringRule(close: ["\""], interpolation: .dollar), tripled: true,
        prefixes: ["s", "f", "raw"])
    ],
    nestedComments: true,
    capitalizedTypes: true,
    atAttributes: true,
    tickQuotes: true)

  static let groovy = SyntaxLanguage(
    name: "groovy",
    aliases: ["gradle"],
    dialect: .java,
    keywords: javaKeywords.union(["as", "def", "in", "it", "trait"]),
    types: javaPrimitives,
    functionIntroducers: ["def"],
    typeIntroducers: ["class", "interface", "enum", "trait", "extends", "implements", "new"],
    strings: templateStrings + [StringOpener("'", tripled: true)],
    capitalizedTypes: true,
    atAttributes: true)

  static let csharp = SyntaxLanguage(
    name: "csharp",
    aliases: ["cs", "c#", "cake"],
    dialect: .java,
    keywords: [
      "abstract", "add", "and", "as", "async", "await", "base", "break", "case", "catch",
      "checked", "class", "const", "continue", "default", "delegate", "do", "else", "enum",
      "event", "explicit", "extern", "false", "finally", "fixed", "for", "foreach", "get",
      "global", "goto", "if", "implicit", "in", "init", "interface", "internal", "is", "let",
      "lock", "namespace", "new", "not", "null", "operator", "or", "out", "override", "params",
      "partial", "private", "protected", "public", "readonly", "record", "ref", "remove",
      "required", "return", "sealed", "select", "set", "sizeof", "stackalloc", "static", "struct",
      "switch", "this", "throw", "true", "try", "typeof", "unchecked", "unsafe", "using", "value",
      "var", "virtual", "volatile", "when", "where", "while", "with", "yield", "from", "orderby",
    ],
    types: [
      "bool", "byte", "char", "decimal", "double", "dynamic", "float", "int", "long", "nint",
      "nuint", "object", "sbyte", "short", "string", "uint", "ulong", "ushort", "void",
    ],
    typeIntroducers: ["class", "interface", "struct", "enum", "record", "new", "namespace"],
    // `$"..."` and `@"..."` are the scanner's (`scanJavaSpecial`).
    strings: [StringOpener("\"", tripled: true), StringOpener("'")],
    capitalizedTypes: true,
    callBeatsCapitalized: true)

  static let dart = SyntaxLanguage(
    name: "dart",
    dialect: .java,
    keywords: [
      "abstract", "as", "assert", "async", "await", "base", "break", "case", "catch", "class",
      "const", "continue", "covariant", "default", "deferred", "do", "dynamic", "else", "enum",
      "export", "extends", "extension", "external", "factory", "false", "final", "finally", "for",
      "get", "hide", "if", "implements", "import", "in", "interface", "is", "late", "library",
      "mixin", "new", "null", "on", "operator", "part", "required", "rethrow", "return", "sealed",
      "set", "show", "static", "super", "switch", "sync", "this", "throw", "true", "try",
      "typedef", "var", "void", "when", "while", "with", "yield",
    ],
    types: ["bool", "double", "int", "num", "void"],
    typeIntroducers: ["class", "mixin", "enum", "extends", "implements", "with", "new"],
    strings: templateStrings + [
      StringOpener("'", StringRule(close: ["'"], interpolation: .dollar), tripled: true)
    ],
    capitalizedTypes: true,
    atAttributes: true)

  private static let javaKeywords: Set<String> = [
    "abstract", "assert", "break", "case", "catch", "class", "const", "continue", "default", "do",
    "else", "enum", "exports", "extends", "false", "final", "finally", "for", "goto", "if",
    "implements", "import", "instanceof", "interface", "module", "native", "new", "non-sealed",
    "null", "package", "permits", "private", "protected", "public", "record", "requires",
    "return", "sealed", "static", "strictfp", "super", "switch", "synchronized", "this", "throw",
    "throws", "transient", "true", "try", "var", "volatile", "while", "yield",
  ]

  private static let javaPrimitives: Set<String> = [
    "boolean", "byte", "char", "double", "float", "int", "long", "short", "void",
  ]

  /// Kotlin's and Groovy's `"$name ${expression}"`, with `"""` raw strings.
  private static let templateStrings = [
    StringOpener("\"", StringRule(close: ["\""], interpolation: .dollar), tripled: true)
  ]
}

extension LineScanner {
  /// C#'s verbatim and interpolated strings (`@"..."`, `$"..."`, `$@"..."`), its attributes
  /// (`[Serializable]`) and its `#region` lines.
  mutating func scanJavaSpecial(_ c: Unicode.Scalar) -> Bool {
    guard c == "@" || c == "$" || c == "#" || c == "[", syntax.name == SyntaxLanguage.csharp.name
    else {
      return false
    }
    switch c {
    case "@", "$":
      var index = pos
      while index < count && (s[index] == "@" || s[index] == "$") && index - pos < 3 {
        index += 1
      }
      guard index < count && s[index] == "\"" else { return false }
      let verbatim = s[pos..<index].contains("@")
      pos = index + 1
      scanStringLiteral(
        StringRule(close: ["\""], escapes: !verbatim, multiline: verbatim, doubledQuotes: verbatim)
      )
      return true
    case "#":
      guard !sawCode else { return false }
      pos = count
      emitSignificant(.attribute, .punctuation("#"))
      return true
    case "[":
      // Only first on a line, closed on it, and naming something (`[Fact]`, `[HttpGet("x")]`).
      guard !sawCode, let next = peek(1), next.properties.isUppercase,
        let end = closer("]", from: pos + 1)
      else { return false }
      pos = end + 1
      emitSignificant(.attribute, .punctuation("]"))
      return true
    default:
      return false
    }
  }
}
