import CSDL2
import Foundation
import PodiumCore

/// Why a talk cannot start.
public enum PresentationError: Error, CustomStringConvertible {
  case noDisplayServer(String)

  public var description: String {
    switch self {
    case .noDisplayServer(let detail):
      return "no display to present on (\(detail)); is DISPLAY or WAYLAND_DISPLAY set? "
        + "'podium export' renders slides without a display"
    }
  }
}

/// `podium present`: the windows, the event loop and the displays of a talk. All input becomes
/// `PresentationCommand`s on one `PresentationState`; both windows draw from it; display changes
/// re-run `StageAssignment` and rebuild the windows while the state (slide, step, blank, freeze,
/// timer) carries on.
public final class PresentationApp {
  public struct Options {
    public var stage: StageOptions
    /// Overrides the deck's `duration` for the countdown.
    public var duration: TalkDuration?
    public var tracePath: String?
    /// `podium rehearse`: the console alone, on the primary display (or in a window).
    public var rehearse: Bool
    /// How long each slide should take, for "ahead"/"behind" on the console.
    public var pacing: PacingPlan?
    /// Minutes before the end when the countdown turns amber.
    public var warningMinutes: Double
    /// The deck's file: watched, and read again when it or its images change.
    public var deckPath: String?
    /// The speaker's configuration: key bindings and the notes' size.
    public var configuration: Configuration

    public init(
      stage: StageOptions = StageOptions(), duration: TalkDuration? = nil, tracePath: String? = nil,
      rehearse: Bool = false, pacing: PacingPlan? = nil, warningMinutes: Double = 2, deckPath: String? = nil,
      configuration: Configuration = Configuration()
    ) {
      self.configuration = configuration
      self.deckPath = deckPath
      self.stage = stage
      self.duration = duration
      self.tracePath = tracePath
      self.rehearse = rehearse
      self.pacing = pacing
      self.warningMinutes = warningMinutes
    }
  }

  private enum Role: String {
    case presenter, audience
  }

  private struct StageWindow {
    var role: Role
    var display: Int
    var window: Window
  }

  private(set) var deck: Deck
  let options: Options
  private let video: VideoSubsystem
  private let fonts = FontLibrary()
  private let images = ImageLibrary()
  private let measurer: SDLTextMeasurer
  private var engine: LayoutEngine
  private let trace: Trace
  private var state: PresentationState
  private var stage = Stage(mode: .mirrored, presenter: 0, audience: [])
  private var displays: [DisplayInfo] = []
  private var windows: [StageWindow] = []
  private var shown: PresentationState.Position?
  /// Time on each slide and step while the timer runs: what `podium rehearse` keeps.
  public private(set) var recorder: RehearsalRecorder
  /// Slides laid out once per (slide, step, size) for every window.
  private let frames = SlideFrameCache(capacity: 48)
  /// The wall clock on the console, `14:05`; made once, as Foundation's formatters are costly.
  private let clockFormatter: DateFormatter = {
    let formatter = DateFormatter()
    formatter.dateFormat = "HH:mm"
    return formatter
  }()
  /// Watches the deck and its images for live reload.
  private var watcher: DeckWatcher?
  /// Why the deck on disk cannot be shown (file:line:col: message, or that the file is gone): on
  /// the console only, while the audience keeps the last good version.
  private var reloadProblem: String?
  /// Counts the good versions of the deck shown in this talk (1 is the one it started with): the
  /// trace names it on every frame, so a reader sees that a broken edit never reached the room.
  private var deckVersion = 1
  /// When the reloaded file was written (seconds since 1970), until its first frame is shown.
  private var reloadWrittenAt: Double?
  /// Where the notes panel was last drawn, per window id: the wheel scrolls notes there.
  private var notesRects: [UInt32: Rect] = [:]
  /// Where the console's view of the current slide was last drawn, per window id: the pointer.
  private var currentSlideRects: [UInt32: Rect] = [:]
  /// Where the overview's slides were last drawn, per window id: a click picks one.
  private var overviewCells: [UInt32: [ConsoleFrame.OverviewCell]] = [:]

