import Foundation

/// What an HTML comment in a deck means (docs/DECK-FORMAT.md, "Speaker notes" and
/// "Directives").
enum CommentCommand: Equatable {
  case pause
  case endSlide
  /// Podium's directives and Marp's: one `key: value`, or several as YAML lines.
  case directives([Directive])
  /// presenterm's `<!-- speaker_note: text -->`.
  case speakerNote(String)
  /// presenterm's `<!-- incremental_lists: true -->`: each list item becomes a build step.
  case incrementalLists(Bool)
  /// presenterm's `<!-- incremental_tables: true -->`: each table row becomes a build step.
  case incrementalTables(Bool)
  /// presenterm's `<!-- list_item_newlines: 2 -->`: lines between the slide's list items.
  case listItemNewlines(Int)
  /// presenterm's `<!-- snippet_output: id -->`: where the output of the snippet marked
  /// `+id:id` is shown.
  case snippetOutput(String)
  /// presenterm's commands that shape a slide (and Podium's `skip`).
  case shape(SlideShape)
  /// Marp's `<!-- fit -->` in a heading: the heading is sized to fill the slide's width.
  case fitHeading
  /// A command with a value it cannot take: an error at the comment.
  case invalid(String)
  /// A comment for the deck's author only (presenterm's `<!-- // ... -->` and `user_comment`).
  case authorComment
  /// A command of another tool that Podium does not honour: dropped with a warning.
  case unsupported(command: String, tool: String)
  /// Anything else is a speaker note (Marp's convention). `suggestion` names the directive a
  /// `key: value` comment was probably meant to be.
  case note(String, suggestion: String?)

  /// One directive of a comment. `key` is without Marp's leading underscore; `spot` says it
  /// had one (Marp: this slide only, where the plain key holds for the slides after it too).
  struct Directive: Equatable {
    var key: String
    var value: String
    var spot = false
  }

  static let directiveKeys = ["layout", "background", "class", "fit", "duration", "advance"]

  /// presenterm's commands that shape the slide, from its documentation (docs/src/features/
  /// commands.md and layout.md).
  enum SlideShape: Equatable {
    /// Columns of relative widths; content goes into them after `column`.
    case columnLayout([Int])
    /// Content from here goes into column N (0-based) of the layout.
    case column(Int)
    /// Content from here goes below the columns, across the slide.
    case resetLayout
    case newLines(Int)
    case jumpToMiddle
    /// Text alignment for the rest of the slide.
    case alignment(Block.Alignment)
    /// Text size for the rest of the slide, 1 (the theme's) to 7.
    case fontSize(Int)
    case noFooter
    case skip
    /// The Markdown of another file, as if it were written here.
    case include(String)
  }

  /// presenterm's commands Podium does not carry out (snippets are never run).
  static let presentermCommands: Set<String> = []
  /// Marp's directives Podium carries out (Marpit's docs, "Directives"): local ones, for this
  /// slide and the next (`_name` for this one only), and global ones, for the deck.
  static let localDirectiveKeys: Set<String> = [
    "paginate", "header", "footer", "color", "backgroundColor", "backgroundImage", "transition",
  ]
  static let globalDirectiveKeys: Set<String> = [
    "theme", "size", "headingDivider", "style", "math", "lang", "marp", "title", "description",
    "author", "image", "url",
  ]
  /// Marp's directives that only CSS can carry out.
  static let marpUnsupported: Set<String> = [
    "backgroundPosition", "backgroundRepeat", "backgroundSize",
  ]

  /// Whether `key` (with or without Marp's underscore) names a directive.
  static func isDirective(_ key: String) -> Bool {
    let bare = key.hasPrefix("_") ? String(key.dropFirst()) : key
    return directiveKeys.contains(bare) || localDirectiveKeys.contains(bare)
      || globalDirectiveKeys.contains(bare)
  }

  /// A comment whose lines are all directives (Marp lets one comment hold several, as YAML):
  /// `_backgroundColor: #123` and `_color: #fff` on two lines are two directives.
  static func directives(in body: String) -> [Directive]? {
    // Read as Marp reads them ("loose YAML"): a value is the rest of its line, so `#123` is a
    // colour, not a YAML comment; `key: |` takes the indented lines under it.
    var found: [(key: String, value: String)] = []
    for line in body.split(separator: "\n", omittingEmptySubsequences: true) {
      if line.allSatisfy(\.isWhitespace) { continue }
      if line.first?.isWhitespace == true {
        guard !found.isEmpty else { return nil }
        found[found.count - 1].value +=
          (found[found.count - 1].value.isEmpty ? "" : "\n")
          + line.trimmingCharacters(in: .whitespaces)
        continue
      }
      guard let colon = line.firstIndex(of: ":") else { return nil }
      let key = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
      guard isDirective(key) else { return nil }
      var value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      if value == "|" || value == ">" || value == "|-" || value == ">-" { value = "" }
      found.append((key, value))
    }
    guard found.count > 1 else { return nil }
    return found.map { directive(key: $0.key, value: $0.value) }
  }

  static func directive(key: String, value raw: String) -> Directive {
    // YAML's quotes: `header: ""` is an empty header, `title: 'A: B'` keeps its colon.
    var value = raw
    if value.count >= 2, let first = value.first, first == "'" || first == "\"",
      value.last == first
    {
      value = String(value.dropFirst().dropLast())
    }
    if key.hasPrefix("_") {
      return Directive(key: String(key.dropFirst()), value: value, spot: true)
    }
    return Directive(key: key, value: value)
  }

