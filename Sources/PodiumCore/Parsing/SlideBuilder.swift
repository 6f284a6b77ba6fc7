import Foundation

/// Turns the Markdown nodes of one slide into a `Slide`: blocks with their build steps, notes,
/// directives and background images.
struct SlideBuilder {
  /// Where the Markdown text came from, for locations that must match the file.
  struct SourceMap {
    /// Lines whose first bytes were removed before parsing (mdp's `-> text <-`), by how much.
    var columnShift: [Int: Int] = [:]
    /// Lines that mdp centres.
    var centeredLines: Set<Int> = []
    /// The first lines of presenterm's slide titles (setext headings).
    var slideTitleLines: Set<Int> = []
  }

  /// A table cell needs about two ems at the least, and a 16:9 slide is about 33 ems wide.
  static let readableTableColumns = 20

  /// Where relative paths start: the deck's folder, or an included file's while it is read.
  var baseDirectory: String
  /// Where images are checked from their headers.
  let files: any DeckFiles
  let sourceMap: SourceMap
  var diagnostics: DiagnosticSink
  /// How the deck's dialect reads its blocks (`Dialect.slideRules`).
  let rules: SlideRules
  /// Whether the slide being built has its slide title yet.
  var titled = false
  /// The slide's width over its height, for sizes given as a share of its width.
  var slideAspect = AspectRatio.wide.value
  /// The executable snippets so far that have an `+id`, for `snippet_output`.
  var snippetIDs: [String: (language: String?, location: SourceLocation)] = [:]

  var step = 0
  private var incrementalLists = false
  private var incrementalTables = false
  /// The highest build step given so far on this slide: a pause or a list item takes the next.
  var stepsUsed = 0
  /// How deep in lists the block being converted is.
  private var listDepth = 0
  /// The lines between list items, for the rest of the slide (nil: as each list is written).
  private var listItemNewlines: Int?
  var inNotes = false
  /// The part of the `???` notes being read: a `<!-- pause -->` in them starts the next, which
  /// goes with the next build step.
  private var notesPart = 0
  var lineOffset = 0
  var directives = SlideDirectives()
  var backgrounds: [BackgroundImage] = []
  private var notes: [Block] = []
  /// What the slide-shaping commands have set for the rest of the slide.
  var shape = Shape()
  /// Files being included, innermost last: an include of one of them is a loop.
  var including: [String] = []
  /// The slide's top-level blocks so far.
  var placed: [Block] = []
  /// Marp's local directives written without `_`: they hold for the slides after theirs too.
  var carried = SlideDirectives()
  /// Set by `<!-- fit -->` inside the heading being converted.
  var fitHeading = false
  /// Marp's `_name` directives from the front matter, for the first slide.
  var firstSlideDirectives: [(CommentCommand.Directive, SourceLocation)] = []
  /// Marp's global directives found in comments, in order, for the deck's metadata.
  var globals: [(CommentCommand.Directive, SourceLocation)] = []
  /// A directive only a dialect's tool has was found (Marp's `header`, `_class`, `size`...).
  var usedDialectDirective = false
  /// Classes already warned about, so a deck's own class is named once.
  var warnedClasses: Set<String> = []
  /// HTML elements whose end tags have not come yet, outermost first (`SlideBuilder+HTML`).
  var openHTMLBoxes: [OpenHTMLBox] = []
  /// Inline HTML elements open in the inlines being converted.
  var openInlineHTML: [OpenInlineHTML] = []
  /// HTML elements, classes and CSS properties already warned about, once a deck.
  var warnedHTML: Set<String> = []
  /// Transitions drawn as a fade, warned about once each.
  var warnedTransitions: Set<String> = []
  /// The diagram languages already warned about: one warning a deck for each.
  var warnedDiagrams: Set<String> = []
  /// The deck's CSS for classes (`.columns { ... }`), as declarations by class name.
  var htmlClassCSS: [String: String] = [:]
  /// The `<style>` blocks (not `scoped`) found so far: the deck's own CSS for every slide.
  var styleSheets: [StyleSheet] = []
  /// The deck's footnotes, and those cited on the slide (or its notes) so far, in order.
  var footnotes = FootnoteDefinitions()
  var footnotesCited: [Int] = []

  init(
    baseDirectory: String, files: any DeckFiles, sourceMap: SourceMap, diagnostics: DiagnosticSink,
    rules: SlideRules = SlideRules()
  ) {
    self.baseDirectory = baseDirectory
    self.files = files
    self.sourceMap = sourceMap
    self.diagnostics = diagnostics
    self.rules = rules
  }