  /// Opens the video system and the trace; throws when there is no display server.
  public init(deck: Deck, theme: Theme, options: Options) throws {
    // A talk's windows must stay put when focus moves to the other screen.
    SDL_SetHint(SDL_HINT_VIDEO_MINIMIZE_ON_FOCUS_LOSS, "0")
    SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
    // Software windows present through the X server's shared memory, not through an OpenGL
    // texture: 2 ms instead of 15 ms for a 1080p frame where OpenGL is Mesa's llvmpipe.
    SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
    // Ctrl+C and SIGTERM must reach SDL, which turns them into a quit. A launcher may hand down
    // a signal mask that blocks them (a test runner's threads do): unblock them.
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    do {
      video = try VideoSubsystem()
    } catch {
      throw PresentationError.noDisplayServer("\(error)")
    }
    // With no display server SDL falls back to its invisible offscreen driver: a talk there
    // would wait for keys nobody can press. Only a driver the user asked for by name is kept.
    let requested = ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"] ?? ""
    if ["offscreen", "dummy"].contains(video.driver) && requested != video.driver {
      throw PresentationError.noDisplayServer("SDL found only its '\(video.driver)' driver")
    }
    self.deck = deck
    self.options = options
    measurer = SDLTextMeasurer(library: fonts)
    engine = LayoutEngine(theme: theme, measurer: measurer, images: images)
    state = PresentationState(stepCounts: deck.slides.map(\.stepCount), notesScale: options.configuration.notesScale)
    recorder = RehearsalRecorder(stepCounts: deck.slides.map(\.stepCount))
    trace = try Trace(path: options.tracePath, start: Self.now())
    if let path = options.deckPath { watcher = DeckWatcher(files: [path] + deck.imagePaths) }
  }

  // MARK: - Live reload

  /// Reads the deck again after an edit. A deck that no longer parses keeps the last good one on
  /// the audience and shows the error, with its place, on the console; a good one replaces it
  /// at the same slide (clamped if slides went).
  private func reload() {
    guard let path = options.deckPath else { return }
    let start = Window.milliseconds()
    let name = URL(fileURLWithPath: path).lastPathComponent
    var info = stat()
    let found = stat(path, &info) == 0
    guard found || errno != ENOENT else {
      // Deleted, or moved away: an editor's delete-and-recreate, a `git checkout`, a slip in a
      // terminal. The talk goes on with what the room sees; the watcher reloads when it is back.
      let shown = "\(name) was deleted; showing the last good version"
      reloadProblem = shown
      trace.record("reload-failed", at: Self.now(), ["message": "\(path) was deleted", "reason": "deleted", "console": shown])
      return
    }
    if found { reloadWrittenAt = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9 }
    let result = DeckParser.parse(fileAt: path)
    var diagnostics = result.diagnostics
    var theme = engine.theme
    if let deck = result.deck {
      let loaded = ThemeLoader.theme(for: deck.metadata.theme)
      theme = loaded.0
      diagnostics += loaded.1
    }
    guard let fresh = result.deck, !fresh.slides.isEmpty, !diagnostics.hasErrors else {
      var problem = diagnostics.first { $0.severity == .error }
        ?? Diagnostic(.error, file: path, at: nil, "the deck has no slides")
      let message = problem.description
      // The console names the file, not its whole path: the place is what the speaker needs.
      problem.file = name
      let shown = "Kept the last good deck · " + problem.description
      reloadProblem = shown
      trace.record("reload-failed", at: Self.now(), ["message": message, "console": shown])
      return
    }
    deck = fresh
    deckVersion += 1
    engine = LayoutEngine(theme: theme, measurer: measurer, images: images)
    state.replaceDeck(stepCounts: fresh.slides.map(\.stepCount))
    recorder.replaceDeck(stepCounts: fresh.slides.map(\.stepCount))
    reloadProblem = nil
    frames.removeAll()
    images.removeAll()
    for entry in windows { entry.window.purgeCaches() }
    watcher?.watch(fresh.imagePaths)
    trace.record(
      "reload", at: Self.now(),
      [
        "slides": fresh.slides.count, "steps": state.stepCounts, "version": deckVersion, "slide": state.slide + 1,
        "step": state.step + 1, "ms": Window.milliseconds() - start,
      ])
  }

