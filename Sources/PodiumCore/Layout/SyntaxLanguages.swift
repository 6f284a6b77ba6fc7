/// What the highlighter knows about one language: word tables and a few switches. The C-family
/// scanner reads them; shell, JSON and YAML have scanners of their own below.
struct SyntaxLanguage: Sendable {
  enum Dialect: Sendable {
    case swift, c, cpp, python, javascript, rust, go, shell, json, yaml
  }

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
  /// C++14's `1'000'000` (C23 has it too).
  var quoteDigitSeparators = false

  init(_ dialect: Dialect) { self.dialect = dialect }

  /// Canonical names, as `SyntaxHighlighter.canonicalLanguage` returns them.
  static let named: [String: SyntaxLanguage] = [
    "swift": swift, "c": c, "cpp": cpp, "python": python, "javascript": javascript,
    "typescript": typescript, "rust": rust, "go": go, "shell": SyntaxLanguage(.shell),
    "json": SyntaxLanguage(.json), "yaml": SyntaxLanguage(.yaml),
  ]

  /// Fence names (lowercased) to canonical names.
  static let aliases: [String: String] = {
    var aliases: [String: String] = [:]
    for name in named.keys { aliases[name] = name }
    let extra: [String: [String]] = [
      "python": ["py", "python3", "py3"],
      "typescript": ["ts", "tsx", "mts", "cts"],
      "javascript": ["js", "jsx", "mjs", "cjs", "node"],
      "shell": ["sh", "bash", "zsh", "ksh", "console", "shellsession", "shell-session"],
      "yaml": ["yml"],
      "json": ["jsonc", "json5"],
      "rust": ["rs"],
      "cpp": ["c++", "cc", "hpp", "cxx", "hxx", "hh"],
      "go": ["golang"],
      "c": ["h"],
    ]
    for (name, others) in extra {
      for other in others { aliases[other] = name }
    }
    return aliases
  }()

  static let swift: SyntaxLanguage = {
    var language = SyntaxLanguage(.swift)
    language.keywords = [
      "actor", "any", "as", "associatedtype", "async", "await", "borrowing", "break", "case",
      "catch", "class", "consume", "consuming", "continue", "convenience", "default", "defer",
      "deinit", "didSet", "do", "dynamic", "else", "enum", "extension", "fallthrough", "false",
      "fileprivate", "final", "for", "func", "get", "guard", "if", "import", "in", "indirect",
      "init", "inout", "internal", "is", "isolated", "lazy", "let", "macro", "mutating", "nil",
      "nonisolated", "nonmutating", "open", "operator", "override", "package", "precedencegroup",
      "private", "protocol", "public", "repeat", "required", "rethrows", "return", "self", "Self",
      "sending", "set", "some", "static", "struct", "subscript", "super", "switch", "throw",
      "throws", "true", "try", "typealias", "unowned", "var", "weak", "where", "while", "willSet",
    ]
    language.memberKeywords = ["self", "init"]
    language.types = ["Any", "AnyObject"]
    language.functionIntroducers = ["func"]
    language.typeIntroducers = [
      "class", "struct", "enum", "protocol", "extension", "actor", "typealias", "associatedtype",
    ]
    language.nestedComments = true
    language.capitalizedTypes = true
    language.dollarIdentifiers = true  // $0, $binding
    language.atAttributes = true
    return language
  }()

  static let c: SyntaxLanguage = {
    var language = SyntaxLanguage(.c)
    language.keywords = [
      "_Alignas", "_Alignof", "_Atomic", "_Generic", "_Noreturn", "_Static_assert",
      "_Thread_local", "alignas", "alignof", "auto", "break", "case", "const", "constexpr",
      "continue", "default", "do", "else", "enum", "extern", "false", "for", "goto", "if",
      "inline", "NULL", "nullptr", "register", "restrict", "return", "sizeof", "static",
      "static_assert", "struct", "switch", "thread_local", "true", "typedef", "typeof", "union",
      "volatile", "while",
    ]
    language.types = [
      "_Bool", "_Complex", "bool", "char", "double", "FILE", "float", "int", "long", "short",
      "signed", "unsigned", "va_list", "void",
    ]
    language.typeIntroducers = ["struct", "union", "enum"]
    language.suffixTTypes = true
    language.spaceBeforeCall = true
    language.quoteDigitSeparators = true
    return language
  }()

