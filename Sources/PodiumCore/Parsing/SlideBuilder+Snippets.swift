/// presenterm's executable snippets (its docs/src/features/code/execution.md; the attributes
/// of src/code/snippet.rs): `+exec` runs on ctrl+e and shows the output below, `+auto_exec` runs
/// at once, `+exec_replace` and `+image` replace the snippet with their output, `+pty` runs in a
/// terminal; `+id:name` sends the output to `<!-- snippet_output: name -->`. Podium never runs
/// code: the code is shown, and where the output would be the speaker's notes say so, on the
/// console only, never on the audience's screen.
struct SnippetRun: Equatable {
  enum Kind: String {
    case exec
    case autoExec = "auto_exec"
    case execReplace = "exec_replace"
    case image, pty
  }

  var kind: Kind
  var id: String?

  /// The run a fence's info words ask for, or nil for a snippet that is only shown.
  init?(words: [String]) {
    var kind: Kind?
    var id: String?
    for word in words.dropFirst() where word.hasPrefix("+") {
      let attribute = word.dropFirst()
      let name = attribute.prefix { $0 != ":" }
      if name == "id", attribute.count > 3 {
        id = String(attribute.dropFirst(3))
      } else if kind == nil, let found = Kind(rawValue: String(name)) {
        kind = found
      }
    }
    guard let kind else { return nil }
    self.kind = kind
    self.id = id
  }

  /// What presenterm would do with the output, for the speaker.
  var whatTheToolDoes: String {
    switch kind {
    case .exec: "presenterm runs it on ctrl+e and shows its output"
    case .autoExec: "presenterm runs it at once and shows its output"
    case .pty: "presenterm runs it in a terminal and shows the screen"
    case .execReplace: "presenterm shows its output instead of the code"
    case .image: "presenterm shows the image it prints instead of the code"
    }
  }
}

extension SlideBuilder {
  /// A snippet marked to run: a located warning for the author, and, where its output would
  /// show, a note for the speaker (an `+id` snippet's output shows at its `snippet_output`).
  mutating func noteRun(_ run: SnippetRun, language: String?, at here: SourceLocation) {
    diagnostics.warning(
      "code is shown, never run: Podium does not execute snippets ('+\(run.kind.rawValue)' ignored)",
      at: here)
    if let id = run.id {
      snippetIDs[id] = (language, here)
      return
    }
    addOutputNote(run.whatTheToolDoes, language: language, line: here.line, at: here)
  }

  /// `<!-- snippet_output: id -->`: the note for the output of the snippet it names.
  mutating func placeOutput(of id: String, at here: SourceLocation) {
    guard let snippet = snippetIDs[id] else {
      diagnostics.warning(
        "snippet_output '\(id)' names no '+id:\(id)' snippet before it (ignored)", at: here)
      return
    }
    addOutputNote(
      "presenterm shows its output here", language: snippet.language,
      line: snippet.location.line, at: here)
  }

  private mutating func addOutputNote(
    _ does: String, language: String?, line: Int, at here: SourceLocation
  ) {
    let what = language.map { "`\($0)` snippet" } ?? "snippet"
    addNote(
      "*▶ Output of the \(what) of line \(line): \(does); Podium never runs code.*", at: here)
  }
}
