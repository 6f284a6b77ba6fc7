import Foundation

extension DeckDialect {
  /// pandoc's slide shows: headings at the slide level start slides, fenced divs
  /// (docs/dialects/pandoc.md).
  public static let pandoc = DeckDialect(rawValue: "pandoc")
}

/// pandoc's slide shows (beamer and reveal.js) as a dialect: `PandocDeck` knows the deck's
/// structure, `PandocLines` translates its syntax, `PandocFrameBreaks` its frame breaks.
struct PandocDialect: Dialect {
  static let name = DeckDialect.pandoc
  static let summary = DialectSummary(
    title: "pandoc (beamer, reveal.js)",
    detected:
      "front-matter keys only pandoc's decks use (`documentclass`, `slide-level`, `aspectratio`, ...), `output:`/`format:` naming a slide writer, a `% title` block, or pandoc's fenced divs",
    reads: [
      "the slide level (headings at it start slides, above it sections)",
      "title slide from the metadata", "`::: notes`, `::: columns`, `::: incremental`",
      "`. . .` pauses", "heading and fence attributes (`{.numberLines}`)",
      "beamer's and reveal.js's list builds",
    ],
    warns: ["raw LaTeX and HTML Podium cannot draw", "fenced divs of unknown classes"])

  /// A deck whose own text says pandoc (0.6); one a build file beside it runs pandoc on, with
  /// a slide writer (0.7: what the author ran); or, a fallback, a deck with no slide break and
  /// several headings of one level, which pandoc's default slide level splits (0.3).
  static func claim(_ source: DialectSource) -> Double? {
    if let build = build(for: source), build.writer != nil || build.slideLevel != nil {
      return 0.7
    }
    if PandocDeck.looksLikePandoc(source.lines, front: source.front) { return 0.6 }
    return PandocDeck.hasHeadingsButNoBreaks(source.lines, front: source.front) ? 0.3 : nil
  }

  private static func build(for source: DialectSource) -> PandocBuild? {
    guard let file = source.context.file, source.context.importedBy == nil else { return nil }
    return PandocBuild.find(for: file, files: source.context.files)
  }

  private var deck: PandocDeck
  /// Read as pandoc only because it has headings and no slide break: `podium check` says so.
  private let byHeadings: Bool

  init(source: DialectSource) {
    let build = Self.build(for: source)
    deck = PandocDeck(front: source.front, build: build, files: source.context.files)
    byHeadings =
      build == nil && !PandocDeck.looksLikePandoc(source.lines, front: source.front)
      && PandocDeck.hasHeadingsButNoBreaks(source.lines, front: source.front)
  }

  func ownsKey(_ key: String) -> Bool { PandocDeck.ownsKey(key) }

  mutating func translate(
    _ lines: inout [Substring], metadata: inout DeckMetadata, sink: inout DiagnosticSink
  ) {
    deck.translate(&lines, metadata: &metadata, sink: &sink)
  }

  func slideRules(_ metadata: DeckMetadata) -> SlideRules {
    var rules = SlideRules()
    rules.fences = PandocFences()
    rules.listBuilds = deck.output == .revealjs ? .revealjs : .beamer
    rules.unknownDirectiveValuesAreWarnings = true
    return rules
  }

  func headingDivider(in document: MarkdownNode, metadata: DeckMetadata) -> Int? {
    deck.slideLevel(in: document)
  }

  func isSeparator(_ node: MarkdownNode, lines: [Substring], metadata: DeckMetadata) -> Bool {
    node.kind == .thematicBreak && !deck.sectionsAreSlides
  }

  /// pandoc's `prepSlides` (`ensureStartWithH`): blocks before the deck's first heading, raw
  /// HTML such as a comment too, are a slide of their own with no title (in beamer an empty
  /// frame when they print nothing).
  var htmlBlocksHoldASlide: Bool { true }

  mutating func finish(
    _ slides: [Slide], metadata: inout DeckMetadata, builder: inout SlideBuilder,
    headingDivider: Int?, sink: inout DiagnosticSink
  ) -> [Slide] {
    if byHeadings {
      sink.warning(
        "no slide breaks ('---'): read as pandoc reads it, a slide at each heading of level \(headingDivider ?? 6) and above (write 'dialect: podium' in the front matter for one slide)",
        at: SourceLocation(line: 1, column: 1))
    }
    return deck.finish(slides, metadata: metadata, slideLevel: headingDivider ?? 6)
      .trimmedOfEmptyEnds()
  }
}

/// pandoc's fence attributes: `.numberLines` (or `.number-lines`) with `startFrom=`, and a
/// language written as the first class (`{.haskell .numberLines}`).
struct PandocFences: FenceRules {
  func firstLineNumber(info: String, words: [String]) -> Int? {
    guard info.contains(".numberLines") || info.contains(".number-lines") else { return nil }
    return number(after: "startFrom=", in: info) ?? 1
  }

  /// Its first class that is not one of pandoc's own.
  func language(ofAttributes info: String) -> String? {
    guard info.hasPrefix("{") else { return nil }
    return info.dropFirst().split(whereSeparator: { $0 == " " || $0 == "}" })
      .first { $0.hasPrefix(".") && $0 != ".numberLines" && $0 != ".number-lines" }
      .map { $0.dropFirst().lowercased() }
  }
}

extension ListBuilds {
  /// beamer's `[<+->]`: the first item is on the frame's first overlay.
  static let beamer = ListBuilds(hidesFirstItem: false, after: .listStart)
  /// reveal.js: every item is a fragment, the first too.
  static let revealjs = ListBuilds(hidesFirstItem: true, after: .listStart)
}
