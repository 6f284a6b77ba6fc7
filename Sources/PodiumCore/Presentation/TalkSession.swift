import Foundation

/// An input to a talk, from whichever window it arrived in: the windows are only where input
/// lands, and the audience's takes none of its own.
public enum TalkInput: Hashable, Sendable {
  /// A key press, with the modifiers held (repeats are not inputs).
  case key(Key)
  /// A mouse button pressed at (`x`, `y`) of window `window`.
  case click(MouseButton, x: Double, y: Double, window: UInt32)
  /// The wheel turned by `lines` (positive: down, towards later slides) with the pointer at
  /// (`x`, `y`) of `window`.
  case wheel(lines: Int, x: Double, y: Double, window: UInt32)
  /// The pointer moved to (`x`, `y`) of `window`.
  case pointerMoved(x: Double, y: Double, window: UInt32)
  /// The window system asked the program to end (Ctrl+C, SIGTERM, a closed window).
  case terminate
  /// A mouse button released at (`x`, `y`) of `window`: the pen comes up.
  case release(MouseButton, x: Double, y: Double, window: UInt32)
  /// A finger or a pen on a touch screen or tablet, at (`x`, `y`) of `window`, with its
  /// pressure (0...1) where the device reports one.
  case touch(TouchPhase, x: Double, y: Double, pressure: Double?, window: UInt32)

  public enum TouchPhase: Hashable, Sendable {
    case down, move, up
  }

  public enum MouseButton: Hashable, Sendable {
    case left, right, other
  }
}

/// One talk as a value: the deck on show and its theme, the presentation state, the rehearsal
/// recorder, the deck's version and why the file on disk cannot be shown. Inputs go in through
/// `handle(_:at:)` and edits through `reload(using:clock:)`; the SDL loop turns events into
/// inputs and draws what the session holds, so all of this is tested without a window.
public struct TalkSession: Sendable {
  /// The deck file, read again on `reload`.
  public let path: String
  /// The deck on show: the file's, with the whiteboard pages the speaker put in
  /// (`Whiteboard`, TalkSession+Ink.swift).
  public internal(set) var deck: Deck
  /// The deck as the file has it, without those pages.
  public private(set) var deckAsRead: Deck
  public private(set) var theme: Theme
  public internal(set) var state: PresentationState
  /// Time on each slide and step while the timer runs: what `podium rehearse` keeps.
  public internal(set) var recorder: RehearsalRecorder
  /// The speaker's key bindings and notes size.
  public let configuration: Configuration
  /// Why the deck on disk cannot be shown (file:line:col: message, or that the file is gone): on
  /// the console only, while the audience keeps the last good version.
  public private(set) var reloadProblem: String?
  /// A saved office deck still being converted while the room keeps the version before it: how
  /// far LibreOffice has come, for the console.
  public private(set) var savedConversion: DeckConversion?
  /// Counts the good versions of the deck shown in this talk (1 is the one it started with): the
  /// trace names it on every frame, so a reader sees that a broken edit never reached the room.
  public internal(set) var deckVersion = 1
  /// When the reloaded file was written (seconds since 1970), until its first frame is shown.
  public private(set) var reloadWrittenAt: Double?
  /// Where each window's console parts were last drawn, by window id.
  var regions: [UInt32: ConsoleRegions] = [:]
  /// The console splitter being dragged (TalkSession+Console.swift).
  var splitterDrag: SplitterDrag?
  /// A talk of this deck that did not end, which the speaker may take up (Enter) or leave (Esc,
  /// or moving on); until then the audience sees the first slide and nothing is journaled.
  public private(set) var resumeOffer: ResumeOffer?
  /// Why the journal cannot be kept: on the console only, while the talk goes on.
  public private(set) var journalProblem: String?
  /// The speaker's answer to the offer, for the trace.
  private var answers: [TraceEvent] = []
  /// Whiteboard pages put in or taken away since the loop last took them, for the trace.
  var events: [TraceEvent] = []
  /// What the speaker asked of the videos since the loop last took it.
  private var videoCommands: [VideoCommand] = []
  /// The pen, the highlighter and their strokes (TalkSession+Ink.swift).
  public internal(set) var ink = TalkInk()
  /// Whether the talk keeps its ink (`startInk`): `--resume` takes the journal's then.
  public internal(set) var keepsInk = false
  /// Where each one-screen window drew the slide, by window id: ink is drawn there.
  var slideViews: [UInt32: Rect] = [:]
  /// The deck running itself (`--auto`, `--kiosk`, `advance` directives), nil for a talk the
  /// speaker moves alone (TalkSession+Auto.swift).
  public internal(set) var autoAdvance: AutoAdvance?

