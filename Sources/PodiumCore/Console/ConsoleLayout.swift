import Foundation

extension LayoutEngine {
  /// The presenter console at `size`: the current slide as the audience sees it, the next step
  /// or slide, the notes, the timers and the clock, what the audience is shown, and the keys.
  /// Sizes follow the window's height, and never fall below 1/8 inch (9 points) on a display
  /// whose `dpi` is known, so a small high-density panel stays legible; when the window is small
  /// the next-slide preview goes first. Slides are laid out through `frames` when given and
  /// placed as layers, so a renderer draws each one once. Colours come from `theme.console`.
  /// `ink` is drawn on the next-slide preview and the overview's thumbnails at their size (the
  /// current slide's ink is `ConsoleFrame.addInk`'s, over the kept layer, with the live stroke).
  public func console(
    deck: Deck, state: PresentationState, status: ConsoleStatus, size: PixelSize,
    dpi: Double? = nil, frames: SlideFrameCache? = nil, ink: TalkInk? = nil
  ) -> ConsoleFrame {
    let page = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
    guard !deck.slides.isEmpty, state.slide < deck.slides.count else {
      let empty = SlideFrame(
        size: size, slideRect: page, commands: [.fill(page, theme.console.background)])
      return ConsoleFrame(frame: empty, currentSlide: page, notes: .none, notesScrollLimit: 0)
    }
    var layout = ConsoleLayout(
      engine: self, deck: deck, state: state, status: status, size: size, dpi: dpi, frames: frames)
    layout.ink = ink
    return layout.frame()
  }
}

extension Rect {
  static let none = Rect(x: 0, y: 0, width: 0, height: 0)
}

/// One console frame being laid out: the measures its regions share and the draw list so far.
/// Each region is one method; `frame()` puts them together.
struct ConsoleLayout {
  let engine: LayoutEngine
  let deck: Deck
  let state: PresentationState
  let status: ConsoleStatus
  let size: PixelSize
  let page: Rect
  let frames: SlideFrameCache?
  let palette: Theme.ConsolePalette
  /// Every size and gap is a multiple of this.
  let unit: Double
  var commands: [DrawCommand] = []
  /// The talk's ink, for the previews (ConsoleLayout+Ink.swift).
  var ink: TalkInk?
  /// What the ink strokes in `commands` are, by their places' layer keys and where they lie:
  /// the console layer's key takes these instead of the strokes' points (`layerKey`).
  var inkKeys: [InkPlaced] = []
  /// Where the next-slide preview went (none when there is none).
  var nextPreview = Rect.none
  /// Where the top line's badges end, for those drawn over the kept layer (`passingBadges`).
  var passingBadgesAt = (x: 0.0, y: 0.0, size: 12.0)
  /// The speaker's arrangement for this size of console (ConsoleLayout+Arrangement.swift).
  let arrangement: ConsoleArrangement
  /// The splitters laid out, for the mouse.
  var splitters: [ConsoleSplitter] = []
  /// Where the confidence monitor's huge times go, drawn over the kept layer with the clock.
  var bigTimes: Rect?

  init(
    engine: LayoutEngine, deck: Deck, state: PresentationState, status: ConsoleStatus,
    size: PixelSize, dpi: Double?, frames: SlideFrameCache?
  ) {
    self.engine = engine
    self.deck = deck
    self.state = state
    self.status = status
    self.size = size
    self.frames = frames
    page = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
    palette = engine.theme.console
    arrangement = state.arrangements.arrangement(for: size)
    // A DPI outside what screens have is a display reporting nonsense (0 mm wide): ignored.
    let physical = dpi.flatMap { (72...800).contains($0) ? $0 / 8 : nil } ?? 0
    unit = max(12, page.height * 0.024, physical)
  }

  var margin: Double { unit }
  var family: String { engine.theme.fonts.body }

  /// The bar across the bottom, for the times.
  var statusBar: Rect {
    let height = unit * 3.2
    return Rect(x: 0, y: page.height - height, width: page.width, height: height)
  }

