/// HTTP messages as written in slides, docs and `.http` files: the request or status line, the
/// headers (names as attributes), and a body, read as JSON when it looks like JSON.
extension SyntaxLanguage {
  static let http = SyntaxLanguage(name: "http", aliases: ["https", "rest"], dialect: .http)

  static let httpMethods: Set<String> = [
    "GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH", "QUERY",
  ]
}

extension LineScanner {
  mutating func scanHTTPLine() {
    let indent = nonBlank(from: 0)
    switch state {
    case .httpBody, .string, .blockComment:
      if state == .httpBody { state = .code }
      scanJSONLine()
      if state == .code { state = .httpBody }
      return
    default:
      break
    }
    state = .code
    if indent == count {
      // The blank line before the body.
      if !isFirstLine { state = .httpBody }
      pos = count
      emit(.plain)
      return
    }
    pos = indent
    emit(.plain)
    if peek() == "#" || (peek() == "/" && peek(1) == "/") {
      pos = count
      emit(.comment)
      return
    }
    let start = pos
    while pos < count && isLetter(s[pos]) { pos += 1 }
    let first = word(from: start)
    if SyntaxLanguage.httpMethods.contains(first) || first == "HTTP" {
      if first == "HTTP" {
        // `HTTP/1.1 200 OK`.
        while pos < count && !SyntaxHighlighter.isBlank(s[pos]) { pos += 1 }
        emit(.keyword)
        skipBlanks()
        emit(.plain)
        let code = pos
        while pos < count && isDigit(s[pos]) { pos += 1 }
        emit(pos > code ? .number : .plain)
        pos = count
        emit(.plain)
        return
      }
      emit(.keyword)
      skipBlanks()
      emit(.plain)
      // The target, then the version.
      while pos < count && !SyntaxHighlighter.isBlank(s[pos]) { pos += 1 }
      emit(.string)
      skipBlanks()
      emit(.plain)
      pos = count
      emit(.keyword)
      return
    }
    // `Name: value`, or a line the request's target goes on with (`?a=1`, `&b=2`).
    pos = start
    while pos < count && s[pos] != ":" && !SyntaxHighlighter.isBlank(s[pos]) { pos += 1 }
    if pos < count && s[pos] == ":" && pos > start {
      emit(.attribute)
      pos += 1
      emit(.punctuation)
      pos = count
      emit(.plain)
    } else {
      pos = count
      emit(.string)
    }
  }
}
