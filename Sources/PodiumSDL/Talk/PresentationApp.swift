import CSDL2
import Foundation
import PodiumCore

/// `podium present` and `podium rehearse`: the event loop of a talk. SDL events become
/// `TalkInput`s on one `TalkSession`; every window draws from it; display changes choose the
/// roles again and rebuild the windows while the session (slide, step, blank, freeze, timer)
/// carries on.
public final class PresentationApp {
  /// The talk: what the loop hands inputs to and the windows draw from.
  public internal(set) var session: TalkSession
  let options: Options
  private let video: VideoSubsystem
  let painter: TalkPainter
  private let trace: Trace
  let watcher: DeckWatcher?
  /// Reads the deck after an edit, off this loop's thread.
  let reloader: DeckReloader?
  var context: TalkContext
  let windows: StageWindows
  private var shown: PresentationState.Position?
  /// The slide transitions the room's windows play.
  let transitions: RoomTransitions
  var journalling: TalkJournalling?
  /// Writes the ink sidecar as strokes are drawn.
  let inkKeeper: InkKeeper?
  /// The zoom, spotlight and dimming the trace last recorded (PresentationApp+Zoom).
  var toolsTraced = SpeakerTools().look
  /// The zoom box drawn ahead last (PresentationApp+Zoom), and whether it is drawn.
  var zoomAhead: (viewport: SlideViewport, drawn: Bool)?
  /// When the pointer last moved (SDL's milliseconds): a zoom box is drawn ahead once it rests.
  var pointerMovedAt: UInt32 = 0
  let videos: TalkVideos
  /// The room's pictures for the recording (PresentationApp+Recording).
  var recorded = RecordedWindow()

  /// Opens the video system and the trace; throws when there is no display server.
  public init(session: TalkSession, options: Options) throws {
    TalkHints.apply()
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
    self.session = session
    self.options = options
    painter = TalkPainter(theme: session.theme, pages: options.pages, videoFrames: options.video)
    context = TalkContext(
      stage: Stage(mode: .mirrored, presenter: 0, audience: []), displays: [], plan: options.plan)
    let trace = try Trace(path: options.tracePath, start: Self.now())
    self.trace = trace
    windows = StageWindows { trace.record($0, at: PresentationApp.now()) }
    transitions = RoomTransitions(painter: painter) { trace.record($0, at: PresentationApp.now()) }
    videos = TalkVideos(playback: options.video, images: painter.images) {
      trace.record($0, at: PresentationApp.now())
    }
    watcher = DeckWatcher(files: session.watchedFiles)
    reloader = watcher.map { _ in
      DeckReloader(
        path: session.path, loader: options.loader.notWaitingForOffice,
        clock: { Window.milliseconds() },
        wake: { TalkInput.announce(TalkInput.deckRead) })
    }
    painter.remoteCard = options.remote?.card
    painter.recording = options.recording
    if let ink = options.ink { self.session.startInk(ink) }
    inkKeeper = options.ink.map { InkKeeper(deckPath: session.path, ink: $0) }
    journalling = options.journal.map {
      TalkJournalling(
        journal: $0, talk: options.plan.rehearse ? .rehearse : .present, ink: options.ink)
    }
  }

  /// Seconds on SDL's monotonic clock. The corresponding C function is `SDL_GetTicks64`.
  static func now() -> Double { Double(SDL_GetTicks64()) / 1000 }

