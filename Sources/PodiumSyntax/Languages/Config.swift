/// Configuration files: TOML, INI (and `.cfg`, `.conf`, `.desktop`, `.gitconfig`,
/// `.editorconfig`, systemd units), Java properties and dotenv files. `[sections]` as types,
/// keys as attributes, values by what they are: strings, numbers, booleans, dates.
extension SyntaxLanguage {
  static let toml = SyntaxLanguage(
    name: "toml",
    aliases: ["pyproject", "cargo"],
    dialect: .config,
    lineComments: [["#"]])

  static let ini = SyntaxLanguage(
    name: "ini",
    aliases: [
      "cfg", "conf", "config", "dosini", "desktop", "gitconfig", "editorconfig", "systemd",
      "service", "inf", "reg",
    ],
    dialect: .config,
    lineComments: [["#"], [";"]])

  static let properties = SyntaxLanguage(
    name: "properties",
    aliases: ["java-properties", "dotenv", "env"],
    dialect: .config,
    lineComments: [["#"], ["!"]])

  static let configKeywords: Set<String> = [
    "true", "false", "yes", "no", "on", "off", "True", "False", "TRUE", "FALSE", "Yes", "No",
    "inf", "nan", "null",
  ]
}

extension LineScanner {
  /// TOML's own rules: `#` comments anywhere, triple quotes, quoted keys, bare words as plain.
  private var isTOML: Bool { syntax.name == SyntaxLanguage.toml.name }

  mutating func scanConfigLine() {
    if case .string(let rule) = state {
      scanString(rule)
    } else {
      state = .code
    }
    // A line that goes on with a string is past its key.
    var sawKey = pos > 0
    var braces = 0
    while pos < count {
      if scanBlanks() { continue }
      let c = s[pos]
      if !sawKey && syntax.lineComments.contains(where: { $0[0] == c }) {
        pos = count
        emit(.comment)
      } else if c == "#" && isTOML {
        pos = count
        emit(.comment)
      } else if !sawKey && c == "[" {
        // `[section]`, `[[array.of.tables]]`.
        pos = closer("]", from: pos).map { $0 + 1 } ?? count
        while pos < count && s[pos] == "]" { pos += 1 }
        emit(.type)
        sawKey = true
      } else if !sawKey {
        scanConfigKey()
        sawKey = true
      } else if c == "\"" || c == "'" {
        let tripled = peek(1) == c && peek(2) == c && isTOML
        pos += tripled ? 3 : 1
        scanString(
          StringRule(
            close: tripled ? [c, c, c] : [c], escapes: c == "\"", multiline: tripled))
      } else if c == "=" || c == ":" || c == "," || c == "[" || c == "]" || c == "{"
        || c == "}"
      {
        pos += 1
        emit(.punctuation)
        if c == "{" { braces += 1 }
        if c == "}" { braces = max(0, braces - 1) }
        // Inside an inline table the next name is a key again.
        if c == "{" || (c == "," && braces > 0) {
          skipBlanks()
          emit(.plain)
          if pos < count && s[pos] != "}" { scanConfigKey() }
        }
      } else {
        scanConfigValue()
      }
    }
  }

  /// A key up to `=` or `:` (a bare or quoted TOML key, dotted; an INI key with blanks in it).
  private mutating func scanConfigKey() {
    let start = pos
    while pos < count && s[pos] != "=" && !(s[pos] == ":" && syntax.name != "toml") {
      if isTOML && (s[pos] == "\"" || s[pos] == "'") {
        let quote = s[pos]
        pos = closer(quote, from: pos + 1).map { $0 + 1 } ?? count
        continue
      }
      pos += 1
    }
    // Blanks before the `=` stay outside the key.
    var end = pos
    while end > start && SyntaxHighlighter.isBlank(s[end - 1]) { end -= 1 }
    let stop = pos
    pos = end
    emit(.attribute)
    pos = stop
    emit(.plain)
  }

  /// A bare value: a number, boolean, date, or text to the end of the line (INI, properties).
  private mutating func scanConfigValue() {
    let start = pos
    if isTOML {
      while pos < count && !SyntaxHighlighter.isBlank(s[pos])
        && !",]}#".unicodeScalars.contains(s[pos])
      {
        pos += 1
      }
    } else {
      // The rest of the line, less trailing blanks; `;` and `#` comments only start lines.
      pos = count
      while pos > start + 1 && SyntaxHighlighter.isBlank(s[pos - 1]) { pos -= 1 }
    }
    if pos == start { pos += 1 }
    let text = s[start..<pos]
    let word = SyntaxHighlighter.text(of: text)
    if SyntaxLanguage.configKeywords.contains(word) {
      emit(.keyword)
    } else if let first = text.first,
      isDigit(first) || ((first == "-" || first == "+") && text.count > 1),
      text.allSatisfy({
        isDigit($0) || "-+_.:eExXoObTZ".unicodeScalars.contains($0) || isHexDigit($0)
      })
    {
      emit(.number)
    } else {
      emit(isTOML ? .plain : .string)
    }
  }
}