  /// Seconds on SDL's monotonic clock. The corresponding C function is `SDL_GetTicks64`.
  static func now() -> Double { Double(SDL_GetTicks64()) / 1000 }

  /// Runs the talk until the speaker quits (q twice).
  public func run() throws {
    // Keys are commands, not text: no text-input events to wade through.
    SDL_StopTextInput()
    trace.record("deck", at: Self.now(), ["slides": deck.slides.count, "steps": state.stepCounts, "version": deckVersion])
    try restage(initial: true)
    recorder.observe(state, at: Self.now())
    render(cause: nil)
    prepareAhead()
    var lastSecond = -1
    var restageFailed = false
    var event = SDL_Event()
    while !state.shouldQuit {
      // Sleep until an event or the next second of the clock: an idle talk costs nothing.
      let untilNextSecond = Int32(max(10, 1000 - Int(SDL_GetTicks64() % 1000)))
      var changed = false
      var cause: UInt32?
      var restageNeeded = false
      if SDL_WaitEventTimeout(&event, untilNextSecond) != 0 {
        repeat {
          let outcome = handle(event)
          changed = changed || outcome.changed
          restageNeeded = restageNeeded || outcome.restage
          if outcome.changed && cause == nil && Self.isInput(event) { cause = event.common.timestamp }
        } while SDL_PollEvent(&event) != 0
      }
      if changed { recorder.observe(state, at: Self.now()) }
      if restageNeeded || restageFailed {
        // A display change must never end the talk: if the windows cannot follow now, say so
        // on the console's side (stderr, trace) and try again on the next tick.
        do {
          try restage(initial: false)
          restageFailed = false
        } catch {
          if !restageFailed {
            FileHandle.standardError.write(Data("podium present: cannot arrange the windows: \(error); retrying\n".utf8))
          }
          trace.record("restage-failed", at: Self.now(), ["message": "\(error)"])
          restageFailed = true
        }
        changed = true
      }
      let second = Int(Self.now())
      if changed {
        render(cause: cause)
        prepareAhead()
      } else if second != lastSecond || state.quitArmedAt != nil {
        renderConsoles()
      }
      lastSecond = second
    }
    recorder.observe(state, at: Self.now())
    trace.record("quit", at: Self.now())
    for entry in windows { trace.record("window-closed", at: Self.now(), ["role": entry.role.rawValue, "display": entry.display]) }
    windows.removeAll()
  }

  // MARK: - Events

