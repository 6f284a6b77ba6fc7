import Foundation
import Yams

/// The result of reading a deck: the deck when the file could be read at all, and every problem
/// found on the way.
public struct DeckParseResult: Sendable {
  public var deck: Deck?
  public var diagnostics: [Diagnostic]

  public var hasErrors: Bool { diagnostics.hasErrors }
}

/// Reads a deck (docs/DECK-FORMAT.md) into a `Deck`. It never stops at the first problem:
/// everything it can read is read, and each problem becomes a diagnostic with its line and
/// column.
public enum DeckParser {
  /// Parses deck text. `file` names it in diagnostics; `baseDirectory` resolves relative paths.
  public static func parse(
    text: String, file: String, baseDirectory: String, files: any DeckFiles = LocalFiles()
  ) -> DeckParseResult {
    parse(
      text: text, file: file,
      context: ParseContext(
        baseDirectory: baseDirectory, files: files, file: ParseContext.absolute(file)))
  }

  /// Parses deck text; `context` says where its files are and, for a file a deck imports
  /// (a Slidev `src:`), which deck imports it. The deck's dialect (`Dialects.choose`) answers
  /// every question of its format's; this function names none.
  static func parse(text: String, file: String, context: ParseContext) -> DeckParseResult {
    let (baseDirectory, files) = (context.baseDirectory, context.files)
    var sink = DiagnosticSink(file: file)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    var metadata = context.startingMetadata

    var deckWide: [(CommentCommand.Directive, SourceLocation)] = []
    let source = DialectSource(
      lines: lines, frontMatter: FrontMatterBlock.deck(lines), context: context)
    let chosen = Dialects.choose(source)
    var dialect: any Dialect = chosen.init(source: source)
    let claimed = chosen != Dialects.fallback || context.dialect != nil
    if let (opening, closing) = FrontMatter.locate(in: lines) {
      let front = FrontMatter.parse(
        lines: lines, opening: opening, closing: closing, baseDirectory: baseDirectory,
        files: files, diagnostics: &sink, leaving: claimed ? dialect.ownsKey : nil,
        starting: metadata)
      metadata = front.metadata
      deckWide = front.slideDirectives
      // Blank rather than drop the front matter, so cmark's line numbers stay the file's.
      for index in 0..<closing { lines[index] = "" }
    }
    dialect.translate(&lines, metadata: &metadata, sink: &sink)

    var document = CommonMarkConverter.parse(
      lines.joined(separator: "\n"), footnotes: dialect.readsFootnotes(metadata))
    if !claimed {
      // A deck no dialect claimed from its text may be one's once read (presenterm's).
      let footnotes = dialect.readsFootnotes(metadata)
      for late in Dialects.all where late != chosen {
        if late.claimsAfterReading(
          &document, lines: &lines, metadata: &metadata,
          reparse: { CommonMarkConverter.parse($0.joined(separator: "\n"), footnotes: footnotes) })
        {
          dialect = late.init(source: source)
          break
        }
      }
    }

    var sourceMap = SlideBuilder.SourceMap()
    dialect.prepare(document, lines: lines, sourceMap: &sourceMap)
    let rewritten = rewriteLines(
      &lines, protecting: document, dialect: dialect, math: metadata.math, sourceMap: &sourceMap)
    // A deck found to be another dialect's after the first reading may read no footnotes.
    let footnotes = dialect.readsFootnotes(metadata)
    if rewritten || (!footnotes && document.children.contains { $0.kind == .footnoteDefinition }) {
      // Let the first tree go before the second is built: a large deck holds one at a time.
      document.children = []
      document = CommonMarkConverter.parse(lines.joined(separator: "\n"), footnotes: footnotes)
    }
    dialect.warnings(in: document, lines: lines, sink: &sink)
    if dialect.separatesLinesInHTML {
      document.children = cutHTMLBlocks(document.children, dialect: dialect, metadata: metadata)
    }

    let rules = dialect.slideRules(metadata)
    var builder = SlideBuilder(
      baseDirectory: baseDirectory, files: files, sourceMap: sourceMap, diagnostics: sink,
      rules: rules)
    builder.slideAspect = metadata.aspect.value
    if let css = metadata.style { builder.readClassCSS(css) }
    // The footnotes cited go to the end of the slide citing them, not to the last slide.
    builder.footnotes = FootnoteDefinitions(taking: &document, numbering: rules.footnoteNumbering)
    builder.applyDeckWide(deckWide)
    if metadata.headingDivider == nil { metadata.headingDivider = headingDivider(in: document) }
    var slides: [Slide] = []
    let divider = dialect.headingDivider(in: document, metadata: metadata)
    let parts = split(
      document, lines: lines, dialect: dialect, metadata: metadata, headingDivider: divider,
      slideTitles: rules.slideTitles, titleLines: sourceMap.slideTitleLines)
    for (index, part) in parts.enumerated() {
      var slide = builder.build(
        index: index, location: part.location, body: part.body, notesSection: part.notes)
      slide.index = index
      slides.append(slide)
    }
    sink = builder.diagnostics
    metadata.styleSheets = builder.styleSheets
    // Marp's global directives written in comments, as if they were in the front matter.
    for (directive, location) in builder.globals {
      let key = FrontMatter.aliases[directive.key] ?? directive.key
      metadata.keyLocations[key] = location
      FrontMatter.read(
        key: key, rawKey: directive.key, value: Node(directive.value), at: location,
        baseDirectory: baseDirectory, files: files, metadata: &metadata, diagnostics: &sink)
    }

    slides = dialect.finish(
      slides, metadata: &metadata, builder: &builder, headingDivider: divider, sink: &sink)
    for index in slides.indices { slides[index].index = index }
    slides.numberPages(deckPaginates: metadata.paginate)
    if slides.isEmpty { sink.warning("the deck has no slides", at: nil) }

    let deck = Deck(
      file: file, baseDirectory: baseDirectory, dialect: type(of: dialect).name,
      metadata: metadata, slides: slides)
    return DeckParseResult(deck: deck, diagnostics: inFileOrder(sink.diagnostics))
  }

