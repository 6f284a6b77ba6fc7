/// The lines of `--trace FILE`: one JSON object each, `{"event": name, "t": seconds, ...}`.
/// These types are the schema: the talk writes them, and the tests and the soak read them back.
public enum TraceEvent: Hashable, Sendable {
  case deck(DeckShown)
  case reload(Reloaded)
  /// A whiteboard page put in or taken away: the deck's new shape, as a reload gives it.
  case board(BoardChanged)
  /// The speaker arranged the console (a preset, a pane, a splitter): written to config.yaml.
  case console(ConsoleArranged)
  case reloadFailed(ReloadFailed)
  case reloadShown(ReloadShown)
  /// A saved office deck is being converted: the room keeps the last version until it is done.
  case converting(Converting)
  case displays(Displays)
  case displayConnected(DisplayChanged)
  case displayDisconnected(DisplayChanged)
  case stage(StageChosen)
  case restageFailed(Failure)
  case window(WindowPlaced)
  case windowClosed(WindowClosed)
  case show(Shown)
  case present(Presented)
  case prepared(Prepared)
  case journal(Journal)
  case journalFailed(JournalFailed)
  /// The talk's D-Bus service: the name owned, a problem, a command (TalkControl.swift).
  case bus(Bus)
  case resumeOffered(ResumeOffered)
  case resumed(Resumed)
  case resumeDeclined(ResumeDeclined)
  case video(Video)
  case stall(Stall)
  case transition(Transition)
  case quit
  /// Zoom, spotlight or dimming changed (TraceEvent+Tools.swift).
  case zoom(Zoom)
  /// Ink changed and its journal line was written (TraceEvent+Tools.swift).
  case ink(InkJournalled)
  /// The recording named a chapter, or stopped or cannot do something (`--record`).
  case recording(Recording)
  /// The deck moved on by itself (`--auto`, `advance` directives, a kiosk).
  case advance(Advanced)

  /// Where a deck that runs itself went (1-based), how late after its time (`late_ms`, from
  /// when the change was due to when the loop made it), and whether it started again from the
  /// first slide (`--loop`).
  public struct Advanced: Codable, Hashable, Sendable {
    public var slide: Int
    public var step: Int
    public var lateMs: Double
    public var looped: Bool?

    enum CodingKeys: String, CodingKey {
      case slide, step, looped
      case lateMs = "late_ms"
    }

    public init(slide: Int, step: Int, lateMs: Double, looped: Bool) {
      self.slide = slide
      self.step = step
      self.lateMs = (lateMs * 10).rounded() / 10
      self.looped = looped ? true : nil
    }
  }

  /// What the recording did: its movie `started` (the line's time is the movie's zero, and
  /// `sound_offset` where the microphone's first sound lies from it), a `chapter` named, or a
  /// `problem`.
  public struct Recording: Codable, Hashable, Sendable {
    public var started: Bool?
    public var soundOffset: Double?
    public var chapter: String?
    public var problem: String?

    enum CodingKeys: String, CodingKey {
      case started, chapter, problem
      case soundOffset = "sound_offset"
    }

    public init(
      started: Bool? = nil, soundOffset: Double? = nil, chapter: String? = nil,
      problem: String? = nil
    ) {
      self.started = started
      self.soundOffset = soundOffset.map { ($0 * 1000).rounded() / 1000 }
      self.chapter = chapter
      self.problem = problem
    }
  }

  /// The talk's journal is kept at `path` (what `--resume` reads after a crash).
  public struct Journal: Codable, Hashable, Sendable {
    public var path: String

    public init(path: String) {
      self.path = path
    }
  }

  /// The journal cannot be written: `message` in full, `console` what the speaker reads. The
  /// talk goes on without it.
  public struct JournalFailed: Codable, Hashable, Sendable {
    public var message: String
    public var console: String

    public init(message: String, console: String) {
      self.message = message
      self.console = console
    }
  }

  /// The console offers to take up a talk that did not end, `age` seconds after its last line.
  public struct ResumeOffered: Codable, Hashable, Sendable {
    public var slide: Int
    public var step: Int
    public var elapsed: Double
    public var age: Double
  }

