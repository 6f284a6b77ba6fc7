import Foundation

/// Everything a talk's input changes: one value that both windows draw from.
public struct PresentationState: Hashable, Sendable {
  /// What the audience window shows.
  public enum AudienceView: Hashable, Sendable {
    case slide(slide: Int, step: Int)
    case black
    case white
  }

  public enum Blank: String, Hashable, Sendable {
    case black, white
  }

  /// A slide and build step, 0-based.
  public struct Position: Hashable, Sendable {
    public var slide: Int
    public var step: Int

    public init(slide: Int, step: Int) {
      self.slide = slide
      self.step = step
    }
  }

  /// Build steps of each slide, from the deck.
  public private(set) var stepCounts: [Int]
  /// Slides left out of the talk (`<!-- skip -->`): next and previous pass over them; a jump by
  /// number or from the overview still shows one.
  public private(set) var hidden: Set<Int> = []
  /// 0-based slide and step the presenter is on.
  public private(set) var slide = 0
  public private(set) var step = 0
  public private(set) var blank: Blank?
  /// The position the audience stays on while frozen.
  public private(set) var frozen: Position?
  public private(set) var timer = TalkTimer()
  /// Digits typed for a jump, shown on the console until Enter or Esc.
  public private(set) var jumpEntry = ""
  /// The console over the slides in mirrored mode (Tab).
  public private(set) var consoleInMirror = false
  /// The speaker's m and s keys, applied on top of the command-line options.
  public private(set) var mirrorToggled = false
  public private(set) var swapToggled = false
  public private(set) var notesScale = 1.0
  /// Lines the notes are scrolled down by from where the part of the step on show begins
  /// (the top, for notes of one part); back to it when the slide or the part changes.
  public private(set) var notesScroll = 0
  /// How far the notes can scroll down and back up, as the console last laid them out.
  public private(set) var notesScrollLimit = Int.max
  public private(set) var notesScrollFloor = 0
  /// The console's arrangement by window size (`ConsoleArrangement`; the session changes it).
  public var arrangements = ConsoleArrangements()
  /// Each slide's `Slide.notesParts`, so that a step into another part of the notes brings it
  /// into view (empty: one part on every slide).
  public var notesParts: [[Int]] = []
  /// The slide selected in the overview (0-based); nil while the overview is closed.
  public private(set) var overviewSelection: Int?
  /// Columns of the overview grid, as the console last laid it out (for Up and Down).
  public private(set) var overviewColumns = 4
  /// The laser pointer (`x`) and where it points on the slide; shown only while both are set.
  public private(set) var pointerOn = false
  /// Whether the speaker hid the phone remote's pairing card (Shift+R).
  public private(set) var remoteCardHidden = false
  /// Where a recording shows the camera's picture (`--record --camera`).
  public private(set) var cameraCorner = CameraCorner.bottomRight
  public private(set) var pointer: SlidePoint?
  /// Zoom, spotlight, dimming and the laser's trail (SpeakerTools.swift).
  public internal(set) var tools = SpeakerTools()
  /// Where the speaker was before each jump, latest last: Alt+Left goes back.
  public private(set) var history: [Position] = []
  /// When q was pressed, waiting for the second press.
  public private(set) var quitArmedAt: Double?
  public private(set) var shouldQuit = false

  /// Two presses of q within this many seconds quit; one stray press never ends a talk.
  public static let quitWindow = 2.0

  public init(stepCounts: [Int], hidden: Set<Int> = [], notesScale: Double = 1) {
    self.stepCounts = stepCounts.isEmpty ? [1] : stepCounts.map { max(1, $0) }
    self.hidden = hidden
    self.notesScale = max(0.5, min(3, notesScale))
    slide = firstShown ?? 0
  }

  /// The first slide in the talk; nil when every slide is hidden.
  private var firstShown: Int? { (0..<slideCount).first { !hidden.contains($0) } }