  /// Problems about the whole file first, then by line and column; the sort is stable, so two
  /// problems at one place keep the order they were found in.
  private static func inFileOrder(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    diagnostics.enumerated().sorted { a, b in
      let left = a.element.location ?? SourceLocation(line: 0, column: 0)
      let right = b.element.location ?? SourceLocation(line: 0, column: 0)
      return left != right ? left < right : a.offset < b.offset
    }.map(\.element)
  }

  // MARK: - Lines

  static let notesMarker = "<!--podium:notes-->"
  /// Where notes that a dialect wrote in the middle of a slide end (pandoc's `::: notes`).
  static let notesEndMarker = "<!--podium:notes-end-->"

  /// Rewrites what cmark cannot see on its own: formulas (`$...$`), then what the dialect
  /// rewrites (`Dialect.rewrite`), then `???` lines (remark's notes marker), every dialect's.
  /// Lines inside code blocks and HTML comments are left alone. Returns whether anything
  /// changed.
  private static func rewriteLines(
    _ lines: inout [Substring], protecting document: MarkdownNode, dialect: any Dialect,
    math: Bool, sourceMap: inout SlideBuilder.SourceMap
  ) -> Bool {
    var protected = [Bool](repeating: false, count: lines.count + 2)
    func mark(_ node: MarkdownNode) {
      let isCode = { if case .codeBlock = node.kind { return true } else { return false } }()
      let isComment = node.kind == .htmlBlock && node.literal.hasPrefix("<!--")
      guard isCode || isComment else {
        for child in node.children where child.isBlock { mark(child) }
        return
      }
      for line in node.start.line...max(node.start.line, node.endLine) where line < protected.count
      {
        protected[line] = true
      }
    }
    mark(document)

    var changed = math && MathSpans.rewrite(&lines, protected: protected)
    changed = dialect.rewrite(&lines, protected: protected, sourceMap: &sourceMap) || changed
    for index in lines.indices where !protected[index + 1] {
      // Only `???` matters here: a line without a `?` needs no trimmed copy.
      guard lines[index].utf8.contains(UInt8(ascii: "?")),
        lines[index].trimmingCharacters(in: .whitespaces) == "???"
      else { continue }
      lines[index] = Substring(notesMarker)
      changed = true
    }
    return changed
  }

  // MARK: - Slides

  private struct SlidePart {
    var location: SourceLocation
    var body: [MarkdownNode] = []
    var notes: [MarkdownNode] = []
    var inNotes = false
  }

