import PodiumSyntax

/// Lays out single blocks (headings, paragraphs, lists, quotes, code, tables, images) as boxes in
/// their own coordinates; `LayoutEngine` stacks and places them.
struct BlockLayout {
  typealias Box = LayoutEngine.Box
  typealias Piece = LayoutEngine.Piece

  let engine: LayoutEngine
  let context: LayoutEngine.Context

  var theme: Theme { engine.theme }
  var measurer: any TextMeasurer { engine.measurer }
  var colors: Theme.Colors { context.colors }
  /// The body text size in pixels: 1 em.
  var em: Double { engine.bodySize(context) }

  /// The box of one block. Quotes and lists nest through here, so it only dispatches: in a
  /// debug build a function keeps a stack slot for every case's locals, and 16 nested quotes
  /// must fit on a 512 KB thread stack (`HostileInputTests`).
  func box(for block: Block, width: Double, depth: Int = 0) -> Box {
    guard let hidden = block.hiddenFrom else {
      return kindBox(for: block, width: width, depth: depth)
    }
    var box = kindBox(for: block, width: width, depth: depth)
    for index in box.pieces.indices {
      box.pieces[index].hiddenFrom = min(box.pieces[index].hiddenFrom ?? hidden, hidden)
    }
    return box
  }

  private func kindBox(for block: Block, width: Double, depth: Int) -> Box {
    switch block.kind {
    case .heading(let level, let text):
      return headingBox(level: level, text: text, block: block, width: width)
    case .paragraph(let runs):
      return paragraphBox(runs, block: block, width: width)
    case .list(let list):
      return centeredListBox(list, block: block, width: width, depth: depth)
    case .quote(let quote):
      return quoteBox(quote, block: block, width: width)
    case .code(let code):
      return codeBox(code, block: block, width: width)
    case .table(let table):
      return tableBox(table, block: block, width: width)
    case .image:
      return imageBox(for: block, width: width, height: width * 9 / 16)
    case .columns(let columns):
      return engine.columnsBox(
        columns, block: block, width: width, height: width * 9 / 16, context: context)
    case .spacer(let spacer):
      return engine.spacerBox(spacer, block: block, width: width, context: context)
    case .rule:
      return ruleBox(block: block, width: width)
    case .box(let html):
      return engine.htmlBox(html, block: block, width: width, context: context)
    }
  }

  private func headingBox(level: Int, text: [TextRun], block: Block, width: Double) -> Box {
    let isTitle = context.layout == .title && level == 1
    let factor =
      isTitle
      ? theme.sizes.title : [theme.sizes.h1, theme.sizes.h2, theme.sizes.h3][min(level, 3) - 1]
    let style = block.role.flatMap { theme.roles[$0] } ?? theme.headings[level]
    var font = FontSpec(
      family: context.headingFamily, size: em * factor * (style?.scale ?? 1),
      bold: style?.bold ?? true)
    let runs = Self.prefixed(text, style)
    if block.fitsWidth { font = engine.fittedHeading(font, text: runs.plainText, width: width) }
    let ownColor = level == 1 && colors == theme.colors ? theme.cssLook?.h1Color : nil
    var box = textBox(
      runs, font: font, color: style?.color ?? ownColor ?? colors.heading, width: width,
      block: Self.aligned(block, style), spaceAfter: em * (isTitle ? 0.6 : 0.5),
      lineHeight: theme.cssLook?.headingLineHeight)
    // A CSS heading's padding below it, then its border, across the whole block.
    let slideHeight = context.slideRect.height
    box.height += style?.paddingBelow?.pixels(slideHeight: slideHeight, fontSize: font.size) ?? 0
    if let rule = style?.rule {
      let thickness = max(1, rule.width.pixels(slideHeight: slideHeight, fontSize: font.size))
      box.pieces.append(
        Piece(
          step: block.step,
          command: .fill(Rect(x: 0, y: box.height, width: width, height: thickness), rule.color)))
      box.height += thickness
      box.width = width
    }
    return box
  }

  private func paragraphBox(_ runs: [TextRun], block: Block, width: Double) -> Box {
    let subtitle = context.layout == .title
    let style = block.role.flatMap { theme.roles[$0] }
    let font = FontSpec(
      family: context.bodyFamily, size: em * (subtitle ? 1.1 : 1) * (style?.scale ?? 1),
      bold: style?.bold ?? false)
    return textBox(
      Self.prefixed(runs, style), font: font,
      color: style?.color ?? (subtitle || block.role != nil ? colors.muted : colors.text),
      width: width, block: Self.aligned(block, style), spaceAfter: em * 0.6)
  }

