import Foundation

/// What an HTML element holds, as runs and blocks; and inline HTML among Markdown's inlines,
/// whose start and end tags come as separate nodes with Markdown between them.
extension SlideBuilder {
  /// A paragraph being gathered from HTML text and inline elements, and the blocks before it.
  struct HTMLPending {
    var blocks: [Block] = []
    var runs: [TextRun] = []
    var location: SourceLocation?
    /// The `<img>`s last put in `blocks`, with nothing but spaces between them, and where.
    var inlineImages: (blocks: [Block], index: Int)?
  }

  /// An inline element whose end tag has not come yet: the runs until then take its look.
  struct OpenInlineHTML {
    var name: String
    var style: TextRun.Style
    var paint: TextRun.Paint?
    var link: String?
  }

  /// The styles of the inline elements decks use; elements not here and not holding blocks are
  /// unknown (their content is shown, with one warning per kind).
  static let htmlInlineStyles: [String: TextRun.Style] = [
    "b": .strong, "strong": .strong, "i": .emphasis, "em": .emphasis, "cite": .emphasis,
    "var": .emphasis, "dfn": .emphasis, "s": .strikethrough, "del": .strikethrough,
    "strike": .strikethrough, "u": .underline, "ins": .underline, "code": .code, "tt": .code,
    "samp": .code, "kbd": .keyboard, "sup": .superscript, "sub": .subscript, "small": .small,
    "mark": .highlight, "a": .link, "span": [], "font": [], "abbr": [], "q": [], "time": [],
    "big": [], "bdi": [], "bdo": [], "ruby": [], "rt": [], "rp": [], "label": [], "data": [],
    "wbr": [], "summary": [],
  ]

  /// The blocks gathered so far, the open paragraph closed.
  mutating func flushed(_ pending: inout HTMLPending, at base: SourceLocation) -> [Block] {
    flushParagraph(&pending, at: base)
    defer {
      pending.blocks = []
      pending.inlineImages = nil
    }
    return pending.blocks
  }

  private func trimmedRuns(_ runs: [TextRun]) -> [TextRun] {
    var runs = merged(runs)
    while let first = runs.first, first.text.first == " " {
      runs[0].text = String(first.text.drop { $0 == " " })
      if runs[0].text.isEmpty { runs.removeFirst() }
    }
    while let last = runs.last, last.text.last == " " {
      runs[runs.count - 1].text = String(last.text.reversed().drop { $0 == " " }.reversed())
      if runs[runs.count - 1].text.isEmpty { runs.removeLast() }
    }
    return runs
  }

  private mutating func flushParagraph(_ pending: inout HTMLPending, at base: SourceLocation) {
    let runs = trimmedRuns(pending.runs)
    let breaks = runs.reduce(0) { $0 + $1.text.filter { $0 == "\n" }.count }
    if runs.allSatisfy({ $0.text.allSatisfy(\.isWhitespace) }) && breaks > 0 {
      // `<br>` on a line of its own: an empty line, as in a browser; after a picture the first
      // only ends the picture's line, and the next picture starts a line of its own.
      let afterPicture = pending.inlineImages?.index == pending.blocks.count - 1
      let lines = afterPicture ? breaks - 1 : breaks
      if lines > 0 {
        pending.blocks.append(
          Block(.spacer(.lines(lines)), at: pending.location ?? base, step: step))
      }
      pending.inlineImages = nil
    } else if !runs.allSatisfy({ $0.text.allSatisfy(\.isWhitespace) }) {
      pending.blocks.append(
        Block(.paragraph(runs), at: pending.location ?? base, step: step))
    }
    pending.runs = []
    pending.location = nil
  }