  private static func split(
    _ document: MarkdownNode, lines: [Substring], dialect: any Dialect, metadata: DeckMetadata,
    headingDivider: Int?, slideTitles: (any SlideTitleRule)?, titleLines: Set<Int>
  ) -> [SlidePart] {
    var parts: [SlidePart] = []
    var current = SlidePart(location: SourceLocation(line: 1, column: 1))
    var started = false
    var titled = false
    for node in document.children {
      if dialect.isSeparator(node, lines: lines, metadata: metadata) {
        parts.append(current)
        current = SlidePart(location: SourceLocation(line: node.endLine + 1, column: 1))
        started = false
        titled = false
        continue
      }
      // A slide title ends the slide before it where the dialect says so (presenterm's
      // `implicit_slide_ends`), unless that slide holds only comments so far.
      if let slideTitles,
        slideTitles.isSlideTitle(node, titled: titled, titleLines: titleLines, lineOffset: 0)
      {
        if slideTitles.titlesEndSlides && !current.inNotes
          && current.body.contains(where: { $0.kind != .htmlBlock })
        {
          parts.append(current)
          current = SlidePart(location: node.start)
          started = false
        }
        titled = true
      }
      // Marp's headingDivider: a heading of that level or above opens a slide of its own.
      if let divider = headingDivider, case .heading(let level) = node.kind, level <= divider,
        !current.inNotes,
        current.body.contains(where: { $0.kind != .htmlBlock || dialect.htmlBlocksHoldASlide })
      {
        parts.append(current)
        current = SlidePart(location: node.start)
        started = false
      }
      if node.kind == .htmlBlock {
        let literal = node.literal.trimmingCharacters(in: .whitespacesAndNewlines)
        if literal == notesMarker || literal == notesEndMarker {
          current.inNotes = literal == notesMarker
          continue
        }
      }
      if !started {
        current.location = node.start
        started = true
      }
      if current.inNotes { current.notes.append(node) } else { current.body.append(node) }
    }
    parts.append(current)
    return parts
  }

  /// A dialect's separator written right under an HTML line (remark's `---` under a `</div>`)
  /// is a separator to its tool, but cmark reads it as part of the HTML block, which runs to the
  /// next blank line: such a block is cut at each of its lines the dialect takes for one.
  private static func cutHTMLBlocks(
    _ nodes: [MarkdownNode], dialect: any Dialect, metadata: DeckMetadata
  ) -> [MarkdownNode] {
    guard nodes.contains(where: { $0.kind == .htmlBlock && $0.literal.contains("\n") }) else {
      return nodes
    }
    var result: [MarkdownNode] = []
    for node in nodes {
      guard node.kind == .htmlBlock, node.literal.contains("\n") else {
        result.append(node)
        continue
      }
      var lines = node.literal.split(separator: "\n", omittingEmptySubsequences: false)
      if lines.last == "" { lines.removeLast() }
      var pending: [Substring] = []
      var pendingStart = node.start.line
      func flush(upTo line: Int) {
        guard !pending.isEmpty else { return }
        result.append(
          MarkdownNode(
            kind: .htmlBlock, literal: pending.joined(separator: "\n") + "\n",
            start: SourceLocation(line: pendingStart, column: node.start.column),
            endLine: line - 1, children: []))
        pending = []
      }
      for (offset, text) in lines.enumerated() {
        let line = node.start.line + offset
        let single = MarkdownNode(
          kind: .htmlBlock, literal: String(text) + "\n",
          start: SourceLocation(line: line, column: 1), endLine: line, children: [])
        if dialect.isSeparator(single, lines: [], metadata: metadata) {
          flush(upTo: line)
          result.append(single)
          pendingStart = line + 1
        } else {
          if pending.isEmpty { pendingStart = line }
          pending.append(text)
        }
      }
      flush(upTo: node.start.line + lines.count)
    }
    return result
  }

  /// Marp's `headingDivider` written in a comment (the last one counts, as in Marp).
  private static func headingDivider(in document: MarkdownNode) -> Int? {
    var level: Int?
    for node in document.children where node.kind == .htmlBlock {
      for body in CommentCommand.comments(in: node.literal).bodies {
        guard case .directives(let list) = CommentCommand(comment: body) else { continue }
        for directive in list where directive.key == "headingDivider" {
          if let value = Int(directive.value), (1...6).contains(value) { level = value }
        }
      }
    }
    return level
  }
}