  private func centeredListBox(_ list: ListBlock, block: Block, width: Double, depth: Int) -> Box {
    var box = listBox(list, block: block, width: width, depth: depth)
    // On a centred slide (Podium's lead) a list stands in the middle as a whole, its lines
    // still starting at its left edge; Marp's themes leave it at the left.
    if context.centered && depth == 0 && theme.cssLook == nil {
      let used = box.pieces.compactMap(\.command.rightEdge).max() ?? width
      box.pieces = box.pieces.map { $0.moved(dx: max(0, (width - used) / 2), dy: 0) }
    }
    return box
  }

  private func ruleBox(block: Block, width: Double) -> Box {
    let thickness = max(1, (em * 0.08).rounded())
    return Box(
      width: width, height: em * 0.6,
      pieces: [
        Piece(
          step: block.step,
          command: .fill(
            Rect(x: 0, y: em * 0.3, width: width, height: thickness), colors.tableRule))
      ],
      location: block.location, spaceAfter: em * 0.4)
  }

  // MARK: - Text

  /// The runs with the style's prefix before them.
  private static func prefixed(_ runs: [TextRun], _ style: Theme.TextStyle?) -> [TextRun] {
    guard let prefix = style?.prefix, !prefix.isEmpty else { return runs }
    return [TextRun(prefix + " ")] + runs
  }

  /// The block with the style's alignment, unless the block chose its own.
  private static func aligned(_ block: Block, _ style: Theme.TextStyle?) -> Block {
    guard block.alignment == .natural, let alignment = style?.alignment else { return block }
    var aligned = block
    aligned.alignment = alignment
    return aligned
  }

  private func textBox(
    _ runs: [TextRun], font: FontSpec, color: RGBAColor, width: Double, block: Block,
    spaceAfter: Double, lineHeight: Double? = nil
  ) -> Box {
    let lines = engine.flow(context, font: font, color: color, lineHeight: lineHeight).lines(
      runs, width: width,
      alignment: TextFlow.Alignment(block.alignment, centered: context.centered),
      maximumHeight: context.textHeightLimit)
    return box(
      lines: lines, width: width, step: block.step, location: block.location, spaceAfter: spaceAfter
    )
  }

  private func box(
    lines: [TextFlow.Line], width: Double, step: Int, location: SourceLocation, spaceAfter: Double
  ) -> Box {
    var pieces: [Piece] = []
    var y = 0.0
    for line in lines {
      for item in line.items {
        var placed = item
        placed.y += y
        pieces += self.pieces(for: placed, step: step)
      }
      y += line.height
    }
    return Box(width: width, height: y, pieces: pieces, location: location, spaceAfter: spaceAfter)
  }

  /// A laid-out piece of text, with its highlight, or the formula it stands for.
  func pieces(for item: TextItem, step: Int) -> [Piece] {
    guard item.formula != nil || item.highlight != nil else {
      return [Piece(step: step, command: .text(item))]
    }
    return item.commands(metrics: engine.measurer.metrics(for: item.font)).map {
      Piece(step: step, command: $0)
    }
  }

  // MARK: - Lists

  private static let bullets = ["•", "◦", "–"]
  /// A width no marker reaches: it stays one line.
  private static let unbroken = Double(1 << 20)

