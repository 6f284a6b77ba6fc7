/// The talk's part of the console as the speaker arranged it (`ConsoleArrangement`): the
/// preset's panes, where the splitters sit, and the panes hidden.
extension ConsoleLayout {
  /// The talk as it goes, in the arrangement's preset; returns the current slide's view (none
  /// on a confidence monitor), the notes' box and how far they scroll.
  mutating func talkView(in area: Rect) -> (current: Rect, notes: Rect, scroll: ClosedRange<Int>) {
    switch arrangement.preset {
    case .standard, .notes: return columns(in: area)
    case .slides: return slidesAbove(in: area)
    case .confidence: return confidence(in: area)
    }
  }

  /// The current slide with the keys under it, and beside it the next slide over the notes.
  /// Small windows drop the next-slide preview first; a column with nothing left in it goes.
  mutating func columns(in area: Rect) -> (current: Rect, notes: Rect, scroll: ClosedRange<Int>) {
    let roomy = page.width >= 1100 && page.height >= 620
    let showsNext = roomy && arrangement.shows(.next)
    let showsNotes = arrangement.shows(.notes)
    let dragged = arrangement.split != nil || arrangement.preset != .standard
    let share =
      !(showsNext || showsNotes) ? 1 : roomy || dragged ? arrangement.currentShare : 0.58
    let leftWidth = share >= 1 ? area.width : area.width * share
    let current = currentSlide(
      in: Rect(x: area.x, y: area.y, width: leftWidth, height: area.height))
    if arrangement.shows(.keys) { keyHints(below: current, width: leftWidth, in: area) }
    guard share < 1 else { return (current, .none, 0...0) }
    splitter(.split, gapAt: area.x + leftWidth, across: true, span: area)
    let rightX = area.x + leftWidth + margin
    let right = Rect(x: rightX, y: area.y, width: area.maxX - rightX, height: area.height)
    guard showsNotes else {
      _ = nextSlide(in: right, share: 1)
      return (current, .none, 0...0)
    }
    var notesTop = right.y
    if showsNext {
      notesTop = nextSlide(in: right, share: arrangement.nextPaneShare)
      splitter(.next, gapAt: notesTop - margin, across: false, span: right)
    }
    let notesArea = Rect(
      x: right.x, y: notesTop, width: right.width, height: max(0, right.maxY - notesTop))
    return (current, notesArea, notes(in: notesArea))
  }

  /// The current and the next slide large side by side, the notes in a band under both.
  mutating func slidesAbove(in area: Rect)
    -> (current: Rect, notes: Rect, scroll: ClosedRange<Int>)
  {
    let showsNotes = arrangement.shows(.notes)
    let rowHeight = showsNotes ? area.height * arrangement.nextPaneShare : area.height
    let showsNext = arrangement.shows(.next)
    let leftWidth = showsNext ? area.width * arrangement.currentShare : area.width
    let row = Rect(x: area.x, y: area.y, width: area.width, height: rowHeight)
    let current = currentSlide(
      in: Rect(x: area.x, y: area.y, width: leftWidth, height: rowHeight - unit * 2))
    if arrangement.shows(.keys) { keyHints(below: current, width: leftWidth, in: row) }
    if showsNext {
      splitter(.split, gapAt: area.x + leftWidth, across: true, span: area)
      let rightX = area.x + leftWidth + margin
      _ = nextSlide(
        in: Rect(x: rightX, y: area.y, width: area.maxX - rightX, height: rowHeight), share: 1)
    }
    guard showsNotes else { return (current, .none, 0...0) }
    let notesTop = row.maxY + margin
    splitter(.next, gapAt: row.maxY, across: false, span: area)
    let notesArea = Rect(
      x: area.x, y: notesTop, width: area.width, height: max(0, area.maxY - notesTop))
    return (current, notesArea, notes(in: notesArea))
  }

  /// A confidence monitor: the next slide as large as the split allows, and beside it the time,
  /// huge (drawn with the clock, over the kept layer). No current slide, no notes.
  mutating func confidence(in area: Rect) -> (current: Rect, notes: Rect, scroll: ClosedRange<Int>)
  {
    let leftWidth = area.width * arrangement.currentShare
    _ = nextSlide(
      in: Rect(x: area.x, y: area.y, width: leftWidth, height: area.height), share: 1)
    splitter(.split, gapAt: area.x + leftWidth, across: true, span: area)
    let rightX = area.x + leftWidth + margin
    bigTimes = Rect(x: rightX, y: area.y, width: area.maxX - rightX, height: area.height)
    return (.none, .none, 0...0)
  }

  /// The elapsed time as large as `area` allows, in the pace's colour, with what is left and
  /// the pace under it.
  mutating func confidenceTimes(in area: Rect) {
    let elapsed = ConsoleStatus.format(status.elapsed)
    let pace = status.pace(palette, started: state.timer.started)
    var size = area.height * 0.3
    let family = family
    while size > unit,
      engine.measurer.width(of: elapsed, font: FontSpec(family: family, size: size, bold: true))
        > area.width
    {
      size *= 0.9
    }
    size = size.rounded(.down)
    _ = text(
      elapsed, x: area.x, y: area.y + area.height * 0.15, size: size,
      color: pace?.color ?? palette.text, bold: true)
    var y = area.y + area.height * 0.15 + size * 1.3
    for (label, color) in [status.remaining(palette), pace].compactMap({ $0 }) {
      _ = text(label, x: area.x, y: y, size: unit * 2.4, color: color, bold: true)
      y += unit * 3.2
    }
  }

  /// A splitter whose gap (one margin wide) starts at `gapAt`, dragged along `span`.
  mutating func splitter(
    _ share: ConsoleSplitter.Share, gapAt position: Double, across: Bool, span: Rect
  ) {
    let grip =
      across
      ? Rect(x: position - unit * 0.25, y: span.y, width: margin + unit * 0.5, height: span.height)
      : Rect(x: span.x, y: position - unit * 0.25, width: span.width, height: margin + unit * 0.5)
    splitters.append(ConsoleSplitter(share: share, grip: grip, span: span, across: across))
  }
}