  /// Converts one node of a fragment, inside inline elements of `style`, `paint` and `link`.
  mutating func convertHTML(
    _ node: HTMLFragment.Node, into pending: inout HTMLPending, at base: SourceLocation,
    style: TextRun.Style = [], paint: TextRun.Paint? = nil, link: String? = nil
  ) {
    switch node {
    case .comment:
      return
    case .text(let text, let position):
      let collapsed = String(text.map { $0 == "\n" || $0 == "\t" || $0 == "\r" ? " " : $0 })
      if pending.location == nil, !collapsed.allSatisfy(\.isWhitespace) {
        pending.location = htmlLocation(position, in: base)
      }
      pending.runs.append(TextRun(collapsed, style: style, link: link, paint: paint))
    case .element(let element):
      let here = htmlLocation(element.position, in: base)
      checkHTML(element, at: here)
      convertHTMLElement(
        element, into: &pending, at: base, here: here, style: style, paint: paint, link: link)
    }
  }

  // Kept apart from `convertHTML`, which calls itself for each level of nesting.
  @inline(never)
  private mutating func convertHTMLElement(
    _ element: HTMLFragment.Element, into pending: inout HTMLPending, at base: SourceLocation,
    here: SourceLocation, style: TextRun.Style, paint: TextRun.Paint?, link: String?
  ) {
    let name = element.name
    func children(into target: inout HTMLPending, style: TextRun.Style, paint: TextRun.Paint?) {
      for child in element.children {
        convertHTML(child, into: &target, at: base, style: style, paint: paint, link: link)
      }
    }
    switch name {
    case "style":
      // The deck's CSS, read with its theme; its rules for classes are the elements' too.
      for case .text(let css, _) in element.children { readClassCSS(css) }
    case "script", "link", "meta", "base", "iframe", "object", "embed", "frame", "frameset":
      // Nothing a browser shows: a script's source never is, whether it runs or not.
      return
    case "br":
      pending.runs.append(TextRun("\n", style: style, link: link, paint: paint))
    case "img":
      flushParagraph(&pending, at: base)
      let image = htmlImage(element, at: here)
      // Pictures with only spaces between them are inline, side by side, as a browser sets
      // them (`<p align="center"><img ...> <img ...></p>`): a row, as Markdown's.
      if var images = pending.inlineImages, images.index == pending.blocks.count - 1 {
        images.blocks.append(image)
        pending.blocks[images.index] = imageRow(images.blocks, at: images.blocks[0].location)
        pending.inlineImages = images
      } else {
        pending.blocks.append(image)
        pending.inlineImages = ([image], pending.blocks.count - 1)
      }
    case "hr":
      flushParagraph(&pending, at: base)
      pending.blocks.append(Block(.rule, at: here, step: step))
    case "details":
      flushParagraph(&pending, at: base)
      var box = OpenHTMLBox(name: name, style: htmlLook(element), location: here)
      for child in element.children {
        if case .element(let inner) = child, inner.name == "summary" {
          box.summary = summaryRuns(inner, at: base)
          break
        }
      }
      pending.blocks += finished(box)
    case "table":
      flushParagraph(&pending, at: base)
      if let table = htmlTable(element, at: base) {
        pending.blocks += Self.styled(
          [Block(.table(table), at: here, step: step)], htmlLook(element), at: here)
      }
    case "h1", "h2", "h3", "h4", "h5", "h6":
      flushParagraph(&pending, at: base)
      var inner = HTMLPending()
      children(into: &inner, style: style, paint: paint)
      let runs = trimmedRuns(inner.runs)
      let level = Int(String(name.dropFirst())) ?? 1
      var blocks = inner.blocks
      if !runs.isEmpty {
        blocks.insert(
          Block(.heading(level: min(level, 6), text: runs), at: here, step: step), at: 0)
      }
      pending.blocks += Self.styled(blocks, htmlLook(element), at: here)
    case _ where Self.htmlBlockElements.contains(name) && htmlLook(element).columnWidths != nil:
      // Flex and grid: each child element a column.
      flushParagraph(&pending, at: base)
      var loose = HTMLPending()
      var columns: [[Block]] = []
      for child in element.children {
        guard case .element = child else {
          convertHTML(child, into: &loose, at: base, style: style, paint: paint, link: link)
          continue
        }
        var column = HTMLPending()
        convertHTML(child, into: &column, at: base, style: style, paint: paint, link: link)
        let blocks = flushed(&column, at: here)
        if !blocks.isEmpty { columns.append(blocks) }
      }
      let look = htmlLook(element)
      var blocks = flushed(&loose, at: here)
      if !columns.isEmpty {
        blocks.append(Self.columnsBlock(columns, widths: look.columnWidths, at: here))
      }
      pending.blocks += Self.styled(blocks, look, at: here)
    case _ where Self.htmlBlockElements.contains(name):
      flushParagraph(&pending, at: base)
      var inner = HTMLPending()
      if name == "li" { inner.runs.append(TextRun("• ", style: style, paint: paint)) }
      children(into: &inner, style: style, paint: paint)
      pending.blocks += Self.styled(flushed(&inner, at: here), htmlLook(element), at: here)
    default:
      let look = htmlLook(element)
      var added = (Self.htmlInlineStyles[name] ?? []).union(look.added)
      if name == "a", element.attribute("href") == nil { added.remove(.link) }
      let inner = Self.overlaid(paint, look)
      for child in element.children {
        convertHTML(
          child, into: &pending, at: base, style: style.union(added), paint: inner,
          link: name == "a" ? element.attribute("href") : link)
      }
    }
  }