  private func listBox(_ list: ListBlock, block: Block, width: Double, depth: Int) -> Box {
    let size = em * (depth == 0 ? 1 : 0.92)
    let font = FontSpec(family: context.bodyFamily, size: size)
    // Each level keeps at least three quarters of the width it is given, so lists nested as
    // deep as the parser keeps them (CommonMarkConverter.maximumNesting) never run out of room.
    let cssSpacing = cssListSpacing(size)
    // Browsers draw markers in the text's colour, a space before the text.
    let markerFlow = engine.flow(
      context, font: font, color: cssSpacing == nil ? colors.accent : colors.text)
    var indent = min(cssSpacing?.indent ?? size * (list.ordered ? 1.6 : 1.25), max(0, width) / 4)
    if list.ordered, cssSpacing == nil, let widest = list.widestNumber {
      // Numbers as long as "2024." or "123456789." (CommonMark allows nine digits) widen the
      // indent to fit them, as far as half the width; a marker is never cut.
      let number = markerFlow.lines([TextRun(widest)], width: Self.unbroken, alignment: .leading)
      let needed = (number.first?.width ?? 0) + size * 0.6
      indent = max(indent, min(needed, max(0, width) / 2))
    }
    let itemGap = cssSpacing?.gap ?? size * (list.tight ? 0.22 : 0.45)
    var pieces: [Piece] = []
    var y = 0.0
    for (index, item) in list.items.enumerated() {
      // Items below the slide's bottom are clipped; the list is already too tall.
      if y > context.textHeightLimit { break }
      let marker: String
      if let checked = item.checked {
        marker = checked ? "☑" : "☐"
      } else if list.ordered {
        marker = "\(list.start + index)."
      } else {
        marker = Self.bullets[min(depth, Self.bullets.count - 1)]
      }
      // A marker is one line however wide: past the indent, it stands out into the margin, as a
      // browser draws a list's outside markers.
      if let line = markerFlow.lines([TextRun(marker)], width: Self.unbroken, alignment: .leading)
        .first
      {
        for var markerItem in line.items {
          // Numbers sit right-aligned against the text; bullets sit a little in from the edge.
          markerItem.x =
            list.ordered || cssSpacing != nil
            ? indent - markerItem.width - size * 0.35 : size * 0.15
          markerItem.y += y
          pieces.append(Piece(step: item.step, command: .text(markerItem)))
        }
      }
      var itemHeight = 0.0
      for (blockIndex, inner) in item.blocks.enumerated() {
        var innerBox: Box
        switch inner.kind {
        case .paragraph(let runs):
          let lines = engine.flow(context, font: font, color: colors.text).lines(
            runs, width: width - indent, alignment: .leading, maximumHeight: context.textHeightLimit
          )
          innerBox = box(
            lines: lines, width: width - indent, step: inner.step, location: inner.location,
            spaceAfter: itemGap)
        case .list(let nested):
          innerBox = listBox(nested, block: inner, width: width - indent, depth: depth + 1)
        default:
          innerBox = box(for: inner, width: width - indent, depth: depth + 1)
        }
        if blockIndex > 0 { itemHeight += itemGap }
        pieces += innerBox.pieces.map { $0.moved(dx: indent, dy: y + itemHeight) }
        itemHeight += innerBox.height
      }
      y += itemHeight
      if index < list.items.count - 1 { y += itemGap }
    }
    return Box(
      width: width, height: y, pieces: pieces, location: block.location, spaceAfter: em * 0.6)
  }

  // MARK: - Quotes

  private static let alertColors: [QuoteBlock.Alert: RGBAColor] = [
    .note: RGBAColor(red: 0x2F, green: 0x81, blue: 0xF7),
    .tip: RGBAColor(red: 0x2E, green: 0xA0, blue: 0x43),
    .important: RGBAColor(red: 0x89, green: 0x57, blue: 0xE5),
    .warning: RGBAColor(red: 0xD2, green: 0x99, blue: 0x22),
    .caution: RGBAColor(red: 0xE5, green: 0x53, blue: 0x4B),
  ]

