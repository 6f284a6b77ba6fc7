import Foundation

/// A deck's HTML blocks, read with an HTML5 parser (`HTMLFragment`): elements holding blocks
/// (`<div>`, `<p>`, `<center>`, `<details>`), their text and inline elements, and pictures.
/// Markdown may stand between an element's start and end tags (in blocks of their own), so the
/// elements a block leaves open stay on a stack, and the slide's blocks go into the innermost.
extension SlideBuilder {
  /// An HTML element whose end tag has not come yet, gathering the blocks after its start tag.
  struct OpenHTMLBox {
    var name: String
    var style: HTMLStyle
    var blocks: [Block] = []
    var location: SourceLocation
    /// A `<details>`'s `<summary>` text: all that a closed `<details>` shows.
    var summary: [TextRun]?
    /// A flex or grid element's child elements so far, each a column.
    var columns: [[Block]]?

    init(name: String, style: HTMLStyle, location: SourceLocation) {
      self.name = name
      self.style = style
      self.location = location
      // `<b>` or `<span>` around blocks gives them its inline style.
      self.style.added.formUnion(
        (SlideBuilder.htmlInlineStyles[name] ?? []).subtracting([.link, .code]))
      if style.columnWidths != nil { columns = [] }
    }
  }

  /// Elements that hold blocks: one starts a new block, as a browser starts a new line.
  static let htmlBlockElements: Set<String> = [
    "div", "p", "center", "section", "article", "aside", "header", "footer", "nav", "main",
    "figure", "figcaption", "blockquote", "details", "summary", "h1", "h2", "h3", "h4", "h5", "h6",
    "ul", "ol", "li", "dl", "dt", "dd", "table", "thead", "tbody", "tfoot", "tr", "th", "td",
    "caption", "hr", "pre", "address", "form", "fieldset", "picture", "video", "audio",
  ]

  /// How many elements may hold Markdown blocks inside each other, as lists and quotes may.
  static let maximumOpenBoxes = CommonMarkConverter.maximumNesting

  /// Elements that never run and never show as what they are.
  static let htmlRefused: Set<String> = [
    "script", "iframe", "object", "embed", "frame", "frameset", "applet", "link", "meta", "base",
  ]

  /// An HTML block at the top of a slide: its blocks go where the elements open before it say.
  mutating func placeHTMLBlock(_ node: MarkdownNode) {
    let here = location(of: node)
    // `<style>` and `<style scoped>` first: the deck's CSS, never shown (SlideBuilder+Styles).
    let literal = takeStyles(node.literal, at: here)
    guard let fragment = parsedHTMLBlock(literal, at: here) else {
      place(textOfHTMLBlock(literal, at: here))
      return
    }
    for name in fragment.closesBefore { closeHTML(name) }
    var pending = HTMLPending()
    for child in fragment.nodes {
      if case .element(let element) = child, Self.holdsLaterBlocks(element) {
        place(flushed(&pending, at: here))
        openHTML(element, at: here)
      } else {
        convertHTML(child, into: &pending, at: here)
      }
    }
    place(flushed(&pending, at: here))
    for name in fragment.closesAfter { closeHTML(name) }
  }

  /// An HTML block inside a list or quote, or in notes: its elements end with it.
  mutating func convertHTMLBlock(_ node: MarkdownNode, at here: SourceLocation) -> [Block] {
    // `<style>` and `<style scoped>` first: the deck's CSS, never shown (SlideBuilder+Styles).
    let literal = takeStyles(node.literal, at: here)
    guard let fragment = parsedHTMLBlock(literal, at: here) else {
      return textOfHTMLBlock(literal, at: here)
    }
    var pending = HTMLPending()
    for child in fragment.nodes { convertHTML(child, into: &pending, at: here) }
    return flushed(&pending, at: here)
  }

  /// The block's comments carried out and its HTML parsed; nil, with a warning, when the HTML
  /// is too deep or long to parse.
  private mutating func parsedHTMLBlock(_ literal: String, at here: SourceLocation)
    -> HTMLFragment?
  {
    let (bodies, _) = CommentCommand.comments(in: literal)
    for body in bodies { apply(CommentCommand(comment: body), at: here, standalone: true) }
    let fragment = HTMLFragment.parse(literal)
    guard let refused = fragment.refused else { return fragment }
    diagnostics.warning(refused, at: here)
    return nil
  }

  /// An HTML block's text without its tags, for HTML too deep or long to parse.
  private func textOfHTMLBlock(_ literal: String, at here: SourceLocation) -> [Block] {
    let text = stripTags(literal).trimmingCharacters(in: .whitespacesAndNewlines)
    return text.isEmpty ? [] : [Block(.paragraph([TextRun(text)]), at: here, step: step)]
  }

  /// Whether the Markdown blocks after the fragment go inside `element` (`<div>`, or
  /// `<span style>` on a line of its own), until its end tag.
  static func holdsLaterBlocks(_ element: HTMLFragment.Element) -> Bool {
    element.isOpen && !HTMLFragment.voidElements.contains(element.name)
      && !htmlRefused.contains(element.name) && element.name != "style"
      && element.name != "summary"
  }

