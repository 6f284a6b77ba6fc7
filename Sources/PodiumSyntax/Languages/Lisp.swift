/// The Lisp family: Common Lisp, Scheme, Racket, Clojure, Emacs Lisp and Fennel. A scanner of
/// its own, since a symbol may hold almost any scalar (`list->vector`, `set-car!`, `*x*`):
/// `;` comments and `#| |#` blocks, strings, `:keywords`, characters (`#\a`, `\a`), and the
/// head of a form, a special form's name as a keyword and any other as a function.
extension SyntaxLanguage {
  static let lisp = SyntaxLanguage(
    name: "lisp",
    aliases: ["commonlisp", "common-lisp", "cl", "elisp", "emacs-lisp", "el", "lsp"],
    dialect: .lisp,
    keywords: lispForms,
    blockComments: [lispComment],
    nestedComments: true)

  static let scheme = SyntaxLanguage(
    name: "scheme",
    aliases: ["scm", "racket", "rkt", "guile", "chicken", "ss"],
    dialect: .lisp,
    keywords: lispForms,
    blockComments: [lispComment],
    nestedComments: true)

  static let clojure = SyntaxLanguage(
    name: "clojure",
    aliases: ["clj", "cljs", "cljc", "edn", "fennel", "fnl"],
    dialect: .lisp,
    keywords: lispForms,
    blockComments: [])

  private static let lispComment = BlockComment(open: ["#", "|"], close: ["|", "#"])

  /// Special forms and the definition and binding macros of the dialects.
  private static let lispForms: Set<String> = [
    "and", "begin", "case", "catch", "cond", "declare", "def", "defclass", "defconstant",
    "defgeneric", "define", "define-record-type", "define-syntax", "defmacro", "defmethod",
    "defmulti", "defn", "defn-", "defonce", "defparameter", "defprotocol", "defrecord",
    "defstruct", "defun", "defvar", "do", "dolist", "dotimes", "doseq", "eval-when", "finally",
    "flet", "fn", "for", "if", "if-let", "labels", "lambda", "let", "let*", "letfn", "letrec",
    "local", "loop", "macrolet", "multiple-value-bind", "ns", "or", "progn", "quasiquote",
    "quote", "recur", "require", "set!", "setf", "setq", "syntax-rules", "throw", "try",
    "unless", "unwind-protect", "when", "when-let", "while", "with-open",
  ]

  /// Words that name constants.
  static let lispConstants: Set<String> = ["nil", "t", "true", "false", "#t", "#f", "else"]
}

extension LineScanner {
  mutating func scanLispLine() {
    switch state {
    case .blockComment(let depth, let style): scanBlockComment(depth: depth, style: style)
    case .string(let rule): scanString(rule)
    default: state = .code
    }
    var headOfForm = false
    while pos < count {
      if scanBlanks() { continue }
      let c = s[pos]
      if c == ";" {
        pos = count
        emit(.comment)
      } else if let style = blockCommentOpening() {
        pos += 2
        scanBlockComment(depth: 1, style: style)
      } else if c == "\"" {
        pos += 1
        scanString(StringRule(close: ["\""], multiline: true))
        headOfForm = false
      } else if c == "(" || c == "[" || c == "{" {
        pos += 1
        emit(.punctuation)
        headOfForm = c == "("
      } else if c == ")" || c == "]" || c == "}" || c == "'" || c == "`" || c == ","
        || c == "@"
      {
        pos += 1
        emit(.punctuation)
      } else if c == "#" && peek(1) == "\\"
        || c == "\\" && syntax.name == SyntaxLanguage.clojure.name
      {
        // A character: `#\a`, `#\space`, Clojure's `\a` and `\newline`.
        pos += c == "#" ? 3 : 2
        while pos < count && isLispSymbolScalar(s[pos]) { pos += 1 }
        pos = min(pos, count)
        emit(.string)
        headOfForm = false
      } else {
        let start = pos
        while pos < count && isLispSymbolScalar(s[pos]) { pos += 1 }
        if pos == start { pos += 1 }
        let word = self.word(from: start)
        emit(lispKind(word, head: headOfForm))
        headOfForm = false
      }
    }
  }

  private func lispKind(_ word: String, head: Bool) -> CodeTokenKind {
    let first = word.unicodeScalars.first ?? " "
    if first == ":" || first == "&" { return .attribute }
    if SyntaxLanguage.lispConstants.contains(word) { return .keyword }
    if isDigit(first)
      || ((first == "-" || first == "+" || first == ".") && word.count > 1
        && word.unicodeScalars.dropFirst().first.map(isDigit) == true)
    {
      return .number
    }
    if head { return syntax.keywords.contains(word) ? .keyword : .function }
    return .plain
  }

  private func isLispSymbolScalar(_ c: Unicode.Scalar) -> Bool {
    !SyntaxHighlighter.isBlank(c) && !"()[]{}\";'`,".unicodeScalars.contains(c)
  }
}