  /// Classifies the inside of `<!-- ... -->`.
  init(comment body: String) {
    let trimmed = body.trimmingCharacters(in: .whitespacesAndNewlines)
    if trimmed.contains("\n"), let directives = Self.directives(in: trimmed) {
      self = .directives(directives)
      return
    }
    switch trimmed {
    case "pause":
      self = .pause
      return
    case "end_slide":
      self = .endSlide
      return
    case "fit":
      self = .fitHeading
      return
    default: break
    }
    if trimmed.hasPrefix("//") {
      self = .authorComment
      return
    }
    guard let colon = trimmed.firstIndex(of: ":") else {
      if let shape = Self.bareShapes[trimmed] {
        self = .shape(shape)
      } else if Self.presentermCommands.contains(trimmed) {
        self = .unsupported(command: trimmed, tool: "presenterm")
      } else {
        self = .note(trimmed, suggestion: nil)
      }
      return
    }
    let key = String(trimmed[..<colon]).trimmingCharacters(in: .whitespaces)
    let value = String(trimmed[trimmed.index(after: colon)...])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let isWord =
      !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
    guard isWord else {
      self = .note(trimmed, suggestion: nil)
      return
    }
    if let shape = Self.shape(key: key, value: value) {
      self = shape
    } else if key == "user_comment" || key == "comment" || key == "vim" {
      // presenterm's `comment:` and vim's modelines are for the author (`should_ignore_comment`).
      self = .authorComment
    } else if key == "speaker_note" {
      var text = value
      if text.hasPrefix("|") || text.hasPrefix(">") { text = String(text.dropFirst()) }
      self = .speakerNote(text.trimmingCharacters(in: .whitespacesAndNewlines))
    } else if key == "incremental_lists" {
      self = .incrementalLists(parseBool(value) ?? false)
    } else if key == "incremental_tables" {
      self = .incrementalTables(parseBool(value) ?? false)
    } else if key == "snippet_output" {
      self = .snippetOutput(value)
    } else if key == "list_item_newlines" {
      if let count = Int(value), (1...255).contains(count) {
        self = .listItemNewlines(count)
      } else {
        self = .invalid("list_item_newlines needs a number from 1 to 255, not '\(value)'")
      }
    } else if Self.isDirective(key) {
      self = .directives([Self.directive(key: key, value: value)])
    } else if Self.presentermCommands.contains(key) {
      self = .unsupported(command: key, tool: "presenterm")
    } else if Self.marpUnsupported.contains(key.hasPrefix("_") ? String(key.dropFirst()) : key) {
      self = .unsupported(command: key, tool: "Marp")
    } else if !key.contains(" "), !value.contains("\n"),
      let suggestion = closestMatch(to: key, in: Self.directiveKeys)
    {
      self = .note(trimmed, suggestion: suggestion)
    } else {
      self = .note(trimmed, suggestion: nil)
    }
  }

  /// The commands written without a value.
  static let bareShapes: [String: SlideShape] = [
    "reset_layout": .resetLayout, "jump_to_middle": .jumpToMiddle, "newline": .newLines(1),
    "new_line": .newLines(1), "no_footer": .noFooter, "skip_slide": .skip, "skip": .skip,
  ]

  /// A shaping command written `key: value`, or nil when `key` names none.
  private static func shape(key: String, value: String) -> CommentCommand? {
    func number(_ range: ClosedRange<Int>, _ what: String) -> CommentCommand {
      guard let count = Int(value), range.contains(count) else {
        return .invalid(
          "\(key) needs \(what) from \(range.lowerBound) to \(range.upperBound), not '\(value)'")
      }
      switch key {
      case "column": return .shape(.column(count))
      case "font_size": return .shape(.fontSize(count))
      default: return .shape(.newLines(count))
      }
    }
    switch key {
    case "column_layout":
      let inner = value.trimmingCharacters(in: CharacterSet(charactersIn: "[] "))
      let widths = inner.split(separator: ",").map {
        Int($0.trimmingCharacters(in: .whitespaces))
      }
      guard !widths.isEmpty, widths.count <= 12, widths.allSatisfy({ ($0 ?? 0) > 0 }) else {
        return .invalid(
          "column_layout needs column widths as whole numbers, e.g. [3, 2], not '\(value)'")
      }
      return .shape(.columnLayout(widths.compactMap { $0 }))
    case "column": return number(0...11, "a column number")
    case "newlines", "new_lines": return number(1...100, "a number of lines")
    case "font_size": return number(1...7, "a size")
    case "alignment":
      switch value.lowercased() {
      case "left": return .shape(.alignment(.natural))
      case "center", "centre": return .shape(.alignment(.center))
      case "right": return .shape(.alignment(.right))
      default: return .invalid("alignment must be left, center or right, not '\(value)'")
      }
    case "include":
      guard !value.isEmpty else { return .invalid("include needs a file name") }
      return .shape(.include(value))
    default:
      return nil
    }
  }

  /// Every `<!-- ... -->` body in an HTML block, and whether anything else is there too.
  static func comments(in html: String) -> (bodies: [String], otherContent: String) {
    var bodies: [String] = []
    var other = ""
    var rest = Substring(html)
    while let open = rest.range(of: "<!--") {
      other += rest[..<open.lowerBound]
      let afterOpen = rest[open.upperBound...]
      guard let close = afterOpen.range(of: "-->") else {
        bodies.append(String(afterOpen))
        rest = ""
        break
      }
      bodies.append(String(afterOpen[..<close.lowerBound]))
      rest = afterOpen[close.upperBound...]
    }
    other += rest
    return (bodies, other)
  }
}