  /// A session on a loaded deck that has slides and no errors.
  public init(
    path: String, deck: Deck, theme: Theme, configuration: Configuration = Configuration()
  ) {
    self.path = path
    self.deck = deck
    deckAsRead = deck
    self.theme = theme
    self.configuration = configuration
    let counts = deck.slides.map(\.stepCount)
    state = PresentationState(
      stepCounts: counts, hidden: deck.hiddenSlides, notesScale: configuration.notesScale)
    recorder = RehearsalRecorder(stepCounts: counts)
    ink = TalkInk(deck: deck)
    state.tools = SpeakerTools(laserTrail: configuration.laserTrail)
    state.notesParts = deck.slides.map(\.notesParts)
    state.arrangements = configuration.console
  }

  /// The deck, its theme file and its images: what live reload watches.
  public var watchedFiles: [String] {
    LoadedDeck.watchedFiles(deckAt: path, deck) + (savedConversion?.pending ?? [])
  }

  /// What an input did: whether anything on screen changes, and whether the displays' roles
  /// must be chosen again (mirror or swap toggled).
  public struct Outcome: Hashable, Sendable {
    public var changed: Bool
    public var restage: Bool

    public init(changed: Bool, restage: Bool) {
      self.changed = changed
      self.restage = restage
    }

    public static let none = Outcome(changed: false, restage: false)
    /// Something to draw again, with the roles as they are.
    public static let redraw = Outcome(changed: true, restage: false)
    /// Displays changed: roles chosen again, then everything drawn.
    public static let restage = Outcome(changed: true, restage: true)
  }

  public mutating func handle(_ input: TalkInput, at now: Double) -> Outcome {
    if let offer = resumeOffer, case .key(let key) = input, key.modifiers.isEmpty {
      if key.code == .named(.return) || key.code == .named(.keypadEnter) {
        resume(offer.journal, clock: offer.clock, at: now, wall: offer.wall(at: now))
        return .redraw
      }
      if key.code == .named(.escape) {
        declineResume(reason: "esc")
        return .redraw
      }
    }
    if let kiosk = kioskOutcome(of: input, at: now) { return kiosk }
    let before = JournalState(state, at: now)
    let auto = autoAdvance
    let outcome = outcome(of: input, at: now)
    if outcome.changed { recorder.observe(state, at: now) }
    if outcome.changed, auto == autoAdvance { speakerTookOver(with: input) }
    // Moving on (a slide, blanking, the clock) is a new talk: the offer goes.
    if resumeOffer != nil, !JournalState(state, at: now).samePlace(as: before) {
      declineResume(reason: "moved on")
    }
    return outcome
  }

  // MARK: - Resuming

  /// How the clock resumes: as it read at the crash, or with the time Podium was down added.
  public enum ResumeClock: String, CaseIterable, Hashable, Sendable {
    case talk, wall
  }

  /// A talk the console offers to take up.
  public struct ResumeOffer: Hashable, Sendable {
    public var journal: TalkJournal
    public var clock: ResumeClock
    /// When it was offered, on the talk's clock and in seconds since 1970.
    public var offeredAt: Double
    public var offeredWall: Double

    /// The wall clock at `now` on the talk's clock.
    func wall(at now: Double) -> Double { offeredWall + max(0, now - offeredAt) }
  }

