/// How a Marp theme's `CSSLook` changes the layout: CSS's line heights and collapsed margins,
/// the page number, header and footer in the corners the theme puts them, code panels and table
/// grids as marp-core's SCSS draws them.
extension LayoutEngine {
  /// Text lines as tall as CSS's `line-height` times the font's size, and inline code on its
  /// band, in its size and colour.
  func cssText(_ look: CSSLook, _ style: inout TextFlow.Style, lineHeight: Double?) {
    let natural = measurer.metrics(for: style.font).lineHeight
    if natural > 0 {
      style.lineSpacing = (lineHeight ?? look.lineHeight) * style.font.size / natural
    }
    style.codeScale = look.inlineCodeScale
    style.codeBand = look.inlineCodeBackground
    if let text = look.inlineCodeText { style.codeColor = text }
  }

  /// The space between each block and the next: the larger of the first's bottom margin and
  /// the second's top one, as CSS collapses them.
  func cssGaps(_ look: CSSLook, blocks: [Block], boxes: inout [Box?], context: Context) {
    let height = context.slideRect.height
    let body = bodySize(context)
    func fontSize(_ block: Block) -> Double {
      guard case .heading(let level, _) = block.kind else { return body }
      return body * [theme.sizes.h1, theme.sizes.h2, theme.sizes.h3][min(level, 3) - 1]
    }
    for index in blocks.indices.dropLast() {
      let (this, next) = (blocks[index], blocks[index + 1])
      let below = look.margins(of: this.kind).bottom.pixels(
        slideHeight: height, fontSize: fontSize(this))
      let above = look.margins(of: next.kind).top.pixels(
        slideHeight: height, fontSize: fontSize(next))
      boxes[index]?.spaceAfter = max(below, above)
    }
  }

  /// The page number at the bottom right, the header at the top left and the footer at the
  /// bottom left, in the theme's sizes and places (`section::after`, `header`, `footer`).
  func cssCorners(_ look: CSSLook, context: Context) -> [DrawCommand] {
    let slide = context.slideRect
    let scale = slide.height / 720
    // A slide's own colours (`invert`, `color`) are its corners' too.
    let own = context.colors != theme.colors
    var commands: [DrawCommand] = []
    func text(_ string: String, _ corner: CSSLook.Corner, top: Double, right: Bool) {
      let font = FontSpec(family: context.bodyFamily, size: corner.size * scale)
      let metrics = measurer.metrics(for: font)
      let width = measurer.width(of: string, font: font)
      let x = right ? slide.maxX - corner.side * scale - width : slide.x + corner.side * scale
      let y = top + (corner.lineHeight * scale - metrics.lineHeight) / 2
      commands.append(
        .text(
          TextItem(
            text: string, font: font, color: own ? context.colors.muted : corner.color, x: x, y: y,
            width: width)))
    }
    if let header = context.header {
      text(header, look.header, top: slide.y + look.header.edge * scale, right: false)
    }
    if let footer = context.footer {
      let corner = look.footer
      text(
        footer, corner, top: slide.maxY - (corner.edge + corner.lineHeight) * scale, right: false)
    }
    if let page = context.pageLabel {
      if var ground = look.pageCorner {
        // uncover's 5 % of the ink: of the inverted ink on an inverted slide.
        if own {
          ground = RGBAColor(
            red: context.colors.text.red, green: context.colors.text.green,
            blue: context.colors.text.blue, alpha: ground.alpha)
        }
        commands += triangle(ground, side: look.pageCornerSide * scale, in: slide)
      }
      let corner = look.pageNumber
      text(page, corner, top: slide.maxY - (corner.edge + corner.lineHeight) * scale, right: true)
    }
    return commands
  }

  /// uncover's triangle in the bottom right corner, in strips a pixel or two high.
  private func triangle(_ color: RGBAColor, side: Double, in slide: Rect) -> [DrawCommand] {
    let strips = max(1, Int(side / 2))
    let height = side / Double(strips)
    return (0..<strips).map { strip in
      let width = side * (Double(strip) + 0.5) / Double(strips)
      return .fill(
        Rect(
          x: slide.maxX - width, y: slide.maxY - side + Double(strip) * height, width: width,
          height: height), color)
    }
  }
}

extension BlockLayout {
  /// A Marp theme's list indent (CSS `padding-left`) and the room between its items, for text
  /// of `size`; nil for Podium's own themes.
  func cssListSpacing(_ size: Double) -> (indent: Double, gap: Double)? {
    guard let look = engine.theme.cssLook else { return nil }
    let height = context.slideRect.height
    return (
      look.listIndent.pixels(slideHeight: height, fontSize: size),
      look.itemGap.pixels(slideHeight: height, fontSize: size)
    )
  }

  /// A code panel as a Marp theme draws it, behind `frame`: its drop shadow (uncover), its
  /// one-pixel border (default) and its ground.
  func cssCodePanel(_ code: CSSLook.Code, _ frame: Rect, step: Int) -> [LayoutEngine.Piece] {
    let pixel = max(1, (context.slideRect.height / 720).rounded())
    var commands: [DrawCommand] = []
    if let shadow = code.shadow {
      // A soft shadow 4 px down, drawn as two offset panels.
      for (grow, drop) in [(0.0, 4.0), (1.0, 2.0)] {
        var shade = frame.insetBy(dx: -grow * pixel, dy: 0)
        shade.y += drop * pixel
        commands.append(.fill(shade, shadow))
      }
    }
    if let border = code.border {
      commands.append(.fill(frame, border))
      commands.append(.fill(frame.insetBy(dx: pixel, dy: pixel), code.background))
    } else {
      commands.append(.fill(frame, code.background))
    }
    return commands.map { LayoutEngine.Piece(step: step, command: $0) }
  }

  /// A Marp table's grounds and lines, behind its text: the header row's ground, the stripes,
  /// then every cell's box (default, gaia) or the rules under the rows (uncover).
  func cssTableLines(
    _ table: CSSLook.Table, columns: [Double], rows: [Double], step: Int
  ) -> [LayoutEngine.Piece] {
    let pixel = max(1, (context.slideRect.height / 720).rounded())
    let width = columns.reduce(0, +)
    var commands: [DrawCommand] = []
    var y = 0.0
    for (index, height) in rows.enumerated() {
      let row = Rect(x: 0, y: y, width: width, height: height)
      if index == 0, let ground = table.headerBackground {
        commands.append(.fill(row, ground))
      } else if index > 0, let ground = engine.theme.cssStyle.cellBackground {
        // A cell's own ground covers its row's stripe.
        commands.append(.fill(row, ground))
      } else if index > 0, let stripe = table.stripe, (index % 2 == 1) == table.stripeOddRows {
        commands.append(.fill(row, stripe))
      }
      let rule = index == 0 ? table.headerRule : (index < rows.count - 1 ? table.rowRule : 0)
      if rule > 0 {
        commands.append(
          .fill(
            Rect(x: 0, y: y + height - rule * pixel, width: width, height: rule * pixel),
            colors.text))
      }
      y += height
    }
    if let grid = table.grid {
      var x = 0.0
      for column in columns + [0] {
        commands.append(.fill(Rect(x: x, y: 0, width: pixel, height: y), grid))
        x += column
      }
      var top = 0.0
      for height in rows + [0] {
        commands.append(.fill(Rect(x: 0, y: top, width: width + pixel, height: pixel), grid))
        top += height
      }
    }
    return commands.map { LayoutEngine.Piece(step: step, command: $0) }
  }
}