  /// `outer` with what an element's style sets over it; a relative size multiplies.
  static func overlaid(_ outer: TextRun.Paint?, _ look: HTMLStyle) -> TextRun.Paint? {
    overlaid(
      outer, TextRun.Paint(color: look.color, background: look.background, size: look.fontSize))
  }

  /// `outer` with what `inner` sets over it.
  static func overlaid(_ outer: TextRun.Paint?, _ inner: TextRun.Paint) -> TextRun.Paint? {
    guard inner != TextRun.Paint() else { return outer }
    var paint = outer ?? TextRun.Paint()
    paint.color = inner.color ?? paint.color
    paint.background = inner.background ?? paint.background
    switch (paint.size, inner.size) {
    case (.em(let a)?, .em(let b)?): paint.size = .em(a * b)
    case (_, let size?): paint.size = size
    default: break
    }
    return paint
  }

  /// An HTML table as Markdown's: its rows (`<tr>`, in `<thead>`, `<tbody>` or `<tfoot>`) and
  /// their cells' text; the first row is the header, and its cells' `align` the columns'.
  mutating func htmlTable(_ table: HTMLFragment.Element, at base: SourceLocation) -> TableBlock? {
    var rows: [HTMLFragment.Element] = []
    func gather(_ nodes: [HTMLFragment.Node]) {
      for case .element(let element) in nodes {
        if element.name == "tr" {
          rows.append(element)
        } else if ["thead", "tbody", "tfoot"].contains(element.name) {
          gather(element.children)
        }
      }
    }
    gather(table.children)
    var cells: [[[TextRun]]] = []
    var alignments: [TableBlock.ColumnAlignment] = []
    for row in rows {
      var line: [[TextRun]] = []
      for case .element(let cell) in row.children where cell.name == "td" || cell.name == "th" {
        checkHTML(cell, at: htmlLocation(cell.position, in: base))
        line.append(summaryRuns(cell, at: base))
        if cells.isEmpty {
          switch htmlLook(cell).alignment {
          case .center?: alignments.append(.center)
          case .right?: alignments.append(.right)
          default: alignments.append(.natural)
          }
        }
      }
      if !line.isEmpty { cells.append(line) }
    }
    guard let header = cells.first else { return nil }
    let width = cells.map(\.count).max() ?? 0
    func padded(_ row: [[TextRun]]) -> [[TextRun]] {
      row + Array(repeating: [], count: width - row.count)
    }
    alignments += Array(repeating: .natural, count: width - alignments.count)
    return TableBlock(
      alignments: alignments, header: padded(header), rows: cells.dropFirst().map(padded))
  }

