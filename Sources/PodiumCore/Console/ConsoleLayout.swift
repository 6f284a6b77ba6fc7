import Foundation

/// What the presenter console shows besides the slides: times and where the audience is.
public struct ConsoleStatus: Hashable, Sendable {
  /// The talk clock's current reading (the `now` commands are applied with).
  public var now: Double
  /// Seconds since the talk started.
  public var elapsed: Double
  /// The talk's planned length, for the countdown.
  public var duration: TalkDuration?
  /// The wall clock, already formatted (`14:05`).
  public var clock: String
  /// Where the audience sees the slides, e.g. "Audience on DUMMY1" or "Mirrored".
  public var audience: String
  /// Minutes before the end when the countdown turns to a warning colour.
  public var warningMinutes: Double
  /// The console is shown over the mirrored slides (Tab), on the one screen the room also sees.
  public var consoleOverMirror: Bool
  /// Seconds behind (positive) or ahead (negative) of the pacing plan, when there is one.
  public var paceOffset: Double?
  /// When the talk ends at the plan's pace from here, formatted like `clock`.
  public var plannedEnd: String?
  /// A problem for the speaker alone, such as the edited deck failing to parse.
  public var problem: String?
  /// `podium rehearse`: no audience, so the keys line leaves out blanking and displays.
  public var rehearsing = false

  public init(
    now: Double, elapsed: Double, duration: TalkDuration? = nil, clock: String, audience: String,
    warningMinutes: Double = 2, consoleOverMirror: Bool = false, paceOffset: Double? = nil,
    plannedEnd: String? = nil
  ) {
    self.consoleOverMirror = consoleOverMirror
    self.paceOffset = paceOffset
    self.plannedEnd = plannedEnd
    self.now = now
    self.elapsed = elapsed
    self.duration = duration
    self.clock = clock
    self.audience = audience
    self.warningMinutes = warningMinutes
  }

  /// `12:05`, or `1:02:05` past an hour; negative times (overtime) get a minus sign.
  public static func format(_ seconds: Double) -> String {
    let total = Int(abs(seconds).rounded(.down))
    let text =
      total >= 3600
      ? String(format: "%d:%02d:%02d", total / 3600, total % 3600 / 60, total % 60)
      : String(format: "%d:%02d", total / 60, total % 60)
    return seconds < 0 && total > 0 ? "-" + text : text
  }
}

/// The console's draw list and where its parts are, for the mouse: the wheel scrolls the notes
/// over the notes panel, and a later pointer maps the current-slide view to the audience slide.
public struct ConsoleFrame: Hashable, Sendable {
  public var frame: SlideFrame
  /// The current slide's view (the slide itself, without borders).
  public var currentSlide: Rect
  /// The notes panel.
  public var notes: Rect
  /// How many lines the notes can scroll before their end is in view (0 when they fit).
  public var notesScrollLimit: Int
  /// The slides shown in the overview grid and where (empty when it is closed).
  public var overview: [OverviewCell]
  /// Columns of the overview grid (0 when it is closed).
  public var overviewColumns: Int

  public struct OverviewCell: Hashable, Sendable {
    /// 0-based.
    public var slide: Int
    public var rect: Rect

    public init(slide: Int, rect: Rect) {
      self.slide = slide
      self.rect = rect
    }
  }

  public init(
    frame: SlideFrame, currentSlide: Rect, notes: Rect, notesScrollLimit: Int, overview: [OverviewCell] = [],
    overviewColumns: Int = 0
  ) {
    self.frame = frame
    self.currentSlide = currentSlide
    self.notes = notes
    self.notesScrollLimit = notesScrollLimit
    self.overview = overview
    self.overviewColumns = overviewColumns
  }
}

