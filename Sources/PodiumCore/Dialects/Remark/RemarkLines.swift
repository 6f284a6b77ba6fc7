import Foundation

/// remark's syntax (its lexer and parser, remark/src/remark/lexer.js and parser.js, and its
/// wiki's "Markdown" page) translated into Podium's, line for line, so that every location
/// stays the file's: a `---` (or `<!-- break -->`) line separates slides and a `--` line starts
/// an incremental slide, outside code; `name: value` lines open a slide as its properties
/// (`class`, `layout`, `exclude`, `background-image`...); `.class[...]` wraps content in a
/// class.
struct RemarkLines {
  /// The line Podium's parser sees where remark separates slides, and where an incremental
  /// slide begins.
  static let slideMarker = "<!--podium:remark-slide-->"
  static let continuationMarker = "<!--podium:remark-continue-->"

  /// Each slide's properties, in order, and which slides continue the one before (`--`).
  private(set) var properties: [[String: String]] = [[:]]
  private(set) var continued: [Bool] = [false]

  /// Rewrites the deck's lines and reads each slide's properties.
  mutating func rewrite(_ lines: inout [Substring], sink: inout DiagnosticSink) {
    var fence: Substring?
    var atSlideStart = true
    var previousBlank = true
    var warnedTemplate = false
    var openClasses = 0
    for index in lines.indices {
      let line = lines[index]
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if let open = fence {
        if trimmed.hasPrefix(open) { fence = nil }
        previousBlank = false
        continue
      }
      if let marker = Self.fenceMarker(line) {
        fence = marker
        atSlideStart = false
        previousBlank = false
        continue
      }
      // An indented code block starts after a blank line.
      if previousBlank && line.hasPrefix("    ") && !atSlideStart {
        continue
      }
      if line == "---"
        || Self.isBreakComment(line)
        || line == "--"
      {
        let continues = line == "--"
        lines[index] = Substring(continues ? Self.continuationMarker : Self.slideMarker)
        properties.append([:])
        continued.append(continues)
        atSlideStart = true
        previousBlank = true
        continue
      }
      if atSlideStart {
        if trimmed.isEmpty { continue }
        if let property = Self.property(line) {
          properties[properties.count - 1][property.key] = property.value
          lines[index] = Substring(directive(for: property) ?? "")
          if property.key == "template" && !warnedTemplate {
            warnedTemplate = true
            sink.warning(
              "remark's template slides are not applied: each slide shows its own content; later ones are not reported",
              at: SourceLocation(line: index + 1, column: 1))
          }
          continue
        }
        atSlideStart = false
      }
      if line.contains("[") || (openClasses > 0 && line.contains("]")) {
        lines[index] = Substring(Self.unwrappingClasses(String(line), open: &openClasses))
      }
      previousBlank = trimmed.isEmpty
    }
  }

  /// `<!-- break -->`, remark's other separator, spaces in it as they come.
  private static func isBreakComment(_ line: Substring) -> Bool {
    commentBody(line) == "break"
  }

  /// What a line that is one HTML comment (`<!-- text -->`) says, its spaces trimmed.
  private static func commentBody<Text: StringProtocol>(_ line: Text) -> String? {
    guard line.hasPrefix("<!--"), line.hasSuffix("-->"), line.count >= 7 else { return nil }
    return line.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
  }

  /// A fence's opening (three or more backticks or tildes), if `line` opens one.
  private static func fenceMarker(_ line: Substring) -> Substring? {
    let trimmed = line.drop { $0 == " " }
    guard let first = trimmed.first, first == "`" || first == "~" else { return nil }
    let run = trimmed.prefix { $0 == first }
    return run.count >= 3 ? run : nil
  }

  /// A slide property line: `name: value` (remark's `^([-\w]+):([^$\n]*)`), or the same in a
  /// comment.
  static func property(_ line: Substring) -> (key: String, value: String)? {
    let body = commentBody(line.trimmingCharacters(in: .whitespaces)) ?? String(line)
    // By hand: a regex built for every line costs a deck of separators seconds.
    guard let colon = body.firstIndex(of: ":"), colon > body.startIndex,
      !body[..<colon].contains(where: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }),
      !body.contains("\n")
    else { return nil }
    let value = body[body.index(after: colon)...]
    return (String(body[..<colon]).lowercased(), value.trimmingCharacters(in: .whitespaces))
  }

  /// The Podium directive a property is, if any: the slide's classes (remark's `center` and
  /// `middle` together are Marp's `lead`, `inverse` its `invert`), its background.
  private func directive(for property: (key: String, value: String)) -> String? {
    switch property.key {
    case "class":
      var names = property.value.split(whereSeparator: { $0 == "," || $0 == " " })
        .map { $0.lowercased() }
      if names.contains("center") && names.contains("middle") {
        names.removeAll { $0 == "center" || $0 == "middle" }
        names.append("lead")
      }
      names = names.map { $0 == "inverse" ? "invert" : $0 }
      return names.isEmpty ? nil : "<!-- _class: \(names.joined(separator: " ")) -->"
    case "background-image":
      return "<!-- _backgroundImage: \"\(property.value)\" -->"
    case "background-color":
      return "<!-- _backgroundColor: \"\(property.value)\" -->"
    default:
      return nil
    }
  }

  /// `.red[text]` and `.left[` ... `]` are content in a class to remark: the content, without
  /// the wrapper. Brackets that open no class (a link's, a picture's) stay. `open` counts the
  /// classes opened on earlier lines and not closed yet: the `]` that closes one goes too.
  static func unwrappingClasses(_ line: String, open: inout Int) -> String {
    let characters = Array(line)
    var stack: [(index: Int, start: Int?)] = []
    var remove = Set<Int>()
    for (index, character) in characters.enumerated() {
      if character == "[" {
        // `.name.other[`: the class names run back from the bracket to a dot.
        var start = index
        while start > 0,
          characters[start - 1].isLetter || characters[start - 1].isNumber
            || "-_.".contains(characters[start - 1])
        {
          start -= 1
        }
        let isClass =
          start + 1 < index && characters[start] == "." && characters[start + 1] != "."
          && (start == 0 || " ](>".contains(characters[start - 1]))
        stack.append((index, isClass ? start : nil))
      } else if character == "]" {
        if let opened = stack.popLast() {
          if let start = opened.start {
            for position in start...opened.index { remove.insert(position) }
            remove.insert(index)
          }
        } else if open > 0 {
          open -= 1
          remove.insert(index)
        }
      }
    }
    // Classes opened here and closed on a later line: their wrappers go now.
    for opened in stack {
      guard let start = opened.start else { continue }
      for position in start...opened.index { remove.insert(position) }
      open += 1
    }
    return String(characters.enumerated().filter { !remove.contains($0.offset) }.map(\.element))
  }
}
