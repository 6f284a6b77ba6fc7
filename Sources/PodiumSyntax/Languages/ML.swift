/// The ML family and its cousins: Haskell, PureScript, Elm, Idris and Agda (`--` and `{- -}`
/// comments, signatures), OCaml, F# and Standard ML (`(* *)` comments, type variables `'a`),
/// and ReScript (OCaml's meaning in JavaScript's clothes). Names take primes (`x'`), capitalised
/// names are types, modules and constructors.
extension SyntaxLanguage {
  static let haskell = SyntaxLanguage(
    name: "haskell",
    aliases: ["hs", "lhs"],
    dialect: .ml,
    keywords: haskellKeywords,
    strings: [StringOpener("\"")],
    lineComments: [["-", "-"]],
    blockComments: [haskellComment],
    nestedComments: true,
    capitalizedTypes: true,
    primeIdentifiers: true,
    tickQuotes: true,
    signatureColon: [":", ":"])

  static let purescript = SyntaxLanguage(
    name: "purescript",
    aliases: ["purs"],
    dialect: .ml,
    keywords: haskellKeywords.union(["foreign", "derive", "ado"]),
    strings: [StringOpener("\"", tripled: true)],
    lineComments: [["-", "-"]],
    blockComments: [haskellComment],
    nestedComments: true,
    capitalizedTypes: true,
    primeIdentifiers: true,
    tickQuotes: true,
    signatureColon: [":", ":"])

  static let elm = SyntaxLanguage(
    name: "elm",
    dialect: .ml,
    keywords: [
      "alias", "as", "case", "else", "exposing", "if", "import", "in", "infix", "let", "module",
      "of", "port", "then", "type", "where",
    ],
    strings: [StringOpener("\"", tripled: true)],
    lineComments: [["-", "-"]],
    blockComments: [haskellComment],
    nestedComments: true,
    capitalizedTypes: true,
    primeIdentifiers: true,
    tickQuotes: true,
    signatureColon: [":"])

  static let idris = SyntaxLanguage(
    name: "idris",
    aliases: ["idr", "idris2"],
    dialect: .ml,
    keywords: haskellKeywords.union([
      "auto", "codata", "covering", "export", "implementation", "impossible", "interface",
      "mutual", "namespace", "parameters", "partial", "private", "proof", "public", "record",
      "rewrite", "total", "using", "with",
    ]),
    strings: [StringOpener("\"", tripled: true)],
    lineComments: [["-", "-"]],
    blockComments: [haskellComment],
    nestedComments: true,
    capitalizedTypes: true,
    primeIdentifiers: true,
    tickQuotes: true,
    signatureColon: [":"])

  static let agda = SyntaxLanguage(
    name: "agda",
    dialect: .ml,
    keywords: [
      "abstract", "codata", "coinductive", "constructor", "data", "eta-equality", "field",
      "forall", "hiding", "import", "in", "inductive", "infix", "infixl", "infixr", "instance",
      "let", "macro", "module", "mutual", "no-eta-equality", "open", "pattern", "postulate",
      "primitive", "private", "public", "quote", "record", "renaming", "rewrite", "syntax",
      "tactic", "to", "unquote", "using", "variable", "where", "with", "Set", "Prop",
    ],
    strings: [StringOpener("\"")],
    lineComments: [["-", "-"]],
    blockComments: [haskellComment],
    nestedComments: true,
    capitalizedTypes: true,
    primeIdentifiers: true,
    hyphenIdentifiers: true,
    tickQuotes: true,
    signatureColon: [":"])

  static let ocaml = SyntaxLanguage(
    name: "ocaml",
    aliases: ["ml", "mli", "reason", "re"],
    dialect: .ml,
    keywords: camlKeywords,
    types: camlTypes,
    typeIntroducers: ["type", "module", "exception"],
    strings: [StringOpener("\"", StringRule(close: ["\""], multiline: true))],
    lineComments: [],
    blockComments: [.ml],
    nestedComments: true,
    capitalizedTypes: true,
    primeIdentifiers: true,
    tickQuotes: true)

