import CSDL2
import Foundation
import PodiumCore

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

    public init(stage: StageOptions = StageOptions(), duration: TalkDuration? = nil, tracePath: String? = nil) {
      self.stage = stage
      self.duration = duration
      self.tracePath = tracePath
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

  let deck: Deck
  let options: Options
  private let video: VideoSubsystem
  private let fonts = FontLibrary()
  private let images = ImageLibrary()
  private let measurer: SDLTextMeasurer
  private let engine: LayoutEngine
  private let trace: Trace
  private var state: PresentationState
  private var stage = Stage(mode: .mirrored, presenter: 0, audience: [])
  private var displays: [DisplayInfo] = []
  private var windows: [StageWindow] = []
  private var shown: PresentationState.Position?

  /// Opens the video system and the trace; throws when there is no display server.
  public init(deck: Deck, theme: Theme, options: Options) throws {
    // A talk's windows must stay put when focus moves to the other screen.
    SDL_SetHint(SDL_HINT_VIDEO_MINIMIZE_ON_FOCUS_LOSS, "0")
    SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
    video = try VideoSubsystem()
    self.deck = deck
    self.options = options
    measurer = SDLTextMeasurer(library: fonts)
    engine = LayoutEngine(theme: theme, measurer: measurer, images: images)
    state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    trace = try Trace(path: options.tracePath, start: Self.now())
  }

  /// Seconds on SDL's monotonic clock. The corresponding C function is `SDL_GetTicks64`.
  static func now() -> Double { Double(SDL_GetTicks64()) / 1000 }

  /// Runs the talk until the speaker quits (q twice).
  public func run() throws {
    try restage(initial: true)
    render(cause: nil)
    var lastSecond = -1
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
          if outcome.changed && cause == nil { cause = event.common.timestamp }
        } while SDL_PollEvent(&event) != 0
      }
      if restageNeeded {
        try restage(initial: false)
        changed = true
      }
      let second = Int(Self.now())
      if changed {
        render(cause: cause)
      } else if second != lastSecond || state.quitArmedAt != nil {
        renderConsoles()
      }
      lastSecond = second
    }
    trace.record("quit", at: Self.now())
    for entry in windows { trace.record("window-closed", at: Self.now(), ["role": entry.role.rawValue, "display": entry.display]) }
    windows.removeAll()
  }

  // MARK: - Events

  private func handle(_ event: SDL_Event) -> (changed: Bool, restage: Bool) {
    let now = Self.now()
    switch SDL_EventType(event.type) {
    case SDL_QUIT:
      return (state.apply(.quit, at: now), false)
    case SDL_KEYDOWN:
      // Held keys repeat; a talk moves one step per press (and q must be pressed twice).
      guard event.key.repeat == 0 else { return (false, false) }
      let name = SDL_GetKeyName(event.key.keysym.sym).map { String(cString: $0) } ?? ""
      guard let command = KeyBindings.command(forKey: name) else { return (false, false) }
      let before = (state.mirrorToggled, state.swapToggled)
      let changed = state.apply(command, at: now)
      return (changed, before != (state.mirrorToggled, state.swapToggled))
    case SDL_MOUSEBUTTONDOWN:
      let command: PresentationCommand = event.button.button == UInt8(SDL_BUTTON_RIGHT) ? .previous : .next
      return (state.apply(command, at: now), false)
    case SDL_MOUSEWHEEL:
      guard event.wheel.y != 0 else { return (false, false) }
      return (state.apply(event.wheel.y < 0 ? .next : .previous, at: now), false)
    case SDL_DISPLAYEVENT:
      let index = Int(event.display.display)
      switch SDL_DisplayEventID(UInt32(event.display.event)) {
      case SDL_DISPLAYEVENT_CONNECTED:
        trace.record("display-connected", at: now, ["index": index, "name": displayName(index)])
      case SDL_DISPLAYEVENT_DISCONNECTED:
        trace.record("display-disconnected", at: now, ["index": index])
      default:
        break
      }
      return (true, true)
    case SDL_WINDOWEVENT:
      switch SDL_WindowEventID(UInt32(event.window.event)) {
      case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_SHOWN:
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
      ])
    for entry in windows {
      trace.record("window-closed", at: now, ["role": entry.role.rawValue, "display": entry.display])
    }
    windows.removeAll()
    try openWindows()
  }

  private func expectedWindowCount(_ stage: Stage) -> Int {
    switch stage.mode {
    case .extended: return 1 + stage.audience.count
    case .mirrored: return 1
    case .windowed: return 2
    }
  }

  private func openWindows() throws {
    func display(_ index: Int) -> DisplayInfo? { displays.first { $0.index == index } }
    func open(_ role: Role, on info: DisplayInfo, windowed: Bool = false) throws {
      let title = role == .presenter ? "Podium: \(deck.metadata.title ?? "presenter")" : "Podium audience"
      let window: Window
      if windowed {
        let (width, height) = role == .presenter ? (1280, 720) : (960, 540)
        let offset = role == .presenter ? 40 : 120
        window = try Window(
          title: title, x: info.x + offset, y: info.y + offset, width: min(width, info.width),
          height: min(height, info.height), borderless: false, fonts: fonts, images: images, measurer: measurer)
      } else {
        window = try Window(
          title: title, x: info.x, y: info.y, width: info.width, height: info.height, borderless: true,
          fonts: fonts, images: images, measurer: measurer)
      }
      windows.append(StageWindow(role: role, display: info.index, window: window))
      let frame = window.frame
      trace.record("window", at: Self.now(), ["role": role.rawValue, "display": info.index, "x": frame.x, "y": frame.y, "w": frame.width, "h": frame.height])
    }
    switch stage.mode {
    case .extended:
      if let presenter = display(stage.presenter) { try open(.presenter, on: presenter) }
      for index in stage.audience {
        if let audience = display(index) { try open(.audience, on: audience) }
      }
    case .mirrored:
      if let only = display(stage.presenter) { try open(.audience, on: only) }
    case .windowed:
      if let here = display(stage.presenter) {
        try open(.presenter, on: here, windowed: true)
        try open(.audience, on: here, windowed: true)
      }
    }
  }

  // MARK: - Drawing

  private func audienceFrame(size: PixelSize) -> SlideFrame {
    let canvas = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
    switch state.audienceView {
    case .black:
      return SlideFrame(size: size, slideRect: canvas, commands: [.fill(canvas, RGBAColor(red: 0, green: 0, blue: 0))])
    case .white:
      return SlideFrame(size: size, slideRect: canvas, commands: [.fill(canvas, RGBAColor(red: 255, green: 255, blue: 255))])
    case .slide(let slide, let step):
      guard deck.slides.indices.contains(slide) else {
        return SlideFrame(size: size, slideRect: canvas, commands: [.fill(canvas, RGBAColor(red: 0, green: 0, blue: 0))])
      }
      return engine.layout(deck.slides[slide], in: deck, step: step, size: size)
    }
  }

  private func consoleFrame(size: PixelSize) -> SlideFrame {
    let now = Self.now()
    let formatter = DateFormatter()
    formatter.dateFormat = "HH:mm"
    let audience: String
    switch stage.mode {
    case .extended:
      audience = "Audience on " + stage.audience.map { displayName($0) }.joined(separator: ", ")
    case .mirrored:
      audience = "Mirrored: the audience sees this screen (Tab hides the console)"
    case .windowed:
      audience = "Windowed"
    }
    let status = ConsoleStatus(
      now: now, elapsed: state.timer.elapsed(at: now), duration: options.duration ?? deck.metadata.duration,
      clock: formatter.string(from: Date()), audience: audience)
    return engine.console(deck: deck, state: state, status: status, size: size)
  }

  private func render(cause: UInt32?) {
    if shown != state.position {
      shown = state.position
      trace.record("show", at: Self.now(), ["slide": state.slide + 1, "step": state.step + 1])
    }
    for entry in windows {
      draw(entry)
      if let cause {
        let latency = Double(SDL_GetTicks()) - Double(cause)
        let view = state.audienceView
        var fields: [String: Any] = ["role": entry.role.rawValue, "latency_ms": max(0, latency)]
        if case .slide(let slide, let step) = view, entry.role == .audience {
          fields["slide"] = slide + 1
          fields["step"] = step + 1
        } else {
          fields["slide"] = state.slide + 1
          fields["step"] = state.step + 1
        }
        trace.record("present", at: Self.now(), fields)
      }
    }
  }

  private func renderConsoles() {
    for entry in windows where entry.role == .presenter || (stage.mode == .mirrored && state.consoleInMirror) {
      draw(entry)
    }
  }

  private func draw(_ entry: StageWindow) {
    let size = entry.window.pixelSize
    let showConsole = entry.role == .presenter || (stage.mode == .mirrored && state.consoleInMirror)
    entry.window.show(showConsole ? consoleFrame(size: size) : audienceFrame(size: size))
  }
}