  /// Builds slide `index` from its body nodes and the nodes after its `???` line.
  mutating func build(
    index: Int, location: SourceLocation, body: [MarkdownNode], notesSection: [MarkdownNode]
  ) -> Slide {
    step = 0
    stepsUsed = 0
    incrementalLists = rules.incrementalLists
    incrementalTables = rules.incrementalTables
    listItemNewlines = rules.listItemNewlines
    titled = false
    directives = SlideDirectives()
    directives.takeLocalDirectives(from: carried)
    directives.classes = carried.classes
    directives.otherClasses = carried.otherClasses
    for (directive, location) in firstSlideDirectives { apply(directive, at: location) }
    firstSlideDirectives = []
    backgrounds = []
    notes = []
    inNotes = false

    shape = Shape()
    placed = []
    openHTMLBoxes = []
    for node in body {
      if case .htmlBlock = node.kind {
        placeHTMLBlock(node)
      } else {
        place(convertBlock(node))
      }
    }
    closeAllHTML()
    closeColumns()
    let blocks = placed + citedFootnotes(rule: true)
    placed = []
    inNotes = true
    notesPart = 0
    for node in notesSection {
      let part = notesPart
      notes += convertBlock(node).map { $0.shown(at: part) }
    }
    notes += citedFootnotes(rule: false).map { $0.shown(at: notesPart) }
    inNotes = false

    // Trailing pauses reveal nothing: the slide has as many steps as its content uses.
    let lastStep = blocks.reduce(0) { max($0, $1.lastStep) }
    if notesPart > lastStep, let first = notesSection.first {
      diagnostics.warning(
        "the notes have \(notesPart + 1) parts (split by '<!-- pause -->') but the slide has "
          + "\(lastStep + 1) build steps: the parts after step \(lastStep + 1) go with its last",
        at: self.location(of: first))
    }
    // Each note whole at the step of its part (a note written after a pause goes with that
    // step): the console lights the part of the step on show and dims the rest.
    notes = notes.map { $0.shown(at: min($0.step, lastStep)) }
    return Slide(
      index: index, location: location, blocks: blocks, notes: notes, directives: directives,
      backgrounds: backgrounds, stepCount: lastStep + 1)
  }

  // MARK: - Blocks

  func location(of node: MarkdownNode) -> SourceLocation {
    let line = node.start.line + lineOffset
    return SourceLocation(
      line: line, column: node.start.column + (sourceMap.columnShift[line] ?? 0))
  }

  private func alignment(of node: MarkdownNode) -> Block.Alignment {
    sourceMap.centeredLines.contains(node.start.line + lineOffset) ? .center : .natural
  }

  mutating func convertBlock(_ node: MarkdownNode) -> [Block] {
    let here = location(of: node)
    switch node.kind {
    case .paragraph:
      return convertParagraph(node)
    case .heading(let level):
      fitHeading = false
      var (runs, images) = convertInlines(node.children)
      // `# <!-- fit --> Title`: the comment leaves the space after it at the front.
      if let first = runs.first, first.text.first == " " {
        runs[0].text = String(first.text.drop { $0 == " " })
      }
      var result: [Block] = []
      if !isBlank(runs, .whitespaces) {
        var heading = Block(
          .heading(level: level, text: runs), at: here, step: step, alignment: alignment(of: node))
        heading.fitsWidth = fitHeading
        if let slideTitles = rules.slideTitles, !inNotes,
          slideTitles.isSlideTitle(
            node, titled: titled, titleLines: sourceMap.slideTitleLines, lineOffset: lineOffset)
        {
          heading.role = .slideTitle
          titled = true
        }
        result.append(heading)
      }
      fitHeading = false
      return result + images
    case .thematicBreak:
      return [Block(.rule, at: here, step: step)]
    case .codeBlock(let info, _):
      if let formula = displayFormula(info: info, literal: node.literal) {
        return [
          Block(
            .paragraph([TextRun(formula, style: [.math, .displayMath])]), at: here, step: step,
            alignment: .center)
        ]
      }
      let code = convertCode(info: info, literal: node.literal, at: here)
      // Where each highlighting stage is a step (presenterm's presses), a pause after the code
      // comes after them (what follows without one shows with the code).
      if rules.fences?.stagesAreSteps == true, let last = code.highlights.last {
        stepsUsed = max(stepsUsed, step + last.offset)
      }
      return [Block(.code(code), at: here, step: step)]
    case .htmlBlock:
      return convertHTMLBlock(node, at: here)
    case .list(let ordered, let start, let tight):
      let listStep = step
      var items: [ListItem] = []
      let incremental = incrementalLists && !inNotes
      listDepth += 1
      defer { listDepth -= 1 }
      for (position, child) in node.children.enumerated() {
        guard case .item(let checked) = child.kind else { continue }
        // A nested list's first item is a step of its own (presenterm flattens lists; beamer's
        // and reveal.js's nested lists are incremental too); the outermost's as the tool says.
        if incremental && (position > 0 || listDepth > 1 || rules.listBuilds.hidesFirstItem) {
          stepsUsed += 1
          step = stepsUsed
        }
        let itemStep = step
        var itemBlocks: [Block] = []
        for grandchild in child.children { itemBlocks += convertBlock(grandchild) }
        items.append(
          ListItem(blocks: itemBlocks, checked: checked, at: location(of: child), step: itemStep))
      }
      if incremental && listDepth == 1 {
        switch rules.listBuilds.after {
        case .lastItem: break
        // beamer and reveal.js: what follows the list is no fragment; it shows with the list.
        case .listStart: step = listStep
        // presenterm: a pause after the list.
        case .nextStep:
          stepsUsed += 1
          step = stepsUsed
        }
      }
      guard !items.isEmpty else { return [] }
      // With lines between list items set (presenterm's `list_item_newlines`), every list is
      // spaced alike, loose or not.
      let spaced = rules.listItemNewlines == nil ? tight : (listItemNewlines ?? 1) <= 1
      return [
        Block(
          .list(ListBlock(ordered: ordered, start: start, tight: spaced, items: items)),
          at: here, step: listStep)
      ]
    case .blockQuote:
      let quoteStep = step
      var inner: [Block] = []
      for child in node.children { inner += convertBlock(child) }
      let alert = extractAlert(from: &inner)
      guard !inner.isEmpty || alert != nil else { return [] }
      return [Block(.quote(QuoteBlock(blocks: inner, alert: alert)), at: here, step: quoteStep)]
    case .table:
      let table = convertTable(node)
      let columns = max(table.header.count, table.rows.map(\.count).max() ?? 0)
      if columns > Self.readableTableColumns {
        diagnostics.warning(
          "table has \(columns) columns; past about \(Self.readableTableColumns) a slide squeezes them too narrow to read",
          at: here)
      }
      guard incrementalTables && !inNotes else {
        return [Block(.table(table), at: here, step: step)]
      }
      return [incrementalTable(table, at: here)]
    case .item, .tableRow, .tableCell, .document, .other:
      return node.children.filter(\.isBlock).flatMap { convertBlock($0) }
    default:
      // Inline content where a block was expected: keep its text.
      let (runs, images) = convertInlines([node])
      return runs.isEmpty ? images : [Block(.paragraph(runs), at: here, step: step)] + images
    }
  }