  /// Starts `element`, whose end tag comes in a later block; what it holds in this one is its
  /// first content, and nested elements left open open inside it.
  private mutating func openHTML(_ element: HTMLFragment.Element, at base: SourceLocation) {
    let here = htmlLocation(element.position, in: base)
    checkHTML(element, at: here)
    // Deeper elements add no box of their own (boxes are laid out recursively): their content
    // goes into the innermost one, and their end tags close the nearest of their name.
    if openHTMLBoxes.count < Self.maximumOpenBoxes {
      openHTMLBoxes.append(
        OpenHTMLBox(name: element.name, style: htmlLook(element), location: here))
    }
    var pending = HTMLPending()
    for child in element.children {
      if case .element(let inner) = child, Self.holdsLaterBlocks(inner) {
        place(flushed(&pending, at: base))
        openHTML(inner, at: base)
      } else if case .element(let inner) = child, inner.name == "summary" {
        if !openHTMLBoxes.isEmpty {
          openHTMLBoxes[openHTMLBoxes.count - 1].summary = summaryRuns(inner, at: base)
        }
      } else {
        convertHTML(child, into: &pending, at: base)
      }
    }
    place(flushed(&pending, at: base))
  }

  /// Ends the innermost open element named `name` (and any opened inside it); an end tag that
  /// matches nothing open is left alone, as browsers do.
  mutating func closeHTML(_ name: String) {
    guard let index = openHTMLBoxes.lastIndex(where: { $0.name == name }) else { return }
    while openHTMLBoxes.count > index {
      let box = openHTMLBoxes.removeLast()
      deliver(finished(box))
    }
  }

  /// Blocks already placed once (into an element now closed), put where its parent is.
  private mutating func deliver(_ blocks: [Block]) {
    if openHTMLBoxes.isEmpty {
      let (alignment, fontScale) = (shape.alignment, shape.fontScale)
      shape.alignment = nil
      shape.fontScale = 1
      place(blocks)
      (shape.alignment, shape.fontScale) = (alignment, fontScale)
    } else if openHTMLBoxes[openHTMLBoxes.count - 1].columns != nil {
      // A child element of a flex or grid element: a column of its own.
      if !blocks.isEmpty { openHTMLBoxes[openHTMLBoxes.count - 1].columns?.append(blocks) }
    } else {
      openHTMLBoxes[openHTMLBoxes.count - 1].blocks += blocks
    }
  }

  /// Ends every element still open when the slide ends.
  mutating func closeAllHTML() {
    while let box = openHTMLBoxes.popLast() { deliver(finished(box)) }
  }

  /// The blocks an element holding `box.blocks` stands for.
  func finished(_ box: OpenHTMLBox) -> [Block] {
    if box.name == "details" {
      var runs = box.summary ?? [TextRun("Details")]
      runs.insert(TextRun("▶ "), at: 0)
      return [Block(.paragraph(runs), at: box.location, step: box.blocks.first?.step ?? step)]
    }
    guard let columns = box.columns, !columns.isEmpty else {
      return Self.styled(box.blocks, box.style, at: box.location)
    }
    return Self.styled(
      box.blocks + [Self.columnsBlock(columns, widths: box.style.columnWidths, at: box.location)],
      box.style, at: box.location)
  }

  /// Columns side by side in the widths asked for (equal where none are).
  static func columnsBlock(_ columns: [[Block]], widths: [Int]?, at here: SourceLocation)
    -> Block
  {
    var shares = Array((widths ?? []).prefix(columns.count))
    shares += Array(repeating: shares.last ?? 1, count: columns.count - shares.count)
    return Block(
      .columns(ColumnsBlock(widths: shares, columns: columns)), at: here,
      step: columns.first?.first?.step ?? 0)
  }

  /// Blocks with an element's look: handed to each block where it can be (alignment, colour,
  /// a size relative to the text's), else a box around them.
  static func styled(_ blocks: [Block], _ style: HTMLStyle, at here: SourceLocation) -> [Block] {
    var needsBox = style.background != nil || style.placement != nil || style.width != nil
    if let size = style.fontSize, case .em = size {
    } else if style.fontSize != nil {
      needsBox = true
    }
    if needsBox {
      var box = BoxBlock(blocks: blocks)
      box.color = style.color
      box.background = style.background
      box.fontSize = style.fontSize
      box.width = style.width
      box.height = style.height
      box.placement = style.placement
      var block = Block(.box(box), at: here, step: blocks.first?.step ?? 0)
      block.alignment = style.alignment ?? .natural
      return blocks.isEmpty && style.background == nil ? [] : [block]
    }
    return blocks.map { block in
      var block = block
      if block.alignment == .natural, let alignment = style.alignment {
        block.alignment = alignment
      }
      if case .em(let scale) = style.fontSize { block.fontScale *= scale }
      if style.color != nil || !style.added.isEmpty {
        block.kind = painted(block.kind, color: style.color, added: style.added)
      }
      return block
    }
  }