  /// The nearest slide after (or before) `slide` that is in the talk.
  private func shown(after slide: Int) -> Int? {
    ((slide + 1)..<slideCount).first { !hidden.contains($0) }
  }

  private func shown(before slide: Int) -> Int? {
    (0..<slide).last { !hidden.contains($0) }
  }

  public var slideCount: Int { stepCounts.count }

  public var audienceView: AudienceView {
    if let blank { return blank == .black ? .black : .white }
    return audienceViewUnblanked
  }

  /// The slide the room sees, or would see with the blank lifted.
  public var audienceViewUnblanked: AudienceView {
    if let frozen { return .slide(slide: frozen.slide, step: frozen.step) }
    return .slide(slide: slide, step: step)
  }

  /// The slide of `audienceViewUnblanked`: the one whose clips and animations play.
  public var roomSlide: Int { frozen?.slide ?? slide }

  public var isFrozen: Bool { frozen != nil }

  /// Where the laser dot is, when the pointer is on and over the slide.
  public var laser: SlidePoint? { pointerOn ? pointer : nil }

  /// Whether the q key has been pressed once and a second press now quits.
  public func isQuitArmed(at now: Double) -> Bool {
    guard let armed = quitArmedAt else { return false }
    return now - armed <= Self.quitWindow
  }

  public var position: Position { Position(slide: slide, step: step) }

  /// The next position to show after the current one: the next step, else the next slide.
  public var upcoming: Position? {
    if step + 1 < stepCounts[slide] { return Position(slide: slide, step: step + 1) }
    return shown(after: slide).map { Position(slide: $0, step: 0) }
  }