  /// Asks the speaker whether to take up `journal`'s talk (the console shows its prompt).
  @discardableResult
  public mutating func offerResume(
    _ journal: TalkJournal, clock: ResumeClock, at now: Double, wall: Double
  ) -> TraceEvent {
    resumeOffer = ResumeOffer(journal: journal, clock: clock, offeredAt: now, offeredWall: wall)
    let saved = journal.state ?? JournalState(slide: 0, step: 0)
    let event = TraceEvent.resumeOffered(
      .init(
        slide: saved.slide + 1, step: saved.step + 1, elapsed: saved.elapsed,
        age: (max(0, wall - journal.updated) * 10).rounded() / 10))
    answers.append(event)
    return event
  }

  /// Takes up the talk `journal` left: the place, blanking, freeze and the clock (as it read
  /// then; with `.wall`, plus the time Podium was down while it ran), clamped to the deck as it
  /// is now; a rehearsal's times so far too. `wall` is seconds since 1970.
  @discardableResult
  public mutating func resume(
    _ journal: TalkJournal, clock: ResumeClock, at now: Double, wall: Double
  ) -> TraceEvent {
    resumeOffer = nil
    var saved = journal.state ?? JournalState(slide: 0, step: 0)
    let downtime = max(0, wall - journal.updated)
    if clock == .wall && saved.running { saved.elapsed += downtime }
    // The ink first: whiteboard pages it has are slides the saved place counts.
    let boards = ink.ink.boards
    if keepsInk, ink.resume(journal.ink) > 0, ink.ink.boards != boards {
      showBoards()
      recorder.replaceDeck(stepCounts: state.stepCounts)
      events.append(.deck(TraceEvent.DeckShown(self)))
    }
    state.restore(saved, at: now)
    if journal.talk == .rehearse { recorder.restore(journal.spent) }
    recorder.observe(state, at: now)
    let event = TraceEvent.resumed(
      .init(
        slide: state.slide + 1, step: state.step + 1, blank: state.blank?.rawValue ?? "none",
        frozen: state.isFrozen, elapsed: (state.timer.elapsed(at: now) * 1000).rounded() / 1000,
        running: state.timer.isRunning, downtime: (downtime * 10).rounded() / 10,
        clamped: state.slide != saved.slide || state.step != saved.step,
        ink: keepsInk ? ink.ink.generation : nil))
    answers.append(event)
    return event
  }

  private mutating func declineResume(reason: String) {
    resumeOffer = nil
    answers.append(.resumeDeclined(.init(reason: reason)))
  }

  /// The offers and answers since the last call, for the trace.
  public mutating func takeResumeAnswers() -> [TraceEvent] {
    defer { answers = [] }
    return answers
  }

  /// The pages put in or taken away since the last call, for the trace: before the frames
  /// that show the deck's new version.
  public mutating func takeEvents() -> [TraceEvent] {
    defer { events = [] }
    return events
  }

  /// What the speaker asked of the videos since the last call, in order.
  public mutating func takeVideoCommands() -> [VideoCommand] {
    defer { videoCommands = [] }
    return videoCommands
  }

  /// The journal cannot be written (`nil`: it can again); the console says so.
  public mutating func journalFailed(_ problem: String?) {
    journalProblem = problem
  }