  /// The kind with `color` given to runs that have none, and `added` to every run.
  static func painted(_ kind: Block.Kind, color: RGBAColor?, added: TextRun.Style) -> Block.Kind {
    func paint(_ runs: [TextRun]) -> [TextRun] {
      runs.map { run in
        var run = run
        run.style.formUnion(added)
        if let color, run.paint?.color == nil {
          var paint = run.paint ?? TextRun.Paint()
          paint.color = color
          run.paint = paint
        }
        return run
      }
    }
    func blocks(_ blocks: [Block]) -> [Block] {
      blocks.map { block in
        var block = block
        block.kind = painted(block.kind, color: color, added: added)
        return block
      }
    }
    switch kind {
    case .heading(let level, let runs): return .heading(level: level, text: paint(runs))
    case .paragraph(let runs): return .paragraph(paint(runs))
    case .list(var list):
      list.items = list.items.map { item in
        var item = item
        item.blocks = blocks(item.blocks)
        return item
      }
      return .list(list)
    case .quote(var quote):
      quote.blocks = blocks(quote.blocks)
      return .quote(quote)
    case .table(var table):
      table.header = table.header.map(paint)
      table.rows = table.rows.map { $0.map(paint) }
      return .table(table)
    case .box(var box):
      if box.color == nil { box.color = color }
      box.blocks = blocks(box.blocks)
      return .box(box)
    case .columns(var columns):
      columns.columns = columns.columns.map(blocks)
      return .columns(columns)
    case .code, .image, .rule, .spacer:
      return kind
    }
  }

  /// The look of `element`, with the deck's CSS for its classes.
  func htmlLook(_ element: HTMLFragment.Element) -> HTMLStyle {
    let classes = element.attribute("class")?.split(separator: " ") ?? []
    return HTMLStyle(
      element, classCSS: classes.compactMap { htmlClassCSS[String($0)] }.joined(separator: ";"))
  }

  /// Keeps the rules of `css` for a class alone (`.columns`, `div.center`, `section .note`):
  /// the classes of HTML elements take them.
  mutating func readClassCSS(_ css: String) {
    for rule in DeckCSS.rules(css) {
      let text = rule.declarations.map { "\($0.name): \($0.value)" }.joined(separator: ";")
      let selectors = rule.selectorText.split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespacesAndNewlines)
      }
      for selector in selectors {
        let last = selector.split(whereSeparator: { $0 == " " || $0 == ">" }).last ?? ""
        guard let dot = last.firstIndex(of: "."), !last.contains(":"), !last.contains("["),
          last[..<dot].allSatisfy({ $0.isLetter || $0.isNumber })
        else { continue }
        let name = String(last[last.index(after: dot)...])
        guard !name.isEmpty, !name.contains(".") else { continue }
        htmlClassCSS[name] = [htmlClassCSS[name], text].compactMap { $0 }.joined(separator: ";")
      }
    }
  }

  /// Where a place inside an HTML fragment is in the deck.
  func htmlLocation(_ position: HTMLFragment.Position, in base: SourceLocation) -> SourceLocation {
    SourceLocation(
      line: base.line + position.line - 1,
      column: position.line <= 1 ? base.column + position.column - 1 : position.column)
  }

  /// Warns once per deck about an element Podium does not draw as a browser would, and about
  /// its event attributes and the CSS it leaves out.
  mutating func checkHTML(_ element: HTMLFragment.Element, at here: SourceLocation) {
    let name = element.name
    if Self.htmlRefused.contains(name) {
      diagnostics.warning(
        "<\(name)> never runs in Podium: ignored",
        at: here)
    } else if !Self.htmlBlockElements.contains(name), Self.htmlInlineStyles[name] == nil,
      name != "img", name != "br", name != "style", warnedHTML.insert(name).inserted
    {
      diagnostics.warning(
        "HTML element <\(name)> is not drawn as a browser draws it: its content is shown; later ones are not reported",
        at: here)
    }
    for attribute in element.attributes where attribute.name.hasPrefix("on") {
      diagnostics.warning(
        "event attribute '\(attribute.name)' on <\(name)> never runs in Podium (ignored)", at: here)
    }
    if let classes = element.attribute("class") {
      for name in classes.split(separator: " ").map(String.init)
      where htmlClassCSS[name] == nil && warnedHTML.insert("." + name).inserted {
        diagnostics.warning(
          "HTML class '\(name)' is not styled by Podium: the content is shown without its CSS",
          at: here)
      }
    }
    for property in htmlLook(element).ignored where warnedHTML.insert("css " + property).inserted {
      diagnostics.warning(
        "CSS '\(property)' in a style attribute is not drawn (ignored); later ones are not reported",
        at: here)
    }
  }
}