extension LayoutEngine {
  /// The presenter console at `size`: the current slide as the audience sees it, the next step
  /// or slide, the notes, the timers and the clock, what the audience is shown, and the keys.
  /// Sizes follow the window's height, and never fall below 1/8 inch (9 points) on a display
  /// whose `dpi` is known, so a small high-density panel stays legible; when the window is small
  /// the next-slide preview goes first. Slides are laid out through `frames` when given and
  /// placed as layers, so a renderer draws each one once.
  public func console(
    deck: Deck, state: PresentationState, status: ConsoleStatus, size: PixelSize, dpi: Double? = nil,
    frames: SlideFrameCache? = nil
  ) -> ConsoleFrame {
    let page = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
    guard !deck.slides.isEmpty, state.slide < deck.slides.count else {
      let empty = SlideFrame(size: size, slideRect: page, commands: [.fill(page, RGBAColor(red: 0x10, green: 0x14, blue: 0x19))])
      return ConsoleFrame(frame: empty, currentSlide: page, notes: Rect(x: 0, y: 0, width: 0, height: 0), notesScrollLimit: 0)
    }
    // A DPI outside what screens have is a display reporting nonsense (0 mm wide): ignored.
    let physical = dpi.flatMap { (72...800).contains($0) ? $0 / 8 : nil } ?? 0
    let unit = max(12, page.height * 0.024, physical)
    let margin = unit
    let ink = RGBAColor(red: 0xE6, green: 0xEA, blue: 0xEF)
    let muted = RGBAColor(red: 0x8A, green: 0x95, blue: 0xA3)
    let panel = RGBAColor(red: 0x1B, green: 0x21, blue: 0x29)
    let accent = RGBAColor(red: 0x5C, green: 0xB8, blue: 0xFF)
    let warning = RGBAColor(red: 0xF2, green: 0xB1, blue: 0x3C)
    let danger = RGBAColor(red: 0xF0, green: 0x56, blue: 0x4A)
    let family = theme.fonts.body
    var commands: [DrawCommand] = [.fill(page, RGBAColor(red: 0x10, green: 0x14, blue: 0x19))]
    var problemBand: (Rect, String, Double)?

    func text(_ string: String, x: Double, y: Double, size: Double, color: RGBAColor, bold: Bool = false) -> Double {
      let font = FontSpec(family: family, size: size, bold: bold)
      let width = measurer.width(of: string, font: font)
      commands.append(.text(TextItem(text: string, font: font, color: color, x: x, y: y, width: width)))
      return width
    }
    func slideImage(_ position: PresentationState.Position, in area: Rect) -> Rect {
      var rect = Self.slideRect(
        aspect: deck.metadata.aspect, in: PixelSize(width: max(16, Int(area.width)), height: max(16, Int(area.height))))
      // Views sit at the top left of their area, level with their labels.
      rect.x = 0
      rect.y = 0
      let thumbnail = layout(
        slideAt: position.slide, in: deck, step: position.step,
        size: PixelSize(width: Int(rect.width), height: Int(rect.height)), cache: frames)
      let placed = Rect(x: (area.x + rect.x).rounded(), y: (area.y + rect.y).rounded(), width: rect.width, height: rect.height)
      commands.append(
        .layer(
          LayerItem(
            key: Self.layerKey(slide: position.slide, step: position.step), x: placed.x, y: placed.y,
            frame: thumbnail)))
      return placed
    }

    // The bottom bar: elapsed, countdown, clock, and the audience's state.
    let barHeight = unit * 3.2
    let bar = Rect(x: 0, y: page.height - barHeight, width: page.width, height: barHeight)
    commands.append(.fill(bar, panel))
    let big = unit * 1.9
    let barTextY = bar.y + (barHeight - big * 1.2) / 2
    // The badge for what the audience sees, when it is not simply the current slide.
    var badges: [(String, RGBAColor)] = []
    switch state.audienceView {
    case .black: badges.append(("AUDIENCE SEES BLACK", danger))
    case .white: badges.append(("AUDIENCE SEES WHITE", warning))
    case .slide: if state.isFrozen { badges.append(("AUDIENCE FROZEN", warning)) }
    }
    if state.overviewSelection != nil { badges.append(("OVERVIEW: the audience still sees slide \(state.slide + 1)", accent)) }
    if !state.jumpEntry.isEmpty { badges.append(("go to slide \(state.jumpEntry)_", accent)) }
    if state.isQuitArmed(at: status.now) { badges.append(("press q again to quit", danger)) }

    // A problem (an edit that broke the deck) across the top, in red, for the speaker alone.
    if let problem = status.problem {
      let size = unit * 0.9
      let band = Rect(x: 0, y: bar.y - size * 1.8, width: page.width, height: size * 1.8)
      problemBand = (band, problem, size)
    }

    // Top line: position and the audience's display.
    let topSize = unit * 1.1
    var topX = margin
    let steps = state.stepCounts[state.slide]
    let position = "Slide \(state.slide + 1) / \(state.slideCount)" + (steps > 1 ? " · step \(state.step + 1)/\(steps)" : "")
    topX += text(position, x: topX, y: margin * 0.6, size: topSize, color: ink, bold: true)
    topX += unit
    topX += text(status.audience, x: topX, y: margin * 0.6, size: topSize, color: muted)
    for (label, color) in badges {
      topX += unit
      topX += text(label, x: topX, y: margin * 0.6, size: topSize, color: color, bold: true)
    }

    // Slides and notes between the top line and the bar.
    let top = margin * 0.6 + topSize * 1.6
    let area = Rect(x: margin, y: top, width: page.width - 2 * margin, height: bar.y - top - margin)
    func slidesAndNotes() -> (current: Rect, notes: Rect, scrollLimit: Int) {
      // Small windows drop the next-slide preview first, then keep current slide and notes.
      let roomy = page.width >= 1100 && page.height >= 620
      let leftWidth = area.width * (roomy ? 0.6 : 0.58)
      let current = slideImage(state.position, in: Rect(x: area.x, y: area.y, width: leftWidth, height: area.height))
      if state.audienceView == .black || state.audienceView == .white || state.isFrozen {
        // A coloured frame says the audience does not see this.
        let border = max(2, unit * 0.2)
        let color = state.audienceView == .black ? danger : warning
        for edge in [
          Rect(x: current.x - border, y: current.y - border, width: current.width + 2 * border, height: border),
          Rect(x: current.x - border, y: current.maxY, width: current.width + 2 * border, height: border),
          Rect(x: current.x - border, y: current.y, width: border, height: current.height),
          Rect(x: current.maxX, y: current.y, width: border, height: current.height),
        ] {
          commands.append(.fill(edge, color))
        }
      }
      // The keys, under the current slide where there is room: one line, shrunk to fit.
      let keysTop = current.maxY + unit * 0.9
      if area.maxY - keysTop >= unit * 1.2 {
        let keys =
          status.rehearsing
          ? "→ next  ← back  ·  number ⏎ jump  ·  o overview  ·  t pause the clock  r reset  ·  [ ] notes  ·  q q quit"
          : status.consoleOverMirror
            ? "Tab slides  ·  → next  ← back  ·  b black  w white  f freeze  ·  t timer  r reset  ·  q q quit"
            : "→ next  ← back  ·  number ⏎ jump  ·  b black  w white  f freeze  ·  t timer  r reset  ·  [ ] notes  + − size  ·  q q quit"
        // Fonts come in whole pixels, so shrink until the measured line fits.
        var keysSize = (unit * 0.9).rounded(.down)
        while keysSize > 6, measurer.width(of: keys, font: FontSpec(family: family, size: keysSize)) > leftWidth {
          keysSize -= 1
        }
        _ = text(keys, x: area.x, y: keysTop, size: keysSize, color: muted)
      }

      let rightX = area.x + leftWidth + margin
      let right = Rect(x: rightX, y: area.y, width: area.maxX - rightX, height: area.height)
      var notesTop = right.y
      if roomy {
        let nextHeight = right.height * 0.42
        _ = text("Next", x: right.x, y: right.y, size: unit, color: muted, bold: true)
        let previewArea = Rect(x: right.x, y: right.y + unit * 1.5, width: right.width, height: nextHeight - unit * 1.5)
        if let upcoming = state.upcoming {
          let preview = slideImage(upcoming, in: previewArea)
          notesTop = preview.maxY + margin
        } else {
          _ = text("End of the deck", x: right.x, y: previewArea.y + unit, size: unit, color: muted)
          notesTop = previewArea.y + unit * 3
        }
      }

      // Notes, laid out like slide text in a light-on-dark theme, scaled by + and -, scrolled by
      // [ and ] or the mouse wheel over them.
      let notesArea = Rect(x: right.x, y: notesTop, width: right.width, height: max(0, right.maxY - notesTop))
      let notes = deck.slides[state.slide].notes
      var notesTheme = theme
      notesTheme.colors = Theme.dark.colors
      notesTheme.colors.background = panel
      notesTheme.sizes.body = min(0.5, unit * 1.05 * state.notesScale / page.height)
      let notesEngine = LayoutEngine(theme: notesTheme, measurer: measurer, images: images)
      var context = Context(engine: notesEngine, slide: deck.slides[state.slide], deck: deck, slideRect: page)
      context.contentRect = notesArea
      context.layout = .default
      context.colors = notesTheme.colors
      commands.append(.fill(notesArea, panel))
      let inner = notesArea.insetBy(dx: unit * 0.6, dy: unit * 0.6)
      let blocks = notes.isEmpty
        ? [Block(.paragraph([TextRun("No notes for this slide.", style: .emphasis)]), at: deck.slides[state.slide].location)]
        : notes
      let stack = notesEngine.stack(blocks, width: inner.width, height: inner.height, context: context)
      let lineStep = max(1, page.height * notesTheme.sizes.body * 1.3)
      let scrollLimit = inner.height > 0 ? max(0, Int(((stack.height - inner.height) / lineStep).rounded(.up))) : 0
      let scrolled = min(state.notesScroll, scrollLimit)
      let offset = min(Double(scrolled) * lineStep, max(0, stack.height - inner.height))
      commands.append(.pushClip(notesArea))
      // Only what shows: long notes would otherwise draw every line into a texture.
      commands += stack.pieces.map { $0.moved(dx: inner.x, dy: inner.y - offset).command }.filter {
        $0.verticalExtent.map { $0.bottom > notesArea.y && $0.top < notesArea.maxY } ?? true
      }
      commands.append(.popClip)
      // Arrows say there is more above or below.
      let arrowSize = unit * 0.9
      if scrolled < scrollLimit {
        let label = "▼ more"
        let width = measurer.width(of: label, font: FontSpec(family: family, size: arrowSize))
        commands.append(.fill(Rect(x: notesArea.maxX - width - unit * 0.9, y: notesArea.maxY - arrowSize * 1.6, width: width + unit * 0.6, height: arrowSize * 1.5), panel))
        _ = text(label, x: notesArea.maxX - width - unit * 0.6, y: notesArea.maxY - arrowSize * 1.5, size: arrowSize, color: accent)
      }
      if scrolled > 0 {
        let label = "▲"
        let width = measurer.width(of: label, font: FontSpec(family: family, size: arrowSize))
        _ = text(label, x: notesArea.maxX - width - unit * 0.6, y: notesArea.y + unit * 0.2, size: arrowSize, color: accent)
      }
      return (current, notesArea, scrollLimit)
    }

    // The overview: every slide in a grid, the selection framed, the current slide marked.
    func overview(selection: Int) -> (cells: [ConsoleFrame.OverviewCell], columns: Int) {
      let columns = max(2, min(7, Int(area.width / (unit * 13))))
      let gap = unit * 0.8
      let cellWidth = ((area.width - gap * Double(columns - 1)) / Double(columns)).rounded(.down)
      let thumbHeight = (cellWidth / deck.metadata.aspect.value).rounded(.down)
      let labelSize = unit * 0.85
      let rowHeight = thumbHeight + labelSize * 1.6 + gap
      let keysHeight = unit * 1.6
      let visibleRows = max(1, Int((area.height - keysHeight + gap) / rowHeight))
      let lastRow = (deck.slides.count - 1) / columns
      let firstRow = max(0, min(selection / columns - (visibleRows - 1) / 2, lastRow - visibleRows + 1))
      var cells: [ConsoleFrame.OverviewCell] = []
      let border = max(2, (unit * 0.18).rounded())
      for index in (firstRow * columns)..<min(deck.slides.count, (firstRow + visibleRows) * columns) {
        let x = (area.x + Double(index % columns) * (cellWidth + gap)).rounded()
        let y = (area.y + Double(index / columns - firstRow) * rowHeight).rounded()
        let cell = Rect(x: x, y: y, width: cellWidth, height: thumbHeight)
        if index == selection {
          commands.append(.fill(cell.insetBy(dx: -border * 2, dy: -border * 2), accent))
        }
        let last = max(0, deck.slides[index].stepCount - 1)
        let thumbnail = layout(
          slideAt: index, in: deck, step: last, size: PixelSize(width: Int(cellWidth), height: Int(thumbHeight)),
          cache: frames)
        commands.append(.layer(LayerItem(key: Self.layerKey(slide: index, step: last), x: x, y: y, frame: thumbnail)))
        let label = "\(index + 1)  \(deck.slides[index].title ?? "")" + (index == state.slide ? "  · now" : "")
        commands.append(.pushClip(Rect(x: x, y: cell.maxY, width: cellWidth, height: labelSize * 1.6)))
        _ = text(
          label, x: x, y: cell.maxY + labelSize * 0.3, size: labelSize, color: index == state.slide ? accent : muted,
          bold: index == selection)
        commands.append(.popClip)
        cells.append(ConsoleFrame.OverviewCell(slide: index, rect: cell))
      }
      let keys = "← → ↑ ↓ choose  ·  a number  ·  ⏎ go there  ·  Esc back to the talk  ·  Alt+← undo a jump"
      _ = text(keys, x: area.x, y: area.maxY - keysHeight + unit * 0.4, size: unit * 0.9, color: muted)
      return (cells, columns)
    }

    var placed = (current: Rect(x: 0, y: 0, width: 0, height: 0), notes: Rect(x: 0, y: 0, width: 0, height: 0), scrollLimit: 0)
    var grid: (cells: [ConsoleFrame.OverviewCell], columns: Int) = ([], 0)
    if let selection = state.overviewSelection {
      grid = overview(selection: selection)
    } else {
      placed = slidesAndNotes()
    }

    // Everything above changes with the slide, the rest with the clock: the slide part is one
    // layer, kept as a texture, so a tick of the clock or a prepared slide change redraws little.
    var body = SlideFrame(size: size, slideRect: page, commands: commands)
    commands = [.layer(LayerItem(key: "console \(body.hashValue)", x: 0, y: 0, frame: body))]
    if let (band, problem, size) = problemBand {
      commands.append(.fill(band, RGBAColor(red: 0x5A, green: 0x14, blue: 0x14)))
      commands.append(.pushClip(band))
      // A long message (a deep path, a long YAML error) ends in an ellipsis rather than at the edge.
      let font = FontSpec(family: family, size: size, bold: true)
      let room = band.width - 2 * margin
      var shown = problem
      if measurer.width(of: problem, font: font) > room {
        // The longest prefix that fits with its ellipsis, found by halving.
        let characters = Array(problem)
        var fits = 0
        var tooLong = characters.count
        while tooLong - fits > 1 {
          let middle = (fits + tooLong) / 2
          if measurer.width(of: String(characters[..<middle]) + "…", font: font) <= room { fits = middle } else { tooLong = middle }
        }
        shown = String(characters[..<fits]).trimmingCharacters(in: .whitespaces) + "…"
      }
      _ = text(shown, x: margin, y: band.y + size * 0.3, size: size, color: ink, bold: true)
      commands.append(.popClip)
    }
    // The laser dot moves with the mouse: drawn over the layer, not in it.
    if let laser = state.laser, placed.current.width > 0 { commands += laser.dot(in: placed.current) }
    var x = margin
    x += text(ConsoleStatus.format(status.elapsed), x: x, y: barTextY, size: big, color: ink, bold: true)
    x += unit * 1.5
    if let duration = status.duration {
      let remaining = Double(duration.seconds) - status.elapsed
      let color = remaining < 0 ? danger : remaining <= status.warningMinutes * 60 ? warning : muted
      let label = remaining < 0 ? "overtime \(ConsoleStatus.format(-remaining))" : "\(ConsoleStatus.format(remaining)) left"
      x += text(label, x: x, y: barTextY + (big - unit * 1.3) / 2, size: unit * 1.3, color: color)
      x += unit * 1.5
    }
    if !state.timer.isRunning && state.timer.started {
      x += text("paused", x: x, y: barTextY + (big - unit * 1.3) / 2, size: unit * 1.3, color: warning)
      x += unit * 1.5
    }
    if let offset = status.paceOffset, state.timer.started {
      // Against the plan: amber when behind, red when more than a minute behind.
      let good = RGBAColor(red: 0x6C, green: 0xCB, blue: 0x7A)
      let (label, color): (String, RGBAColor) =
        offset >= 1
        ? ("behind \(ConsoleStatus.format(offset))", offset > 60 ? danger : warning)
        : offset <= -1 ? ("ahead \(ConsoleStatus.format(-offset))", good) : ("on time", good)
      x += text(label, x: x, y: barTextY + (big - unit * 1.3) / 2, size: unit * 1.3, color: color, bold: true)
      x += unit * 1.5
    }
    if let end = status.plannedEnd {
      x += text("ends \(end)", x: x, y: barTextY + (big - unit * 1.3) / 2, size: unit * 1.3, color: muted)
      x += unit * 1.5
    }
    let clockWidth = measurer.width(of: status.clock, font: FontSpec(family: family, size: big))
    _ = text(status.clock, x: page.width - margin - clockWidth, y: barTextY, size: big, color: ink)

    body.commands = commands
    return ConsoleFrame(
      frame: body, currentSlide: placed.current, notes: placed.notes, notesScrollLimit: placed.scrollLimit,
      overview: grid.cells, overviewColumns: grid.columns)
  }
}
