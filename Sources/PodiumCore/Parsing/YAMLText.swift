import Yams

/// YAML as Podium reads it: front matter, theme files and the configuration. Anchors and aliases
/// are refused before the YAML is composed. A deck, a theme or a configuration never needs them,
/// and nine lines of aliases can stand for a billion nodes: the "billion laughs". Composing one
/// shares the nodes, but Yams hashes a mapping's keys to find duplicates, and an alias used as a
/// key is hashed node by node, which takes longer than a talk.
enum YAMLText {
  /// Anchors and aliases are not taken; the error says where the first one is.
  struct AnchorRefused: Error, Equatable {
    var name: String
    var location: SourceLocation
  }

  /// The document's root node, or nil for an empty document. Throws `AnchorRefused` or
  /// Yams' `YamlError`.
  static func compose(_ text: String) throws -> Node? {
    if let anchor = firstAnchorOrAlias(in: text) { throw anchor }
    return try Yams.compose(yaml: text)
  }

  /// The message and place of an error thrown by `compose`, lines counted from the text's first.
  static func describe(_ error: Error) -> (String, SourceLocation?) {
    switch error {
    case let refused as AnchorRefused:
      let kind = refused.name.hasPrefix("&") ? "anchor" : "alias"
      return (
        "YAML \(kind) '\(refused.name)' is not allowed here; write each value out in full",
        refused.location
      )
    case let yaml as YamlError:
      let (message, mark) = FrontMatter.describe(yaml)
      return (message, mark.map(SourceLocation.init))
    default:
      return ("\(error)".split(separator: "\n").first.map(String.init) ?? "\(error)", nil)
    }
  }

  /// What a YAML text turned out to be.
  enum Document {
    case mapping(Node.Mapping)
    /// No node at all: an empty file or front matter.
    case empty
    /// Not YAML, or not a mapping: already reported.
    case unusable
  }

  /// How the problems of one kind of YAML text are worded.
  struct Subject {
    /// What a text that is not YAML is told, before the parser's message.
    var invalidYAML: String
    /// Put before the message of a refused anchor, e.g. "front matter: "; empty for none.
    var anchorPrefix: String
    /// What a root that is not a mapping is told.
    var notAMapping: (Node) -> String
    /// What an empty text is told; nil when an empty text is fine.
    var empty: String?
    /// Problems are warnings, not errors: a Marp deck's front matter, which Marp skips when it
    /// cannot read it and still draws the slides.
    var warnsOnly = false
  }

  /// The root mapping of `text`, the first step of reading front matter, a theme file and the
  /// configuration. Problems go to `sink` in `subject`'s words; YAML's lines are shifted by
  /// `lineOffset`, and a problem with no place of its own is put at `fallback`.
  static func document(
    _ text: String, as subject: Subject, lineOffset: Int = 0, fallback: SourceLocation? = nil,
    sink: inout DiagnosticSink
  ) -> Document {
    func place(_ location: SourceLocation?) -> SourceLocation? {
      location.map { SourceLocation(line: $0.line + lineOffset, column: $0.column) } ?? fallback
    }
    let root: Node?
    do {
      root = try compose(text)
    } catch {
      let (message, location) = describe(error)
      let refused = error is AnchorRefused
      sink.report(
        subject.warnsOnly ? .warning : .error,
        refused
          ? subject.anchorPrefix + message : "\(subject.invalidYAML): \(message)",
        at: place(location))
      return .unusable
    }
    guard let root else {
      guard let empty = subject.empty else { return .empty }
      sink.error(empty, at: fallback)
      return .unusable
    }
    guard let mapping = root.mapping else {
      sink.report(
        subject.warnsOnly ? .warning : .error, subject.notAMapping(root),
        at: place(root.sourceLocation))
      return .unusable
    }
    return .mapping(mapping)
  }

