import Foundation

extension DeckDialect {
  /// Slidev: `---` separators with each slide's front matter, layouts, clicks
  /// (docs/dialects/slidev.md).
  public static let slidev = DeckDialect(rawValue: "slidev")
}

/// Slidev as a dialect: `SlidevDeck` gives each slide its front matter, imports and clicks,
/// `SlidevLines` translates its syntax.
struct SlidevDialect: Dialect {
  static let name = DeckDialect.slidev
  static let summary = DialectSummary(
    title: "Slidev",
    detected:
      "headmatter keys only Slidev uses (`layout`, `colorSchema`, `highlighter`, `drawings`, ...), or Slidev's per-slide front matter and components; a file a Slidev deck imports",
    reads: [
      "slides as `@slidev/parser` splits them, with each slide's front matter",
      "`hide`/`disabled` slides", "`src:` imports", "built-in layouts",
      "`v-click`, `v-clicks`, `[click]` and code ranges as clicks", "the last comment as notes",
      "class utilities (text sizes and alignment, grid columns)",
      "Slidev's look: its layout styles, `colorSchema`, the `default`, `seriph`, `apple-basic` and `dracula` themes, `lineNumbers`",
    ],
    warns: [
      "unknown layouts", "themes Podium does not draw",
      "Vue components and directives Podium cannot run",
      "imports that are missing or loop",
    ])

  static func claim(_ source: DialectSource) -> Double? {
    if source.context.importedBy != nil { return 1 }
    return SlidevDeck.looksLikeSlidev(source.lines, front: source.front) ? 0.5 : nil
  }

  private var deck: SlidevDeck

  init(source: DialectSource) {
    deck = SlidevDeck(headmatter: source.frontMatter, context: source.context)
  }

  func ownsKey(_ key: String) -> Bool { SlidevDeck.ownsKey(key) }

  mutating func translate(
    _ lines: inout [Substring], metadata: inout DeckMetadata, sink: inout DiagnosticSink
  ) {
    deck.translate(&lines, metadata: &metadata, sink: &sink)
  }

  func slideRules(_ metadata: DeckMetadata) -> SlideRules {
    var rules = SlideRules()
    rules.fences = SlidevFences(numbersLines: deck.headmatter?.mapping["lineNumbers"]?.bool == true)
    // markdown-it-footnote renders each slide: footnotes are numbered from 1 on each.
    rules.footnoteNumbering = .slide
    rules.unknownDirectiveValuesAreWarnings = true
    return rules
  }

  func isSeparator(_ node: MarkdownNode, lines: [Substring], metadata: DeckMetadata) -> Bool {
    node.kind == .htmlBlock
      && node.literal.trimmingCharacters(in: .whitespacesAndNewlines) == SlidevLines.slideMarker
  }

  /// Its parser splits the source at separator lines before any Markdown is read.
  var separatesLinesInHTML: Bool { true }

  /// Slidev shows every slide its separators make, an empty one too (its `slice`).
  mutating func finish(
    _ slides: [Slide], metadata: inout DeckMetadata, builder: inout SlideBuilder,
    headingDivider: Int?, sink: inout DiagnosticSink
  ) -> [Slide] {
    deck.finish(slides, sink: &sink)
  }
}

/// Slidev's fences: `{2-3|5|all}` steps through lines a click at a time, the lines left out at
/// 0.3 of their opacity (its code.css); `{lines:true,startLine:5}` numbers them, as the
/// headmatter's `lineNumbers: true` numbers every block but those that say `{lines:false}`.
/// Other braces are Slidev's options (`{monaco}`).
struct SlidevFences: FenceRules {
  /// The headmatter's `lineNumbers`.
  var numbersLines = false

  var dimming: CodeHighlight.Dimming? { .faded }

  func firstLineNumber(info: String, words: [String]) -> Int? {
    let options = info.replacingOccurrences(of: " ", with: "")
    if options.contains("lines:false") { return nil }
    guard numbersLines || options.contains("lines:true") else { return nil }
    return number(after: "startLine:", in: info) ?? 1
  }
}