  /// The text of an element as one paragraph's runs (a `<summary>`, a table's cell): the
  /// blocks it holds, one a line.
  mutating func summaryRuns(_ element: HTMLFragment.Element, at base: SourceLocation) -> [TextRun] {
    var inner = HTMLPending()
    for child in element.children { convertHTML(child, into: &inner, at: base) }
    var runs: [TextRun] = []
    for block in flushed(&inner, at: base) {
      if !runs.isEmpty { runs.append(TextRun("\n")) }
      switch block.kind {
      case .paragraph(let text), .heading(_, let text): runs += text
      default: if !block.plainText.isEmpty { runs.append(TextRun(block.plainText)) }
      }
    }
    return runs
  }

  /// `<img src width height style>`: a picture block, sized as asked.
  mutating func htmlImage(_ element: HTMLFragment.Element, at here: SourceLocation) -> Block {
    let source = element.attribute("src") ?? ""
    var reference = imageReference(
      source: source, alt: element.attribute("alt") ?? "", at: here)
    let look = htmlLook(element)
    func share(_ length: CSSLength?, ofWidth: Bool) -> Double? {
      switch length {
      case .pixels(let value)?: return value / 720
      case .percent(let value)?: return value / 100 * (ofWidth ? slideAspect : 1)
      case .em(let value)?: return value * 29 / 720
      case nil: return nil
      }
    }
    reference.width = share(
      look.width ?? element.attribute("width").flatMap(HTMLStyle.length), ofWidth: true)
    reference.height = share(
      look.height ?? element.attribute("height").flatMap(HTMLStyle.length), ofWidth: false)
    return Block(.image(reference), at: here, step: step)
  }

  // MARK: - Inline HTML among Markdown

  /// One tag of inline HTML: a start tag opens an element for the runs after it, an end tag
  /// closes it, and `<br>` and `<img>` stand for themselves.
  mutating func appendInlineHTML(
    _ node: MarkdownNode, style: TextRun.Style, link: String?, into runs: inout [TextRun],
    images: inout [Block]
  ) {
    let html = node.literal
    let here = location(of: node)
    if html.hasPrefix("</") {
      if let name = HTMLFragment.endTagNames(in: html).first?.1,
        let index = openInlineHTML.lastIndex(where: { $0.name == name })
      {
        openInlineHTML.removeSubrange(index...)
      }
      return
    }
    let fragment = HTMLFragment.parse(html)
    if let refused = fragment.refused {
      diagnostics.warning(refused, at: here)
      return
    }
    for child in fragment.nodes {
      if case .element(let element) = child, element.isOpen,
        !HTMLFragment.voidElements.contains(element.name), element.name != "style"
      {
        checkHTML(element, at: htmlLocation(element.position, in: here))
        // Each run takes the look of every open element: a bound keeps that linear.
        guard openInlineHTML.count < HTMLFragment.maximumDepth else { continue }
        let look = htmlLook(element)
        var added = (Self.htmlInlineStyles[element.name] ?? []).union(look.added)
        if element.name == "a", element.attribute("href") == nil { added.remove(.link) }
        openInlineHTML.append(
          OpenInlineHTML(
            name: element.name, style: added, paint: Self.overlaid(nil, look),
            link: element.name == "a" ? element.attribute("href") : nil))
      } else {
        var pending = HTMLPending()
        convertHTML(child, into: &pending, at: here, style: style, link: link)
        runs += pending.runs.map(decorated)
        images += pending.blocks
      }
    }
  }

  /// A run with the look of the inline elements open around it.
  func decorated(_ run: TextRun) -> TextRun {
    guard !openInlineHTML.isEmpty else { return run }
    var result = run
    var paint: TextRun.Paint?
    for open in openInlineHTML {
      result.style.formUnion(open.style)
      if let link = open.link { result.link = link }
      if let inner = open.paint { paint = Self.overlaid(paint, inner) }
    }
    if let own = run.paint { paint = Self.overlaid(paint, own) }
    result.paint = paint
    return result
  }
}