  /// The talk taken up where its journal left it (1-based); `downtime` is how long Podium was
  /// down, `clamped` whether slides went meanwhile and the place moved.
  public struct Resumed: Codable, Hashable, Sendable {
    public var slide: Int
    public var step: Int
    public var blank: String
    public var frozen: Bool
    public var elapsed: Double
    public var running: Bool
    public var downtime: Double
    public var clamped: Bool
    /// The ink's generation once resumed (sidecar and journal); nil in a talk without ink.
    public var ink: Int?
  }

  /// The speaker left the offer: `esc`, or `moved on`.
  public struct ResumeDeclined: Codable, Hashable, Sendable {
    public var reason: String
  }

  /// The deck a talk starts with.
  public struct DeckShown: Codable, Hashable, Sendable {
    public var slides: Int
    public var steps: [Int]
    public var version: Int
  }

  /// A good edit replaced the deck; `ms` is the time to read and parse it.
  public struct Reloaded: Codable, Hashable, Sendable {
    public var slides: Int
    public var steps: [Int]
    public var version: Int
    public var slide: Int
    public var step: Int
    public var ms: Double
  }

  /// `added` or `removed`, the page (`board-1`) and its shade, and the deck after it: its
  /// slides, steps and version, and where the talk is (1-based).
  public struct BoardChanged: Codable, Hashable, Sendable {
    public var action: String
    public var board: String
    public var shade: String
    public var slides: Int
    public var steps: [Int]
    public var version: Int
    public var slide: Int
    public var step: Int
  }

  /// The console of `size` (`1920x1080`) now arranged as `arrangement` (its config.yaml line,
  /// `notes split 0.42`), and by what: `preset`, `pane` or `splitter`.
  public struct ConsoleArranged: Codable, Hashable, Sendable {
    public var size: String
    public var arrangement: String
    public var by: String
  }

  /// An edit the talk cannot show: `message` is the whole diagnostic, `console` what the speaker
  /// reads; `reason` is `deleted` when the file went.
  public struct ReloadFailed: Codable, Hashable, Sendable {
    public var message: String
    public var reason: String?
    public var console: String
  }

  /// How far the conversion of a saved office deck has come, in slides.
  public struct Converting: Codable, Hashable, Sendable {
    public var done: Int
    public var total: Int

    public init(done: Int, total: Int) {
      self.done = done
      self.total = total
    }
  }

  /// A clip of the slide on show started, paused, moved or stopped: where it was, and the
  /// pictures shown and dropped since it was opened.
  public struct Video: Codable, Hashable, Sendable {
    /// `play`, `pause`, `seek`, `stop`.
    public var action: String
    public var file: String
    public var slide: Int
    public var position: Double
    public var shown: Int
    public var dropped: Int
    public var sound: Bool

    public init(
      action: String, file: String, slide: Int, position: Double, shown: Int, dropped: Int,
      sound: Bool
    ) {
      self.action = action
      self.file = file
      self.slide = slide
      self.position = (position * 1000).rounded() / 1000
      self.shown = shown
      self.dropped = dropped
      self.sound = sound
    }
  }

  /// The frames of the next and previous press drawn ahead into the windows' caches, after a
  /// change: how long it took, how many frames, and whether input cut it short.
  public struct Prepared: Codable, Hashable, Sendable {
    public var ms: Double
    public var frames: Int
    public var interrupted: Bool
    /// True for the zoomed slide drawn ahead while the pointer rests on a zoom box.
    public var zoom: Bool?

    public init(ms: Double, frames: Int, interrupted: Bool, zoom: Bool? = nil) {
      (self.ms, self.frames, self.interrupted, self.zoom) = (ms, frames, interrupted, zoom)
    }
  }

  /// The reloaded deck on every window, `since_write_ms` after the editor wrote it.
  public struct ReloadShown: Codable, Hashable, Sendable {
    public var sinceWriteMs: Double

    enum CodingKeys: String, CodingKey {
      case sinceWriteMs = "since_write_ms"
    }
  }