  /// Applies one command at time `now` (seconds on the talk's clock). Returns whether anything
  /// changed, so the windows redraw only when needed.
  @discardableResult
  public mutating func apply(_ command: PresentationCommand, at now: Double) -> Bool {
    let before = self
    if command != .quit && command != .terminate { quitArmedAt = nil }
    defer {
      // A jump (not a step to the neighbour) is remembered, so Alt+Left can undo it.
      if command != .back, position != before.position,
        !Self.isNeighbour(before.position, position, counts: stepCounts, hidden: hidden)
      {
        history.append(before.position)
        if history.count > 50 { history.removeFirst() }
      }
      if slide != before.slide || notesPart != before.notesPart { notesScroll = 0 }
      if position != before.position { tools.slideChanged() }
    }
    switch command {
    case .next:
      if !jumpEntry.isEmpty {
        commitJump()
      } else if let upcoming {
        timer.startIfNeeded(at: now)
        (slide, step) = (upcoming.slide, upcoming.step)
      }
    case .previous:
      jumpEntry = ""
      if step > 0 {
        step -= 1
      } else if let earlier = shown(before: slide) {
        slide = earlier
        step = stepCounts[slide] - 1
      }
    case .first:
      jumpEntry = ""
      (slide, step) = (firstShown ?? 0, 0)
    case .last:
      jumpEntry = ""
      slide = (0..<slideCount).last { !hidden.contains($0) } ?? slideCount - 1
      step = stepCounts[slide] - 1
    case .goTo(let number):
      jumpEntry = ""
      if (1...slideCount).contains(number) {
        timer.startIfNeeded(at: now)
        (slide, step) = (number - 1, 0)
      }
    case .digit(let digit):
      if jumpEntry.count < 6 { jumpEntry += String(digit) }
      // In the overview the selection follows the number being typed.
      if overviewSelection != nil, let number = Int(jumpEntry), (1...slideCount).contains(number) {
        overviewSelection = number - 1
      }
    case .cancel:
      // Esc clears a half-typed jump; otherwise, as clickers send it, it toggles black.
      if jumpEntry.isEmpty { blank = blank == .black ? nil : .black } else { jumpEntry = "" }
    case .toggleBlack:
      blank = blank == .black ? nil : .black
    case .toggleWhite:
      blank = blank == .white ? nil : .white
    case .toggleFreeze:
      frozen = frozen == nil ? position : nil
    case .toggleTimer:
      timer.toggle(at: now)
    case .resetTimer:
      timer.reset(at: now)
    case .toggleConsole:
      consoleInMirror.toggle()
    case .toggleMirror:
      mirrorToggled.toggle()
    case .swapDisplays:
      swapToggled.toggle()
    case .largerNotes:
      notesScale = min(3, notesScale * 1.15)
    case .smallerNotes:
      notesScale = max(0.5, notesScale / 1.15)
    case .toggleOverview:
      jumpEntry = ""
      overviewSelection = overviewSelection == nil ? slide : nil
    case .moveSelection(let delta):
      if let selection = overviewSelection {
        overviewSelection = max(0, min(slideCount - 1, selection + delta))
      }
    case .moveSelectionRows(let rows):
      if let selection = overviewSelection {
        let moved = selection + rows * overviewColumns
        if (0..<slideCount).contains(moved) { overviewSelection = moved }
      }
    case .chooseSelection:
      if let selection = overviewSelection {
        let number = Int(jumpEntry) ?? (selection + 1)
        jumpEntry = ""
        overviewSelection = nil
        if (1...slideCount).contains(number) {
          timer.startIfNeeded(at: now)
          (slide, step) = (number - 1, 0)
        }
      }
    case .chooseSlide(let index):
      overviewSelection = nil
      jumpEntry = ""
      if (0..<slideCount).contains(index) {
        timer.startIfNeeded(at: now)
        (slide, step) = (index, 0)
      }
    case .back:
      jumpEntry = ""
      if let previous = history.popLast() {
        slide = min(previous.slide, slideCount - 1)
        step = min(previous.step, stepCounts[slide] - 1)
      }
    case .togglePointer:
      pointerOn.toggle()
    case .pointAt(let point):
      pointer = point
    case .scrollNotes(let lines):
      notesScroll = max(notesScrollFloor, min(notesScrollLimit, notesScroll + lines))
    case .terminate:
      shouldQuit = true
    case .toggleRemoteCard:
      remoteCardHidden.toggle()
    case .moveCamera:
      cameraCorner = cameraCorner.next
    case .toggleAuto:
      // The session's (`AutoAdvance`): where the talk is stays.
      break
    case .ink, .arrange:
      // The session's ink (`TalkInk`) and console arrangement: where the talk is stays.
      break
    case .video:
      // The players' business (TalkSession hands it to the loop): where the talk is stays.
      break
    case .tool(let tool):
      tools.apply(tool, at: now)
    case .quit:
      if isQuitArmed(at: now) {
        shouldQuit = true
      } else {
        quitArmedAt = now
      }
    }
    return before != self
  }

  /// Whether `to` is one press of next or previous away from `from`.
  private static func isNeighbour(
    _ from: Position, _ to: Position, counts: [Int], hidden: Set<Int>
  ) -> Bool {
    // Hidden slides count for nothing: passing over them is a step, not a jump.
    func index(_ position: Position) -> Int {
      (0..<position.slide).reduce(0) { $0 + (hidden.contains($1) ? 0 : counts[$1]) }
        + position.step
    }
    return abs(index(from) - index(to)) <= 1
  }

  /// Tells the state how many columns the overview grid has, for Up and Down.
  public mutating func setOverviewColumns(_ columns: Int) {
    overviewColumns = max(1, columns)
  }

  /// Tells the state how far the notes on screen can scroll, so that scrolling past their end
  /// does not pile up lines that must be scrolled back first.
  public mutating func limitNotesScroll(to limit: Int, floor: Int = 0) {
    notesScrollFloor = min(0, floor)
    notesScrollLimit = max(notesScrollFloor, limit)
    notesScroll = max(notesScrollFloor, min(notesScroll, notesScrollLimit))
  }

  /// The part of the current slide's notes that goes with the step on show.
  var notesPart: Int? {
    slide < notesParts.count ? Slide.notesPart(at: step, of: notesParts[slide]) : nil
  }