  mutating func outcome(of input: TalkInput, at now: Double) -> Outcome {
    func apply(_ command: PresentationCommand) -> Outcome {
      Outcome(changed: state.apply(command, at: now), restage: false)
    }
    // Zoom, spotlight and dimming take the mouse and Esc while they are on (TalkSession+Tools).
    if let commands = toolCommands(for: input) {
      return Outcome(changed: commands.map(apply).contains { $0.changed }, restage: false)
    }
    switch input {
    case .terminate:
      return apply(.terminate)
    case .key(let key):
      let overview = state.overviewSelection != nil
      guard let command = configuration.command(for: key, inOverview: overview) else {
        return .none
      }
      if case .ink(let inkCommand) = command { return applyInk(inkCommand, at: now) }
      if case .arrange(let arranging) = command { return arrange(arranging) }
      if command == .toggleAuto { return toggleAutoAdvance(at: now) }
      // `--loop`: on from the last step is the first slide, by hand as by itself.
      if command == .next, autoAdvance?.loop == true, state.upcoming == nil,
        state.jumpEntry.isEmpty, state.overviewSelection == nil
      {
        return apply(.first)
      }
      if case .video(let video) = command {
        videoCommands.append(video)
        return .redraw
      }
      // `0` with no number being typed (no slide number starts with it): the clip from its start.
      if command == .digit(0), state.jumpEntry.isEmpty, state.overviewSelection == nil {
        videoCommands.append(.restart)
        return .redraw
      }
      let before = (state.mirrorToggled, state.swapToggled)
      let changed = state.apply(command, at: now)
      return Outcome(changed: changed, restage: before != (state.mirrorToggled, state.swapToggled))
    case .click(let button, let x, let y, let window):
      if button == .left,
        let tool = regions[window]?.inkTools.first(where: {
          $0.rect.contains(x: x, y: y)
        })
      {
        return applyInk(tool.command, at: now)
      }
      if button == .left, splitterPress(x: x, y: y, window: window) { return .redraw }
      if button == .left, inkPress(x: x, y: y, pressure: nil, window: window) { return .redraw }
      guard state.overviewSelection != nil else {
        return apply(button == .right ? .previous : .next)
      }
      // In the overview a click picks a slide; a click beside the grid does nothing.
      guard button == .left,
        let cell = regions[window]?.overview.first(where: { $0.rect.contains(x: x, y: y) })
      else { return .none }
      return apply(.chooseSlide(cell.slide))
    case .release, .touch:
      if case .release = input, splitterRelease() { return .redraw }
      return inkInput(input, at: now)
    case .pointerMoved(let x, let y, let window):
      if let moved = splitterMove(x: x, y: y) { return moved }
      if ink.drawing != nil { return inkMove(x: x, y: y, pressure: nil, window: window) }
      // With the pointer on, the mouse over the console's view of the slide moves the dot on
      // the audience's slide; off that view the dot goes.
      guard state.pointerOn, let view = regions[window]?.currentSlide else { return .none }
      return apply(.pointAt(state.tools.viewport.slidePoint(underX: x, y: y, in: view)))
    case .wheel(let lines, let x, let y, let window):
      guard lines != 0 else { return .none }
      if state.overviewSelection != nil { return apply(.moveSelectionRows(lines)) }
      // Over the notes the wheel scrolls them; anywhere else it moves through the slides.
      if let notes = regions[window]?.notes, notes.contains(x: x, y: y) {
        return apply(.scrollNotes(lines * 2))
      }
      return apply(lines > 0 ? .next : .previous)
    }
  }

  /// Notes the clock, for the rehearsal record, when time passes without input.
  public mutating func observeClock(at now: Double) {
    recorder.observe(state, at: now)
  }

  /// Remembers where a window's console put its parts, and lets the state follow what it
  /// found room for: how far the notes scroll and how many columns the overview has.
  public mutating func consoleDrawn(_ console: ConsoleFrame, in window: UInt32) {
    state.limitNotesScroll(to: console.notesScrollLimit, floor: console.notesScrollFloor)
    if console.overviewColumns > 0 { state.setOverviewColumns(console.overviewColumns) }
    regions[window] = ConsoleRegions(console)
    slideViews[window] = nil
  }

  /// A window that shows no console: nothing there for the mouse to hit.
  public mutating func slideDrawn(in window: UInt32, inkOn slide: Rect? = nil) {
    regions[window] = nil
    slideViews[window] = slide
  }

  /// Where a window shows the current slide for drawing on: the console's view of it, or the
  /// slide of a one-screen talk.
  func inkView(in window: UInt32) -> Rect? {
    guard state.overviewSelection == nil else { return nil }
    return regions[window]?.currentSlide ?? slideViews[window]
  }