  mutating func frame() -> ConsoleFrame {
    let bar = statusBar
    commands = [.fill(page, palette.background), .fill(bar, palette.panel)]
    let top = header()
    let area = Rect(
      x: margin, y: top, width: page.width - 2 * margin, height: bar.y - top - margin)
    var talk = (current: Rect.none, notes: Rect.none, scroll: 0...0)
    var grid: (cells: [ConsoleFrame.OverviewCell], columns: Int) = ([], 0)
    if let selection = state.overviewSelection {
      grid = overview(selection: selection, in: area)
    } else {
      talk = talkView(in: area)
    }

    // Everything above changes with the slide, the rest with the clock: the slide part is one
    // layer, kept as a texture, so a tick of the clock or a prepared slide change redraws little.
    var body = SlideFrame(size: size, slideRect: page, commands: commands)
    commands = [.layer(LayerItem(key: "console \(layerKey(body))", x: 0, y: 0, frame: body))]
    passingBadges()
    var bandsTop = bar.y
    if let problem = status.problem {
      bandsTop = band(problem, above: bandsTop, fill: palette.problem, color: palette.text)
    }
    if let conversion = status.conversion {
      bandsTop = band(
        conversion.text, above: bandsTop, fill: palette.panel, color: palette.text,
        progress: conversion.fraction)
    }
    if let offer = status.offer {
      _ = band(offer, above: bandsTop, fill: palette.accent, color: palette.background)
    }
    // The laser dot, spotlight and zoom's marks move with the mouse: over the layer, not in it.
    commands += state.toolMarks(in: talk.current, at: status.now, speaker: true)
    times(in: bar)
    if let bigTimes { confidenceTimes(in: bigTimes) }
    body.commands = commands
    var console = ConsoleFrame(
      frame: body, currentSlide: talk.current, notes: talk.notes,
      notesScrollLimit: talk.scroll.upperBound, overview: grid.cells,
      overviewColumns: grid.columns)
    console.notesScrollFloor = talk.scroll.lowerBound
    console.nextSlide = nextPreview
    console.splitters = splitters
    console.overrun = status.overrun?.kind
    return console
  }

  // MARK: - Regions

  /// The top line: where the talk is, where the audience sees it, and badges for what the
  /// audience sees when it is not simply the current slide. Returns where the regions below start.
  mutating func header() -> Double {
    let textSize = unit * 1.1
    let y = margin * 0.6
    var x = margin
    let steps = state.stepCounts[state.slide]
    let position =
      "Slide \(state.slide + 1) / \(state.slideCount)"
      + (steps > 1 ? " · step \(state.step + 1)/\(steps)" : "")
    x += text(position, x: x, y: y, size: textSize, color: palette.text, bold: true)
    x += unit
    x += text(status.audience, x: x, y: y, size: textSize, color: palette.muted)
    for (label, color) in badges {
      x += unit
      x += text(label, x: x, y: y, size: textSize, color: color, bold: true)
    }
    passingBadgesAt = (x, y, textSize)
    return y + textSize * 1.6
  }

  /// The badges that come and go within seconds (a slide number being typed, the quit prompt):
  /// drawn over the console's kept layer after the others, so showing or dropping one does not
  /// draw the layer again (with much ink on the slides, that took 80 ms).
  mutating func passingBadges() {
    var x = passingBadgesAt.x
    for (label, color) in passing {
      x += unit
      x += text(
        label, x: x, y: passingBadgesAt.y, size: passingBadgesAt.size, color: color, bold: true)
    }
  }

  private var passing: [(String, RGBAColor)] {
    var badges: [(String, RGBAColor)] = []
    if !state.jumpEntry.isEmpty {
      badges.append(("go to slide \(state.jumpEntry)_", palette.accent))
    }
    if state.isQuitArmed(at: status.now) {
      badges.append(("press q again to quit", palette.danger))
    }
    return badges
  }

