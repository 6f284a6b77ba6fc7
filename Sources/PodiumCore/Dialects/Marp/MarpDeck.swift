import Foundation

/// What makes a deck Marp's and how Marp reads what Podium reads differently: its loose YAML,
/// its slide sizes and its page numbers.
enum MarpDeck {
  /// Marpit's "loose YAML" (src/markdown/directives/yaml.js): on a line that sets a directive,
  /// a value that does not open with one of YAML's special characters is the rest of the line,
  /// quoted before YAML reads it. So `backgroundColor: #fff` is a colour, as in Marp, not an
  /// empty value followed by a comment. Lines keep their places, so locations stay right.
  static func looseYAML(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      guard let colon = line.firstIndex(of: ":") else { return String(line) }
      var key = line[..<colon].trimmingCharacters(in: .whitespaces)
      // `"_class": x` and `'paginate': x` are the same keys.
      if key.count >= 2, let quote = key.first, quote == "\"" || quote == "'", key.last == quote {
        key = String(key.dropFirst().dropLast())
      }
      guard line.first?.isWhitespace != true, CommentCommand.isDirective(key) else {
        return String(line)
      }
      let rest = line[line.index(after: colon)...]
      let value = rest.trimmingCharacters(in: .whitespaces)
      guard let first = value.first, !"[\"'{|>~&*".contains(first) else { return String(line) }
      let spaces = rest.prefix { $0 == " " || $0 == "\t" }
      let escaped = value.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "\"", with: "\\\"")
      return line[...colon] + spaces + "\"" + escaped + "\""
    }.joined(separator: "\n")
  }

  /// Whether the front matter's text turns Marp on: `marp: true`, as Marp for VS Code asks.
  static func saysMarp(_ frontMatter: String) -> Bool {
    frontMatter.split(separator: "\n").contains { line in
      let parts = line.split(separator: ":", maxSplits: 1)
      // Loose YAML has quoted the value: `marp: "true"`.
      let value =
        parts.count == 2 ? parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"' ")) : ""
      return parts.count == 2 && parts[0].trimmingCharacters(in: .whitespaces) == "marp"
        && parseBool(value) == true
    }
  }

  /// Slide sizes by the names Marp's themes give them (`@size NAME WIDTH HEIGHT`): marp-core's
  /// built-in `16:9` and `4:3`, and the names its documentation and common custom themes use
  /// for screens and paper (`4K`, `A4`...), landscape as a slide is.
  static let sizePresets: [String: AspectRatio] = [
    "16:9": AspectRatio(width: 16, height: 9), "4:3": AspectRatio(width: 4, height: 3),
    "4k": AspectRatio(width: 3840, height: 2160), "fhd": AspectRatio(width: 1920, height: 1080),
    "hd": AspectRatio(width: 1280, height: 720), "1080p": AspectRatio(width: 1920, height: 1080),
    "720p": AspectRatio(width: 1280, height: 720), "16:10": AspectRatio(width: 16, height: 10),
    "a3": AspectRatio(width: 420, height: 297), "a4": AspectRatio(width: 297, height: 210),
    "a5": AspectRatio(width: 210, height: 148), "b4": AspectRatio(width: 364, height: 257),
    "b5": AspectRatio(width: 257, height: 182), "letter": AspectRatio(width: 22, height: 17),
    "legal": AspectRatio(width: 28, height: 17),
  ]

  /// The size a `size:` value names: a preset, or Podium's own `16:10`, `1920x1080`...
  /// A4 and the other paper sizes, when asked for upright (`A4 portrait`), stand on their side.
  static func size(_ raw: String) -> AspectRatio? {
    let words = raw.lowercased().split(separator: " ").map(String.init)
    guard let name = words.first else { return nil }
    guard let preset = sizePresets[name] ?? AspectRatio(parsing: name) else { return nil }
    if words.dropFirst().contains("portrait") {
      return AspectRatio(width: preset.height, height: preset.width)
    }
    return preset
  }
}

extension MarpDeck {
  /// Whether the deck is Marp's: its front matter or its directives say so (`usedMarp`), or it
  /// names one of Marp's themes. A Marp deck that names no theme gets Marp's default one.
  static func decide(_ metadata: inout DeckMetadata, frontMatter usedMarp: Bool) {
    let marpTheme = [ThemeChoice.gaia, .uncover, .marpDefault].contains(metadata.theme)
    metadata.styledByCSS = usedMarp || (marpTheme && metadata.keyLocations["theme"] != nil)
    if metadata.styledByCSS && metadata.keyLocations["theme"] == nil {
      metadata.theme = .marpDefault
    }
  }
}