  static let cpp: SyntaxLanguage = {
    var language = c
    language.dialect = .cpp
    language.keywords.formUnion([
      "and", "and_eq", "asm", "bitand", "bitor", "catch", "class", "co_await", "co_return",
      "co_yield", "compl", "concept", "const_cast", "consteval", "constinit", "decltype",
      "delete", "dynamic_cast", "explicit", "export", "final", "friend", "mutable", "namespace",
      "new", "noexcept", "not", "not_eq", "operator", "or", "or_eq", "override", "private",
      "protected", "public", "reinterpret_cast", "requires", "static_cast", "template", "this",
      "throw", "try", "typeid", "typename", "using", "virtual", "xor", "xor_eq",
    ])
    language.types.formUnion([
      "char8_t", "char16_t", "char32_t", "wchar_t", "string", "string_view", "vector",
      "unique_ptr", "shared_ptr", "optional",
    ])
    language.typeIntroducers = ["class", "struct", "union", "enum", "concept"]
    language.capitalizedTypes = true
    language.callBeatsCapitalized = true
    return language
  }()

  static let python: SyntaxLanguage = {
    var language = SyntaxLanguage(.python)
    language.keywords = [
      "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class",
      "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if",
      "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "self",
      "try", "while", "with", "yield",
    ]
    language.softKeywords = ["match", "case", "type"]
    language.types = [
      "bool", "bytearray", "bytes", "complex", "dict", "float", "frozenset", "int", "list",
      "memoryview", "object", "set", "str", "tuple",
    ]
    language.functionIntroducers = ["def"]
    language.typeIntroducers = ["class"]
    language.lineComment = ["#"]
    language.blockComments = false
    language.capitalizedTypes = true
    language.atAttributes = true
    return language
  }()

  static let javascript: SyntaxLanguage = {
    var language = SyntaxLanguage(.javascript)
    language.keywords = [
      "as", "async", "await", "break", "case", "catch", "class", "const", "continue", "debugger",
      "default", "delete", "do", "else", "export", "extends", "false", "finally", "for", "from",
      "function", "if", "import", "in", "Infinity", "instanceof", "let", "NaN", "new", "null",
      "of", "return", "static", "super", "switch", "this", "throw", "true", "try", "typeof",
      "undefined", "var", "void", "while", "with", "yield",
    ]
    language.functionIntroducers = ["function"]
    language.typeIntroducers = ["class"]
    language.capitalizedTypes = true
    language.dollarIdentifiers = true
    language.atAttributes = true
    return language
  }()

  static let typescript: SyntaxLanguage = {
    var language = javascript
    language.keywords.formUnion([
      "abstract", "accessor", "asserts", "enum", "implements", "infer", "interface", "is",
      "keyof", "override", "private", "protected", "public", "readonly", "satisfies", "unique",
    ])
    language.softKeywords = ["type", "namespace", "module", "declare"]
    language.types = [
      "any", "bigint", "boolean", "never", "number", "object", "string", "symbol", "unknown",
    ]
    language.typeIntroducers = ["class", "interface", "type", "enum"]
    return language
  }()

  static let rust: SyntaxLanguage = {
    var language = SyntaxLanguage(.rust)
    language.keywords = [
      "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum",
      "extern", "false", "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move",
      "mut", "pub", "ref", "return", "self", "Self", "static", "struct", "super", "trait", "true",
      "type", "unsafe", "use", "where", "while", "yield",
    ]
    language.softKeywords = ["union"]
    language.memberKeywords = ["await"]
    language.types = [
      "bool", "char", "f32", "f64", "i8", "i16", "i32", "i64", "i128", "isize", "str", "u8", "u16",
      "u32", "u64", "u128", "usize",
    ]
    language.functionIntroducers = ["fn"]
    language.typeIntroducers = ["struct", "enum", "trait", "type", "union"]
    language.nestedComments = true
    language.capitalizedTypes = true
    return language
  }()

  static let go: SyntaxLanguage = {
    var language = SyntaxLanguage(.go)
    language.keywords = [
      "break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough",
      "false", "for", "func", "go", "goto", "if", "import", "interface", "iota", "map", "nil",
      "package", "range", "return", "select", "struct", "switch", "true", "type", "var",
    ]
    language.types = [
      "any", "bool", "byte", "comparable", "complex64", "complex128", "error", "float32",
      "float64", "int", "int8", "int16", "int32", "int64", "rune", "string", "uint", "uint8",
      "uint16", "uint32", "uint64", "uintptr",
    ]
    language.functionIntroducers = ["func"]
    language.typeIntroducers = ["type"]
    language.capitalizedTypes = true
    language.callBeatsCapitalized = true
    return language
  }()

