/// What a line leaves open for the next one.
enum ScanState: Hashable, Sendable {
  case code
  /// Inside the language's block comment number `style`, `depth` deep.
  case blockComment(depth: Int, style: Int)
  case string(StringRule)
  /// A shell line ended in `\`: the next line goes on with the same command's arguments.
  case shellContinuation
  /// Shell heredoc body lines up to the line holding only `delimiter`.
  case heredoc(delimiter: [Unicode.Scalar], indented: Bool)
  /// YAML `|` or `>` block scalar: lines indented deeper than `parentIndent` are its text.
  case yamlBlockScalar(parentIndent: Int)
  /// Inside an HTML or XML tag whose attributes go on over lines.
  case markupTag
  /// Inside a Markdown fenced block opened by `length` of `marker` (a backtick or a tilde).
  case markdownFence(marker: Unicode.Scalar, length: Int)
  /// After an HTTP message's headers: the body.
  case httpBody
}

/// How a string literal ends and what may hide its closing delimiter.
struct StringRule: Hashable, Sendable {
  var close: [Unicode.Scalar]
  var escapes = true
  /// Line breaks belong to the string (triple quotes, raw strings, templates, Rust strings).
  var multiline = false
  var interpolation = Interpolation.none
  /// YAML single quotes write a quote as `''`.
  var doubledQuotes = false
}

/// Code inside a string, coloured as `attribute`.
enum Interpolation: Hashable, Sendable {
  case none
  /// `\(x)`, or `\#(x)` in a raw string with that many `#`.
  case swift(hashes: Int)
  /// `${x}` in a template literal.
  case javascript
  /// `$name`, `${name}`, `$(command)` in double quotes.
  case shell
  /// `$name` and `${expression}` (Kotlin, Scala, Groovy, Dart, PHP, Julia's `$(expression)`).
  case dollar
  /// `#{expression}` (Ruby, Elixir, CoffeeScript).
  case hashBraces
}

/// A quote that opens a string literal in a language's code.
struct StringOpener: Sendable {
  var quote: Unicode.Scalar
  var rule: StringRule
  /// Three quotes open a string that spans lines and ends at three (Swift, Python).
  var tripled = false
  /// Words that may stand right before the quote as part of the literal (`r"..."`, `L'x'`).
  var prefixes: Set<String> = []

  /// A string that ends at the same quote, unless `rule` says otherwise.
  init(
    _ quote: Unicode.Scalar, _ rule: StringRule? = nil, tripled: Bool = false,
    prefixes: Set<String> = []
  ) {
    self.quote = quote
    self.rule = rule ?? StringRule(close: [quote])
    self.tripled = tripled
    self.prefixes = prefixes
  }
}

/// The significant token before the current one, for the guesses that need context.
enum Previous: Equatable {
  case none
  case word(String)
  /// A number, string or other value: what follows is an operator, not a regex.
  case value
  /// A `.` member access.
  case dot
  case punctuation(Unicode.Scalar)
}
