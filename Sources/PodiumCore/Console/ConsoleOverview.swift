extension ConsoleLayout {
  /// The overview: every slide in a grid, the selection framed, the current slide marked, the
  /// rows around the selection in view, and the overview's keys along the bottom.
  mutating func overview(selection: Int, in area: Rect)
    -> (cells: [ConsoleFrame.OverviewCell], columns: Int)
  {
    let columns = max(2, min(7, Int(area.width / (unit * 13))))
    let gap = unit * 0.8
    let cellWidth = ((area.width - gap * Double(columns - 1)) / Double(columns)).rounded(.down)
    let thumbHeight = (cellWidth / deck.metadata.aspect.value).rounded(.down)
    let labelSize = unit * 0.85
    let rowHeight = thumbHeight + labelSize * 1.6 + gap
    let keysHeight = unit * 1.6
    let visibleRows = max(1, Int((area.height - keysHeight + gap) / rowHeight))
    let lastRow = (deck.slides.count - 1) / columns
    let firstRow = max(
      0, min(selection / columns - (visibleRows - 1) / 2, lastRow - visibleRows + 1))
    var cells: [ConsoleFrame.OverviewCell] = []
    let border = max(2, (unit * 0.18).rounded())
    for index in (firstRow * columns)..<min(deck.slides.count, (firstRow + visibleRows) * columns) {
      let x = (area.x + Double(index % columns) * (cellWidth + gap)).rounded()
      let y = (area.y + Double(index / columns - firstRow) * rowHeight).rounded()
      let cell = Rect(x: x, y: y, width: cellWidth, height: thumbHeight)
      if index == selection {
        commands.append(.fill(cell.insetBy(dx: -border * 2, dy: -border * 2), palette.accent))
      }
      let last = max(0, deck.slides[index].stepCount - 1)
      let thumbnail = engine.layout(
        slideAt: index, in: deck, step: last,
        size: PixelSize(width: Int(cellWidth), height: Int(thumbHeight)), cache: frames)
      commands.append(
        .layer(LayoutEngine.speakerLayer(slide: index, step: last, x: x, y: y, frame: thumbnail)))
      // The thumbnail shows the whole slide (its last step): the ink of all its steps, as a
      // page of `export --ink` shows it.
      addInk(slide: index, steps: 0..<(last + 1), in: cell)
      let hidden = deck.slides[index].directives.hidden
      if hidden {
        // Left out of the talk: greyed under the console's background, and said in the label.
        var veil = palette.background
        veil.alpha = 170
        commands.append(.fill(cell, veil))
      }
      let label =
        "\(index + 1)  \(hidden ? "(skipped) " : "")\(deck.slides[index].title ?? "")"
        + (index == state.slide ? "  · now" : "")
      commands.append(
        .pushClip(Rect(x: x, y: cell.maxY, width: cellWidth, height: labelSize * 1.6)))
      _ = text(
        label, x: x, y: cell.maxY + labelSize * 0.3, size: labelSize,
        color: index == state.slide ? palette.accent : palette.muted, bold: index == selection)
      commands.append(.popClip)
      cells.append(ConsoleFrame.OverviewCell(slide: index, rect: cell))
    }
    let keys = ConsoleKeyHints.line(.overview, bindings: status.bindings)
    _ = text(
      keys, x: area.x, y: area.maxY - keysHeight + unit * 0.4, size: unit * 0.9,
      color: palette.muted)
    return (cells, columns)
  }
}
