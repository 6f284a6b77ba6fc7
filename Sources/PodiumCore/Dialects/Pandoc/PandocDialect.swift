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
  /// A reveal.js deck's lines (1-based) of raw `<section>` and `</section>` tags, the blank
  /// ones when it has such tags, and how many lines it has.
  private var sectionTagLines: Set<Int> = []
  private var sectionOpenLines: Set<Int> = []
  private var blankLines: Set<Int> = []
  /// The `<hN>` lines read as headings (`readRawSections`).
  private var rawHeadingLines: Set<Int> = []
  private var lines = 0

  init(source: DialectSource) {
    let build = Self.build(for: source)
    deck = PandocDeck(front: source.front, build: build, files: source.context.files)
    byHeadings =
      build == nil && !PandocDeck.looksLikePandoc(source.lines, front: source.front)
      && PandocDeck.hasHeadingsButNoBreaks(source.lines, front: source.front)
  }

  func ownsKey(_ key: String) -> Bool { PandocDeck.ownsKey(key) }

  /// Whether each line is in a fenced code block (its fences too): raw HTML there is code.
  static func codeLines(_ lines: [Substring]) -> [Bool] {
    var fence: Substring?
    return lines.map { line in
      let text = line.drop { $0 == " " }
      if let open = fence {
        if text.hasPrefix(open) { fence = nil }
        return true
      }
      if text.hasPrefix("```") || text.hasPrefix("~~~") {
        fence = text.prefix { $0 == text.first }
        return true
      }
      return false
    }
  }

  /// pandoc's `native_divs`: a `<div>` alone on a line (of classes and an id only), down to its
  /// `</div>` alone on a line, is the fenced div `::: {#id .class}`: pandoc reads the Markdown
  /// inside as Markdown, where CommonMark's HTML block would take it to the next blank line.
  /// In a reveal.js deck `<aside class="notes">` is the speaker notes, as reveal.js takes it.
  static func readRawDivs(_ lines: inout [Substring], notesAside: Bool) {
    var open: [(tag: String, converted: Bool)] = []
    let code = Self.codeLines(lines)
    for index in lines.indices where !code[index] {
      let line = lines[index]
      guard line.first == "<" else { continue }
      let tag = line.trimmingCharacters(in: .whitespaces)
      let lowered = tag.lowercased()
      if lowered == "</div>" || lowered == "</aside>" {
        guard let last = open.last, last.tag == lowered.dropFirst(2).dropLast() else { continue }
        open.removeLast()
        if last.converted { lines[index] = ":::" }
        continue
      }
      for name in ["div", "aside"] where lowered.hasPrefix("<\(name)") {
        guard tag.hasSuffix(">"), !tag.dropLast().contains(">"),
          case .element(let element) = HTMLFragment.parse(tag).nodes.first,
          element.name == name, element.isOpen
        else { break }
        let id = element.attribute("id")
        let classes = element.attribute("class")?.split(separator: " ").map(String.init) ?? []
        let plain = element.attributes.allSatisfy { $0.name == "class" || $0.name == "id" }
        if name == "aside" {
          let notes = notesAside && classes.contains("notes")
          open.append(("aside", notes))
          if notes { lines[index] = "::: notes" }
        } else {
          open.append(("div", plain))
          if plain {
            let words = (id.map { ["#" + $0] } ?? []) + classes.map { "." + $0 }
            lines[index] = Substring("::: {" + words.joined(separator: " ") + "}")
          }
        }
        break
      }
    }
  }

  /// The slides of a deck with raw sections as reveal.js shows them: a raw `<section>` with
  /// nothing in it before the next one (a stack's own) is no slide, and a slide of only its
  /// heading right before a raw `<section>` holds that section (`## Who` then `<section
  /// style="...">`): one slide, its heading over the section's content.
  private func rawSectionSlides(_ slides: [Slide]) -> [Slide] {
    let ends = slides.dropFirst().map(\.location.line) + [Int.max]
    var result: [Slide] = []
    var heading: [Block] = []
    for (slide, end) in zip(slides, ends) {
      let range = max(1, slide.location.line - 1)..<min(end, lines + 1)
      if slide.blocks.isEmpty, slide.notes.isEmpty,
        range.contains(where: { sectionTagLines.contains($0) }),
        range.allSatisfy({ sectionTagLines.contains($0) || blankLines.contains($0) })
      {
        continue
      }
      var shown = slide
      shown.blocks = heading + slide.blocks
      heading = []
      // Its only block a heading, and the next slide opened by a raw `<section>` right after.
      if shown.blocks.count == 1, shown.blocks[0].isHeading, shown.notes.isEmpty,
        let open = (shown.blocks[0].location.line + 1..<min(end, lines + 1)).first(where: {
          !blankLines.contains($0)
        }), sectionOpenLines.contains(open)
      {
        heading = shown.blocks
        continue
      }
      result.append(shown)
    }
    return result
  }

  /// A reveal.js deck's raw `<section>` and `</section>` lines, outside code, as
  /// `sectionOpens` and `sectionCloses`; its `<hN>` lines as headings (`rawHeading`).
  private mutating func readRawSections(_ lines: inout [Substring]) {
    var found: [(index: Int, opens: Bool)] = []
    var headings: [(index: Int, heading: Substring)] = []
    let code = Self.codeLines(lines)
    for (index, line) in lines.enumerated() where !code[index] {
      if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
        blankLines.insert(index + 1)
      } else if let opens = Self.rawSection(String(line)) {
        found.append((index, opens))
      } else if let heading = Self.rawHeading(line) {
        headings.append((index, heading))
      }
    }
    guard found.contains(where: \.opens) else {
      blankLines = []
      return
    }
    for (index, opens) in found {
      lines[index] = Substring(opens ? Self.sectionOpens : Self.sectionCloses)
      sectionTagLines.insert(index + 1)
      if opens { sectionOpenLines.insert(index + 1) }
    }
    for (index, heading) in headings {
      lines[index] = heading
      rawHeadingLines.insert(index + 1)
    }
    self.lines = lines.count
  }

  mutating func translate(
    _ lines: inout [Substring], metadata: inout DeckMetadata, sink: inout DiagnosticSink
  ) {
    if deck.output == .revealjs { readRawSections(&lines) }
    Self.readRawDivs(&lines, notesAside: deck.output == .revealjs)
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
    guard !rawHeadingLines.isEmpty else { return deck.slideLevel(in: document) }
    // A raw `<h1>` is no heading to pandoc: it sets no slide level.
    var headings = document
    headings.children.removeAll { rawHeadingLines.contains($0.start.line) }
    return deck.slideLevel(in: headings)
  }

  func isSeparator(_ node: MarkdownNode, lines: [Substring], metadata: DeckMetadata) -> Bool {
    if node.kind == .htmlBlock {
      return !sectionTagLines.isEmpty
        && node.literal.trimmingCharacters(in: .whitespacesAndNewlines) == Self.sectionOpens
    }
    return node.kind == .thematicBreak && !deck.sectionsAreSlides
  }

  /// What a raw `<section ...>` line and a `</section>` line of a reveal.js deck read as: a
  /// comment each, a block of its own, so that the Markdown after it is Markdown, as pandoc
  /// reads it (`markdown_in_html_blocks`) and CommonMark would not (its HTML block runs on to
  /// the next blank line). Each `<section>` opens a slide: reveal.js shows every innermost
  /// section as one (a stack's own `<section>` holds its slides); one with nothing in it
  /// before the next is no slide.
  static let sectionOpens = "<!-- // podium: a raw <section> -->"
  static let sectionCloses = "<!-- // podium: a raw </section> -->"

  /// A line of one raw `<section ...>` tag, or of one `</section>` (a comment may follow
  /// either): true, false, or nil for neither.
  static func rawSection(_ line: String) -> Bool? {
    var text = line.trimmingCharacters(in: .whitespaces).lowercased()
    if let comment = text.range(of: "<!--"), text.hasSuffix("-->"),
      comment.lowerBound > text.startIndex
    {
      text = text[..<comment.lowerBound].trimmingCharacters(in: .whitespaces)
    }
    if text == "</section>" { return false }
    guard text.hasPrefix("<section"), text.hasSuffix(">"), !text.dropLast().contains(">") else {
      return nil
    }
    let after = text.dropFirst("<section".count).first
    return after == ">" || after == " " || after == "\t" ? true : nil
  }

  /// `<h2>Title</h2>` alone on a line in a reveal.js deck with raw sections: a heading, as
  /// the Markdown right under it must be read as Markdown too (it sets no slide level).
  static func rawHeading(_ line: Substring) -> Substring? {
    let text = line.trimmingCharacters(in: .whitespaces)
    guard text.count > 9, text.hasPrefix("<h"),
      let level = text.dropFirst(2).first?.wholeNumberValue,
      (1...6).contains(level), text.hasSuffix("</h\(level)>"),
      let open = text.firstIndex(of: ">")
    else { return nil }
    let inner = text[text.index(after: open)..<text.index(text.endIndex, offsetBy: -5)]
    guard !inner.contains("<"), !inner.contains("\n") else { return nil }
    return Substring(String(repeating: "#", count: level) + " " + inner)
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
    return deck.finish(
      sectionTagLines.isEmpty ? slides : rawSectionSlides(slides), metadata: metadata,
      slideLevel: headingDivider ?? 6
    )
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
