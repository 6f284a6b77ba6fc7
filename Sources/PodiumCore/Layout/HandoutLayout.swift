extension LayoutEngine {
  /// A handout page: the slide (at its last build step) in the upper part of the page, and its
  /// speaker notes below, set in the theme's light colours so the page prints well.
  public func handout(_ slide: Slide, in deck: Deck, size: PixelSize) -> SlideFrame {
    let page = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
    let margin = min(page.width, page.height) * 0.05
    var paper = Theme.light.colors
    paper.background = RGBAColor(red: 255, green: 255, blue: 255)

    // The slide takes the upper 55% of the page, centred, at its own aspect.
    let slideArea = Rect(
      x: margin, y: margin, width: page.width - 2 * margin, height: page.height * 0.55 - margin)
    let thumbnailRect = Self.slideRect(
      aspect: deck.metadata.aspect,
      in: PixelSize(width: Int(slideArea.width), height: Int(slideArea.height)))
    let thumbnailSize = PixelSize(
      width: Int(thumbnailRect.width), height: Int(thumbnailRect.height))
    let thumbnail = layout(slide, in: deck, step: slide.stepCount - 1, size: thumbnailSize)
    let dx = slideArea.x + (slideArea.width - thumbnailRect.width) / 2
    let dy = slideArea.y

    var commands: [DrawCommand] = [.fill(page, paper.background)]
    commands += thumbnail.translated(dx: dx, dy: dy)
    let border = max(1, (page.height * 0.0015).rounded())
    let frame = Rect(x: dx, y: dy, width: thumbnailRect.width, height: thumbnailRect.height)
    commands += frame.outline(thickness: border).map { .fill($0, paper.tableRule) }

    // The notes, smaller than slide text, in the rest of the page.
    let notesArea = Rect(
      x: margin, y: page.height * 0.55 + margin / 2, width: page.width - 2 * margin,
      height: page.height * 0.45 - margin * 1.5)
    let label =
      "Slide \(slide.index + 1) of \(deck.slides.count)" + (slide.title.map { ": \($0)" } ?? "")
    var blocks = [Block(.heading(level: 3, text: [TextRun(label)]), at: slide.location)]
    blocks +=
      slide.notes.isEmpty
      ? [Block(.paragraph([TextRun("(no notes)", style: .emphasis)]), at: slide.location)]
      : slide.notes
    let notes = place(
      blocks, of: slide, in: deck, page: page,
      box: NotesBox(area: notesArea, colors: paper, bodySize: 0.03, overflow: .shrink))
    commands += notes.commands
    return SlideFrame(
      size: size, slideRect: page, commands: commands,
      overflow: notes.overflow.map { [LayoutOverflow(slideIndex: slide.index, location: $0)] }
        ?? [])
  }
}
