/// What the highlighter knows about one language: its names, word tables and a few switches.
/// The programming languages share one scanner (`CodeScanner.swift`) that reads these; shell,
/// JSON and YAML have scanners of their own. Each family's tables and the scanning only it
/// needs are in its file under `Languages/`.
struct SyntaxLanguage: Sendable {
  /// Which scanner reads the language, and which family's own rules it follows.
  enum Dialect: Sendable {
    case swift, c, cpp, python, javascript, rust, go, shell, json, yaml
  }

  /// The canonical name, as `SyntaxHighlighter.canonicalLanguage` returns it.
  var name: String
  /// Other fence names (lowercase) for the language.
  var aliases: [String] = []
  var dialect: Dialect
  var keywords: Set<String> = []
  /// Keywords only at the start of a statement: `match` in Python, `type` in TypeScript.
  var softKeywords: Set<String> = []
  /// Keywords that stay keywords after a `.` (`x.await`, `Foo.self`); others become members.
  var memberKeywords: Set<String> = []
  /// Builtin types with lowercase names (`int`, `u32`, `string`).
  var types: Set<String> = []
  /// The word after one of these is the name being declared.
  var functionIntroducers: Set<String> = []
  var typeIntroducers: Set<String> = []
  /// The quotes that open strings, with their rules and prefixes.
  var strings: [StringOpener] = []
  var lineComment: [Unicode.Scalar] = ["/", "/"]
  var blockComments = true
  var nestedComments = false
  /// Capitalised identifiers name types (`String`, `Vec`, `HttpClient`).
  var capitalizedTypes = false
  /// Capitalised names before `(` are calls (Go's exported `Println`, Google C++'s `DoThing`),
  /// not type constructions (`String(x)`, `Some(x)`).
  var callBeatsCapitalized = false
  /// C's `size_t`, `pthread_t`: POSIX reserves the `_t` suffix for types.
  var suffixTTypes = false
  var spaceBeforeCall = false
  var dollarIdentifiers = false
  /// `@MainActor`, `@property`, `@Component`.
  var atAttributes = false
  /// Attributes are dotted paths: Python's `@app.route`.
  var dottedAttributes = false
  /// C++14's `1'000'000` (C23 has it too).
  var quoteDigitSeparators = false
  /// A name before `!(`, `![` or `!{` is a macro call: Rust's `println!(...)`, `vec![...]`.
  var bangMacros = false

  /// The opener for a quote, nil when `quote` opens no string in this language.
  func string(openedBy quote: Unicode.Scalar) -> StringOpener? {
    // Asked after every word: compare in place rather than copy each opener out.
    strings.firstIndex { $0.quote == quote }.map { strings[$0] }
  }
}

// MARK: - Registry

extension SyntaxLanguage {
  static let all: [SyntaxLanguage] = [
    swift, c, cpp, python, javascript, typescript, rust, go, shell, json, yaml,
  ]

  /// Canonical names and aliases (lowercase) to languages.
  static let byName: [String: SyntaxLanguage] = {
    var table: [String: SyntaxLanguage] = [:]
    for language in all {
      for name in [language.name] + language.aliases { table[name] = language }
    }
    return table
  }()
}