  public struct Displays: Codable, Hashable, Sendable {
    public struct Entry: Codable, Hashable, Sendable {
      public var index: Int
      public var name: String
      public var x: Int
      public var y: Int
      public var w: Int
      public var h: Int
    }

    public var list: [Entry]
  }

  public struct DisplayChanged: Codable, Hashable, Sendable {
    public var index: Int
    public var name: String
  }

  /// The roles chosen, and the talk's state carried through the change.
  public struct StageChosen: Codable, Hashable, Sendable {
    public var mode: String
    public var presenter: Int
    public var audience: [Int]
    public var slide: Int
    public var step: Int
    public var elapsed: Double
    public var blank: String
    public var frozen: Bool
    /// The views (`--views`): `notes@2`, or `notes@-` while closed.
    public var views: [String]?
    /// The shared audience window's size (`--share`), `1920x1080`.
    public var shared: String?
  }

  public struct Failure: Codable, Hashable, Sendable {
    public var message: String
  }

  public struct WindowPlaced: Codable, Hashable, Sendable {
    public var role: String
    public var display: Int
    public var x: Int
    public var y: Int
    public var w: Int
    public var h: Int
    /// `WIDTHxHEIGHT` of the drawable.
    public var pixels: String
    public var renderer: String
    /// SDL's video driver: `x11`, `x11 (XWayland)` or `wayland`.
    public var driver: String?
  }

  public struct WindowClosed: Codable, Hashable, Sendable {
    public var role: String
    public var display: Int
  }

  /// The position the talk moved to (1-based).
  public struct Shown: Codable, Hashable, Sendable {
    public var slide: Int
    public var step: Int
  }

  /// One window drawn and presented. `view` is `console`, `slide`, `black` or `white`;
  /// `latency_ms` runs from the input that caused it; `pixels_sent` is how many pixels went to the
  /// screen (a software window sends only its changed tiles).
  public struct Presented: Codable, Hashable, Sendable {
    public var role: String
    public var view: String
    public var deck: Int
    public var slide: Int
    public var step: Int
    public var layoutMs: Double
    public var drawMs: Double
    public var presentMs: Double
    public var latencyMs: Double?
    public var pixelsSent: Int?
    public var blank: String?
    public var overview: Int?
    public var frozen: Bool?
    public var jump: String?
    /// The console's: `slide` when the slide on show ran over its planned time, `talk` when
    /// the talk ran over its length (the status bar flashes, then says so).
    public var overrun: String?

    enum CodingKeys: String, CodingKey {
      case role, view, deck, slide, step, blank, overview, frozen, jump, overrun
      case layoutMs = "layout_ms"
      case drawMs = "draw_ms"
      case presentMs = "present_ms"
      case latencyMs = "latency_ms"
      case pixelsSent = "pixels_sent"
    }
  }

  /// The `event` field.
  public var name: String {
    switch self {
    case .deck: "deck"
    case .reload: "reload"
    case .board: "board"
    case .console: "console"
    case .reloadFailed: "reload-failed"
    case .reloadShown: "reload-shown"
    case .converting: "converting"
    case .displays: "displays"
    case .displayConnected: "display-connected"
    case .displayDisconnected: "display-disconnected"
    case .stage: "stage"
    case .restageFailed: "restage-failed"
    case .window: "window"
    case .windowClosed: "window-closed"
    case .show: "show"
    case .present: "present"
    case .prepared: "prepared"
    case .journal: "journal"
    case .journalFailed: "journal-failed"
    case .bus: "bus"
    case .resumeOffered: "resume-offered"
    case .resumed: "resumed"
    case .resumeDeclined: "resume-declined"
    case .video: "video"
    case .stall: "stall"
    case .transition: "transition"
    case .quit: "quit"
    case .zoom: "zoom"
    case .ink: "ink"
    case .recording: "recording"
    case .advance: "advance"
    }
  }
}

/// One line of a trace: the event and when it happened.
public struct TraceLine: Codable, Hashable, Sendable {
  /// Seconds since the talk started, to the millisecond.
  public var t: Double
  public var event: TraceEvent

