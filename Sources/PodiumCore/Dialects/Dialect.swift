import Foundation
import Yams

/// One deck format's rules (docs/DECK-FORMAT.md), as pandoc keeps one reader per format behind
/// one document model: each dialect is one type in a folder of its own under `Dialects/`, and
/// `DeckParser`, `SlideBuilder` and the layout ask every dialect the same questions without
/// naming any. A new dialect is a new folder and one line in `Dialects.all`.
///
/// The questions, in the order a deck is read:
/// 1. Is this deck mine, and how sure am I (`claim`, from its lines and front matter before
///    they are read; `claimsAfterReading`, for a deck no dialect claimed, once Podium has read
///    its front matter and parsed it once)?
/// 2. Which front-matter keys are mine, and what do my lines mean in Podium's syntax
///    (`ownsKey`, `translate`, `rewrite`), line for line so every location stays the file's?
/// 3. Where are the slide breaks (`isSeparator`, `startsSlide`, `headingDivider`), what do
///    fences, comments, lists and tables mean (`slideRules`)?
/// 4. What are the slides as my tool shows them (`finish`: title slides, hidden slides, empty
///    ones), and what is a warning (`warnings`)?
/// What a deck looks like is its theme (`Theme`, with its CSS look) which the dialect's front
/// matter chose; `summary` says, for DECK-FORMAT.md's table, what each dialect reads.
protocol Dialect {
  /// The dialect's name (`Deck.dialect`, `podium check --json`, `--dialect`).
  static var name: DeckDialect { get }
  /// What the dialect reads and what it warns about, for docs/DECK-FORMAT.md's table.
  static var summary: DialectSummary { get }
  /// Whether its decks are Markdown (a PDF's are not: `FileKind` finds them by their bytes).
  static var readsMarkdown: Bool { get }
  /// How sure the dialect is that the deck is written for its tool, from its text before
  /// Podium reads it (0 to 1; nil: it is not): the surest dialect reads the deck. `dialect:` in
  /// the front matter or `--dialect` name one outright.
  static func claim(_ source: DialectSource) -> Double?
  /// For a deck no dialect claimed: whether it is this dialect's after all, once its front
  /// matter is read (`metadata`) and it is parsed once (`document`); the dialect may rewrite
  /// `lines` on the way, and parse them again with `reparse`.
  static func claimsAfterReading(
    _ document: inout MarkdownNode, lines: inout [Substring], metadata: inout DeckMetadata,
    reparse: ([Substring]) -> MarkdownNode
  ) -> Bool
  init(source: DialectSource)

  /// Whether Podium's front-matter reader leaves `key` to the dialect (no warning for it).
  func ownsKey(_ key: String) -> Bool
  /// Reads the dialect's own metadata and translates its syntax into Podium's, line for line,
  /// before cmark reads the deck.
  mutating func translate(
    _ lines: inout [Substring], metadata: inout DeckMetadata, sink: inout DiagnosticSink)
  /// What cmark cannot see on its own, outside code and comments (`protected` by line, from
  /// 1): returns whether a line changed.
  func rewrite(
    _ lines: inout [Substring], protected: [Bool], sourceMap: inout SlideBuilder.SourceMap
  ) -> Bool
  /// Whether the deck's tool reads GFM footnotes.
  func readsFootnotes(_ metadata: DeckMetadata) -> Bool
  /// Notes the dialect takes from the first reading, for the slide builder (presenterm's slide
  /// titles written as setext headings).
  func prepare(
    _ document: MarkdownNode, lines: [Substring], sourceMap: inout SlideBuilder.SourceMap)
  /// Warnings about the deck as parsed, before its slides are built.
  func warnings(in document: MarkdownNode, lines: [Substring], sink: inout DiagnosticSink)
  /// How the slide builder reads this dialect's blocks.
  func slideRules(_ metadata: DeckMetadata) -> SlideRules
  /// The heading level at and above which a heading starts a slide, if any.
  func headingDivider(in document: MarkdownNode, metadata: DeckMetadata) -> Int?
  /// Whether `node` (at the top level) ends the slide before it and is no content.
  func isSeparator(_ node: MarkdownNode, lines: [Substring], metadata: DeckMetadata) -> Bool
  /// Whether the tool splits slides at its separator lines whatever Markdown they fall in (a
  /// line-based splitter: remark's, Slidev's), so an HTML block cmark runs past one is cut there.
  var separatesLinesInHTML: Bool { get }
  /// Whether HTML blocks (a comment) before a dividing heading are a slide of their own, as
  /// any block is (pandoc's), rather than the start of the heading's slide (Marp's directives).
  var htmlBlocksHoldASlide: Bool { get }
  /// The slides as the tool shows them, from those built; `builder` makes any slide the
  /// dialect adds (a title slide), `headingDivider` is what `headingDivider` said.
  mutating func finish(
    _ slides: [Slide], metadata: inout DeckMetadata, builder: inout SlideBuilder,
    headingDivider: Int?, sink: inout DiagnosticSink
  ) -> [Slide]
}