  private mutating func convertParagraph(_ node: MarkdownNode) -> [Block] {
    let here = location(of: node)
    if node.flattened != nil { warnFlattened(node, at: here) }
    let (runs, images) = convertInlines(node.children)
    var result: [Block] = []
    if !isBlank(runs, .whitespacesAndNewlines) {
      // A formula set apart (`$$...$$` alone) is centred, as TeX centres a display.
      let displayed = runs.filter { !isBlank([$0], .whitespacesAndNewlines) }
      let display = displayed.count == 1 && displayed[0].style.contains(.displayMath)
      result.append(
        Block(
          .paragraph(display ? displayed : runs), at: here, step: step,
          alignment: display ? .center : alignment(of: node)))
    } else if images.count > 1, !runs.contains(where: { $0.text.contains("\n") }) {
      // Pictures side by side in one paragraph are inline, in a row, in every Markdown renderer
      // (Marp, GitHub, pandoc's HTML).
      return [imageRow(images, at: here)]
    }
    return result + images
  }

  /// Pictures set inline side by side (in one paragraph, or `<img>`s with only spaces between
  /// them) as a row: a column each, in their widths where all are given.
  func imageRow(_ images: [Block], at here: SourceLocation) -> Block {
    let widths = images.compactMap { block -> Int? in
      guard case .image(let reference) = block.kind else { return nil }
      // Fractions of the slide's height, in thousandths: relative widths.
      return reference.width.map { max(1, Int(($0 * 1000).rounded())) }
    }
    let row = ColumnsBlock(
      widths: widths.count == images.count ? widths : images.map { _ in 1 },
      columns: images.map { [$0] })
    return Block(.columns(row), at: here, step: images.first?.step ?? step)
  }

  /// Whether the runs hold nothing but characters of `blank`: what trimming their joined text
  /// would tell, without copying every paragraph of a large deck through Foundation.
  private func isBlank(_ runs: [TextRun], _ blank: CharacterSet) -> Bool {
    runs.allSatisfy { $0.text.unicodeScalars.allSatisfy(blank.contains) }
  }