  /// The time from the reloaded file's write, once its first frame is on every window.
  public mutating func takeReloadWrittenAt() -> Double? {
    defer { reloadWrittenAt = nil }
    return reloadWrittenAt
  }

  /// Reads the deck again after an edit, through `loader`, and shows it: `readEdit` and
  /// `apply` in one, for callers that may wait for the reading.
  public mutating func reload(using loader: DeckLoader, clock: () -> Double) -> TraceEvent {
    apply(Self.readEdit(of: path, using: loader, clock: clock))
  }

  /// Reads the deck at `path` again after an edit: the slow part of a reload (parsing,
  /// typesetting, image and clip headers), which the talk runs off its loop's thread. `clock`
  /// gives milliseconds, for the time it took.
  public static func readEdit(of path: String, using loader: DeckLoader, clock: () -> Double)
    -> DeckEdit
  {
    let start = clock()
    guard let written = loader.files.modificationTime(of: path) else { return .deleted }
    let loaded = loader.load(path)
    return .loaded(loaded, writtenAt: written, milliseconds: clock() - start)
  }

  /// Shows a deck read again after an edit. A deck that no longer loads keeps the last good one
  /// on the audience and shows the error, with its place, on the console; a good one replaces
  /// it at the same slide (clamped if slides went).
  public mutating func apply(_ edit: DeckEdit) -> TraceEvent {
    let name = URL(fileURLWithPath: path).lastPathComponent
    guard case .loaded(let loaded, let written, let milliseconds) = edit else {
      // Deleted, or moved away: an editor's delete-and-recreate, a `git checkout`, a slip in a
      // terminal. The talk goes on with what the room sees; the watcher reloads when it is back.
      let shown = "\(name) was deleted; showing the last good version"
      reloadProblem = shown
      return .reloadFailed(.init(message: "\(path) was deleted", reason: "deleted", console: shown))
    }
    reloadWrittenAt = written
    guard let fresh = loaded.deck, !fresh.slides.isEmpty, !loaded.hasErrors else {
      var problem =
        loaded.diagnostics.first { $0.severity == .error }
        ?? Diagnostic(.error, file: path, at: nil, "the deck has no slides")
      let message = problem.description
      // The console names the file, not its whole path: the place is what the speaker needs.
      problem.file = name
      let shown = "Kept the last good deck · " + problem.description
      reloadProblem = shown
      return .reloadFailed(.init(message: message, console: shown))
    }
    // A saved office deck shows once it is all converted; a deck opened before its conversion
    // ended takes each part as it comes. Until the new version has as many slides as the one on
    // show, the room keeps that one.
    if let conversion = fresh.conversion,
      deck.conversion.map({ conversion.progress.done < $0.progress.done }) ?? true
    {
      savedConversion = conversion
      reloadProblem = nil
      return .converting(.init(done: conversion.progress.done, total: conversion.progress.total))
    }
    savedConversion = nil
    // A PDF's slide is found again by its label (slides added before it move it along);
    // otherwise the place is kept by number, as far as the new deck reaches.
    let label = deck.slides.indices.contains(state.slide) ? deck.slides[state.slide].label : nil
    let step = state.step
    deckAsRead = fresh
    deck = fresh.withWhiteboards(ink.ink.boards)
    theme = loaded.theme
    deckVersion += 1
    ink.follow(deck)
    state.replaceDeck(deck)
    if let label, deck.slides.indices.contains(state.slide),
      deck.slides[state.slide].label != label,
      let found = deck.slides.firstIndex(where: { $0.label == label })
    {
      state.relocate(toSlide: found, step: step)
    }
    recorder.replaceDeck(stepCounts: deck.slides.map(\.stepCount))
    reloadProblem = nil
    return .reload(
      .init(
        slides: deck.slides.count, steps: state.stepCounts, version: deckVersion,
        slide: state.slide + 1, step: state.step + 1, ms: milliseconds))
  }
}
