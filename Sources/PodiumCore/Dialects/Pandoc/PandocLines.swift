import Foundation

/// pandoc's slide syntax written in Podium's, line for line (a line becomes one line, so cmark's
/// line numbers stay the file's):
///
/// - fenced divs: `::: notes` as speaker notes; `::: incremental` / `::: nonincremental` as
///   presenterm's `incremental_lists`; `:::: columns` with `::: {.column width="40%"}` as a
///   column layout; `::: {.fragment}` as a pause; other divs' fences dropped, content kept;
/// - `. . .` and `\pause` as pauses; `> - item` (a list in a quote) as an incremental list;
/// - `{width=50%}` after an image as Marp's `w:` (percentages of the slide's width); a heading's
///   `{#id .class key=value}` taken off (kept in `headingAttributes`), `background-image` as a
///   `![bg]` background;
/// - raw LaTeX: `\begin{equation}` (and `align`, `gather`, their starred forms) as a displayed
///   formula; `\item` as a list item, `\includegraphics{f}` as an image; other lines made only of
///   commands are dropped with a warning, once per command; citations (`[@key]`) stay as written,
///   with one warning.
struct PandocLines {
  struct Attributes: Equatable {
    var classes: Set<String> = []
    var values: [String: String] = [:]
  }

  enum Fence: Equatable {
    case open(Attributes)
    case close
  }

  /// A div's fence: `:::`+ alone closes; `::: name` or `::: {.name key="v"}` opens.
  static func fence(_ line: Substring) -> Fence? {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    guard trimmed.hasPrefix(":::") else { return nil }
    var rest = trimmed.drop { $0 == ":" }
    while rest.last == ":" { rest = rest.dropLast() }
    let inner = rest.trimmingCharacters(in: .whitespaces)
    if inner.isEmpty { return .close }
    if inner.hasPrefix("{"), inner.hasSuffix("}") {
      return .open(attributes(String(inner.dropFirst().dropLast())))
    }
    guard !inner.contains(" ") else { return nil }
    return .open(Attributes(classes: [inner]))
  }

  /// `#id .class key=value key="a value"`.
  static func attributes(_ text: String) -> Attributes {
    var result = Attributes()
    var index = text.startIndex
    while index < text.endIndex {
      while index < text.endIndex, text[index] == " " { index = text.index(after: index) }
      guard index < text.endIndex else { break }
      var token = ""
      var quote: Character?
      while index < text.endIndex, quote != nil || text[index] != " " {
        let character = text[index]
        if character == "\"" || character == "'" {
          quote = quote == nil ? character : (quote == character ? nil : quote)
        } else {
          token.append(character)
        }
        index = text.index(after: index)
      }
      if token.hasPrefix(".") {
        result.classes.insert(String(token.dropFirst()))
      } else if let equals = token.firstIndex(of: "=") {
        result.values[String(token[..<equals])] = String(token[token.index(after: equals)...])
      } else if !token.hasPrefix("#"), !token.isEmpty {
        result.classes.insert(token)
      }
    }
    return result
  }

  var incremental: Bool
  private(set) var headingAttributes: [Int: Attributes] = [:]
  private var warnings = OnceWarnings()

  init(incremental: Bool) {
    self.incremental = incremental
  }

  /// What each open div becomes at its closing fence.
  private enum OpenDiv {
    case plain
    case notes
    case incremental(restore: Bool)
    /// A column layout of `count` columns (0 for one inside another, which Podium lays out
    /// flat), and the next column div's place in it.
    case columns(count: Int, next: Int)
  }

  /// Environments whose content is a displayed formula, and the one inside `\[ \]` that lays
  /// out the same lines.
  static let mathEnvironments: [String: String?] = [
    "equation": nil, "equation*": nil, "displaymath": nil, "math": nil,
    "align": "aligned", "align*": "aligned", "eqnarray": "aligned", "eqnarray*": "aligned",
    "gather": "gathered", "gather*": "gathered", "multline": "gathered", "multline*": "gathered",
  ]
  /// Environments whose content is Markdown: only their fences are dropped.
  static let textEnvironments: Set<String> = [
    "center", "flushleft", "flushright", "block", "alertblock", "exampleblock", "itemize",
    "enumerate", "columns", "column", "minipage", "quote", "frame",
  ]