  private var badges: [(String, RGBAColor)] {
    var badges: [(String, RGBAColor)] = []
    switch state.audienceView {
    case .black: badges.append(("AUDIENCE SEES BLACK", palette.danger))
    case .white: badges.append(("AUDIENCE SEES WHITE", palette.warning))
    case .slide: if state.isFrozen { badges.append(("AUDIENCE FROZEN", palette.warning)) }
    }
    if state.overviewSelection != nil {
      badges.append(("OVERVIEW: the audience still sees slide \(state.slide + 1)", palette.accent))
    }
    return badges
  }

  /// The current slide as the audience sees it, framed in colour when they do not see it.
  mutating func currentSlide(in area: Rect) -> Rect {
    let current = currentSlideImage(in: area)
    addCurrentInk(in: current)
    if state.audienceView == .black || state.audienceView == .white || state.isFrozen {
      let color = state.audienceView == .black ? palette.danger : palette.warning
      commands += current.outline(thickness: max(2, unit * 0.2)).map { .fill($0, color) }
    }
    return current
  }

  /// The keys in effect, under the current slide where there is room: one line, shrunk to fit.
  mutating func keyHints(below current: Rect, width: Double, in area: Rect) {
    let top = current.maxY + unit * 0.9
    guard area.maxY - top >= unit * 1.2 else { return }
    let situation: ConsoleKeyHints.Situation =
      status.rehearsing ? .rehearsal : status.consoleOverMirror ? .overMirror : .talk
    let key = KeyHintsLine(
      situation: situation, bindings: status.bindings, video: status.videoKeys, x: area.x,
      y: top, width: width, size: (unit * 0.9).rounded(.down), family: family,
      color: palette.muted)
    // The same at every frame of the talk: kept, as its making and measuring took a tenth of
    // a millisecond of each.
    let item = frames?.keyHints(key) { key.laidOut(by: engine) } ?? key.laidOut(by: engine)
    commands.append(.text(item))
  }

  /// The next step or slide under its label, in `share` of `right`'s height; returns where the
  /// notes can start below it.
  mutating func nextSlide(in right: Rect, share: Double = 0.42) -> Double {
    _ = text("Next", x: right.x, y: right.y, size: unit, color: palette.muted, bold: true)
    let preview = Rect(
      x: right.x, y: right.y + unit * 1.5, width: right.width,
      height: right.height * share - unit * 1.5)
    guard let upcoming = state.upcoming else {
      _ = text("End of the deck", x: right.x, y: preview.y + unit, size: unit, color: palette.muted)
      return preview.y + unit * 3
    }
    nextPreview = slideImage(upcoming, in: preview)
    addInk(slide: upcoming.slide, step: upcoming.step, in: nextPreview)
    return nextPreview.maxY + margin
  }

  /// The notes in their box, scaled by + and -, scrolled by [ and ] or the mouse wheel over
  /// them, with marks when there is more above or below. Returns how far they can scroll, up
  /// and down, from where the part of the step on show begins.
  mutating func notes(in area: Rect) -> ClosedRange<Int> {
    let slide = deck.slides[state.slide]
    var colors = palette.notes
    colors.background = palette.panel
    let none = [TextRun("No notes for this slide.", style: .emphasis)]
    let blocks = slide.notes.isEmpty ? [Block(.paragraph(none), at: slide.location)] : slide.notes
    let box = NotesBox(
      area: area, padding: unit * 0.6, fill: palette.panel, colors: colors,
      bodySize: min(
        0.5, unit * 1.05 * state.notesScale * arrangement.preset.notesScale / page.height),
      overflow: .scroll(lines: state.notesScroll), currentStep: state.step)
    let placed = engine.place(blocks, of: slide, in: deck, page: page, box: box)
    commands += placed.commands
    let markSize = unit * 0.9
    if placed.scrolled < placed.scrollLimit {
      let label = "▼ more"
      let width = engine.measurer.width(of: label, font: FontSpec(family: family, size: markSize))
      let backing = Rect(
        x: area.maxX - width - unit * 0.9, y: area.maxY - markSize * 1.6, width: width + unit * 0.6,
        height: markSize * 1.5)
      commands.append(.fill(backing, palette.panel))
      _ = text(
        label, x: area.maxX - width - unit * 0.6, y: area.maxY - markSize * 1.5, size: markSize,
        color: palette.accent)
    }
    if placed.scrolled > 0 {
      let label = "▲"
      let width = engine.measurer.width(of: label, font: FontSpec(family: family, size: markSize))
      _ = text(
        label, x: area.maxX - width - unit * 0.6, y: area.y + unit * 0.2, size: markSize,
        color: palette.accent)
    }
    return -placed.partLine...(placed.scrollLimit - placed.partLine)
  }