  private mutating func convertTable(_ node: MarkdownNode) -> TableBlock {
    guard case .table(let alignments) = node.kind else {
      return TableBlock(alignments: [], header: [], rows: [])
    }
    var header: [[TextRun]] = []
    var rows: [[[TextRun]]] = []
    var pictureInCell: SourceLocation?
    for row in node.children {
      guard case .tableRow(let isHeader) = row.kind else { continue }
      // Images in cells have no room of their own; their alt text stands in.
      var cells: [[TextRun]] = []
      for cell in row.children {
        let (runs, images) = convertInlines(cell.children)
        cells.append(runs + images.map { TextRun($0.plainText) })
        if pictureInCell == nil { pictureInCell = images.first?.location }
      }
      if isHeader && header.isEmpty { header = cells } else { rows.append(cells) }
    }
    if let here = pictureInCell {
      diagnostics.warning(
        "pictures in table cells are not drawn: their alt text stands in (one warning a table)",
        at: here)
    }
    return TableBlock(alignments: alignments, header: header, rows: rows)
  }

  /// GitHub alerts: a quote whose first line is `[!NOTE]`, `[!TIP]`, ...
  private func extractAlert(from blocks: inout [Block]) -> QuoteBlock.Alert? {
    guard let first = blocks.first, case .paragraph(var runs) = first.kind,
      let head = runs.first, head.text.hasPrefix("[!")
    else { return nil }
    guard let close = head.text.firstIndex(of: "]") else { return nil }
    let name = head.text[head.text.index(head.text.startIndex, offsetBy: 2)..<close].lowercased()
    guard let alert = QuoteBlock.Alert(rawValue: name) else { return nil }
    let remainder = head.text[head.text.index(after: close)...].drop { $0 == " " || $0 == "\n" }
    if remainder.isEmpty { runs.removeFirst() } else { runs[0].text = String(remainder) }
    while let lead = runs.first, lead.text.allSatisfy({ $0 == " " || $0 == "\n" }) {
      runs.removeFirst()
    }
    if runs.isEmpty {
      blocks.removeFirst()
    } else {
      blocks[0].kind = .paragraph(runs)
    }
    return alert
  }

  // MARK: - HTML and comments

  mutating func apply(_ command: CommentCommand, at here: SourceLocation, standalone: Bool) {
    switch command {
    case .note(let text, _) where !rules.plainCommentsAreNotes:
      // Notes only in `speaker_note` (presenterm's): other comments are the author's, and a
      // one-line comment that is no command stops the tool (presenterm's `process_comment`).
      let body = text.trimmingCharacters(in: .whitespacesAndNewlines)
      if !body.contains("\n"),
        body.range(of: #"^[A-Za-z_]+(:.*)?$"#, options: .regularExpression) != nil
      {
        let key = body.prefix { $0 != ":" }
        let tool = rules.commandsOf
        diagnostics.warning(
          "'\(key)' is not a \(tool) command (\(tool) refuses the deck); ignored", at: here)
      }
    case .note(let text, let suggestion):
      if let suggestion {
        let key = text.prefix { $0 != ":" }
        diagnostics.warning(
          "unknown directive '\(key)', did you mean '\(suggestion)'? (kept as a speaker note)",
          at: here)
      }
      addNote(text, at: here)
    case .speakerNote(let text):
      addNote(text, at: here)
    case .pause where standalone:
      if inNotes {
        notesPart += 1
      } else {
        stepsUsed = max(stepsUsed, step) + 1
        step = stepsUsed
      }
    case .incrementalLists(let on) where standalone:
      incrementalLists = on
    case .incrementalTables(let on) where standalone:
      incrementalTables = on
    case .listItemNewlines(let count) where standalone:
      listItemNewlines = count
    case .snippetOutput(let id):
      if !inNotes { placeOutput(of: id, at: here) }
    case .directives(let list) where standalone:
      for directive in list { apply(directive, at: here) }
    case .shape(let shape) where standalone:
      if !inNotes { applyShape(shape, at: here) }
    case .invalid(let message):
      diagnostics.error(message, at: here)
    case .authorComment:
      break
    case .unsupported(let command, let tool):
      diagnostics.warning("\(tool) command '\(command)' is not supported (ignored)", at: here)
    case .endSlide:
      diagnostics.warning(
        "'end_slide' inside a list or quote does not end the slide; put it on its own line at the top level",
        at: here)
    case .fitHeading:
      // Only a heading can be fitted; the heading reads the flag once its text is converted.
      if !standalone { fitHeading = true }
    case .pause, .incrementalLists, .incrementalTables, .listItemNewlines, .directives, .shape:
      diagnostics.warning(
        "a '<!-- ... -->' command must be on its own line to take effect (ignored)", at: here)
    }
  }

  mutating func addNote(_ text: String, at here: SourceLocation) {
    guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return }
    let savedOffset = lineOffset
    let savedInNotes = inNotes
    let savedStep = step
    lineOffset = here.line - 1
    inNotes = true
    var converted: [Block] = []
    for node in CommonMarkConverter.parse(text).children { converted += convertBlock(node) }
    // A note goes with the build step it is written in.
    for index in converted.indices { converted[index].step = savedStep }
    notes += converted
    lineOffset = savedOffset
    inNotes = savedInNotes
    step = savedStep
  }
}