  private func handle(_ event: SDL_Event) -> (changed: Bool, restage: Bool) {
    let now = Self.now()
    if let watcher, event.type == watcher.eventType {
      // Editors write in bursts: let the burst end, then read the deck once.
      SDL_Delay(30)
      SDL_FlushEvent(watcher.eventType)
      reload()
      return (true, false)
    }
    switch SDL_EventType(event.type) {
    case SDL_QUIT:
      return (state.apply(.terminate, at: now), false)
    case SDL_KEYDOWN:
      // Held keys repeat; a talk moves one step per press (and q must be pressed twice).
      guard event.key.repeat == 0 else { return (false, false) }
      let overview = state.overviewSelection != nil
      guard let key = Key(event.key.keysym),
        let command = options.configuration.command(for: key, inOverview: overview)
      else { return (false, false) }
      let before = (state.mirrorToggled, state.swapToggled)
      let changed = state.apply(command, at: now)
      return (changed, before != (state.mirrorToggled, state.swapToggled))
    case SDL_MOUSEBUTTONDOWN:
      if state.overviewSelection != nil {
        // In the overview a click picks a slide; a click beside the grid does nothing.
        let point = (x: Double(event.button.x), y: Double(event.button.y))
        guard event.button.button == UInt8(SDL_BUTTON_LEFT),
          let cell = overviewCells[event.button.windowID]?.first(where: { $0.rect.contains(x: point.x, y: point.y) })
        else { return (false, false) }
        return (state.apply(.chooseSlide(cell.slide), at: now), false)
      }
      let command: PresentationCommand = event.button.button == UInt8(SDL_BUTTON_RIGHT) ? .previous : .next
      return (state.apply(command, at: now), false)
    case SDL_MOUSEMOTION:
      // With the pointer on, the mouse over the console's view of the slide moves the dot on
      // the audience's slide; off that view the dot goes.
      guard state.pointerOn, let view = currentSlideRects[event.motion.windowID] else { return (false, false) }
      let point = SlidePoint.under(x: Double(event.motion.x), y: Double(event.motion.y), in: view)
      return (state.apply(.pointAt(point), at: now), false)
    case SDL_MOUSEWHEEL:
      guard event.wheel.y != 0 else { return (false, false) }
      let lines = Int(event.wheel.y) * (event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? 1 : -1)
      if state.overviewSelection != nil {
        return (state.apply(.moveSelectionRows(lines), at: now), false)
      }
      if let notes = notesRects[event.wheel.windowID],
        notes.contains(x: Double(event.wheel.mouseX), y: Double(event.wheel.mouseY))
      {
        // Over the notes the wheel scrolls them; anywhere else it moves through the slides.
        return (state.apply(.scrollNotes(lines * 2), at: now), false)
      }
      return (state.apply(lines > 0 ? .next : .previous, at: now), false)
    case SDL_DISPLAYEVENT:
      let index = Int(event.display.display)
      switch SDL_DisplayEventID(UInt32(event.display.event)) {
      case SDL_DISPLAYEVENT_CONNECTED:
        trace.record("display-connected", at: now, ["index": index, "name": displayName(index)])
      case SDL_DISPLAYEVENT_DISCONNECTED:
        // SDL has forgotten the display by now: its name comes from the last enumeration.
        let name = displays.first { $0.index == index }?.name ?? "display \(index)"
        trace.record("display-disconnected", at: now, ["index": index, "name": name])
      default:
        break
      }
      return (true, true)
    case SDL_WINDOWEVENT:
      switch SDL_WindowEventID(UInt32(event.window.event)) {
      case SDL_WINDOWEVENT_SIZE_CHANGED:
        // A new resolution (or the window manager's full screen): lay out again at the new
        // size, never scale the old bitmap.
        if let entry = windows.first(where: { $0.window.id == event.window.windowID }) {
          recordWindow(entry)
        }
        return (true, false)
      case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN:
        return (true, false)
      case SDL_WINDOWEVENT_ENTER:
        // No cursor over the audience's slides.
        let role = windows.first { $0.window.id == event.window.windowID }?.role
        let consoleShown = stage.mode == .mirrored && state.consoleInMirror
        SDL_ShowCursor(role == .audience && !consoleShown ? SDL_DISABLE : SDL_ENABLE)
        return (false, false)
      default:
        return (false, false)
      }
    default:
      return (false, false)
    }
  }

  /// Whether a key press, click, wheel turn, display change or quit is queued. Key releases and
  /// mouse motion do not count: they follow every press and change nothing. The corresponding C
  /// functions are `SDL_PumpEvents` and `SDL_HasEvent`.
  private func inputIsWaiting() -> Bool {
    SDL_PumpEvents()
    return [SDL_KEYDOWN, SDL_MOUSEBUTTONDOWN, SDL_MOUSEWHEEL, SDL_DISPLAYEVENT, SDL_QUIT].contains {
      SDL_HasEvent($0.rawValue) == SDL_TRUE
    }
  }

  /// Keys, clicks and the wheel: what a frame's latency is measured from.
  private static func isInput(_ event: SDL_Event) -> Bool {
    switch SDL_EventType(event.type) {
    case SDL_KEYDOWN, SDL_MOUSEBUTTONDOWN, SDL_MOUSEWHEEL: return true
    default: return false
    }
  }

