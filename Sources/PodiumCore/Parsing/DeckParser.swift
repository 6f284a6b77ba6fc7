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
      context: SlidevDeck.Context(
        baseDirectory: baseDirectory, files: files,
        file: SlidevDeck.Context.absolute(file)))
  }

  /// Parses deck text; `context` says where its files are and, for a file a Slidev deck
  /// imports (`src:`), which deck imports it.
  static func parse(text: String, file: String, context: SlidevDeck.Context) -> DeckParseResult {
    let (baseDirectory, files) = (context.baseDirectory, context.files)
    var sink = DiagnosticSink(file: file)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    var metadata = DeckMetadata()
    metadata.presentermDefaults = context.presenterm
    var dialect = DeckDialect.standard

    var deckWide: [(CommentCommand.Directive, SourceLocation)] = []
    // pandoc's and Slidev's decks: their syntax translated into Podium's (ForeignDeck).
    var foreign = ForeignDeck.detect(lines: lines, context: context)
    var marp = false
    if let (opening, closing) = FrontMatter.locate(in: lines) {
      let front = FrontMatter.parse(
        lines: lines, opening: opening, closing: closing, baseDirectory: baseDirectory,
        files: files, diagnostics: &sink, leaving: foreign?.ownsKey, presenterm: context.presenterm)
      metadata = front.metadata
      deckWide = front.slideDirectives
      marp = front.marp
      // Blank rather than drop the front matter, so cmark's line numbers stay the file's.
      for index in 0..<closing { lines[index] = "" }
    } else if foreign == nil, let count = mdpMetadataLines(lines) {
      dialect = .mdp
      for index in 0..<count {
        let line = lines[index]
        guard let colon = line.firstIndex(of: ":") else { continue }
        let key = line[line.index(after: line.startIndex)..<colon].lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        switch key {
        case "title": metadata.title = value
        case "author": metadata.author = value
        case "date": metadata.date = value
        default: break
        }
        lines[index] = ""
      }
    }

    if foreign != nil {
      foreign?.translate(&lines, metadata: &metadata, sink: &sink)
      dialect = foreign?.dialect ?? dialect
    }
    var document = CommonMarkConverter.parse(
      lines.joined(separator: "\n"), footnotes: readsFootnotes(dialect, marp: marp))
    var prefixed = false
    if dialect == .standard, let prefix = metadata.presenterm?.commandPrefix, !prefix.isEmpty {
      // Commands carry the prefix; before anything looks for `end_slide`, take it off them.
      prefixed = PresentermSlides.unprefixCommands(&lines, in: document, prefix: prefix)
      if prefixed {
        document = CommonMarkConverter.parse(
          lines.joined(separator: "\n"), footnotes: readsFootnotes(dialect, marp: marp))
      }
    }
    if dialect == .standard && (usesEndSlide(document) || metadata.presenterm != nil) {
      dialect = .presenterm
      metadata.presenterm = metadata.presenterm ?? metadata.presentermDefaults ?? PresentermDeck()
      metadata.presenterm?.follow(&metadata.theme, named: metadata.keyLocations["theme"] != nil)
    }

    var sourceMap = SlideBuilder.SourceMap()
    if dialect == .presenterm {
      sourceMap.slideTitleLines = PresentermSlides.setextHeadingLines(in: document, lines: lines)
    }
    let rewritten = rewriteLines(
      &lines, protecting: document, dialect: dialect, math: metadata.math, sourceMap: &sourceMap)
    // A deck found to be presenterm's after the first reading has no footnotes either.
    let footnotes = readsFootnotes(dialect, marp: marp)
    if rewritten || (!footnotes && document.children.contains { $0.kind == .footnoteDefinition }) {
      // Let the first tree go before the second is built: a large deck holds one at a time.
      document.children = []
      document = CommonMarkConverter.parse(lines.joined(separator: "\n"), footnotes: footnotes)
    }

    if dialect == .standard { warnAboutSetextSeparators(in: document, lines: lines, sink: &sink) }

    var builder = SlideBuilder(
      baseDirectory: baseDirectory, files: files, sourceMap: sourceMap, diagnostics: sink)
    builder.softBreaksAreLineBreaks = dialect == .mdp
    builder.presenterm = metadata.presenterm
    switch dialect {
    case .presenterm: builder.fenceOptions = .presenterm
    case .slidev: builder.fenceOptions = .slidev
    case .pandoc: builder.fenceOptions = .pandoc
    default: builder.fenceOptions = nil
    }
    builder.listBuilds =
      dialect == .presenterm
      ? ListBuilds(presenterm: metadata.presenterm ?? PresentermDeck())
      : foreign?.listBuilds ?? .podium
    builder.slideAspect = metadata.aspect.value
    builder.marpDeck = marp
    if let css = metadata.style { builder.readClassCSS(css) }
    // The footnotes cited go to the end of the slide citing them, not to the last slide.
    builder.footnotes = FootnoteDefinitions(
      taking: &document, numbering: dialect == .slidev ? .slide : .deck)
    builder.applyDeckWide(deckWide)
    if metadata.headingDivider == nil { metadata.headingDivider = headingDivider(in: document) }
    var slides: [Slide] = []
    let slideLevel = foreign?.headingDivider(in: document)
    let parts = split(
      document, lines: lines, dialect: dialect,
      headingDivider: dialect == .standard ? metadata.headingDivider : slideLevel,
      presenterm: metadata.presenterm, slideTitleLines: sourceMap.slideTitleLines)
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

    if let foreign {
      slides = foreign.finish(
        slides, metadata: metadata, headingDivider: slideLevel, sink: &sink)
    }
    if dialect == .presenterm {
      // presenterm shows every slide its `end_slide`s make, an empty one too, and opens on
      // the introduction slide its front matter makes.
      if let intro = builder.introSlide(metadata, at: SourceLocation(line: 1, column: 1)) {
        slides.insert(intro, at: 0)
      }
      // `<!-- skip_slide -->`: presenterm never makes the slide (`terminate_slide`), so it is
      // neither shown nor counted.
      slides.removeAll { $0.directives.hidden }
    } else if dialect == .slidev {
      // Slidev shows every slide its separators make, an empty one too (its `slice`).
    } else if let first = slides.firstIndex(where: { !isEmpty($0) }),
      let last = slides.lastIndex(where: { !isEmpty($0) })
    {
      slides = Array(slides[first...last])
    } else {
      slides = []
    }
    // A separator before the first slide or after the last one makes no slide a reader counts
    // (above; cut once: removing them one at a time is quadratic in a deck of separators).
    for index in slides.indices { slides[index].index = index }
    MarpDeck.numberPages(&slides, deckPaginates: metadata.paginate)
    // Marp's look is for Markdown decks: a Slidev deck's `theme: default` is Slidev's.
    if dialect == .standard {
      MarpDeck.decide(&metadata, frontMatter: marp || builder.usedMarpDirective)
    }
    if slides.isEmpty || (dialect == .presenterm && slides.allSatisfy(isEmpty)) {
      sink.warning("the deck has no slides", at: nil)
    }

    let deck = Deck(
      file: file, baseDirectory: baseDirectory, dialect: dialect, metadata: metadata, slides: slides
    )
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

  // MARK: - Dialects

  /// Whether the deck's own tool reads GFM footnotes (`[^1]`, `[^1]: ...`): pandoc's Markdown,
  /// Slidev (markdown-it-footnote) and GitHub do; Marp's and presenterm's Markdown do not, and
  /// show the reference as it is written (with a definition, Marp's markdown-it takes it as a
  /// link reference, as cmark does without footnotes).
  static func readsFootnotes(_ dialect: DeckDialect, marp: Bool) -> Bool {
    switch dialect {
    case .pandoc, .slidev: return true
    case .standard: return !marp
    case .presenterm, .mdp, .pdf: return false
    }
  }

  /// mdp decks open with `%title:`, `%author:` or `%date:` lines; returns how many.
  private static func mdpMetadataLines(_ lines: [Substring]) -> Int? {
    var count = 0
    for line in lines {
      let lowered = line.lowercased()
      if lowered.hasPrefix("%title:") || lowered.hasPrefix("%author:")
        || lowered.hasPrefix("%date:")
      {
        count += 1
      } else {
        break
      }
    }
    return count > 0 ? count : nil
  }

  static let notesMarker = "<!--podium:notes-->"
  /// Where notes that a dialect wrote in the middle of a slide end (pandoc's `::: notes`).
  static let notesEndMarker = "<!--podium:notes-end-->"

  private static func usesEndSlide(_ document: MarkdownNode) -> Bool {
    document.children.contains { node in
      node.kind == .htmlBlock
        && CommentCommand.comments(in: node.literal).bodies.contains {
          CommentCommand(comment: $0) == .endSlide
        }
    }
  }

  /// Rewrites what cmark cannot see on its own: `???` lines (remark's notes marker) and, in mdp
  /// decks, `-> centred <-` lines and `^`/`<br>` pause lines. Lines inside code blocks and HTML
  /// comments are left alone; other HTML blocks are not protected, because cmark swallows an mdp
  /// `<br>` line and everything up to the next blank line into one. Returns whether anything
  /// changed.
  private static func rewriteLines(
    _ lines: inout [Substring], protecting document: MarkdownNode, dialect: DeckDialect,
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
    if dialect == .standard {
      changed = RevealNotes.rewrite(&lines, sourceMap: &sourceMap) || changed
    }
    for index in lines.indices where !protected[index + 1] {
      let line = lines[index]
      // Outside mdp only `???` matters: a line without a `?` needs no trimmed copy.
      if dialect != .mdp && !line.utf8.contains(UInt8(ascii: "?")) { continue }
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed == "???" {
        lines[index] = Substring(notesMarker)
        changed = true
        continue
      }
      guard dialect == .mdp else { continue }
      if trimmed == "^" || trimmed.lowercased() == "<br>" {
        // The pause must sit inside the list item that follows it, so take that line's indent.
        let next = lines[(index + 1)...].first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        let indent = next?.prefix { $0 == " " } ?? ""
        lines[index] = Substring(indent + "<!-- pause -->")
        changed = true
      } else if trimmed.hasPrefix("->") && trimmed.hasSuffix("<-") && trimmed.count >= 4 {
        let leading = line.prefix { $0 == " " }.utf8.count
        var inner = trimmed.dropFirst(2).dropLast(2)
        let innerLeading = inner.prefix { $0 == " " }.utf8.count
        inner = inner.drop { $0 == " " }
        while inner.last == " " { inner = inner.dropLast() }
        lines[index] = Substring(inner)
        sourceMap.columnShift[index + 1] = leading + 2 + innerLeading
        sourceMap.centeredLines.insert(index + 1)
        changed = true
      }
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
    _ document: MarkdownNode, lines: [Substring], dialect: DeckDialect, headingDivider: Int?,
    presenterm: PresentermDeck?, slideTitleLines: Set<Int>
  ) -> [SlidePart] {
    var parts: [SlidePart] = []
    var current = SlidePart(location: SourceLocation(line: 1, column: 1))
    var started = false
    var titled = false
    for node in document.children {
      if isSeparator(node, lines: lines, dialect: dialect)
        || (presenterm?.endSlideShorthand == true && node.kind == .thematicBreak)
      {
        parts.append(current)
        current = SlidePart(location: SourceLocation(line: node.endLine + 1, column: 1))
        started = false
        titled = false
        continue
      }
      // presenterm's `implicit_slide_ends`: a slide title ends the slide before it, unless
      // that slide holds only comments so far.
      if let presenterm,
        PresentermSlides.isSlideTitle(
          node, options: presenterm, titled: titled, slideTitleLines: slideTitleLines)
      {
        if presenterm.implicitSlideEnds && !current.inNotes
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
        !current.inNotes, current.body.contains(where: { $0.kind != .htmlBlock })
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

  private static func isSeparator(
    _ node: MarkdownNode, lines: [Substring], dialect: DeckDialect
  ) -> Bool {
    switch (node.kind, dialect) {
    case (.thematicBreak, .mdp), (.thematicBreak, .pandoc):
      return true
    case (.htmlBlock, .slidev):
      return node.literal.trimmingCharacters(in: .whitespacesAndNewlines) == SlidevLines.slideMarker
    case (.thematicBreak, .standard):
      // `***` and `___` stay horizontal rules; only hyphens separate slides.
      let index = node.start.line - 1
      guard lines.indices.contains(index) else { return false }
      return lines[index].first { $0 != " " && $0 != "\t" } == "-"
    case (.htmlBlock, .presenterm):
      let bodies = CommentCommand.comments(in: node.literal).bodies
      return bodies.contains { CommentCommand(comment: $0) == .endSlide }
    default:
      return false
    }
  }

  private static func isEmpty(_ slide: Slide) -> Bool {
    slide.blocks.isEmpty && slide.notes.isEmpty && slide.backgrounds.isEmpty
      && slide.directives.background == nil
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