  private func quoteBox(_ quote: QuoteBlock, block: Block, width: Double) -> Box {
    // As with lists, deep quotes keep three quarters of the width at each level.
    let look = theme.cssLook?.quote
    let slideHeight = context.slideRect.height
    let bar = min(
      look.map { $0.bar.pixels(slideHeight: slideHeight, fontSize: em).rounded() }
        ?? max(2, (em * 0.14).rounded()), max(0, width) / 20)
    let padding = min(
      look?.paddingX.pixels(slideHeight: slideHeight, fontSize: em) ?? em * 0.5,
      max(0, width) / 10)
    let paddingY = look?.paddingY.pixels(slideHeight: slideHeight, fontSize: em) ?? padding
    let innerWidth = width - bar - 2 * padding
    let accent =
      quote.alert.flatMap { theme.alerts[$0] ?? Self.alertColors[$0] } ?? theme.quoteBar
      ?? colors.accent
    var pieces: [Piece] = []
    var y = paddingY
    if let alert = quote.alert {
      let font = FontSpec(family: context.bodyFamily, size: em, bold: true)
      let label = alert.rawValue.prefix(1).uppercased() + alert.rawValue.dropFirst()
      let lines = engine.flow(context, font: font, color: accent).lines(
        [TextRun(label)], width: innerWidth, alignment: .leading)
      let labelBox = box(
        lines: lines, width: innerWidth, step: block.step, location: block.location,
        spaceAfter: em * 0.3)
      pieces += labelBox.pieces.map { $0.moved(dx: bar + padding, dy: y) }
      y += labelBox.height + labelBox.spaceAfter
    }
    // A quote's own ink (a Marp deck's `blockquote { color }`).
    var voice = context
    if let ink = theme.cssStyle.quoteText {
      (voice.colors.text, voice.colors.heading) = (ink, ink)
    }
    let quoted = BlockLayout(engine: engine, context: voice)
    for (index, inner) in quote.blocks.enumerated() {
      if y > context.textHeightLimit { break }
      var innerBox = quoted.box(for: inner, width: innerWidth)
      // Quoted text is set in italic, as a voice other than the speaker's; a CSS theme's stays
      // upright, as a browser draws a `blockquote`.
      innerBox.pieces = innerBox.pieces.map { piece in
        guard look?.italic ?? true, case .text(var item) = piece.command, inner.isProse else {
          return piece
        }
        item.font.italic = true
        return Piece(step: piece.step, command: .text(item))
      }
      if index > 0 { y += em * 0.4 }
      pieces += innerBox.pieces.map { $0.moved(dx: bar + padding, dy: y) }
      y += innerBox.height
    }
    let height = y + paddingY
    var background = [
      Piece(
        step: block.step,
        command: .fill(Rect(x: 0, y: 0, width: width, height: height), colors.quoteBackground))
    ]
    if bar > 0 {
      background.append(
        Piece(
          step: block.step, command: .fill(Rect(x: 0, y: 0, width: bar, height: height), accent)))
    }
    return Box(
      width: width, height: height, pieces: background + pieces, location: block.location,
      spaceAfter: em * 0.6)
  }

  // MARK: - Code

  /// Code never wraps, so past this many characters a line is cut off at the slide's right edge
  /// even at the smallest size: the rest is neither highlighted nor measured.
  static let longestCodeLine = 2_000

  private func codeBox(_ code: CodeBlock, block: Block, width: Double) -> Box {
    // A Marp theme's panel has its own padding (CSS ems of the code's size) and line height.
    let look = theme.cssLook?.code
    let nominal = em * theme.sizes.code
    let padding =
      look?.paddingX.pixels(slideHeight: context.slideRect.height, fontSize: nominal) ?? em * 0.55
    let paddingY =
      look?.paddingY.pixels(slideHeight: context.slideRect.height, fontSize: nominal) ?? padding
    var font = FontSpec(family: context.codeFamily, size: nominal)
    let smallest = em * theme.sizes.code * theme.sizes.minimumScale
    // Only the lines above the slide's bottom (at the smallest size) are highlighted; the others
    // count towards the height, so the overflow is still seen.
    let allLines = SyntaxHighlighter.splitLines(code.code)
    let lowestLine =
      measurer.metrics(for: FontSpec(family: font.family, size: smallest)).lineHeight * 1.05
    var shown = allLines.count
    if context.textHeightLimit.isFinite && lowestLine > 0 {
      shown = min(shown, Int(context.textHeightLimit / lowestLine) + 2)
    }
    let lines = SyntaxHighlighter.highlight(
      lines: allLines.prefix(shown).map {
        $0.count > Self.longestCodeLine ? Array($0.prefix(Self.longestCodeLine)) : $0
      },
      language: code.language)
    // A long line makes the whole block's font smaller, down to the minimum.
    let longest = lines.map { $0.map(\.text).joined() }.max { $0.count < $1.count } ?? ""
    let natural = measurer.width(of: longest, font: font)
    // Numbered lines: a gutter as wide as the last number and a space.
    let lastNumber = code.firstLineNumber.map { String($0 + max(0, allLines.count - 1)) }
    func gutter(_ font: FontSpec) -> Double {
      lastNumber.map {
        measurer.width(of: String(repeating: "0", count: $0.count) + " ", font: font)
      }
        ?? 0
    }
    let available = width - 2 * padding - gutter(font)
    if natural > available, natural > 0 {
      font.size = max(smallest, font.size * available / natural)
    }
    let numbersWidth = gutter(font)
    let metrics = measurer.metrics(for: font)
    let lineHeight = look.map { $0.lineHeight * font.size } ?? metrics.lineHeight * 1.05
    var pieces: [Piece] = []
    var y = paddingY
    for (index, line) in lines.enumerated() {
      // Lines below the slide's bottom are clipped: counted, not measured and drawn.
      if y > context.textHeightLimit {
        y += lineHeight
        continue
      }
      let textY = y + (lineHeight - metrics.lineHeight) / 2
      if let first = code.firstLineNumber {
        // Right-aligned before the space, in the comments' colour.
        let number = String(first + index)
        let numberWidth = measurer.width(of: number, font: font)
        let spaceWidth = measurer.width(of: " ", font: font)
        pieces.append(
          Piece(
            step: block.step,
            command: .text(
              TextItem(
                text: number, font: font, color: theme.code.comment,
                x: padding + numbersWidth - spaceWidth - numberWidth, y: textY,
                width: numberWidth))))
      }
      var placed: [(token: CodeToken, x: Double, width: Double)] = []
      var x = padding + numbersWidth
      for token in line where !token.text.isEmpty {
        let tokenWidth = measurer.width(of: token.text, font: font)
        if !token.text.allSatisfy({ $0 == " " }) { placed.append((token, x, tokenWidth)) }
        x += tokenWidth
      }
      // Highlighted in some stages and dimmed in others: each look its own pieces, shown from
      // its stage's step until the next look's.
      for look in Self.looks(of: index + 1, code.highlights, from: block.step) {
        for (token, x, tokenWidth) in placed {
          let color =
            look.highlighted ? color(for: token.kind) : dimmed(token.kind, code.dimming)
          pieces.append(
            Piece(
              step: look.from,
              command: .text(
                TextItem(
                  text: token.text, font: font, color: color, x: x, y: textY, width: tokenWidth)),
              hiddenFrom: look.until))
        }
      }
      y += lineHeight
    }
    y += Double(allLines.count - lines.count) * lineHeight
    let height = y + paddingY
    var frame = Rect(x: 0, y: 0, width: width, height: height)
    if let least = look?.shrinkWrapped {
      // uncover's code is as wide as its longest line, at least `least` pixels, in the middle.
      frame.width = min(
        width, max(least * context.slideRect.height / 720, natural + numbersWidth + 2 * padding))
      frame.x = (width - frame.width) / 2
      pieces = pieces.map { $0.moved(dx: frame.x, dy: 0) }
    }
    var all =
      look.map { cssCodePanel($0, frame, step: block.step) }
      ?? [Piece(step: block.step, command: .fill(frame, colors.codeBackground))]
    let tooWide =
      measurer.width(of: longest, font: font) > width - 2 * padding - numbersWidth + 0.5
    if tooWide {
      all.append(Piece(step: block.step, command: .pushClip(frame.insetBy(dx: padding / 2, dy: 0))))
    }
    all += pieces
    if tooWide { all.append(Piece(step: block.step, command: .popClip)) }
    return Box(
      width: width, height: height, pieces: all, location: block.location, spaceAfter: em * 0.6)
  }