  /// A line for the speaker alone in a band across the console whose bottom is at `bottom`: a
  /// problem (an edit that broke the deck, a journal that cannot be written) above the status
  /// bar, the offer to resume above that. A long one (a deep path, a long YAML error) ends in an
  /// ellipsis, not at the edge. Returns the band's top.
  mutating func band(
    _ message: String, above bottom: Double, fill: RGBAColor, color: RGBAColor,
    progress: Double? = nil
  ) -> Double {
    let textSize = unit * 0.9
    let band = Rect(x: 0, y: bottom - textSize * 1.8, width: page.width, height: textSize * 1.8)
    commands.append(.fill(band, fill))
    if let progress {
      // A bar along the band's foot: how much of the work it names is done.
      let thickness = max(2, (textSize * 0.2).rounded())
      commands.append(
        .fill(
          Rect(
            x: 0, y: band.maxY - thickness, width: (page.width * progress).rounded(),
            height: thickness), palette.accent))
    }
    commands.append(.pushClip(band))
    let font = FontSpec(family: family, size: textSize, bold: true)
    let shown = shortened(message, toFit: band.width - 2 * margin, font: font)
    _ = text(shown, x: margin, y: band.y + textSize * 0.3, size: textSize, color: color, bold: true)
    commands.append(.popClip)
    return band.y
  }

  /// The status bar's times: elapsed, what is left of the talk's length, paused, the pace
  /// against the plan and when the talk ends at it; the wall clock at the right.
  mutating func times(in bar: Rect) {
    // A slide or the talk ran over: the bar flashes, on the speaker's screen alone, its words
    // in the background's colour meanwhile.
    let flashing = status.overrun?.flashing == true
    if let overrun = status.overrun, flashing {
      commands.append(.fill(bar, overrun.kind == .talk ? palette.danger : palette.warning))
    }
    func shown(_ color: RGBAColor) -> RGBAColor { flashing ? palette.background : color }
    let big = unit * 1.9
    let y = bar.y + (bar.height - big * 1.2) / 2
    var x = margin
    x += text(
      ConsoleStatus.format(status.elapsed), x: x, y: y, size: big, color: shown(palette.text),
      bold: true)
    x += unit * 1.5
    var items: [(label: String, color: RGBAColor, bold: Bool)] = []
    if let remaining = status.remaining(palette) {
      items.append((remaining.label, remaining.color, false))
    }
    if !state.timer.isRunning && state.timer.started {
      items.append(("paused", palette.warning, false))
    }
    if let pace = status.pace(palette, started: state.timer.started) {
      items.append((pace.label, pace.color, true))
    }
    if let overrun = status.overrun, overrun.kind == .slide {
      items.append(("slide over \(ConsoleStatus.format(overrun.seconds))", palette.warning, true))
    }
    if let end = status.plannedEnd { items.append(("ends \(end)", palette.muted, false)) }
    if let video = status.video { items.append((video, palette.accent, true)) }
    if let auto = status.autoAdvance { items.append((auto, palette.accent, true)) }
    if let recording = status.recording {
      let trouble = recording.stopped || recording.problem != nil || recording.isFallingBehind
      items.append((recording.label, trouble ? palette.warning : palette.danger, true))
    }
    for item in items {
      x += text(
        item.label, x: x, y: y + (big - unit * 1.3) / 2, size: unit * 1.3,
        color: shown(item.color), bold: item.bold)
      x += unit * 1.5
    }
    if let level = status.recording?.level, status.recording?.stopped == false {
      levelMeter(level, x: x, y: y + (big - unit * 1.3) / 2, height: unit * 1.3)
    }
    let clockWidth = engine.measurer.width(
      of: status.clock, font: FontSpec(family: family, size: big))
    _ = text(
      status.clock, x: page.width - margin - clockWidth, y: y, size: big,
      color: shown(palette.text))
  }