  /// Runs the talk until the speaker quits (q twice).
  public func run() throws {
    // Keys are commands, not text: no text-input events to wade through.
    SDL_StopTextInput()
    resumeIfAsked()
    record(.deck(.init(session)))
    try restage(initial: true)
    session.observeClock(at: Self.now())
    render(cause: nil)
    session.runByItself(options.autoAdvance, at: Self.now())
    record(painter.prepareAhead(session, windows: windows.all, context: context))
    keepJournal()
    var lastSecond = -1
    var restageFailed = false
    var event = SDL_Event()
    while !session.state.shouldQuit {
      // Sleep until an event or the next second of the clock: an idle talk costs nothing.
      let untilNextSecond = Int32(max(10, 1000 - Int(SDL_GetTicks64() % 1000)))
      var changed = false
      var cause: UInt32?
      var restageNeeded = false
      var pagesArrived = false
      let wait = min(
        untilNextSecond, videos.millisecondsToNextPicture ?? untilNextSecond,
        transitions.isPlaying ? RoomTransitions.frameMs : untilNextSecond,
        session.state.tools.trailFading(at: Self.now()) ? RoomTransitions.frameMs : untilNextSecond,
        zoomRestWait(untilNextSecond), recordingWait(untilNextSecond),
        autoAdvanceWait(untilNextSecond))
      let received = SDL_WaitEventTimeout(&event, wait) != 0
      // The turn from here to the next wait: longer than TurnTimer.limit is a stall, which the
      // trace says with what took longest (keys pressed meanwhile waited that long).
      var turn = TurnTimer(at: Window.milliseconds())
      if received {
        repeat {
          pagesArrived = pagesArrived || event.type == TalkInput.pagesReady
          if event.type == SDL_MOUSEMOTION.rawValue { pointerMovedAt = event.common.timestamp }
          let outcome = handle(event)
          changed = changed || outcome.changed
          restageNeeded = restageNeeded || outcome.restage
          let measured = TalkInput.isMeasured(event) || event.type == TalkInput.remoteInput
          if outcome.changed && cause == nil && measured {
            cause = event.common.timestamp
          }
        } while SDL_PollEvent(&event) != 0
      }
      if let due = advanceIfDue() { (changed, cause) = (true, cause ?? due) }
      turn.ended("input", at: Window.milliseconds())
      // Input while a transition plays ends it: the slide it goes to, or the one the input
      // asks for, shows at once.
      let interrupted = changed && transitions.isPlaying
      if interrupted { transitions.end(phase: "interrupted") }
      if restageNeeded || restageFailed {
        restageFailed = !restageMidTalk(failedBefore: restageFailed)
        changed = true
        turn.ended("restage", at: Window.milliseconds())
      }
      followSessionEvents()
      let second = Int(Self.now())
      // A window that waited for a page draws again, its latency from the input it answers.
      let redraw = changed || (pagesArrived && painter.isWaitingForPages)
      let waited = redraw ? painter.takeWaitingCause() : nil
      // Pages arriving redraw only the windows that waited for them: no redraw that changes
      // nothing on the others.
      let waitedWindows = redraw ? painter.takeWaitingWindows() : []
      let answered = redraw ? cause ?? waited : nil
      // A move's frames go out before the decoders of the clips it stops end and those of the
      // clips it starts open: that work would compete with them for this machine's cores.
      var newPictures = updateVideos(finishing: answered == nil)
      turn.ended("clips", at: Window.milliseconds())
      if redraw {
        render(cause: answered, transitions: !interrupted, only: changed ? nil : waitedWindows)
      } else if transitions.isPlaying {
        drawTransition()
      } else if session.state.tools.trailFading(at: Self.now()) {
        drawTrail()
      }
      turn.ended("render", at: Window.milliseconds())
      // The journal as soon as the turn's frames are out: a crash while clips' decoders end and
      // start, their pictures are drawn (a few hundred ms for three windows on a loaded machine)
      // or the next slides are drawn ahead (a PDF's pages take a while) must not lose the move
      // just shown.
      keepJournal()
      turn.ended("journal", at: Window.milliseconds())
      if answered != nil { newPictures = finishVideos() || newPictures }
      turn.ended("clips", at: Window.milliseconds())
      // A frame answering input keeps the clips' pictures the windows have (`holdsPictures`):
      // the new ones right after it.
      if newPictures && (!redraw || answered != nil) {
        painter.drawPictures(windows.all, session: &session, context: context)
        turn.ended("pictures", at: Window.milliseconds())
      }
      if !(redraw || pagesArrived)
        && (second != lastSecond || session.state.quitArmedAt != nil || recordingMeterMoved())
      {
        renderConsoles()
        turn.ended("console", at: Window.milliseconds())
      }
      // Drawing ahead is left out: it looks for input between frames and stops for it.
      if let stall = turn.stall(endingAt: Window.milliseconds()) { record(.stall(stall)) }
      // The phones after the room: a snapshot when something changed or the clock ticked, and
      // the pictures they wait for.
      serveRemote(changed: redraw || second != lastSecond)
      // While a transition plays its frames come first: drawing ahead waits for its end.
      if (redraw || pagesArrived) && !transitions.isPlaying {
        for stage in windows.all { stage.window.catchUp() }
        record(painter.prepareAhead(session, windows: windows.all, context: context))
      }
      drawZoomAhead(pagesArrived: pagesArrived)
      // Last in the turn, when the frames are out: a copy of the room's picture.
      recordRoom()
      lastSecond = second
    }
    session.observeClock(at: Self.now())
    keepJournal()
    inkKeeper?.finish()
    options.recording?.finish()
    videos.stopAll()
    videos.close()
    record(.quit)
    windows.closeAll()
  }

  /// Writes `event` to the trace, as happening now or at `time` (`now()`'s clock).
  func record(_ event: TraceEvent, at time: Double? = nil) {
    trace.record(event, at: time ?? Self.now())
  }

  /// Draws every window: the audience's first, as the room sees them. A move to another slide
  /// starts the transition it has on the audience's windows (the console never plays one).
  private func render(cause: UInt32?, transitions allowed: Bool = true, only: Set<UInt32>? = nil) {
    transitions.willShow(
      session.state.audienceView, deck: session.deck, allowed: allowed && options.transitions,
      at: Self.now())
    if shown != session.state.position {
      shown = session.state.position
      record(.show(.init(session.state.position)))
    }
    traceTools()
    for entry in windows.all
    where context.showsSlides(entry.role, session.state)
      && only?.contains(entry.window.id) ?? true
    {
      if let shown = painter.draw(entry, session: &session, context: context, cause: cause) {
        record(shown)
      }
    }
    renderConsoles(cause: cause, only: only)
    if let written = session.takeReloadWrittenAt() {
      // From the editor's write to the reloaded deck on every window.
      let since = (Date().timeIntervalSince1970 - written) * 1000
      record(.reloadShown(.init(sinceWrite: since)))
    }
  }
}