  private func displayName(_ index: Int) -> String {
    SDL_GetDisplayName(Int32(index)).map { String(cString: $0) } ?? "display \(index)"
  }

  // MARK: - Stage

  /// Assigns roles from the displays there are now and rebuilds the windows for them.
  private func restage(initial: Bool) throws {
    let now = Self.now()
    displays = SDLDisplayProvider().displays()
    trace.record("displays", at: now, ["list": displays.map { ["index": $0.index, "name": $0.name, "x": $0.x, "y": $0.y, "w": $0.width, "h": $0.height] }])
    var stageOptions = options.stage
    stageOptions.mirror = stageOptions.mirror != state.mirrorToggled
    stageOptions.swap = stageOptions.swap != state.swapToggled
    let assigned: Stage
    do {
      assigned = try StageAssignment.assign(displays, options: stageOptions)
    } catch {
      if initial { throw error }
      // Mid-talk a named display may vanish: keep presenting with the default roles.
      stageOptions.presenterDisplay = nil
      stageOptions.audienceDisplay = nil
      guard let fallback = try? StageAssignment.assign(displays, options: stageOptions) else { return }
      assigned = fallback
    }
    if !initial && assigned == stage && windows.count == expectedWindowCount(assigned) { return }
    stage = assigned
    trace.record(
      "stage", at: now,
      [
        "mode": stage.mode.rawValue, "presenter": stage.presenter, "audience": stage.audience,
        "slide": state.slide + 1, "step": state.step + 1, "elapsed": state.timer.elapsed(at: now),
        "blank": state.blank?.rawValue ?? "none", "frozen": state.isFrozen,
      ])
    for entry in windows {
      trace.record("window-closed", at: now, ["role": entry.role.rawValue, "display": entry.display])
    }
    windows.removeAll()
    try openWindows()
  }

  private func expectedWindowCount(_ stage: Stage) -> Int {
    if options.rehearse { return 1 }
    switch stage.mode {
    case .extended: return 1 + stage.audience.count
    case .mirrored: return 1
    case .windowed: return 2
    }
  }

  /// Opens the windows of the stage: the audience's first, each drawn as soon as it exists, so
  /// the room sees the slide before the console is up; full screen comes after the first frame.
  private func openWindows() throws {
    func display(_ index: Int) -> DisplayInfo? { displays.first { $0.index == index } }
    func open(_ role: Role, on info: DisplayInfo, windowed: Bool = false) throws {
      let title = role == .presenter ? "Podium: \(deck.metadata.title ?? "presenter")" : "Podium audience"
      let window: Window
      if windowed {
        // Ordinary resizable windows side by side in the usable area (panels and docks stay
        // visible), the console on the left, both 16:9 and neither hiding the other.
        let area = info.usable
        let gap = 24
        let consoleWidth = options.rehearse ? area.width - 2 * gap : (area.width - 3 * gap) * 3 / 5
        let width = role == .presenter ? consoleWidth : area.width - 3 * gap - consoleWidth
        let height = min(width * 9 / 16, area.height - 2 * gap)
        let x = role == .presenter ? area.x + gap : area.x + 2 * gap + consoleWidth
        window = try Window(
          title: title, x: x, y: area.y + gap, width: max(160, width), height: max(90, height),
          borderless: false, fonts: fonts, images: images, measurer: measurer)
      } else {
        window = try Window(
          title: title, x: info.x, y: info.y, width: info.width, height: info.height, borderless: true,
          fonts: fonts, images: images, measurer: measurer)
      }
      window.keepLayers(windowFrames: role == .presenter ? 6 : 4)
      let entry = StageWindow(role: role, display: info.index, window: window)
      windows.append(entry)
      recordWindow(entry)
      draw(entry, cause: nil)
      window.enterFullscreen()
    }
    if options.rehearse {
      // Rehearsing needs no audience: the console alone, full screen or in a window.
      if let here = display(stage.presenter) { try open(.presenter, on: here, windowed: stage.mode == .windowed) }
      return
    }
    switch stage.mode {
    case .extended:
      for index in stage.audience {
        if let audience = display(index) { try open(.audience, on: audience) }
      }
      if let presenter = display(stage.presenter) { try open(.presenter, on: presenter) }
    case .mirrored:
      if let only = display(stage.presenter) { try open(.audience, on: only) }
    case .windowed:
      if let here = display(stage.presenter) {
        try open(.audience, on: here, windowed: true)
        try open(.presenter, on: here, windowed: true)
      }
    }
  }