  mutating func rewrite(_ lines: inout [Substring], sink: inout DiagnosticSink) {
    var stack: [OpenDiv] = []
    var fenceOfCode: Substring?
    var skipping: String?  // a LaTeX environment dropped whole, until its \end
    var math: (start: Int, inner: String?)?
    let columns = Self.columnWidths(lines)
    var citation = false
    var inNote = false
    // Where each environment last ends: one never closed is left as text, never swallowing the
    // rest of the deck.
    var lastEnd: [String: Int] = [:]
    for index in lines.indices {
      let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("\\end{"), let name = Self.argument(of: trimmed, after: "\\end") {
        lastEnd[name] = index
      }
    }
    for index in lines.indices {
      let line = lines[index]
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      let here = SourceLocation(line: index + 1, column: 1)
      if let fence = fenceOfCode {
        if trimmed.hasPrefix(fence) { fenceOfCode = nil }
        continue
      }
      if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
        fenceOfCode = Substring(trimmed.prefix { $0 == trimmed.first })
        continue
      }
      if let environment = skipping {
        if trimmed.hasPrefix("\\end{\(environment)}") { skipping = nil }
        lines[index] = ""
        continue
      }
      if let open = math {
        if trimmed.hasPrefix("\\end{") {
          lines[index] = "```"
          if let inner = open.inner, index > open.start + 1 {
            lines[index - 1] += "\\end{\(inner)}"
          }
          math = nil
        } else {
          lines[index] = Substring(Self.withoutLabels(String(line)))
          if index == open.start + 1, let inner = open.inner {
            lines[index] = "\\begin{\(inner)}" + lines[index]
          }
        }
        continue
      }
      switch Self.fence(line) {
      case .open(let attributes)?:
        lines[index] = Substring(
          open(attributes, line: index, columns: columns, stack: &stack))
        continue
      case .close?:
        lines[index] = Substring(close(stack.popLast() ?? .plain))
        continue
      case nil: break
      }
      // beamer's `\note{...}`: on one line, or over the lines up to its closing brace.
      if trimmed.hasPrefix("\\note{") {
        let inner = trimmed.dropFirst(6)
        if inner.isEmpty {
          lines[index] = Substring(DeckParser.notesMarker)
          inNote = true
        } else if inner.hasSuffix("}") {
          lines[index] = Substring("<!-- speaker_note: \(inner.dropLast()) -->")
        }
        continue
      }
      if inNote, trimmed == "}" {
        lines[index] = Substring(DeckParser.notesEndMarker)
        inNote = false
        continue
      }
      if trimmed == ". . ." || trimmed == "\\pause" {
        lines[index] = "<!-- pause -->"
        continue
      }
      if trimmed.hasPrefix("\\begin{"), let name = Self.argument(of: trimmed, after: "\\begin"),
        (lastEnd[name] ?? -1) > index
      {
        if let inner = Self.mathEnvironments[name] {
          math = (index, inner)
          lines[index] = "```math"
        } else if Self.textEnvironments.contains(name) {
          lines[index] = ""
        } else {
          warnings.warn(
            "LaTeX environment '\(name)'", "is not shown (Podium does not run LaTeX on slides)",
            at: here, sink: &sink)
          skipping = name
          lines[index] = ""
        }
        continue
      }
      if trimmed.hasPrefix("\\end{") {
        lines[index] = ""
        continue
      }
      if trimmed.hasPrefix("\\item") {
        let indent = line.prefix { $0 == " " }
        lines[index] = indent + "- " + trimmed.dropFirst(5).drop { $0 == " " }
        continue
      }
      // `\includegraphics[width=3in]{a.png}`, alone or in a wrapper (`\centerline{...}`).
      if trimmed.contains("\\includegraphics"), Self.isOnlyCommands(trimmed),
        let file = Self.graphicsFile(trimmed)
      {
        lines[index] = "![](\(file))"
        continue
      }
      if Self.isOnlyCommands(trimmed) {
        let name = String(trimmed.dropFirst().prefix { $0.isLetter })
        warnings.warn(
          "raw LaTeX '\\\(name)'", "is not shown (Podium does not run LaTeX on slides)", at: here,
          sink: &sink)
        lines[index] = ""
        continue
      }
      if trimmed.hasPrefix(">"), Self.isListLine(trimmed.dropFirst().drop { $0 == " " }) {
        rewriteQuotedList(&lines, at: index)
        continue
      }
      if trimmed.hasPrefix("#") { rewriteHeading(&lines[index], line: index + 1) }
      if line.contains("){") {
        lines[index] = Substring(Self.imageAttributes(String(lines[index])))
      }
      if !citation, line.contains("[@") || line.contains("[-@") {
        citation = true
        sink.warning(
          "citations are shown as their keys: Podium does not read a bibliography", at: here)
      }
    }
  }

  private mutating func open(
    _ attributes: Attributes, line: Int, columns: [Int: [Int]], stack: inout [OpenDiv]
  ) -> String {
    let classes = attributes.classes
    if classes.contains("notes") {
      stack.append(.notes)
      return DeckParser.notesMarker
    }
    if classes.contains("incremental") || classes.contains("nonincremental") {
      stack.append(.incremental(restore: incremental))
      incremental = classes.contains("incremental")
      return "<!-- incremental_lists: \(incremental) -->"
    }
    let layout = stack.lastIndex {
      if case .columns = $0 { return true } else { return false }
    }
    if classes.contains("columns") {
      guard layout == nil, let widths = columns[line] else {
        stack.append(.columns(count: 0, next: 0))
        return ""
      }
      stack.append(.columns(count: widths.count, next: 0))
      return "<!-- column_layout: [\(widths.map(String.init).joined(separator: ", "))] -->"
    }
    stack.append(.plain)
    // A column takes the next place of the layout it is in; one outside any, or past the
    // layout's columns, is laid out where it stands.
    if classes.contains("column"), let layout, case .columns(let count, let next) = stack[layout],
      next < count
    {
      stack[layout] = .columns(count: count, next: next + 1)
      return "<!-- column: \(next) -->"
    }
    return classes.contains("fragment") ? "<!-- pause -->" : ""
  }

  private mutating func close(_ div: OpenDiv) -> String {
    switch div {
    case .plain: return ""
    case .notes: return DeckParser.notesEndMarker
    case .incremental(let restore):
      incremental = restore
      return "<!-- incremental_lists: \(restore) -->"
    case .columns(let count, _): return count > 0 ? "<!-- reset_layout -->" : ""
    }
  }

  /// The widths of each `columns` div's columns, by the line of its opening fence: `width=`
  /// percentages, the rest shared among the columns without one.
  static func columnWidths(_ lines: [Substring]) -> [Int: [Int]] {
    var result: [Int: [Int]] = [:]
    var open: [(line: Int, isColumns: Bool, widths: [Double?])] = []
    for (index, line) in lines.enumerated() {
      switch fence(line) {
      case .open(let attributes)?:
        if attributes.classes.contains("column"), let parent = open.lastIndex(where: \.isColumns) {
          let width = attributes.values["width"].flatMap { Double($0.filter { $0 != "%" }) }
          open[parent].widths.append(width)
        }
        open.append((index, attributes.classes.contains("columns"), []))
      case .close?:
        guard let div = open.popLast(), div.isColumns, !div.widths.isEmpty else { continue }
        let given = div.widths.compactMap { $0 }.reduce(0, +)
        let missing = div.widths.filter { $0 == nil }.count
        let share = missing == 0 ? 0 : max(1, (100 - given) / Double(missing))
        result[div.line] = div.widths.map { max(1, Int(($0 ?? share).rounded())) }
      case nil: break
      }
    }
    return result
  }

  /// `> - a` and the quote's other lines, without their `>`: pandoc shows a list in a quote
  /// one item at a time. The blank lines around the quote say so, when there are some.
  private func rewriteQuotedList(_ lines: inout [Substring], at start: Int) {
    guard start > 0, lines[start - 1].allSatisfy(\.isWhitespace) else { return }
    var end = start
    while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces).hasPrefix(">") {
      let quoted = lines[end].drop { $0 == " " }.dropFirst()
      lines[end] = quoted.first == " " ? quoted.dropFirst() : quoted
      end += 1
    }
    lines[start - 1] = "<!-- incremental_lists: true -->"
    if end < lines.count, lines[end].allSatisfy(\.isWhitespace) {
      lines[end] = Substring("<!-- incremental_lists: \(incremental) -->")
    }
  }

  /// `## Title {#id .class key=value}`: the attributes taken off and kept, a background image
  /// written as Marp's `![bg](...)` in their place.
  private mutating func rewriteHeading(_ line: inout Substring, line number: Int) {
    var text = line.trimmingCharacters(in: .whitespaces)
    while text.last == "#" || text.last == " " { text.removeLast() }  // closing `##`
    guard text.hasSuffix("}"), let open = text.lastIndex(of: "{"),
      text.drop(while: { $0 == "#" }).first == " "
    else { return }
    let attributes = Self.attributes(
      String(text[text.index(after: open)..<text.index(before: text.endIndex)]))
    headingAttributes[number] = attributes
    var heading = String(text[..<open])
    if let image = attributes.values["background-image"]
      ?? attributes.values["data-background-image"]
    {
      heading += "![bg](\(image))"
    }
    let indent = line.prefix { $0 == " " }
    line = indent + Substring(heading)
  }

  /// `![alt](src){width=50%}` as `![alt w:640px](src)`: pandoc's percentages are of the
  /// slide's width, Marp's lengths of a 1280 × 720 slide.
  static func imageAttributes(_ line: String) -> String {
    guard let regex = try? NSRegularExpression(pattern: #"!\[([^\]]*)\]\(([^)]*)\)\{([^}]*)\}"#)
    else { return line }
    var result = line
    for match in regex.matches(in: line, range: NSRange(line.startIndex..., in: line)).reversed() {
      guard let whole = Range(match.range, in: line), let alt = Range(match.range(at: 1), in: line),
        let source = Range(match.range(at: 2), in: line),
        let raw = Range(match.range(at: 3), in: line)
      else { continue }
      let attributes = Self.attributes(String(line[raw]))
      var words = [String(line[alt])]
      for (key, span) in [("width", 1280.0), ("height", 720.0)] {
        guard let value = attributes.values[key] else { continue }
        if value.hasSuffix("%"), let percent = Double(value.dropLast()) {
          words.append("\(key.prefix(1)):\(Int(percent / 100 * span))px")
        } else {
          words.append("\(key.prefix(1)):\(value)")
        }
      }
      let alternative = words.filter { !$0.isEmpty }.joined(separator: " ")
      result.replaceSubrange(whole, with: "![\(alternative)](\(line[source]))")
    }
    return result
  }

  /// `\label{eq:1}`, `\nonumber` and `\notag` mean nothing in a formula shown alone.
  static func withoutLabels(_ line: String) -> String {
    line.replacingOccurrences(
      of: #"\\label\{[^}]*\}|\\nonumber|\\notag"#, with: "", options: .regularExpression)
  }

  /// `name` in `\begin{name}`.
  static func argument(of line: String, after command: String) -> String? {
    guard line.hasPrefix(command + "{"), let close = line.firstIndex(of: "}") else { return nil }
    return String(line[line.index(line.startIndex, offsetBy: command.count + 1)..<close])
  }

  /// The last `{...}` of a command line: `\includegraphics[width=.5\textwidth]{fig.png}`.
  static func lastArgument(_ line: String) -> String? {
    guard line.hasSuffix("}"), let open = line.lastIndex(of: "{") else { return nil }
    let argument = line[line.index(after: open)..<line.index(before: line.endIndex)]
    return argument.isEmpty ? nil : String(argument)
  }

  /// A line made of LaTeX commands and their arguments only (`\vspace{1em}`, `\centering`,
  /// `\centerline{\includegraphics{a.png}}`: arguments may hold braces one level deep).
  static func isOnlyCommands(_ line: String) -> Bool {
    line.range(
      of: #"^(\\[A-Za-z]+\*?(\[[^\]]*\])*(\{([^{}]|\{[^{}]*\})*\})*\s*)+$"#,
      options: .regularExpression) != nil
  }

  /// The file of the line's `\includegraphics[options]{file}`.
  static func graphicsFile(_ line: String) -> String? {
    guard
      let match = line.range(
        of: #"\\includegraphics\*?(\[[^\]]*\])?\{[^{}]+\}"#, options: .regularExpression)
    else { return nil }
    return lastArgument(String(line[match]))
  }

  static func isListLine(_ text: Substring) -> Bool {
    if text.hasPrefix("- ") || text.hasPrefix("* ") || text.hasPrefix("+ ") { return true }
    let digits = text.prefix { $0.isNumber }
    return !digits.isEmpty
      && (text.dropFirst(digits.count).hasPrefix(". ")
        || text.dropFirst(digits.count).hasPrefix(") "))
  }
}