  /// Follows `deck` read again or given whiteboard pages: its steps, skipped slides and notes
  /// parts, the place kept as `replaceDeck(stepCounts:hidden:)` keeps it.
  public mutating func replaceDeck(_ deck: Deck) {
    replaceDeck(stepCounts: deck.slides.map(\.stepCount), hidden: deck.hiddenSlides)
    notesParts = deck.slides.map(\.notesParts)
  }

  /// Keeps the place when the deck is reloaded with other slides: clamped to what exists.
  public mutating func replaceDeck(stepCounts newCounts: [Int], hidden newHidden: Set<Int> = []) {
    stepCounts = newCounts.isEmpty ? [1] : newCounts.map { max(1, $0) }
    hidden = newHidden
    clampPlace()
  }

  /// Moves to `slide` and `step` (0-based), as far as that slide has the step: a reloaded PDF's
  /// slide found again by its label.
  public mutating func relocate(toSlide slide: Int, step: Int) {
    guard slide >= 0, slide < slideCount else { return }
    (self.slide, self.step) = (slide, max(0, step))
    clampPlace()
  }

  /// Puts the talk back where its journal left it (`--resume`): the place, blanking, freeze and
  /// the clock reading `saved.elapsed` at `now`, running if it ran. Clamped to the deck as it is
  /// now, as a reload clamps, when slides went while the talk was down.
  public mutating func restore(_ saved: JournalState, at now: Double) {
    (slide, step) = (max(0, saved.slide), max(0, saved.step))
    blank = saved.blank
    frozen = saved.frozen
    timer = TalkTimer(
      elapsed: saved.elapsed, running: saved.running, started: saved.started, at: now)
    (jumpEntry, overviewSelection, history, quitArmedAt) = ("", nil, [], nil)
    clampPlace()
  }

  /// Keeps the place, the frozen place and the overview's selection on slides and steps that
  /// exist.
  private mutating func clampPlace() {
    slide = min(slide, slideCount - 1)
    step = min(step, stepCounts[slide] - 1)
    if let position = frozen {
      let frozenSlide = min(max(0, position.slide), slideCount - 1)
      frozen = Position(
        slide: frozenSlide, step: min(max(0, position.step), stepCounts[frozenSlide] - 1))
    }
    // An open overview keeps a slide that exists selected, so Enter still jumps.
    if let selection = overviewSelection { overviewSelection = min(selection, slideCount - 1) }
  }

  private mutating func commitJump() {
    if let number = Int(jumpEntry), (1...slideCount).contains(number) {
      (slide, step) = (number - 1, 0)
    }
    jumpEntry = ""
  }
}

/// The talk's stopwatch: starts on the first advance, pauses and resumes, and survives every
/// display change because it lives in the state, not in a window.
public struct TalkTimer: Hashable, Sendable {
  /// Seconds counted before the current run.
  public private(set) var accumulated = 0.0
  /// When the current run started; nil while paused or not started.
  public private(set) var runningSince: Double?
  public private(set) var started = false

  public init() {}

  /// A clock that reads `elapsed` at `now`, running from there or paused.
  public init(elapsed: Double, running: Bool, started: Bool, at now: Double) {
    accumulated = max(0, elapsed)
    runningSince = running ? now : nil
    self.started = started || running
  }

  public var isRunning: Bool { runningSince != nil }

  public func elapsed(at now: Double) -> Double {
    accumulated + (runningSince.map { max(0, now - $0) } ?? 0)
  }

  mutating func startIfNeeded(at now: Double) {
    guard !started else { return }
    started = true
    runningSince = now
  }

  mutating func toggle(at now: Double) {
    if let since = runningSince {
      accumulated += max(0, now - since)
      runningSince = nil
    } else {
      started = true
      runningSince = now
    }
  }

  mutating func reset(at now: Double) {
    accumulated = 0
    if runningSince != nil { runningSince = now }
  }
}