  /// Words after which a JavaScript `/` starts a regex rather than dividing.
  static let javascriptRegexAfter: Set<String> = [
    "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do",
    "else", "yield", "await",
  ]

  static let pythonStringPrefixes: Set<String> = [
    "r", "u", "b", "f", "t", "br", "rb", "fr", "rf", "tr", "rt",
  ]

  static let shellKeywords: Set<String> = [
    "if", "then", "else", "elif", "fi", "case", "esac", "for", "select", "while", "until", "do",
    "done", "in", "function", "time", "coproc", "!",
  ]

  /// Shell keywords after which a command starts (`then ls`).
  static let shellCommandKeywords: Set<String> = [
    "if", "then", "else", "elif", "while", "until", "do", "time", "!",
  ]

  /// YAML 1.1 booleans (still what most tools read) and nulls.
  static let yamlKeywords: Set<String> = [
    "true", "True", "TRUE", "false", "False", "FALSE", "yes", "Yes", "YES", "no", "No", "NO",
    "on", "On", "ON", "off", "Off", "OFF", "null", "Null", "NULL", "~",
  ]
}

// MARK: - Shell

extension SyntaxHighlighter.LineScanner {
  /// Bash and friends: words, quotes, `$` expansions, `#` comments that start a word, heredocs.
  mutating func scanShellLine() {
    var commandPosition = true
    switch state {
    case .string(let rule):
      scanString(rule)
      commandPosition = false
    case .heredoc(let delimiter, let indented):
      let start = indented ? nonBlank(from: 0) : 0
      if count - start == delimiter.count && matches(delimiter, at: start) {
        pos = start
        emit(.plain)
        pos = count
        emit(.attribute)
        state = .code
      } else {
        pos = count
        emit(.string)
      }
      return
    case .shellContinuation:
      commandPosition = false
      state = .code
    default:
      state = .code
    }
    var heredoc: (delimiter: [Unicode.Scalar], indented: Bool)?
    var inLoopHeader = false  // `in` is a keyword after for, select and case
    var declaresFunction = false
    while pos < count {
      let c = s[pos]
      if SyntaxHighlighter.isBlank(c) {
        skipBlanks()
        emit(.plain)
        continue
      }
      let startsWord =
        pos == 0 || SyntaxHighlighter.isBlank(s[pos - 1])
        || ";|&()".unicodeScalars.contains(s[pos - 1])
      let endsWord = pos + 1 == count || SyntaxHighlighter.isBlank(s[pos + 1])
      let afterAssignment = pos > 0 && s[pos - 1] == "="
      switch c {
      case "#" where startsWord:
        pos = count
        emit(.comment)
      case "'", "\"", "`":
        pos += 1
        let rule =
          c == "'"
          ? SyntaxHighlighter.StringRule(close: ["'"], escapes: false, multiline: true)
          : SyntaxHighlighter.StringRule(
            close: [c], multiline: true, interpolation: c == "\"" ? .shell : .none)
        scanString(rule)
        if !afterAssignment { commandPosition = false }
      case "$":
        if peek(1) == "'" {
          // ANSI-C quoting: $'a\tb'.
          pos += 2
          scanString(SyntaxHighlighter.StringRule(close: ["'"], multiline: true))
          if !afterAssignment { commandPosition = false }
        } else if peek(1) == "(" {
          // $(command) starts a command; $((arithmetic)) does not.
          let arithmetic = peek(2) == "("
          pos += arithmetic ? 3 : 2
          emit(.punctuation)
          commandPosition = !arithmetic
        } else if let end = shellExpansionEnd(at: pos) {
          pos = end
          emit(.attribute)
          if !afterAssignment { commandPosition = false }
        } else {
          pos += 1
          emit(.punctuation)
        }
      case "\\":
        pos += 1
        if pos == count {
          emit(.punctuation)
          state = .shellContinuation
        } else {
          pos += 1
          emit(.plain)
          commandPosition = false
        }
      case "<" where peek(1) == "<" && peek(2) != "<":
        pos += 2
        let indented = peek() == "-"
        if indented { pos += 1 }
        emit(.punctuation)
        skipBlanks()
        emit(.plain)
        if let found = scanHeredocDelimiter() { heredoc = (found, indented) }
      case "<", ">":
        pos += 1
        while pos < count && (s[pos] == ">" || s[pos] == "&" || s[pos] == "<") { pos += 1 }
        emit(.punctuation)
      case "|", "&", ";", "(", ")":
        while pos < count && "|&;()".unicodeScalars.contains(s[pos]) { pos += 1 }
        emit(.punctuation)
        commandPosition = true
        inLoopHeader = false
      case "{" where startsWord && endsWord, "}" where startsWord && endsWord:
        pos += 1
        emit(.punctuation)
        commandPosition = true
      default:
        let start = pos
        while pos < count && isShellWordScalar(s[pos]) { pos += 1 }
        if pos == start {
          pos += 1
          emit(.punctuation)
          continue
        }
        if let equals = assignmentEquals(from: start) {
          // NAME=value: the name is a variable; the value is scanned as what it is.
          pos = equals
          emit(.attribute)
          pos += 1
          emit(.punctuation)
          continue
        }
        let word = self.word(from: start)
        if (commandPosition && SyntaxLanguage.shellKeywords.contains(word))
          || (word == "in" && inLoopHeader)
        {
          emit(.keyword)
          commandPosition = SyntaxLanguage.shellCommandKeywords.contains(word)
          inLoopHeader = word == "for" || word == "select" || word == "case"
          declaresFunction = word == "function"
        } else if word == "[[" || word == "]]" || word == "[" || word == "]" {
          emit(.punctuation)
          commandPosition = false
        } else if word.unicodeScalars.allSatisfy(isDigit) {
          emit(.number)
        } else if commandPosition || declaresFunction || (peek() == "(" && peek(1) == ")") {
          emit(.function)
          commandPosition = false
          declaresFunction = false
        } else {
          emit(.plain)
        }
      }
    }
    if let heredoc, state == .code || state == .shellContinuation {
      state = .heredoc(delimiter: heredoc.delimiter, indented: heredoc.indented)
    }
  }