  /// The microphone's level beside the REC line: a bar that fills with the loudness (on a
  /// decibel scale, so speech shows), green, amber near the top.
  mutating func levelMeter(_ level: Double, x: Double, y: Double, height: Double) {
    let width = unit * 6
    let box = Rect(x: x, y: y + height * 0.2, width: width, height: height * 0.6)
    let fraction = RecordingStatus.meterFraction(level)
    commands.append(.fill(box, palette.background))
    let filled = Rect(x: box.x, y: box.y, width: box.width * fraction, height: box.height)
    commands.append(.fill(filled, fraction > 0.9 ? palette.warning : palette.good))
  }

  // MARK: - Pieces

  /// Appends a line of text and returns its width.
  mutating func text(
    _ string: String, x: Double, y: Double, size: Double, color: RGBAColor, bold: Bool = false
  ) -> Double {
    let item = engine.consoleLine(string, x: x, y: y, size: size, color: color, bold: bold)
    commands.append(.text(item))
    return item.width
  }

  /// A slide as large as `area` allows at the deck's aspect, placed as a layer at the area's top
  /// left, level with its label.
  mutating func slideImage(_ position: PresentationState.Position, in area: Rect) -> Rect {
    let fitted = LayoutEngine.slideRect(
      aspect: deck.metadata.aspect,
      in: PixelSize(width: max(16, Int(area.width)), height: max(16, Int(area.height))))
    let frame = engine.layout(
      slideAt: position.slide, in: deck, step: position.step,
      size: PixelSize(width: Int(fitted.width), height: Int(fitted.height)), cache: frames)
    let placed = Rect(
      x: area.x.rounded(), y: area.y.rounded(), width: fitted.width, height: fitted.height)
    commands.append(
      .layer(
        LayoutEngine.speakerLayer(
          slide: position.slide, step: position.step, x: placed.x, y: placed.y, frame: frame)))
    return placed
  }

  /// `string` whole when it fits `width`, else its longest beginning that fits with an ellipsis.
  func shortened(_ string: String, toFit width: Double, font: FontSpec) -> String {
    guard engine.measurer.width(of: string, font: font) > width else { return string }
    // The longest prefix that fits with its ellipsis, found by halving.
    let characters = Array(string)
    var fits = 0
    var tooLong = characters.count
    while tooLong - fits > 1 {
      let middle = (fits + tooLong) / 2
      if engine.measurer.width(of: String(characters[..<middle]) + "…", font: font) <= width {
        fits = middle
      } else {
        tooLong = middle
      }
    }
    return String(characters[..<fits]).trimmingCharacters(in: .whitespaces) + "…"
  }
}

/// The console's line of key hints as laid out under the current slide, by what decides it.
struct KeyHintsLine: Hashable {
  var situation: ConsoleKeyHints.Situation
  var bindings: KeyBindings
  var video: Bool
  var x: Double
  var y: Double
  var width: Double
  /// The text's size at most: smaller where the line would not fit `width`.
  var size: Double
  var family: String
  var color: RGBAColor

  func laidOut(by engine: LayoutEngine) -> TextItem {
    let line = ConsoleKeyHints.line(situation, bindings: bindings, video: video)
    // Fonts come in whole pixels, so shrink until the measured line fits.
    var textSize = size
    while textSize > 6,
      engine.measurer.width(of: line, font: FontSpec(family: family, size: textSize)) > width
    {
      textSize -= 1
    }
    return engine.consoleLine(line, x: x, y: y, size: textSize, color: color, bold: false)
  }
}
