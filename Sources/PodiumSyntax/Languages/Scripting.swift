/// Ruby, Julia, Lua, R and Elixir: `#` (or `--`) comments, strings that interpolate, `@` names
/// and `:symbols`, read by the code scanner's tables alone.
extension SyntaxLanguage {
  static let ruby = SyntaxLanguage(
    name: "ruby",
    aliases: ["rb", "gemspec", "podspec", "rake", "irb", "crystal", "cr"],
    dialect: .tables,
    keywords: [
      "BEGIN", "END", "alias", "and", "begin", "break", "case", "class", "def", "defined", "do",
      "else", "elsif", "end", "ensure", "false", "for", "if", "in", "module", "next", "nil",
      "not", "or", "redo", "require", "require_relative", "rescue", "retry", "return", "self",
      "super", "then", "true", "undef", "unless", "until", "when", "while", "yield", "puts",
      "attr_reader", "attr_writer", "attr_accessor", "private", "protected", "public", "include",
      "extend", "lambda", "proc", "raise",
    ],
    functionIntroducers: ["def"],
    typeIntroducers: ["class", "module"],
    strings: [
      StringOpener("\"", StringRule(close: ["\""], multiline: true, interpolation: .hashBraces)),
      StringOpener("'", StringRule(close: ["'"], multiline: true)),
      StringOpener("`", StringRule(close: ["`"], interpolation: .hashBraces)),
    ],
    lineComments: [["#"]],
    blockComments: [],
    capitalizedTypes: true,
    atAttributes: true,
    colonSymbols: true)

  static let julia = SyntaxLanguage(
    name: "julia",
    aliases: ["jl", "julia-repl"],
    dialect: .tables,
    keywords: [
      "abstract", "baremodule", "begin", "break", "catch", "const", "continue", "do", "else",
      "elseif", "end", "export", "false", "finally", "for", "function", "global", "if", "import",
      "in", "isa", "let", "local", "macro", "module", "mutable", "nothing", "primitive", "public",
      "quote", "return", "struct", "true", "try", "type", "using", "where", "while",
    ],
    functionIntroducers: ["function", "macro"],
    typeIntroducers: ["struct", "type"],
    strings: [
      StringOpener(
        "\"", StringRule(close: ["\""], multiline: true, interpolation: .dollar), tripled: true,
        prefixes: ["r", "b", "raw", "html", "L", "s"])
    ],
    lineComments: [["#"]],
    blockComments: [BlockComment(open: ["#", "="], close: ["=", "#"])],
    nestedComments: true,
    capitalizedTypes: true,
    atAttributes: true,
    tickQuotes: true)

  static let lua = SyntaxLanguage(
    name: "lua",
    aliases: ["luau"],
    dialect: .tables,
    keywords: [
      "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if",
      "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ],
    functionIntroducers: ["function"],
    strings: [StringOpener("\""), StringOpener("'")],
    lineComments: [["-", "-"]],
    blockComments: [BlockComment(open: ["-", "-", "[", "["], close: ["]", "]"])])

  static let r = SyntaxLanguage(
    name: "r",
    aliases: ["rscript", "splus"],
    dialect: .tables,
    keywords: [
      "break", "else", "FALSE", "for", "function", "if", "in", "Inf", "NA", "NaN", "next",
      "NULL", "repeat", "return", "TRUE", "while", "library", "require",
    ],
    strings: [StringOpener("\""), StringOpener("'")],
    lineComments: [["#"]],
    blockComments: [])

  static let elixir = SyntaxLanguage(
    name: "elixir",
    aliases: ["ex", "exs", "iex"],
    dialect: .tables,
    keywords: [
      "after", "alias", "and", "case", "catch", "cond", "def", "defimpl", "defmacro",
      "defmodule", "defp", "defprotocol", "defstruct", "do", "else", "end", "false", "fn", "for",
      "if", "import", "in", "nil", "not", "or", "quote", "raise", "receive", "require", "rescue",
      "true", "try", "unless", "unquote", "use", "when", "with",
    ],
    functionIntroducers: ["def", "defp", "defmacro"],
    typeIntroducers: ["defmodule"],
    strings: [
      StringOpener(
        "\"", StringRule(close: ["\""], multiline: true, interpolation: .hashBraces),
        tripled: true),
      StringOpener("'", StringRule(close: ["'"], interpolation: .hashBraces)),
    ],
    lineComments: [["#"]],
    blockComments: [],
    capitalizedTypes: true,
    atAttributes: true,
    colonSymbols: true)
}