  enum CodingKeys: String, CodingKey {
    case t, event
  }

  /// An event name the schema does not know.
  public struct UnknownEvent: Error {
    public var name: String
  }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    t = try container.decode(Double.self, forKey: .t)
    let name = try container.decode(String.self, forKey: .event)
    func body<Body: Decodable>(_: Body.Type) throws -> Body { try Body(from: decoder) }
    switch name {
    case "deck": event = .deck(try body(TraceEvent.DeckShown.self))
    case "reload": event = .reload(try body(TraceEvent.Reloaded.self))
    case "board": event = .board(try body(TraceEvent.BoardChanged.self))
    case "console": event = .console(try body(TraceEvent.ConsoleArranged.self))
    case "reload-failed": event = .reloadFailed(try body(TraceEvent.ReloadFailed.self))
    case "reload-shown": event = .reloadShown(try body(TraceEvent.ReloadShown.self))
    case "converting": event = .converting(try body(TraceEvent.Converting.self))
    case "displays": event = .displays(try body(TraceEvent.Displays.self))
    case "display-connected": event = .displayConnected(try body(TraceEvent.DisplayChanged.self))
    case "display-disconnected":
      event = .displayDisconnected(try body(TraceEvent.DisplayChanged.self))
    case "stage": event = .stage(try body(TraceEvent.StageChosen.self))
    case "restage-failed": event = .restageFailed(try body(TraceEvent.Failure.self))
    case "window": event = .window(try body(TraceEvent.WindowPlaced.self))
    case "window-closed": event = .windowClosed(try body(TraceEvent.WindowClosed.self))
    case "show": event = .show(try body(TraceEvent.Shown.self))
    case "present": event = .present(try body(TraceEvent.Presented.self))
    case "prepared": event = .prepared(try body(TraceEvent.Prepared.self))
    case "journal": event = .journal(try body(TraceEvent.Journal.self))
    case "journal-failed": event = .journalFailed(try body(TraceEvent.JournalFailed.self))
    case "bus": event = .bus(try body(TraceEvent.Bus.self))
    case "resume-offered": event = .resumeOffered(try body(TraceEvent.ResumeOffered.self))
    case "resumed": event = .resumed(try body(TraceEvent.Resumed.self))
    case "resume-declined": event = .resumeDeclined(try body(TraceEvent.ResumeDeclined.self))
    case "video": event = .video(try body(TraceEvent.Video.self))
    case "stall": event = .stall(try body(TraceEvent.Stall.self))
    case "transition": event = .transition(try body(TraceEvent.Transition.self))
    case "quit": event = .quit
    case "zoom": event = .zoom(try body(TraceEvent.Zoom.self))
    case "ink": event = .ink(try body(TraceEvent.InkJournalled.self))
    case "recording": event = .recording(try body(TraceEvent.Recording.self))
    case "advance": event = .advance(try body(TraceEvent.Advanced.self))
    default: throw UnknownEvent(name: name)
    }
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(t, forKey: .t)
    try container.encode(event.name, forKey: .event)
    switch event {
    case .deck(let body): try body.encode(to: encoder)
    case .reload(let body): try body.encode(to: encoder)
    case .board(let body): try body.encode(to: encoder)
    case .console(let body): try body.encode(to: encoder)
    case .reloadFailed(let body): try body.encode(to: encoder)
    case .reloadShown(let body): try body.encode(to: encoder)
    case .converting(let body): try body.encode(to: encoder)
    case .displays(let body): try body.encode(to: encoder)
    case .displayConnected(let body), .displayDisconnected(let body): try body.encode(to: encoder)
    case .stage(let body): try body.encode(to: encoder)
    case .restageFailed(let body): try body.encode(to: encoder)
    case .window(let body): try body.encode(to: encoder)
    case .windowClosed(let body): try body.encode(to: encoder)
    case .show(let body): try body.encode(to: encoder)
    case .present(let body): try body.encode(to: encoder)
    case .prepared(let body): try body.encode(to: encoder)
    case .journal(let body): try body.encode(to: encoder)
    case .journalFailed(let body): try body.encode(to: encoder)
    case .bus(let body): try body.encode(to: encoder)
    case .resumeOffered(let body): try body.encode(to: encoder)
    case .resumed(let body): try body.encode(to: encoder)
    case .resumeDeclined(let body): try body.encode(to: encoder)
    case .video(let body): try body.encode(to: encoder)
    case .stall(let body): try body.encode(to: encoder)
    case .zoom(let body): try body.encode(to: encoder)
    case .ink(let body): try body.encode(to: encoder)
    case .recording(let body): try body.encode(to: encoder)
    case .advance(let body): try body.encode(to: encoder)
    case .transition(let body): try body.encode(to: encoder)
    case .quit: break
    }
  }

}