  private func recordWindow(_ entry: StageWindow) {
    let frame = entry.window.frame
    let pixels = entry.window.pixelSize
    trace.record(
      "window", at: Self.now(),
      [
        "role": entry.role.rawValue, "display": entry.display, "x": frame.x, "y": frame.y, "w": frame.width,
        "h": frame.height, "pixels": "\(pixels.width)x\(pixels.height)", "renderer": entry.window.rendererName,
      ])
  }

  // MARK: - Drawing

  /// What the audience window shows at `size`: the slide as one layer (kept as a texture, so
  /// moving back and forth is a copy), or a blank.
  private func audienceFrame(_ view: PresentationState.AudienceView, size: PixelSize) -> SlideFrame {
    let canvas = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
    func filled(_ color: RGBAColor) -> SlideFrame {
      SlideFrame(size: size, slideRect: canvas, commands: [.fill(canvas, color)])
    }
    switch view {
    case .black:
      return filled(RGBAColor(red: 0, green: 0, blue: 0))
    case .white:
      return filled(RGBAColor(red: 255, green: 255, blue: 255))
    case .slide(let slide, let step):
      guard deck.slides.indices.contains(slide) else { return filled(RGBAColor(red: 0, green: 0, blue: 0)) }
      let frame = engine.layout(slideAt: slide, in: deck, step: step, size: size, cache: frames)
      let laser = state.laser.map { $0.dot(in: frame.slideRect) } ?? []
      return SlideFrame(
        size: size, slideRect: frame.slideRect,
        commands: [.layer(LayerItem(key: LayoutEngine.layerKey(slide: slide, step: step), x: 0, y: 0, frame: frame))]
          + laser)
    }
  }

  private func consoleFrame(for state: PresentationState, size: PixelSize) -> ConsoleFrame {
    let now = Self.now()
    let audience: String
    switch stage.mode {
    case _ where options.rehearse:
      audience = state.timer.started ? "Rehearsal" : "Rehearsal: the clock starts when you first move on"
    case .extended:
      audience = "Audience on " + stage.audience.map { displayName($0) }.joined(separator: ", ")
    case .mirrored:
      audience = "Mirrored: the audience sees this screen (Tab hides the console)"
    case .windowed:
      audience = "Windowed"
    }
    let elapsed = state.timer.elapsed(at: now)
    var status = ConsoleStatus(
      now: now, elapsed: elapsed, duration: options.duration ?? deck.metadata.duration,
      clock: clockFormatter.string(from: Date()), audience: audience, warningMinutes: options.warningMinutes,
      consoleOverMirror: stage.mode == .mirrored && !options.rehearse)
    status.problem = reloadProblem
    status.rehearsing = options.rehearse
    status.bindings = options.configuration.bindings
    if let pacing = options.pacing, state.timer.started {
      status.paceOffset = pacing.offset(onSlide: state.slide, elapsed: elapsed)
      let end = Date().addingTimeInterval(pacing.remaining(onSlide: state.slide, elapsed: elapsed))
      status.plannedEnd = clockFormatter.string(from: end)
    }
    let dpi = displays.first { $0.index == stage.presenter }?.dpi
    return engine.console(deck: deck, state: state, status: status, size: size, dpi: dpi, frames: frames)
  }

  private func showsConsole(_ entry: StageWindow) -> Bool {
    entry.role == .presenter || (stage.mode == .mirrored && state.consoleInMirror)
  }

