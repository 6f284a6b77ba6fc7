/// Bash, zsh, ksh and shell sessions: a scanner of its own, since words, not tokens, make a
/// command line.
extension SyntaxLanguage {
  static let shell = SyntaxLanguage(
    name: "shell",
    aliases: ["sh", "bash", "zsh", "ksh", "console", "shellsession", "shell-session"],
    dialect: .shell)

  static let shellKeywords: Set<String> = [
    "if", "then", "else", "elif", "fi", "case", "esac", "for", "select", "while", "until", "do",
    "done", "in", "function", "time", "coproc", "!",
  ]

  /// Shell keywords after which a command starts (`then ls`).
  static let shellCommandKeywords: Set<String> = [
    "if", "then", "else", "elif", "while", "until", "do", "time", "!",
  ]
}

extension LineScanner {
  /// Bash and friends: words, quotes, `$` expansions, `#` comments that start a word, heredocs.
  /// From `pos`, so a Dockerfile's `RUN` or a Makefile's recipe can hand the rest of its line
  /// over; `command` says whether the first word there names a command.
  mutating func scanShellLine(command: Bool = true) {
    var commandPosition = command
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
      if scanBlanks() { continue }
      let c = s[pos]
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
          ? StringRule(close: ["'"], escapes: false, multiline: true)
          : StringRule(
            close: [c], multiline: true, interpolation: c == "\"" ? .shell : .none)
        scanString(rule)
        if !afterAssignment { commandPosition = false }
      case "$":
        if syntax.dialect == .makefile, let end = makeExpansionEnd(at: pos) {
          // A recipe's `$(CC)`, `${FLAGS}`, `$@` and `$^` are make's, before the shell sees it.
          pos = end
          emit(.attribute)
          if !afterAssignment { commandPosition = false }
        } else if peek(1) == "'" {
          // ANSI-C quoting: $'a\tb'.
          pos += 2
          scanString(StringRule(close: ["'"], multiline: true))
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
        if let equals = assignmentEquals(from: start) {
          // NAME=value: the name is a variable; the value is scanned as what it is. Asked
          // before the word is read to its end, so `a=a=a=...` stays linear.
          pos = equals
          emit(.attribute)
          pos += 1
          emit(.punctuation)
          continue
        }
        while pos < count && isShellWordScalar(s[pos]) { pos += 1 }
        if pos == start {
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