extension TraceLine {
  public init(t: Double, event: TraceEvent) {
    self.t = t
    self.event = event
  }
}

// The events from the values they describe: what the talk's loop writes.
extension TraceEvent.DeckShown {
  public init(_ session: TalkSession) {
    self.init(
      slides: session.deck.slides.count, steps: session.state.stepCounts,
      version: session.deckVersion)
  }
}

extension TraceEvent.ReloadShown {
  public init(sinceWrite milliseconds: Double) {
    sinceWriteMs = milliseconds
  }
}

extension TraceEvent.Displays {
  public init(_ displays: [DisplayInfo]) {
    list = displays.map {
      Entry(index: $0.index, name: $0.name, x: $0.x, y: $0.y, w: $0.width, h: $0.height)
    }
  }
}

extension TraceEvent.DisplayChanged {
  public init(_ index: Int, name: String) {
    self.init(index: index, name: name)
  }
}

extension TraceEvent.StageChosen {
  /// `stage` chosen while the talk is at `state`, `now` on its clock.
  public init(_ stage: Stage, state: PresentationState, at now: Double) {
    self.init(
      mode: stage.mode.rawValue, presenter: stage.presenter, audience: stage.audience,
      slide: state.slide + 1, step: state.step + 1, elapsed: state.timer.elapsed(at: now),
      blank: state.blank?.rawValue ?? "none", frozen: state.isFrozen,
      views: stage.views.isEmpty
        ? nil : stage.views.map { "\($0.kind.rawValue)@\($0.display.map(String.init) ?? "-")" },
      shared: stage.shared.map { "\($0.width)x\($0.height)" })
  }
}

extension TraceEvent.Failure {
  public init(_ message: String) {
    self.init(message: message)
  }
}

extension TraceEvent.WindowPlaced {
  /// A window of `role` on display `display`, at `frame` on the desktop, drawing `pixels`.
  public init(
    _ role: WindowPlacement.Role, display: Int, frame: DisplayInfo.Area, pixels: PixelSize,
    renderer: String, driver: String? = nil
  ) {
    self.init(
      role: role.rawValue, display: display, x: frame.x, y: frame.y, w: frame.width,
      h: frame.height, pixels: "\(pixels.width)x\(pixels.height)", renderer: renderer,
      driver: driver)
  }
}

extension TraceEvent.WindowClosed {
  public init(_ role: WindowPlacement.Role, display: Int) {
    self.init(role: role.rawValue, display: display)
  }
}

extension TraceEvent.Shown {
  public init(_ position: PresentationState.Position) {
    self.init(slide: position.slide + 1, step: position.step + 1)
  }
}

extension TraceEvent.Presented {
  /// What a window of `role` presented at `position` of deck version `deck`, and how long the
  /// frame took to lay out, draw and present, in milliseconds.
  public init(
    _ role: WindowPlacement.Role, view: String, deck: Int, position: PresentationState.Position,
    milliseconds: (layout: Double, draw: Double, present: Double)
  ) {
    func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
    self.init(
      role: role.rawValue, view: view, deck: deck, slide: position.slide + 1,
      step: position.step + 1, layoutMs: rounded(milliseconds.layout),
      drawMs: rounded(milliseconds.draw), presentMs: rounded(milliseconds.present))
  }
}
