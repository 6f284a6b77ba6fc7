/// Dockerfiles (and Containerfiles) and Makefiles: their own words, with the shell commands they
/// run (`RUN`, recipes) read by the shell scanner.
extension SyntaxLanguage {
  static let dockerfile = SyntaxLanguage(
    name: "dockerfile",
    aliases: ["docker", "containerfile"],
    dialect: .dockerfile)

  static let makefile = SyntaxLanguage(
    name: "makefile",
    aliases: ["make", "mk", "mak", "gnumakefile", "bsdmake"],
    dialect: .makefile)

  static let dockerInstructions: Set<String> = [
    "ADD", "ARG", "CMD", "COPY", "ENTRYPOINT", "ENV", "EXPOSE", "FROM", "HEALTHCHECK", "LABEL",
    "MAINTAINER", "ONBUILD", "RUN", "SHELL", "STOPSIGNAL", "USER", "VOLUME", "WORKDIR",
  ]

  /// Instructions whose arguments are a command line.
  static let dockerCommands: Set<String> = ["RUN", "CMD", "ENTRYPOINT", "HEALTHCHECK", "ONBUILD"]

  static let makeDirectives: Set<String> = [
    "define", "endef", "ifdef", "ifndef", "ifeq", "ifneq", "else", "endif", "include",
    "-include", "sinclude", "override", "export", "unexport", "private", "vpath",
  ]
}

extension LineScanner {
  mutating func scanDockerfileLine() {
    switch state {
    case .string, .heredoc, .shellContinuation:
      scanShellLine(command: false)
      return
    default:
      state = .code
    }
    skipBlanks()
    emit(.plain)
    if peek() == "#" {
      pos = count
      emit(.comment)
      return
    }
    let start = pos
    while pos < count && isLetter(s[pos]) { pos += 1 }
    let word = self.word(from: start).uppercased()
    guard SyntaxLanguage.dockerInstructions.contains(word) else {
      // A line the previous one continues, or one Podium does not know: as arguments.
      pos = start
      scanShellLine(command: false)
      return
    }
    emit(.keyword)
    if word == "FROM" {
      // `FROM image:tag AS name`.
      while pos < count {
        if scanBlanks() { continue }
        let wordStart = pos
        while pos < count && !SyntaxHighlighter.isBlank(s[pos]) { pos += 1 }
        let text = self.word(from: wordStart)
        emit(text.uppercased() == "AS" ? .keyword : text.hasPrefix("--") ? .attribute : .string)
      }
      return
    }
    scanShellLine(command: SyntaxLanguage.dockerCommands.contains(word))
  }

  mutating func scanMakefileLine() {
    switch state {
    case .string, .heredoc, .shellContinuation:
      scanShellLine(command: false)
      return
    default:
      state = .code
    }
    let indent = nonBlank(from: 0)
    if indent > 0 && indent < count {
      // A recipe: a command line, with `@` or `-` before it to silence or ignore it.
      pos = indent
      emit(.plain)
      while pos < count && (s[pos] == "@" || s[pos] == "-" || s[pos] == "+") { pos += 1 }
      emit(.punctuation)
      scanShellLine()
      return
    }
    pos = indent
    if peek() == "#" {
      pos = count
      emit(.comment)
      return
    }
    let start = pos
    while pos < count {
      if s[pos] == "$", let end = shellExpansionEnd(at: pos) {
        pos = end
        continue
      }
      if SyntaxHighlighter.isBlank(s[pos]) || ":=?+!".unicodeScalars.contains(s[pos]) { break }
      pos += 1
    }
    let word = self.word(from: start)
    if SyntaxLanguage.makeDirectives.contains(word) {
      emit(.keyword)
      scanShellLine(command: false)
      return
    }
    let operatorStart = nonBlank(from: pos)
    var operatorEnd = operatorStart
    while operatorEnd < count && ":=?+!".unicodeScalars.contains(s[operatorEnd])
      && operatorEnd - operatorStart < 3
    {
      operatorEnd += 1
    }
    let op = SyntaxHighlighter.text(of: s[operatorStart..<operatorEnd])
    if op.hasSuffix("=") || op.hasPrefix(":") {
      // `NAME = value`, `NAME := value`; `target: prerequisites`, `.PHONY: all`. What follows
      // is words, as the shell reads them.
      emit(op.hasSuffix("=") ? .attribute : .function)
      skipBlanks()
      emit(.plain)
      pos = operatorEnd
      emit(.punctuation)
      scanShellLine(command: false)
    } else {
      pos = start
      scanShellLine(command: false)
    }
  }

  /// The end of make's `$(NAME)`, `${NAME}`, `$@`, `$<`, `$^`, `$*`, `$?` or `$$` at `index`.
  func makeExpansionEnd(at index: Int) -> Int? {
    guard index + 1 < count else { return nil }
    let next = s[index + 1]
    if next == "(" { return balancedEnd(from: index + 1, "(", ")") }
    if next == "{" { return balancedEnd(from: index + 1, "{", "}") }
    return "@<^*?%+|$".unicodeScalars.contains(next) ? index + 2 : nil
  }
}