  static let fsharp = SyntaxLanguage(
    name: "fsharp",
    aliases: ["fs", "f#", "fsi", "fsx"],
    dialect: .ml,
    keywords: camlKeywords.union([
      "abstract", "async", "base", "default", "delegate", "do!", "elif", "global", "inline",
      "interface", "internal", "let!", "member", "namespace", "null", "override", "return",
      "static", "task", "upcast", "use", "yield", "downcast", "select", "query",
    ]),
    types: camlTypes.union(["decimal", "seq", "obj", "byte", "uint", "int64", "double", "list"]),
    typeIntroducers: ["type", "module", "exception", "namespace"],
    strings: [StringOpener("\"", tripled: true)],
    lineComments: [["/", "/"]],
    blockComments: [.ml],
    nestedComments: true,
    capitalizedTypes: true,
    primeIdentifiers: true,
    tickQuotes: true)

  static let sml = SyntaxLanguage(
    name: "sml",
    aliases: ["standardml"],
    dialect: .ml,
    keywords: camlKeywords.union([
      "abstype", "andalso", "datatype", "eqtype", "fn", "handle", "infix", "infixr", "local",
      "nonfix", "op", "orelse", "raise", "sharing", "signature", "structure", "withtype",
    ]),
    types: camlTypes.union(["real", "word"]),
    functionIntroducers: ["fun"],
    typeIntroducers: ["type", "datatype", "structure", "signature"],
    strings: [StringOpener("\"")],
    lineComments: [],
    blockComments: [.ml],
    nestedComments: true,
    capitalizedTypes: true,
    primeIdentifiers: true,
    tickQuotes: true)

  static let rescript = SyntaxLanguage(
    name: "rescript",
    aliases: ["res", "resi"],
    dialect: .ml,
    keywords: [
      "and", "as", "assert", "async", "await", "catch", "constraint", "downto", "else",
      "exception", "external", "false", "for", "if", "in", "include", "lazy", "let", "module",
      "mutable", "of", "open", "private", "rec", "switch", "to", "true", "try", "type", "when",
      "while", "with",
    ],
    types: [
      "array", "bool", "char", "dict", "float", "int", "list", "option", "promise", "result",
      "string", "unit",
    ],
    typeIntroducers: ["type", "module"],
    strings: [
      StringOpener("\""),
      StringOpener("`", StringRule(close: ["`"], multiline: true, interpolation: .javascript)),
    ],
    capitalizedTypes: true,
    atAttributes: true,
    dottedAttributes: true,
    primeIdentifiers: true,
    tickQuotes: true)

  private static let haskellComment = BlockComment(open: ["{", "-"], close: ["-", "}"])

  private static let haskellKeywords: Set<String> = [
    "as", "case", "class", "data", "default", "deriving", "do", "else", "family", "forall",
    "foreign", "hiding", "if", "import", "in", "infix", "infixl", "infixr", "instance", "let",
    "mdo", "module", "newtype", "of", "proc", "qualified", "rec", "then", "type", "where",
  ]

  private static let camlKeywords: Set<String> = [
    "and", "as", "assert", "begin", "class", "constraint", "do", "done", "downto", "else", "end",
    "exception", "external", "false", "for", "fun", "function", "functor", "if", "in", "include",
    "inherit", "initializer", "lazy", "let", "match", "method", "module", "mutable", "new",
    "nonrec", "not", "object", "of", "open", "or", "private", "rec", "sig", "struct", "then",
    "to", "true", "try", "type", "val", "virtual", "when", "while", "with",
  ]

  private static let camlTypes: Set<String> = [
    "array", "bool", "bytes", "char", "exn", "float", "int", "list", "option", "ref", "string",
    "unit",
  ]
}

extension LineScanner {
  /// F#'s attributes (`[<EntryPoint>]`) and Haskell's and Elm's names in backticks, used as
  /// operators (`` `div` ``).
  mutating func scanMLSpecial(_ c: Unicode.Scalar) -> Bool {
    switch c {
    case "[":
      guard peek(1) == "<", let end = closer(">", from: pos + 2), end + 1 < count,
        s[end + 1] == "]"
      else { return false }
      pos = end + 2
      emitSignificant(.attribute, .punctuation("]"))
      return true
    case "`":
      guard syntax.string(openedBy: "`") == nil, let next = peek(1), isIdentifierStart(next)
      else { return false }
      var end = pos + 1
      while end < count && isIdentifierContinue(s[end]) { end += 1 }
      guard end < count && s[end] == "`" else { return false }
      pos = end + 1
      emitSignificant(.function, .punctuation("`"))
      return true
    default:
      return false
    }
  }
}
