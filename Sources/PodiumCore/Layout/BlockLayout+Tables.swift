/// Tables: a grid of cells laid out as text, with the theme's (or a Marp deck's CSS's) rules,
/// header and stripes.
extension BlockLayout {
  func tableBox(_ table: TableBlock, block: Block, width: Double) -> Box {
    let columns = max(table.header.count, table.rows.map(\.count).max() ?? 0)
    guard columns > 0 else {
      return Box(width: width, height: 0, pieces: [], location: block.location, spaceAfter: 0)
    }
    let look = theme.cssLook?.table
    let size = em * (look?.scale ?? 0.9)
    let body = FontSpec(family: context.bodyFamily, size: size)
    let bold = FontSpec(family: context.bodyFamily, size: size, bold: true)
    let slideHeight = context.slideRect.height
    let padding = look?.paddingX.pixels(slideHeight: slideHeight, fontSize: size) ?? size * 0.5
    let paddingY = look?.paddingY.pixels(slideHeight: slideHeight, fontSize: size) ?? padding
    var rowHeights: [Double] = []
    let rows = [table.header] + table.rows
    // Natural column widths: the widest cell on one line; shrink all columns alike if too wide.
    var natural = [Double](repeating: padding * 4, count: columns)
    for (rowIndex, row) in rows.enumerated() {
      for (column, cell) in row.enumerated() where column < columns {
        let font = rowIndex == 0 ? bold : body
        // Measured as the cell's text is set (a Marp theme's letter spacing included).
        let spaced = engine.flow(context, font: font, color: colors.text).measurer
        let cellWidth =
          cell.reduce(0.0) { $0 + spaced.width(of: $1.text, font: font) } + 2 * padding
        natural[column] = max(natural[column], cellWidth)
      }
    }
    let total = natural.reduce(0, +)
    let widths = total > width ? natural.map { $0 * width / total } : natural
    let tableWidth = widths.reduce(0, +)
    let rule = max(1, (size * 0.06).rounded())
    var pieces: [Piece] = []
    var y = 0.0
    for (rowIndex, row) in rows.enumerated() {
      if y > context.textHeightLimit { break }
      let isHeader = rowIndex == 0
      let rowStep =
        table.rowSteps.indices.contains(rowIndex - 1) ? table.rowSteps[rowIndex - 1] : block.step
      var cellBoxes: [[TextFlow.Line]] = []
      var rowHeight = 0.0
      for column in 0..<columns {
        let cell = column < row.count ? row[column] : []
        var alignment = column < table.alignments.count ? table.alignments[column] : .natural
        // Browsers centre a header cell, and uncover (`text-align: center`) every cell.
        if look != nil && alignment == .natural && (isHeader || context.centered) {
          alignment = .center
        }
        let flow = engine.flow(
          context, font: isHeader ? bold : body,
          color: isHeader
            ? look?.headerText ?? colors.heading : theme.cssStyle.cellText ?? colors.text)
        var lines = flow.lines(
          cell, width: max(1, widths[column] - 2 * padding),
          alignment: alignment == .center ? .center : .leading,
          maximumHeight: context.textHeightLimit)
        if alignment == .right {
          for index in lines.indices {
            let shift = widths[column] - 2 * padding - lines[index].width
            for item in lines[index].items.indices { lines[index].items[item].x += shift }
          }
        }
        cellBoxes.append(lines)
        rowHeight = max(rowHeight, lines.reduce(0) { $0 + $1.height })
      }
      // A Marp grid's collapsed border adds its pixel to each row, as in a browser.
      rowHeight += 2 * paddingY + (look?.grid == nil ? 0 : max(1, (slideHeight / 720).rounded()))
      rowHeights.append(rowHeight)
      if isHeader && look == nil {
        pieces.append(
          Piece(
            step: block.step,
            command: .fill(
              Rect(x: 0, y: y, width: tableWidth, height: rowHeight), colors.tableHeaderBackground))
        )
      }
      var x = 0.0
      for column in 0..<columns {
        var lineY = y + paddingY
        for line in cellBoxes[column] {
          for var item in line.items {
            item.x += x + padding
            item.y += lineY
            pieces += self.pieces(for: item, step: rowStep)
          }
          lineY += line.height
        }
        x += widths[column]
      }
      y += rowHeight
      if look == nil {
        pieces.append(
          Piece(
            step: rowStep,
            command: .fill(
              Rect(x: 0, y: y - rule / 2, width: tableWidth, height: rule), colors.tableRule)))
      }
    }
    if let look {
      pieces = cssTableLines(look, columns: widths, rows: rowHeights, step: block.step) + pieces
      // uncover's tables, and gaia's on a `lead` slide, stand in the middle.
      if look.centred || context.centered {
        pieces = pieces.map { $0.moved(dx: max(0, (width - tableWidth) / 2), dy: 0) }
      }
    }
    return Box(
      width: width, height: y, pieces: pieces, location: block.location, spaceAfter: em * 0.6)
  }
}
