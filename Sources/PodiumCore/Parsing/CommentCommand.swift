import Foundation

/// What an HTML comment in a deck means (DECK-FORMAT.md, "Speaker notes" and "Directives").
enum CommentCommand: Equatable {
  case pause
  case endSlide
  /// One of Podium's directives, or another tool's spelling of one.
  case directive(key: String, value: String)
  /// presenterm's `<!-- speaker_note: text -->`.
  case speakerNote(String)
  /// presenterm's `<!-- incremental_lists: true -->`: each list item becomes a build step.
  case incrementalLists(Bool)
  /// A command of another tool that Podium does not honour: dropped with a warning.
  case unsupported(command: String, tool: String)
  /// Anything else is a speaker note (Marp's convention). `suggestion` names the directive a
  /// `key: value` comment was probably meant to be.
  case note(String, suggestion: String?)

  static let directiveKeys = ["layout", "background", "class", "fit", "duration"]

  /// Marp's spellings of Podium directives (the underscore form scopes to one slide in Marp;
  /// every Podium directive already does).
  static let directiveAliases = [
    "_class": "class", "backgroundColor": "background", "_backgroundColor": "background",
    "backgroundImage": "background", "_backgroundImage": "background",
  ]

  static let presentermCommands: Set<String> = [
    "column_layout", "column", "reset_layout", "jump_to_middle", "newline", "new_line",
    "newlines", "new_lines", "no_footer", "skip_slide", "font_size", "alignment", "include",
    "list_item_newlines", "snippet_output", "user_comment",
  ]
  static let marpDirectives: Set<String> = [
    "paginate", "_paginate", "header", "_header", "footer", "_footer", "theme", "size", "color",
    "_color", "headingDivider", "style", "math", "lang", "backgroundPosition",
    "_backgroundPosition", "backgroundRepeat", "_backgroundRepeat", "backgroundSize",
    "_backgroundSize", "marp", "title", "description", "author", "image", "url",
  ]

  /// Classifies the inside of `<!-- ... -->`.
  init(comment body: String) {
    let trimmed = body.trimmingCharacters(in: .whitespacesAndNewlines)
    switch trimmed {
    case "pause":
      self = .pause
      return
    case "end_slide":
      self = .endSlide
      return
    default: break
    }
    if trimmed.hasPrefix("//") {  // presenterm's `<!-- // comment -->` is for the author only.
      self = .unsupported(command: "//", tool: "presenterm")
      return
    }
    guard let colon = trimmed.firstIndex(of: ":") else {
      if Self.presentermCommands.contains(trimmed) {
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
    if key == "speaker_note" {
      var text = value
      if text.hasPrefix("|") || text.hasPrefix(">") { text = String(text.dropFirst()) }
      self = .speakerNote(text.trimmingCharacters(in: .whitespacesAndNewlines))
    } else if key == "incremental_lists" {
      self = .incrementalLists(parseBool(value) ?? false)
    } else if Self.directiveKeys.contains(key) {
      self = .directive(key: key, value: value)
    } else if let alias = Self.directiveAliases[key] {
      self = .directive(key: alias, value: value)
    } else if Self.presentermCommands.contains(key) {
      self = .unsupported(command: key, tool: "presenterm")
    } else if Self.marpDirectives.contains(key) {
      self = .unsupported(command: key, tool: "Marp")
    } else if !key.contains(" "), !value.contains("\n"),
      let suggestion = closestMatch(to: key, in: Self.directiveKeys)
    {
      self = .note(trimmed, suggestion: suggestion)
    } else {
      self = .note(trimmed, suggestion: nil)
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
