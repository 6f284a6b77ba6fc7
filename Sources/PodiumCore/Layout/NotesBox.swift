/// Speaker notes set like slide text in a box: the console's notes panel and the lower part of a
/// handout page, so notes read alike on screen and on paper.
struct NotesBox {
  /// A piece of the notes, in the muted colour unless it belongs to `lit`, the part of the
  /// step on show (nil: every part alike).
  func dimmed(_ piece: LayoutEngine.Piece, lit: Int?) -> DrawCommand {
    guard let lit, piece.step != lit, case .text(var item) = piece.command else {
      return piece.command
    }
    item.color = colors.muted
    return .text(item)
  }

  enum Overflow: Equatable {
    /// Notes longer than the box scroll, here by this many lines from where the part of the
    /// step on show begins (the console): a step brings its part into view.
    case scroll(lines: Int)
    /// Notes longer than the box shrink as slide text does, down to the theme's minimum (paper).
    case shrink
  }

  /// Where the notes go; nothing is drawn outside it.
  var area: Rect
  /// Between the box's edge and the text.
  var padding = 0.0
  /// The box's own colour, filled first; nil leaves the page's.
  var fill: RGBAColor?
  var colors: Theme.Colors
  /// The notes' body text size, a fraction of the page's height as `Theme.Sizes.body` is.
  var bodySize: Double
  var overflow: Overflow
  /// The build step shown: notes in parts (`Slide.notesParts`) light the part of this step and
  /// dim the rest, as Slidev's presenter does with its `[click]` parts; nil shows every part
  /// alike (paper).
  var currentStep: Int?

  struct Placed {
    var commands: [DrawCommand] = []
    /// How many lines the notes can scroll before their end is in view (0 when they fit).
    var scrollLimit = 0
    /// The lines scrolled, at most `scrollLimit`.
    var scrolled = 0
    /// The line where the part of the step on show begins, as far as the notes can scroll:
    /// where `.scroll(lines: 0)` puts the notes.
    var partLine = 0
    /// Where notes that still do not fit are cut off.
    var overflow: SourceLocation?
  }
}

extension LayoutEngine {
  /// `blocks` (a slide's notes, with whatever heading the caller adds) set in `box` on `page`.
  func place(_ blocks: [Block], of slide: Slide, in deck: Deck, page: Rect, box: NotesBox)
    -> NotesBox.Placed
  {
    var notesTheme = theme
    notesTheme.colors = box.colors
    notesTheme.sizes.body = box.bodySize
    let engine = LayoutEngine(theme: notesTheme, measurer: measurer, images: images)
    var context = Context(engine: engine, slide: slide, deck: deck, slideRect: page)
    context.contentRect = box.area
    context.layout = .default
    context.colors = box.colors
    let inner = box.area.insetBy(dx: box.padding, dy: box.padding)
    let parts = Slide.notesParts(of: blocks)
    let lit = box.currentStep.flatMap { Slide.litNotesPart(at: $0, of: parts) }
    var placed = NotesBox.Placed()
    if let fill = box.fill { placed.commands.append(.fill(box.area, fill)) }
    let pieces: [DrawCommand]
    switch box.overflow {
    case .shrink:
      context.textHeightLimit = inner.height
      var stack = engine.stack(blocks, width: inner.width, height: inner.height, context: context)
      while stack.overflow != nil && context.scale > notesTheme.sizes.minimumScale {
        context.scale = max(notesTheme.sizes.minimumScale, context.scale * 0.9)
        stack = engine.stack(blocks, width: inner.width, height: inner.height, context: context)
      }
      placed.overflow = stack.overflow
      pieces = stack.pieces.map { box.dimmed($0.moved(dx: inner.x, dy: inner.y), lit: lit) }
    case .scroll(let lines):
      let stack = engine.stack(blocks, width: inner.width, height: inner.height, context: context)
      let lineStep = max(1, page.height * box.bodySize * 1.3)
      if inner.height > 0 {
        placed.scrollLimit = max(0, Int(((stack.height - inner.height) / lineStep).rounded(.up)))
      }
      if let lit, lit != parts.first,
        let top = stack.pieces.first(where: { $0.step == lit })?.command.verticalExtent?.top
      {
        placed.partLine = min(placed.scrollLimit, Int((top / lineStep).rounded(.down)))
      }
      placed.scrolled = max(0, min(placed.partLine + lines, placed.scrollLimit))
      let offset = min(Double(placed.scrolled) * lineStep, max(0, stack.height - inner.height))
      // Only what shows: long notes would otherwise draw every line into a texture.
      pieces = stack.pieces.map {
        box.dimmed($0.moved(dx: inner.x, dy: inner.y - offset), lit: lit)
      }.filter {
        $0.verticalExtent.map { $0.bottom > box.area.y && $0.top < box.area.maxY } ?? true
      }
    }
    placed.commands += [.pushClip(box.area)] + pieces + [.popClip]
    return placed
  }
}
