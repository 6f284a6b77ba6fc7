import Foundation

extension DeckDialect {
  /// Podium's own Markdown, which is Marp's: `---` with a blank line above separates slides,
  /// Marpit's directives and image keywords, Marp's themes; remark's `???` and reveal.js's
  /// `Note:` notes.
  public static let standard = DeckDialect(rawValue: "standard")
}

/// Podium's own Markdown, which reads Marp's (Marpit's directives, image keywords, themes and
/// `headingDivider`), with remark's `???` and reveal.js's `Note:` for notes: the dialect of
/// every Markdown deck no other dialect claims. A deck is Marp's when its front matter or its
/// directives say so (`marp: true`, `_class`, `header`...) or it names one of Marp's themes:
/// then it is laid out as Marp lays it out (`DeckMetadata.styledByCSS`).
struct MarpDialect: Dialect {
  static let name = DeckDialect.standard
  static let summary = DialectSummary(
    title: "Podium's own and Marp's",
    detected:
      "any Markdown deck no other dialect claims; Marp's when it says `marp: true`, uses a directive only Marp has, or names one of Marp's themes",
    reads: [
      "`---` (with a blank line above) and `headingDivider` as slide breaks",
      "Marpit's global and local directives, in the front matter and in comments",
      "image keywords (`bg`, `w:`, `h:`, filters, split backgrounds)",
      "Marp's themes (`default`, `gaia`, `uncover`) and a deck's own theme CSS, `style:` and `<style>`",
      "`<!-- fit -->` headings", "`???` and `Note:` notes",
      "GitHub's footnotes (not in Marp's decks)",
    ],
    warns: [
      "directives and values Podium cannot honour", "CSS Podium does not carry out",
      "`---` right under a line of text (a heading, not a slide break)",
    ])

  /// Podium's own Markdown is every deck's that no other dialect claims (`Dialects.fallback`).
  static func claim(_ source: DialectSource) -> Double? { nil }

  init(source: DialectSource) {}

  func rewrite(
    _ lines: inout [Substring], protected: [Bool], sourceMap: inout SlideBuilder.SourceMap
  ) -> Bool {
    RevealNotes.rewrite(&lines, sourceMap: &sourceMap)
  }

  /// Marp's markdown-it reads no footnotes (with a definition, `[^1]: x` is a link reference).
  func readsFootnotes(_ metadata: DeckMetadata) -> Bool { !metadata.marpSaid }

  func warnings(in document: MarkdownNode, lines: [Substring], sink: inout DiagnosticSink) {
    Self.warnAboutSetextSeparators(in: document, lines: lines, sink: &sink)
  }

  func slideRules(_ metadata: DeckMetadata) -> SlideRules {
    var rules = SlideRules()
    rules.carriesClasses = metadata.marpSaid
    // Marp hands what it does not know to the browser (a custom engine's `_layout:`).
    rules.unknownDirectiveValuesAreWarnings = metadata.marpSaid
    return rules
  }

  func headingDivider(in document: MarkdownNode, metadata: DeckMetadata) -> Int? {
    metadata.headingDivider
  }

  /// In Podium's own decks `***` and `___` stay horizontal rules and only hyphens separate
  /// slides; in a deck that says `marp: true`, every rule does, as Marpit splits at every
  /// `hr` token at the top level (its src/markdown/slide.js).
  func isSeparator(_ node: MarkdownNode, lines: [Substring], metadata: DeckMetadata) -> Bool {
    guard node.kind == .thematicBreak else { return false }
    if metadata.marpTrue { return true }
    let index = node.start.line - 1
    guard lines.indices.contains(index) else { return false }
    return lines[index].first { $0 != " " && $0 != "\t" } == "-"
  }

  mutating func finish(
    _ slides: [Slide], metadata: inout DeckMetadata, builder: inout SlideBuilder,
    headingDivider: Int?, sink: inout DiagnosticSink
  ) -> [Slide] {
    // Marp's look is for Markdown decks: a Slidev deck's `theme: default` is Slidev's.
    MarpDeck.decide(&metadata, frontMatter: metadata.marpSaid || builder.usedDialectDirective)
    // Marpit makes a slide of what every rule splits off, an empty one too (`---` twice, or
    // a first slide of directives only); Podium's own decks leave out empty ones at the ends.
    return metadata.marpTrue ? slides : slides.trimmedOfEmptyEnds()
  }

  /// `---` right under a line of text makes a setext heading, not a separator. When the
  /// underline is exactly `---`, the author almost certainly meant a new slide.
  private static func warnAboutSetextSeparators(
    in document: MarkdownNode, lines: [Substring], sink: inout DiagnosticSink
  ) {
    for node in document.children {
      guard case .heading(level: 2) = node.kind else { continue }
      let startIndex = node.start.line - 1
      guard lines.indices.contains(startIndex),
        !lines[startIndex].drop(while: { $0 == " " }).hasPrefix("#")
      else { continue }
      // A setext heading's underline is the first line of only hyphens after its text.
      guard
        let underline = lines[startIndex...].firstIndex(where: {
          let trimmed = $0.trimmingCharacters(in: .whitespaces)
          return !trimmed.isEmpty && trimmed.allSatisfy { $0 == "-" }
        }), lines[underline].trimmingCharacters(in: .whitespaces) == "---"
      else { continue }
      sink.warning(
        "'---' right under a line of text makes that line a heading, not a slide break; add a blank line above it to start a new slide",
        at: SourceLocation(line: underline + 1, column: 1))
    }
  }
}