extension Dialect {
  static var readsMarkdown: Bool { true }
  static func claimsAfterReading(
    _ document: inout MarkdownNode, lines: inout [Substring], metadata: inout DeckMetadata,
    reparse: ([Substring]) -> MarkdownNode
  ) -> Bool { false }
  func ownsKey(_ key: String) -> Bool { false }
  mutating func translate(
    _ lines: inout [Substring], metadata: inout DeckMetadata, sink: inout DiagnosticSink
  ) {}
  func rewrite(
    _ lines: inout [Substring], protected: [Bool], sourceMap: inout SlideBuilder.SourceMap
  ) -> Bool { false }
  func readsFootnotes(_ metadata: DeckMetadata) -> Bool { true }
  func prepare(
    _ document: MarkdownNode, lines: [Substring], sourceMap: inout SlideBuilder.SourceMap
  ) {}
  func warnings(in document: MarkdownNode, lines: [Substring], sink: inout DiagnosticSink) {}
  func slideRules(_ metadata: DeckMetadata) -> SlideRules { SlideRules() }
  func headingDivider(in document: MarkdownNode, metadata: DeckMetadata) -> Int? { nil }
  func isSeparator(_ node: MarkdownNode, lines: [Substring], metadata: DeckMetadata) -> Bool {
    false
  }
  var separatesLinesInHTML: Bool { false }
  var htmlBlocksHoldASlide: Bool { false }
  mutating func finish(
    _ slides: [Slide], metadata: inout DeckMetadata, builder: inout SlideBuilder,
    headingDivider: Int?, sink: inout DiagnosticSink
  ) -> [Slide] {
    slides.trimmedOfEmptyEnds()
  }
}

/// What a dialect is shown of a deck before it is read: the deck's lines, its front matter as
/// YAML when it opens with one, and where its files are.
struct DialectSource {
  var lines: [Substring]
  var frontMatter: FrontMatterBlock?
  var context: ParseContext

  /// The front matter's mapping, if the deck opens with one that reads as YAML.
  var front: Node.Mapping? { frontMatter?.mapping }
}

/// What DECK-FORMAT.md's table says of a dialect.
struct DialectSummary: Sendable {
  /// The deck format's name, as its tool's users say it.
  var title: String
  /// How Podium knows a deck is written in it.
  var detected: String
  /// What Podium reads of it.
  var reads: [String]
  /// What is a warning.
  var warns: [String]
}

/// Every dialect Podium reads, one line each; when several claim a deck, the surest wins, and
/// between equals the one listed first.
enum Dialects {
  static let all: [any Dialect.Type] = [
    PandocDialect.self,
    SlidevDialect.self,
    MdpDialect.self,
    RemarkDialect.self,
    PresentermDialect.self,
    MarpDialect.self,
    PDFDialect.self,
  ]

  /// The dialect that reads Markdown no other dialect claims: Podium's own (Marp's).
  static let fallback: any Dialect.Type = MarpDialect.self

  /// docs/DECK-FORMAT.md's table of dialects, made from their summaries (`DialectTableTests`
  /// keeps the document's copy the same).
  static var markdownTable: String {
    var rows = [
      "| dialect | a deck is read as it when | Podium reads | warnings |",
      "| --- | --- | --- | --- |",
    ]
    for dialect in all {
      let summary = dialect.summary
      rows.append(
        "| \(summary.title) (`\(dialect.name.rawValue)`) | \(summary.detected) | "
          + summary.reads.joined(separator: "; ") + " | "
          + (summary.warns.isEmpty ? "none of its own" : summary.warns.joined(separator: "; "))
          + " |")
    }
    return rows.joined(separator: "\n")
  }

  /// The dialect of `name`, if there is one.
  static func named(_ name: DeckDialect) -> (any Dialect.Type)? {
    all.first { $0.name == name }
  }

  /// The dialect that reads the deck: one named outright (`--dialect`, `dialect:` in the front
  /// matter), else the surest claim, else `fallback`.
  static func choose(_ source: DialectSource) -> any Dialect.Type {
    let said =
      source.context.dialect
      ?? source.front?["dialect"]?.string.map { DeckDialect(rawValue: $0.lowercased()) }
    if let said, let named = named(said), named.readsMarkdown { return named }
    var best: (any Dialect.Type, Double)?
    for dialect in all {
      guard let sure = dialect.claim(source), sure > (best?.1 ?? 0) else { continue }
      best = (dialect, sure)
    }
    return best?.0 ?? fallback
  }
}
