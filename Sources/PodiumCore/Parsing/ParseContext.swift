import Foundation
import Yams

/// Where a deck's files are and what the parser is told about it before it reads it: a
/// dialect named outright (`--dialect`), the metadata the speaker's settings start a deck from
/// (a presenterm configuration's defaults), and the chain of decks importing this one (a
/// Slidev `src:`).
struct ParseContext {
  var baseDirectory: String
  var files: any DeckFiles
  /// The files importing this one, outermost first; nil for the deck itself.
  var importedBy: [String]?
  /// The folder of the deck that imports this file (directly or not); nil for the deck itself.
  var deckFolder: String?
  /// The deck's own file, as a path from `/`.
  var file: String?
  /// The syntax the deck is said to be in (`--dialect`), whatever it looks like.
  var dialect: DeckDialect?
  /// The metadata every deck starts from, before its front matter.
  var startingMetadata = DeckMetadata()

  /// A path from `/`: an imported file's paths resolve against its own folder, wherever
  /// Podium runs.
  static func absolute(_ path: String) -> String {
    let full =
      path.hasPrefix("/")
      ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
    return (full as NSString).standardizingPath
  }
}

/// A front matter block between `---` lines whose YAML reads as a mapping: the deck's (its
/// first lines) or, in a Slidev deck, a slide's.
struct FrontMatterBlock {
  /// The lines it occupies (0-based), the closing `---` included; they hold the slide's prelude.
  var lines: Range<Int>
  var mapping: Node.Mapping
  /// The line (0-based) the YAML starts on, for where a key is written.
  var yamlStart: Int

  /// Where `key` is written in the file, or the front matter's first line.
  func location(of key: String) -> SourceLocation {
    let mark = mapping.first { $0.key.string == key }?.key.mark
    return SourceLocation(line: yamlStart + (mark?.line ?? 1), column: mark?.column ?? 1)
  }

  /// The deck's front matter as YAML, when the deck opens with one. YAML that does not read is
  /// the front matter reader's to report.
  static func deck(_ lines: [Substring]) -> FrontMatterBlock? {
    guard let (opening, closing) = FrontMatter.locate(in: lines) else { return nil }
    let yaml = lines[opening..<(closing - 1)].joined(separator: "\n")
    guard case .mapping(let mapping)? = try? YAMLText.compose(yaml) else { return nil }
    return FrontMatterBlock(lines: 0..<closing, mapping: mapping, yamlStart: opening)
  }
}