  /// The root mapping of the YAML file at `path` (a theme, the configuration: at most 1 MB,
  /// read through the guard every file goes through). A file that cannot be read is reported
  /// as `cannotUse: reason`.
  static func document(
    at path: String, files: any DeckFiles, kind: String, cannotUse: String, as subject: Subject,
    sink: inout DiagnosticSink
  ) -> Document {
    switch files.contents(of: path, limit: 1024 * 1024, kind: kind) {
    case .success(let bytes):
      return document(String(decoding: bytes, as: UTF8.self), as: subject, sink: &sink)
    case .failure(let problem):
      sink.error("\(cannotUse): \(problem.message)", at: nil)
      return .unusable
    }
  }

  /// A node's kind, for messages: "a list", "a single value".
  static func describeKind(_ node: Node) -> String {
    switch node {
    case .scalar: return "a single value"
    case .mapping: return "a mapping"
    case .sequence: return "a list"
    case .alias: return "an alias"
    }
  }

  /// The first `&anchor` or `*alias` where YAML would read one: where a node starts, outside
  /// quotes, comments and block scalars. `Tom & Jerry`, `R&D` or `a *b*` in a plain value are
  /// text, as in YAML.
  static func firstAnchorOrAlias(in text: String) -> AnchorRefused? {
    var flowDepth = 0
    var quote: Character?  // an open quoted scalar, which may run over lines
    var blockIndent: Int?  // inside a block scalar (`|` or `>`) started on a line this indented
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line = Array(rawLine)
      let indent = line.prefix { $0 == " " }.count
      if let parent = blockIndent {
        if indent == line.count || indent > parent { continue }
        blockIndent = nil
      }
      var atNodeStart = quote == nil
      var position = quote == nil ? indent : 0
      func isBlank(_ at: Int) -> Bool { at >= line.count || line[at] == " " || line[at] == "\t" }
      while position < line.count {
        let character = line[position]
        if let open = quote {
          if open == "\"" && character == "\\" {
            position += 2
            continue
          }
          if character == open {
            if open == "'" && position + 1 < line.count && line[position + 1] == "'" {
              position += 2
              continue
            }
            quote = nil
          }
          position += 1
          continue
        }
        // Each `where` below is spelled out per character: in a Swift case with several
        // patterns, a `where` clause guards only the last one.
        if character == " " || character == "\t" {
          // Spaces separate; they do not end a node's start.
        } else if character == "#"
          && (position == 0 || line[position - 1] == " " || line[position - 1] == "\t")
        {
          break  // a comment, to the end of the line
        } else if atNodeStart && (character == "&" || character == "*") && !isBlank(position + 1) {
          var end = position + 1
          while end < line.count, !" \t,[]{}".contains(line[end]) { end += 1 }
          return AnchorRefused(
            name: String(line[position..<end]),
            location: SourceLocation(line: index + 1, column: position + 1))
        } else if atNodeStart && character == "!" {
          // A tag; the node follows.
          while position < line.count, !isBlank(position) { position += 1 }
          continue
        } else if atNodeStart && (character == "\"" || character == "'") {
          quote = character
          atNodeStart = false
        } else if "-?:".contains(character)
          && (isBlank(position + 1) || (flowDepth > 0 && character == ":"))
        {
          atNodeStart = true
        } else if atNodeStart && flowDepth == 0 && (character == "|" || character == ">") {
          blockIndent = indent
          break
        } else if (atNodeStart || flowDepth > 0) && (character == "[" || character == "{") {
          flowDepth += 1
          atNodeStart = true
        } else if flowDepth > 0 && (character == "]" || character == "}") {
          flowDepth -= 1
          atNodeStart = false
        } else if flowDepth > 0 && character == "," {
          atNodeStart = true
        } else {
          atNodeStart = false
        }
        position += 1
      }
    }
    return nil
  }
}

extension SourceLocation {
  /// Where Yams says something is; Yams counts lines and columns from 1, as diagnostics do.
  init(_ mark: Mark) {
    self.init(line: mark.line, column: mark.column)
  }
}

extension Node {
  /// Where the node starts in its YAML text, when Yams knows.
  var sourceLocation: SourceLocation? { mark.map(SourceLocation.init) }
}
