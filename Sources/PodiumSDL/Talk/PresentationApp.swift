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
  /// What the room's windows last showed, to know a slide change that plays a transition.
  private var roomView: PresentationState.AudienceView?
  /// Frames of the transition playing drawn so far, and the longest one took (ms).
  private var transitionFrames = 0
  private var slowestTransitionFrame = 0.0
  /// How long the loop sleeps between a transition's frames, in milliseconds (about 60 a
  /// second; input wakes it at once).
  static let transitionFrameMs: Int32 = 15
  private var journalling: TalkJournalling?
  /// Writes the ink sidecar as strokes are drawn.
  private let inkKeeper: InkKeeper?
  /// The zoom, spotlight and dimming the trace last recorded (PresentationApp+Zoom).
  var toolsTraced = SpeakerTools().look
  /// The zoom box drawn ahead last (PresentationApp+Zoom), and whether it is drawn.
  var zoomAhead: (viewport: SlideViewport, drawn: Bool)?
  /// When the pointer last moved (SDL's milliseconds): a zoom box is drawn ahead once it rests.
  var pointerMovedAt: UInt32 = 0
  let videos: TalkVideos

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
    videos = TalkVideos(playback: options.video, images: painter.images) {
      trace.record($0, at: PresentationApp.now())
    }
    watcher = DeckWatcher(files: session.watchedFiles)
    // A saved office deck is read without waiting for LibreOffice: the console shows its
    // conversion from the start, and the room keeps the last version until it is done.
    var reading = options.loader
    reading.officeWait = .nothing
    reloader = watcher.map { [reading] _ in
      DeckReloader(
        path: session.path, loader: reading, clock: { Window.milliseconds() },
        wake: { TalkInput.announce(TalkInput.deckRead) })
    }
    painter.remoteCard = options.remote?.card
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
    if let resume = options.resume {
      // Before the first frame: a resumed talk opens where it was, within a second of start.
      let (now, wall) = (Self.now(), Date().timeIntervalSince1970)
      if resume.ask {
        session.offerResume(resume.journal, clock: resume.clock, at: now, wall: wall)
      } else {
        session.resume(resume.journal, clock: resume.clock, at: now, wall: wall)
      }
    }
    record(.deck(.init(session)))
    try restage(initial: true)
    session.observeClock(at: Self.now())
    render(cause: nil)
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
        painter.transition == nil ? untilNextSecond : Self.transitionFrameMs,
        session.state.tools.trailFading(at: Self.now()) ? Self.transitionFrameMs : untilNextSecond,
        zoomRestWait(untilNextSecond))
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
      turn.ended("input", at: Window.milliseconds())
      // Input while a transition plays ends it: the slide it goes to, or the one the input
      // asks for, shows at once.
      let interrupted = changed && painter.transition != nil
      if interrupted { endTransition(phase: "interrupted") }
      if restageNeeded || restageFailed {
        // A display change must never end the talk: if the windows cannot follow now, say so
        // on the console's side (stderr, trace) and try again on the next tick.
        do {
          try restage(initial: false)
          restageFailed = false
        } catch {
          if !restageFailed {
            let message = "podium present: cannot arrange the windows: \(error); retrying\n"
            FileHandle.standardError.write(Data(message.utf8))
          }
          record(.restageFailed(.init("\(error)")))
          restageFailed = true
        }
        changed = true
        turn.ended("restage", at: Window.milliseconds())
      }
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
      } else if painter.transition != nil {
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
      if !(redraw || pagesArrived) && (second != lastSecond || session.state.quitArmedAt != nil) {
        renderConsoles()
        turn.ended("console", at: Window.milliseconds())
      }
      // Drawing ahead is left out: it looks for input between frames and stops for it.
      if let stall = turn.stall(endingAt: Window.milliseconds()) { record(.stall(stall)) }
      // The phones after the room: a snapshot when something changed or the clock ticked, and
      // the pictures they wait for.
      serveRemote(changed: redraw || second != lastSecond)
      // While a transition plays its frames come first: drawing ahead waits for its end.
      if (redraw || pagesArrived) && painter.transition == nil {
        for stage in windows.all { stage.window.catchUp() }
        record(painter.prepareAhead(session, windows: windows.all, context: context))
      }
      drawZoomAhead(pagesArrived: pagesArrived)
      lastSecond = second
    }
    session.observeClock(at: Self.now())
    keepJournal()
    inkKeeper?.finish()
    videos.stopAll()
    videos.close()
    record(.quit)
    windows.closeAll()
  }

  func record(_ event: TraceEvent) {
    trace.record(event, at: Self.now())
  }

  /// After the frames of a turn are out: the speaker's answer to an offer, and what changed
  /// to the journal (written off this thread), with what that says, to the trace.
  private func keepJournal() {
    for answer in session.takeResumeAnswers() { record(answer) }
    for event in journalling?.keep(&session, at: Self.now()) ?? [] { record(event) }
    inkKeeper?.keep(session.ink.ink)
  }

  /// Assigns roles from the displays there are now and rebuilds the windows for them: the
  /// audience's first, each drawn as soon as it opens, so the room sees the slide before the
  /// console is up.
  private func restage(initial: Bool) throws {
    let displays = SDLDisplayProvider().displays()
    context.displays = displays
    record(.displays(.init(displays)))
    guard
      let assigned = try StageAssignment.assign(
        displays, options: options.stage, state: session.state, midTalk: !initial)
    else { return }
    if initial { warnClosedViews(assigned) }
    let placements = WindowPlacement.windows(
      for: assigned, on: displays, rehearse: options.plan.rehearse)
    if !initial && assigned == context.stage && windows.all.count == placements.count { return }
    context.stage = assigned
    record(.stage(.init(assigned, state: session.state, at: Self.now())))
    windows.closeAll()
    painter.windowsOpened()
    let title = "Podium: \(session.deck.metadata.title ?? "presenter")"
    for placement in placements {
      let entry = try windows.open(
        placement, title: Self.title(of: placement, stage: assigned, presenter: title),
        painter: painter)
      // The audience's first frame is always drawn: the room sees the slide at once.
      if let shown = painter.draw(entry, session: &session, context: context, cause: nil) {
        record(shown)
      }
      entry.window.enterFullscreen()
    }
    options.pagesForWindows?(
      windows.all.reduce(0) { $0 + $1.window.pixelSize.width * $1.window.pixelSize.height })
  }

  /// Draws every window: the audience's first, as the room sees them. A move to another slide
  /// starts the transition it has on the audience's windows (the console never plays one).
  private func render(cause: UInt32?, transitions: Bool = true, only: Set<UInt32>? = nil) {
    let view = session.state.audienceView
    if transitions, options.transitions, case .slide(let fromSlide, let fromStep)? = roomView,
      case .slide(let slide, let step) = view, fromSlide != slide,
      let play = TransitionPlay.between(
        session.deck, from: .init(slide: fromSlide, step: fromStep),
        to: .init(slide: slide, step: step), at: Self.now())
    {
      painter.transition = play
      transitionFrames = 0
      slowestTransitionFrame = 0
      record(.transition(.init(play, phase: "started")))
    }
    roomView = view
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

  /// The next frame of the transition playing, on the audience's windows only; its last frame
  /// is the slide it went to, traced as any frame.
  private func drawTransition() {
    guard let play = painter.transition else { return }
    let over = play.isOver(at: Self.now())
    if over { painter.transition = nil }
    let start = Window.milliseconds()
    for entry in windows.all where context.showsSlides(entry.role, session.state) {
      let shown = painter.draw(entry, session: &session, context: context, cause: nil)
      if over, let shown { record(shown) }
    }
    guard over else {
      transitionFrames += 1
      slowestTransitionFrame = max(slowestTransitionFrame, Window.milliseconds() - start)
      return
    }
    record(
      .transition(
        .init(
          play, phase: "finished", frames: transitionFrames,
          slowestFrameMs: slowestTransitionFrame)))
    record(painter.prepareAhead(session, windows: windows.all, context: context))
  }

  private func endTransition(phase: String) {
    guard let play = painter.transition else { return }
    painter.transition = nil
    record(
      .transition(
        .init(
          play, phase: phase, frames: transitionFrames, slowestFrameMs: slowestTransitionFrame)))
  }

  private func renderConsoles(cause: UInt32? = nil, only: Set<UInt32>? = nil) {
    // The views (notes, timer) tick with the console's clock.
    for entry in windows.all
    where !context.showsSlides(entry.role, session.state)
      && only?.contains(entry.window.id) ?? true
    {
      if let shown = painter.draw(entry, session: &session, context: context, cause: cause) {
        record(shown)
      }
    }
  }
}
