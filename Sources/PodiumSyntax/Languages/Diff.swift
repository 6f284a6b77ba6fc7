/// Unified and context diffs and patches: added lines as strings, removed ones as keywords (the
/// palettes' green and red where they have them), hunk headers as attributes, file headers as
/// comments.
extension SyntaxLanguage {
  static let diff = SyntaxLanguage(name: "diff", aliases: ["patch", "udiff"], dialect: .diff)
}

extension LineScanner {
  mutating func scanDiffLine() {
    state = .code
    guard let first = peek() else { return }
    let kind: CodeTokenKind
    if matches(["+", "+", "+"], at: 0) || matches(["-", "-", "-"], at: 0)
      || matches(["d", "i", "f", "f", " "], at: 0)
      || matches(["i", "n", "d", "e", "x", " "], at: 0)
      || matches(["*", "*", "*"], at: 0)
    {
      kind = .comment
    } else if first == "@" && peek(1) == "@" {
      kind = .attribute
    } else if first == "+" || first == ">" {
      kind = .string
    } else if first == "-" || first == "<" {
      kind = .keyword
    } else if first == "!" {
      kind = .type
    } else {
      kind = .plain
    }
    pos = count
    emit(kind)
  }
}
