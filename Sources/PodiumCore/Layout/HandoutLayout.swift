extension LayoutEngine {
  /// A printed handout page, portrait: `shots` placed as `perPage` asks, in the theme's light
  /// colours on white, with the deck's title and the page number in the bottom margin.
  ///
  /// - 1: the slide across the page, its notes below (PowerPoint's notes page);
  /// - 2: two slides, one above the other;
  /// - 3: three slides down the left, each with its notes, or lines to write on, beside it;
  /// - 6: two columns of three.
  public func handoutPage(
    _ shots: [SlideShot], perPage: Int, in deck: Deck, pageNumber: Int, pageCount: Int,
    size: PixelSize
  ) -> SlideFrame {
    let page = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
    let margin = (page.width * 0.07).rounded()
    var paper = Theme.light.colors
    paper.background = RGBAColor(red: 255, green: 255, blue: 255)
    var commands: [DrawCommand] = [.fill(page, paper.background)]
    var overflow: [LayoutOverflow] = []

    // The margin's line: the deck's title on the left, the page number on the right.
    let footerFont = FontSpec(
      family: deck.metadata.font ?? theme.fonts.body, size: page.height * 0.011)
    let footerMetrics = measurer.metrics(for: footerFont)
    let footerY = (page.height - margin / 2 - footerMetrics.lineHeight / 2).rounded()
    let title = deck.metadata.title ?? deck.slides.first?.title ?? ""
    if !title.isEmpty {
      commands.append(
        .text(
          TextItem(
            text: title, font: footerFont, color: paper.muted, x: margin, y: footerY,
            width: measurer.width(of: title, font: footerFont))))
    }
    let number = "\(pageNumber) / \(pageCount)"
    let numberWidth = measurer.width(of: number, font: footerFont)
    commands.append(
      .text(
        TextItem(
          text: number, font: footerFont, color: paper.muted, x: page.width - margin - numberWidth,
          y: footerY, width: numberWidth)))

    let content = Rect(
      x: margin, y: margin, width: page.width - 2 * margin, height: page.height - 2 * margin)
    let gap = (page.height * 0.025).rounded()
    let slides = shots.map { (deck.slides[$0.slideIndex], $0.step) }

    func place(_ index: Int, in area: Rect, label: Bool) {
      let (slide, step) = slides[index]
      commands += thumbnail(slide, step: step, in: deck, area: area, label: label, paper: paper)
    }

    switch perPage {
    case 1:
      guard let (slide, step) = slides.first else { break }
      let slideHeight = (content.width / deck.metadata.aspect.value).rounded(.down)
      let slideArea = Rect(
        x: content.x, y: content.y, width: content.width,
        height: min(slideHeight, content.height * 0.5))
      commands += thumbnail(
        slide, step: step, in: deck, area: slideArea, label: false, paper: paper)
      let notesTop = slideArea.maxY + gap
      let notesArea = Rect(
        x: content.x, y: notesTop, width: content.width, height: content.maxY - notesTop)
      let placed = notes(
        slide, in: deck, page: page, area: notesArea, bodySize: 0.0135, heading: true, paper: paper)
      commands += placed.commands
      if let location = placed.overflow {
        overflow.append(LayoutOverflow(slideIndex: slide.index, location: location))
      }
    case 3:
      let rowHeight = ((content.height - 2 * gap) / 3).rounded(.down)
      let slideWidth = (content.width * 0.46).rounded()
      for index in slides.indices {
        let top = content.y + Double(index) * (rowHeight + gap)
        let slideArea = Rect(x: content.x, y: top, width: slideWidth, height: rowHeight)
        let placedSlide = thumbnail(
          slides[index].0, step: slides[index].1, in: deck, area: slideArea, label: true,
          paper: paper)
        commands += placedSlide
        let besideX = content.x + slideWidth + gap
        let beside = Rect(
          x: besideX, y: top, width: content.maxX - besideX, height: rowHeight)
        let slide = slides[index].0
        if slide.hasNotes {
          let placed = notes(
            slide, in: deck, page: page, area: beside, bodySize: 0.0105, heading: false,
            paper: paper)
          commands += placed.commands
          if let location = placed.overflow {
            overflow.append(LayoutOverflow(slideIndex: slide.index, location: location))
          }
        } else {
          commands += ruledLines(in: beside, spacing: (page.height * 0.022).rounded(), paper: paper)
        }
      }
    default:
      // 2: one column of two; 6: two columns of three.
      let columns = perPage >= 6 ? 2 : 1
      let rows = max(1, (perPage + columns - 1) / columns)
      let cellWidth = ((content.width - Double(columns - 1) * gap) / Double(columns)).rounded(.down)
      let cellHeight = ((content.height - Double(rows - 1) * gap) / Double(rows)).rounded(.down)
      for index in slides.indices {
        let column = index % columns
        let row = index / columns
        let cell = Rect(
          x: content.x + Double(column) * (cellWidth + gap),
          y: content.y + Double(row) * (cellHeight + gap), width: cellWidth, height: cellHeight)
        place(index, in: cell, label: true)
      }
    }
    return SlideFrame(size: size, slideRect: page, commands: commands, overflow: overflow)
  }

  /// A slide drawn small inside `area`, as large as fits at its aspect, centred across and at
  /// the top, with a thin frame; `label` puts its number (and step) under it.
  private func thumbnail(
    _ slide: Slide, step: Int, in deck: Deck, area: Rect, label: Bool, paper: Theme.Colors
  ) -> [DrawCommand] {
    var space = area
    var labelFont = FontSpec(family: deck.metadata.font ?? theme.fonts.body, size: 10)
    if label {
      labelFont.size = max(8, area.height * 0.055)
      space.height -= measurer.metrics(for: labelFont).lineHeight * 1.2
    }
    guard space.width >= 16, space.height >= 16 else { return [] }
    let fit = Self.slideRect(
      aspect: deck.metadata.aspect,
      in: PixelSize(width: Int(space.width), height: Int(space.height)))
    let size = PixelSize(width: Int(fit.width), height: Int(fit.height))
    let x = (space.x + (space.width - fit.width) / 2).rounded()
    let y = space.y.rounded()
    // A slide's last step, the whole slide, shows the ink of all its steps.
    let frame = inked(
      layout(slide, in: deck, step: step, size: size), slide: slide.index, step: step,
      wholeSlide: step == slide.stepCount - 1)
    var commands = [DrawCommand.pushClip(Rect(x: x, y: y, width: fit.width, height: fit.height))]
    commands += frame.translated(dx: x, dy: y)
    commands.append(.popClip)
    let border = max(1, (fit.height * 0.004).rounded())
    let outline = Rect(x: x, y: y, width: fit.width, height: fit.height)
    commands += outline.outline(thickness: border).map { .fill($0, paper.tableRule) }
    if label {
      var text = "\(slide.index + 1)"
      if slide.stepCount > 1 { text += " (\(step + 1)/\(slide.stepCount))" }
      if let title = slide.title { text += " · \(title)" }
      let width = measurer.width(of: text, font: labelFont)
      commands.append(
        .text(
          TextItem(
            text: text, font: labelFont, color: paper.muted, x: x,
            y: (y + fit.height + border + labelFont.size * 0.2).rounded(), width: width)))
      if width > fit.width {
        // A long title stops at the slide's edge.
        let last = commands.removeLast()
        commands += [
          .pushClip(
            Rect(x: x, y: y + fit.height, width: fit.width, height: area.maxY - y - fit.height)),
          last, .popClip,
        ]
      }
    }
    return commands
  }

  /// A slide's notes set in `area` of `page`, shrinking to fit, the body `bodySize` of the page's
  /// height; with `heading`, under a line that names the slide.
  private func notes(
    _ slide: Slide, in deck: Deck, page: Rect, area: Rect, bodySize: Double, heading: Bool,
    paper: Theme.Colors
  ) -> NotesBox.Placed {
    var blocks: [Block] = []
    if heading {
      let label =
        "Slide \(slide.index + 1) of \(deck.slides.count)" + (slide.title.map { ": \($0)" } ?? "")
      blocks.append(Block(.heading(level: 3, text: [TextRun(label)]), at: slide.location))
    }
    blocks +=
      slide.notes.isEmpty
      ? [Block(.paragraph([TextRun("(no notes)", style: .emphasis)]), at: slide.location)]
      : slide.notes
    return place(
      blocks, of: slide, in: deck, page: page,
      box: NotesBox(area: area, colors: paper, bodySize: bodySize, overflow: .shrink))
  }

  /// Lines to write notes on, across `area`.
  private func ruledLines(in area: Rect, spacing: Double, paper: Theme.Colors) -> [DrawCommand] {
    guard spacing > 0 else { return [] }
    var lines: [DrawCommand] = []
    var y = area.y + spacing
    while y <= area.maxY {
      lines.append(
        .fill(Rect(x: area.x, y: y.rounded(), width: area.width, height: 1), paper.tableRule))
      y += spacing
    }
    return lines
  }
}