  /// When code line `number` (1-based) shows highlighted and when dimmed over a block's
  /// highlighting `stages`: a look for each run of stages alike, from the step its first stage
  /// starts (the block's `step` on) until the next look's.
  static func looks(of number: Int, _ stages: [CodeHighlight], from step: Int)
    -> [(from: Int, until: Int?, highlighted: Bool)]
  {
    guard !stages.isEmpty else { return [(step, nil, true)] }
    var looks: [(from: Int, until: Int?, highlighted: Bool)] = []
    for stage in stages {
      let highlighted = stage.highlights(number)
      if looks.last?.highlighted == highlighted { continue }
      if !looks.isEmpty { looks[looks.count - 1].until = step + stage.offset }
      looks.append((step + stage.offset, nil, highlighted))
    }
    return looks
  }

  /// A line a highlighting stage leaves out: without its colours (presenterm) or at 0.3 of its
  /// opacity (Slidev's code.css).
  private func dimmed(_ kind: CodeTokenKind, _ dimming: CodeHighlight.Dimming) -> RGBAColor {
    switch dimming {
    case .plain:
      return theme.code.plain
    case .faded:
      var faded = color(for: kind)
      faded.alpha = UInt8((Double(faded.alpha) * 0.3).rounded())
      return faded
    }
  }

  private func color(for kind: CodeTokenKind) -> RGBAColor {
    let palette = theme.code
    switch kind {
    case .plain: return palette.plain
    case .keyword: return palette.keyword
    case .type: return palette.type
    case .string: return palette.string
    case .comment: return palette.comment
    case .number: return palette.number
    case .function: return palette.function
    case .punctuation: return palette.punctuation
    case .attribute: return palette.attribute
    }
  }
}

extension Block {
  /// Headings and paragraphs: text set in the reading font.
  var isProse: Bool {
    switch kind {
    case .paragraph, .heading: return true
    default: return false
    }
  }
}
