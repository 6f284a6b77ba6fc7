extension LayoutEngine {
  /// A handout page: the slide (at its last build step) in the upper part of the page, and its
  /// speaker notes below, set in the theme's light colours so the page prints well.
  public func handout(_ slide: Slide, in deck: Deck, size: PixelSize) -> SlideFrame {
    let page = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
    let margin = min(page.width, page.height) * 0.05
    var paper = Theme.light.colors
    paper.background = RGBAColor(red: 255, green: 255, blue: 255)

    // The slide takes the upper 55% of the page, centred, at its own aspect.
    let slideArea = Rect(x: margin, y: margin, width: page.width - 2 * margin, height: page.height * 0.55 - margin)
    let thumbnailRect = Self.slideRect(
      aspect: deck.metadata.aspect,
      in: PixelSize(width: Int(slideArea.width), height: Int(slideArea.height)))
    let thumbnailSize = PixelSize(width: Int(thumbnailRect.width), height: Int(thumbnailRect.height))
    let thumbnail = layout(slide, in: deck, step: slide.stepCount - 1, size: thumbnailSize)
    let dx = slideArea.x + (slideArea.width - thumbnailRect.width) / 2
    let dy = slideArea.y

    var commands: [DrawCommand] = [.fill(page, paper.background)]
    commands += thumbnail.translated(dx: dx, dy: dy)
    let border = max(1, (page.height * 0.0015).rounded())
    let frame = Rect(x: dx, y: dy, width: thumbnailRect.width, height: thumbnailRect.height)
    commands += [
      Rect(x: frame.x - border, y: frame.y - border, width: frame.width + 2 * border, height: border),
      Rect(x: frame.x - border, y: frame.maxY, width: frame.width + 2 * border, height: border),
      Rect(x: frame.x - border, y: frame.y, width: border, height: frame.height),
      Rect(x: frame.maxX, y: frame.y, width: border, height: frame.height),
    ].map { .fill($0, paper.tableRule) }

    // The notes, laid out like slide content but smaller, in the rest of the page.
    var notesTheme = theme
    notesTheme.colors = paper
    notesTheme.sizes.body = 0.03
    let notesEngine = LayoutEngine(theme: notesTheme, measurer: measurer, images: images)
    let notesArea = Rect(
      x: margin, y: page.height * 0.55 + margin / 2, width: page.width - 2 * margin,
      height: page.height * 0.45 - margin * 1.5)
    var context = Context(engine: notesEngine, slide: slide, deck: deck, slideRect: page)
    context.contentRect = notesArea
    context.textHeightLimit = notesArea.height
    context.layout = .default
    context.colors = paper
    let label = "Slide \(slide.index + 1) of \(deck.slides.count)" + (slide.title.map { ": \($0)" } ?? "")
    var blocks = [Block(.heading(level: 3, text: [TextRun(label)]), at: slide.location)]
    blocks += slide.notes.isEmpty
      ? [Block(.paragraph([TextRun("(no notes)", style: .emphasis)]), at: slide.location)] : slide.notes
    var stack = notesEngine.stack(blocks, width: notesArea.width, height: notesArea.height, context: context)
    // Long notes shrink like slide text does, down to the minimum.
    while stack.overflow != nil && context.scale > notesTheme.sizes.minimumScale {
      context.scale = max(notesTheme.sizes.minimumScale, context.scale * 0.9)
      stack = notesEngine.stack(blocks, width: notesArea.width, height: notesArea.height, context: context)
    }
    commands.append(.pushClip(notesArea))
    commands += stack.pieces.map { $0.moved(dx: notesArea.x, dy: notesArea.y).command }
    commands.append(.popClip)
    return SlideFrame(
      size: size, slideRect: page, commands: commands,
      overflow: stack.overflow.map { [LayoutOverflow(slideIndex: slide.index, location: $0)] } ?? [])
  }
}
