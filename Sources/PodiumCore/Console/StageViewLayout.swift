import Foundation

extension LayoutEngine {
  /// A view for a display of its own (`--views`), from the same state and status as the
  /// console: the notes of the current step as large as they fit, or the timer as large as it
  /// reads across a room. Colours come from `theme.console`; nothing in it is meant for the
  /// audience, so the audience's copy is drawn as the audience's window is, not here.
  public func stageView(
    _ kind: StageViewKind, deck: Deck, state: PresentationState, status: ConsoleStatus,
    size: PixelSize
  ) -> SlideFrame {
    var layout = StageViewLayout(engine: self, deck: deck, state: state, status: status, size: size)
    switch kind {
    case .timer: layout.timer()
    case .notes, .audience: layout.notes()
    }
    return SlideFrame(size: size, slideRect: layout.page, commands: layout.commands)
  }
}

/// One frame of a notes or timer view being laid out.
struct StageViewLayout {
  let engine: LayoutEngine
  let deck: Deck
  let state: PresentationState
  let status: ConsoleStatus
  let page: Rect
  let palette: Theme.ConsolePalette
  /// Sizes and gaps are multiples of this: a twentieth of the height.
  let unit: Double
  var commands: [DrawCommand]

  init(
    engine: LayoutEngine, deck: Deck, state: PresentationState, status: ConsoleStatus,
    size: PixelSize
  ) {
    self.engine = engine
    self.deck = deck
    self.state = state
    self.status = status
    page = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
    palette = engine.theme.console
    unit = max(10, page.height * 0.05)
    commands = [.fill(page, palette.background)]
  }

  var family: String { engine.theme.fonts.body }

  /// `Slide 3 / 12 · step 2/3`.
  var position: String {
    guard deck.slides.indices.contains(state.slide) else { return "No slides" }
    let steps = state.stepCounts.indices.contains(state.slide) ? state.stepCounts[state.slide] : 1
    return "Slide \(state.slide + 1) / \(state.slideCount)"
      + (steps > 1 ? " · step \(state.step + 1)/\(steps)" : "")
  }

  /// What is left of the talk's length, in the colour the console gives it; nil without one.
  var remaining: (label: String, color: RGBAColor)? { status.remaining(palette) }

  /// The pace against the plan, coloured as on the console; nil without a plan.
  var pace: (label: String, color: RGBAColor)? {
    status.pace(palette, started: state.timer.started)
  }

  /// The notes view: where the talk is and the time along the top, the current slide's notes
  /// below as large as they fit (shrunk as a slide's text is when long), later steps' notes
  /// muted as on the console. The notes and the position change with the step, the times every
  /// second: the first are one layer, kept as a texture, so a tick of the clock redraws little.
  mutating func notes() {
    let top = unit * 0.5
    let lineSize = unit * 0.8
    _ = text(position, x: unit * 0.6, y: top, size: lineSize, color: palette.text, bold: true)
    let area = Rect(
      x: unit * 0.6, y: top + lineSize * 1.6, width: page.width - unit * 1.2,
      height: max(0, page.height - top - lineSize * 1.6 - unit * 0.5))
    if deck.slides.indices.contains(state.slide) {
      let slide = deck.slides[state.slide]
      var colors = palette.notes
      colors.background = palette.background
      let none = [TextRun("No notes for this slide.", style: .emphasis)]
      let blocks =
        slide.notes.isEmpty ? [Block(.paragraph(none), at: slide.location)] : slide.notes
      let box = NotesBox(
        area: area, padding: unit * 0.3, fill: nil, colors: colors,
        bodySize: 0.055 * state.notesScale, overflow: .shrink, currentStep: state.step)
      commands += engine.place(blocks, of: slide, in: deck, page: page, box: box).commands
    }
    let size = PixelSize(width: Int(page.width), height: Int(page.height))
    let body = SlideFrame(size: size, slideRect: page, commands: commands)
    commands = [.layer(LayerItem(key: "console view \(body.hashValue)", x: 0, y: 0, frame: body))]
    var times = ConsoleStatus.format(status.elapsed)
    if let remaining { times += " · " + remaining.label }
    let timesWidth = width(of: times, size: lineSize, bold: true)
    _ = text(
      times, x: page.width - unit * 0.6 - timesWidth, y: top, size: lineSize,
      color: remaining?.color ?? palette.text, bold: true)
  }

  /// The timer view, for a confidence monitor: the elapsed time as large as the width allows,
  /// in the pace's colour (the countdown's when there is no plan); what is left and the pace
  /// under it; where the talk is at the top; the clock at the bottom.
  mutating func timer() {
    let elapsed = ConsoleStatus.format(status.elapsed)
    let colour =
      pace?.color ?? remaining.map { $0.color == palette.muted ? palette.text : $0.color }
    // As large as fits: a third of the height, narrower when the width says so.
    var big = (page.height * 0.34).rounded(.down)
    let limit = page.width * 0.9
    let measured = width(of: elapsed, size: big, bold: true)
    if measured > limit { big = (big * limit / measured).rounded(.down) }
    let bigWidth = width(of: elapsed, size: big, bold: true)
    let bigY = page.height * 0.42 - big * 0.6
    _ = text(
      elapsed, x: (page.width - bigWidth) / 2, y: bigY, size: big,
      color: colour ?? palette.text, bold: true)
    var lines: [(String, RGBAColor)] = []
    if let remaining { lines.append(remaining) }
    if let pace { lines.append(pace) }
    if !state.timer.isRunning && state.timer.started { lines.append(("paused", palette.warning)) }
    let small = unit * 1.1
    var y = bigY + big * 1.25
    for (label, color) in lines {
      let lineWidth = width(of: label, size: small, bold: true)
      _ = text(label, x: (page.width - lineWidth) / 2, y: y, size: small, color: color, bold: true)
      y += small * 1.4
    }
    _ = text(position, x: unit * 0.6, y: unit * 0.5, size: unit * 0.8, color: palette.muted)
    let clockSize = unit * 1.2
    let clockWidth = width(of: status.clock, size: clockSize, bold: false)
    _ = text(
      status.clock, x: page.width - unit * 0.6 - clockWidth,
      y: page.height - clockSize * 1.5, size: clockSize, color: palette.text)
  }

  func width(of string: String, size: Double, bold: Bool) -> Double {
    engine.measurer.width(of: string, font: FontSpec(family: family, size: size, bold: bold))
  }

  /// Appends a line of text and returns its width.
  mutating func text(
    _ string: String, x: Double, y: Double, size: Double, color: RGBAColor, bold: Bool = false
  ) -> Double {
    let item = engine.consoleLine(string, x: x, y: y, size: size, color: color, bold: bold)
    commands.append(.text(item))
    return item.width
  }
}