  private func isShellWordScalar(_ c: Unicode.Scalar) -> Bool {
    !SyntaxHighlighter.isBlank(c) && !"|&;()<>'\"`$\\".unicodeScalars.contains(c)
  }

  /// Where the `=` of `NAME=value` is, if the word starting at `start` is an assignment.
  private func assignmentEquals(from start: Int) -> Int? {
    guard start < count, isLetter(s[start]) || s[start] == "_" else { return nil }
    var index = start + 1
    while index < count && (isLetter(s[index]) || isDigit(s[index]) || s[index] == "_") {
      index += 1
    }
    if index < count && s[index] == "+" && index + 1 < count && s[index + 1] == "=" {
      index += 1  // NAME+=value
    }
    return index < count && s[index] == "=" ? index : nil
  }

  /// The word after `<<`, with its quotes; nil when there is none.
  private mutating func scanHeredocDelimiter() -> [Unicode.Scalar]? {
    let quote = peek() == "'" || peek() == "\"" ? peek() : nil
    if quote != nil { pos += 1 }
    let start = pos
    while pos < count && isShellWordScalar(s[pos]) && s[pos] != quote { pos += 1 }
    let delimiter = Array(s[start..<pos])
    if quote != nil && peek() == quote { pos += 1 }
    emit(.attribute)
    return delimiter.isEmpty ? nil : delimiter
  }

  /// The end of a `$` expansion at `index` (`$name`, `${...}`, `$(...)`, `$1`, `$#`), or nil when
  /// the `$` is just a dollar sign.
  func shellExpansionEnd(at index: Int) -> Int? {
    guard index + 1 < count else { return nil }
    let next = s[index + 1]
    if next == "{" { return balancedEnd(from: index + 1, "{", "}") }
    if next == "(" { return balancedEnd(from: index + 1, "(", ")") }
    if isLetter(next) || next == "_" {
      var end = index + 2
      while end < count && (isLetter(s[end]) || isDigit(s[end]) || s[end] == "_") { end += 1 }
      return end
    }
    if isDigit(next) || "@#?$!*-".unicodeScalars.contains(next) { return index + 2 }
    return nil
  }
}

// MARK: - JSON

extension SyntaxHighlighter.LineScanner {
  /// JSON, with the comments and bare words of JSONC and JSON5 taken in stride.
  mutating func scanJSONLine() {
    if case .blockComment(let depth) = state { scanBlockComment(depth: depth) }
    while pos < count {
      let c = s[pos]
      if SyntaxHighlighter.isBlank(c) {
        skipBlanks()
        emit(.plain)
      } else if c == "/" && peek(1) == "/" {
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

extension SyntaxHighlighter.LineScanner {
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
      let c = s[pos]
      if SyntaxHighlighter.isBlank(c) {
        skipBlanks()
        emit(.plain)
        continue
      }
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
        SyntaxHighlighter.StringRule(
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
