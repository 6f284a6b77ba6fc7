/// What the highlighter knows about one language: its names, word tables and a few switches.
/// The programming languages share one scanner (`CodeScanner.swift`) that reads these; shell,
/// data and configuration formats, markup, Lisp and a few line-based formats have scanners of
/// their own. Each family's tables and the scanning only it needs are in its file under
/// `Languages/`.
struct SyntaxLanguage: Sendable {
  /// Which scanner reads the language, and which family's own rules it follows.
  enum Dialect: Sendable {
    /// Read by the code scanner's tables alone (Julia, Ruby, Kotlin, Lua...).
    case tables
    case swift, c, cpp, python, javascript, rust, go, shell, json, yaml
    /// Java, Kotlin, Scala, C# and Dart: C's syntax with annotations and verbatim strings.
    case java
    case php, ml, sql, pascal, nix, lisp, markup, css, markdown, tex, config, dockerfile
    case makefile, diff, http, mermaid
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
  var lineComments: [[Unicode.Scalar]] = [["/", "/"]]
  /// Comments between delimiters, which may span lines; the first that opens at a place wins.
  var blockComments: [BlockComment] = [.c]
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
  /// Keywords and builtin types in any case (SQL, Pascal): the tables hold them lowercase.
  var caseInsensitive = false
  /// `'` goes on an identifier (`x'` in Haskell, OCaml and Nix).
  var primeIdentifiers = false
  /// `-` between letters goes on an identifier (Nix's `my-package`).
  var hyphenIdentifiers = false
  /// `'` opens a character literal only when it closes one scalar later (`'a'`, `'\n'`);
  /// otherwise a name after it is a type variable or lifetime (`'a`, `'static`).
  var tickQuotes = false
  /// The first name on a line before this is the one being declared (Haskell's `main ::`,
  /// Elm's and Idris's `plus :`).
  var signatureColon: [Unicode.Scalar] = []
  /// A name before `=` (not `==` or `=>`) is a key: Nix's and HCL's attributes.
  var assignmentKeys = false
  /// `:name` where an operand starts is a symbol, coloured as a string (Ruby, Elixir).
  var colonSymbols = false
  /// A name before `(` is a call; not in Mermaid, where `B(label)` is a node and its label.
  var calls = true

  /// The opener for a quote, nil when `quote` opens no string in this language.
  func string(openedBy quote: Unicode.Scalar) -> StringOpener? {
    // Asked after every word: compare in place rather than copy each opener out.
    strings.firstIndex { $0.quote == quote }.map { strings[$0] }
  }
}

/// The delimiters of a comment that may span lines: `/* */`, `{- -}`, `(* *)`, `<!-- -->`.
struct BlockComment: Sendable {
  var open: [Unicode.Scalar]
  var close: [Unicode.Scalar]

  static let c = BlockComment(open: ["/", "*"], close: ["*", "/"])
  static let ml = BlockComment(open: ["(", "*"], close: ["*", ")"])
}

// MARK: - Registry

extension SyntaxLanguage {
  static let all: [SyntaxLanguage] =
    [
      swift, c, cpp, python, javascript, typescript, rust, go, shell, json, yaml,
    ] + familyLanguages

  /// The languages of the families added to the first eleven, by file under `Languages/`.
  static let familyLanguages: [SyntaxLanguage] = [
    java, kotlin, scala, groovy, csharp, dart,  // Java.swift
    php,  // PHP.swift
    haskell, purescript, elm, idris, agda, ocaml, fsharp, sml, rescript,  // ML.swift
    sql, pascal, nix,  // SQL.swift, Pascal.swift, Nix.swift
    ruby, julia, lua, r, elixir,  // Scripting.swift
    lisp, scheme, clojure,  // Lisp.swift
    html, xml, css, scss, markdown, tex,  // Markup.swift, CSS.swift, Markdown.swift, TeX.swift
    toml, ini, properties,  // Config.swift
    dockerfile, makefile, diff, http,  // Build.swift, Diff.swift, HTTP.swift
    mermaid, plantuml, dot,  // Diagrams.swift
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