  /// Draws every window: the audience's first, as the room sees them.
  private func render(cause: UInt32?) {
    if shown != state.position {
      shown = state.position
      trace.record("show", at: Self.now(), ["slide": state.slide + 1, "step": state.step + 1])
    }
    for entry in windows where !showsConsole(entry) {
      draw(entry, cause: cause)
    }
    for entry in windows where showsConsole(entry) {
      draw(entry, cause: cause)
    }
    if let written = reloadWrittenAt {
      // From the editor's write to the reloaded deck on every window.
      reloadWrittenAt = nil
      trace.record("reload-shown", at: Self.now(), ["since_write_ms": (Date().timeIntervalSince1970 - written) * 1000])
    }
  }

  private func renderConsoles() {
    for entry in windows where showsConsole(entry) {
      draw(entry, cause: nil)
    }
  }

  private func draw(_ entry: StageWindow, cause: UInt32?) {
    let size = entry.window.pixelSize
    let start = Window.milliseconds()
    let frame: SlideFrame
    if showsConsole(entry) {
      let console = consoleFrame(for: state, size: size)
      state.limitNotesScroll(to: console.notesScrollLimit)
      if console.overviewColumns > 0 { state.setOverviewColumns(console.overviewColumns) }
      notesRects[entry.window.id] = console.notes
      overviewCells[entry.window.id] = console.overview
      currentSlideRects[entry.window.id] = console.currentSlide.width > 0 ? console.currentSlide : nil
      frame = console.frame
    } else {
      notesRects[entry.window.id] = nil
      overviewCells[entry.window.id] = nil
      currentSlideRects[entry.window.id] = nil
      frame = audienceFrame(state.audienceView, size: size)
    }
    let layout = Window.milliseconds() - start
    let (drawing, presenting) = entry.window.show(frame)
    func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
    let view = Self.viewName(showsConsole(entry), state.audienceView)
    var fields: [String: Any] = [
      "role": entry.role.rawValue, "layout_ms": rounded(layout), "draw_ms": rounded(drawing),
      "present_ms": rounded(presenting), "deck": deckVersion, "view": view,
    ]
    if let cause { fields["latency_ms"] = max(0, Double(SDL_GetTicks64()) - Double(cause)) }
    if case .slide(let slide, let step) = state.audienceView, entry.role == .audience {
      fields["slide"] = slide + 1
      fields["step"] = step + 1
    } else {
      fields["slide"] = state.slide + 1
      fields["step"] = state.step + 1
    }
    if entry.role == .audience, view == "black" || view == "white" { fields["blank"] = view }
    if view == "console" {
      // What else the console showed: the overview's selection, a freeze, a number being typed.
      if let selection = state.overviewSelection { fields["overview"] = selection + 1 }
      if state.isFrozen { fields["frozen"] = true }
      if !state.jumpEntry.isEmpty { fields["jump"] = state.jumpEntry }
    }
    trace.record("present", at: Self.now(), fields)
  }

  /// What a window showed, for the trace: the console, or what the audience view is.
  private static func viewName(_ console: Bool, _ view: PresentationState.AudienceView) -> String {
    if console { return "console" }
    switch view {
    case .slide: return "slide"
    case .black: return "black"
    case .white: return "white"
    }
  }

  /// While the speaker talks, draws what the next and the previous press will show into the
  /// windows' caches, so that a slide change is a copy and a present. Stops as soon as input
  /// arrives: the input comes first.
  private func prepareAhead() {
    var ahead: [PresentationState] = []
    for command in [PresentationCommand.next, .previous] {
      var moved = state
      if moved.apply(command, at: Self.now()), moved.position != state.position { ahead.append(moved) }
    }
    for future in ahead {
      for entry in windows {
        if inputIsWaiting() { return }
        let size = entry.window.pixelSize
        if showsConsole(entry) {
          entry.window.prepare(consoleFrame(for: future, size: size).frame)
        } else if !future.isFrozen && future.blank == nil {
          entry.window.prepare(audienceFrame(future.audienceView, size: size))
        }
      }
    }
  }
}
