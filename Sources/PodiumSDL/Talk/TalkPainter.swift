import CSDL2
import Foundation
import PodiumCore

/// Draws a talk's windows from its session: the audience's slide (or a blank) and the
/// presenter's console, laid out once per (slide, step, size) and kept as layers, so moving
/// back and forth is a copy and a present.
final class TalkPainter {
  let fonts = FontLibrary()
  let images: ImageLibrary
  let measurer: SDLTextMeasurer
  private(set) var engine: LayoutEngine
  /// PDF pages a window waits for before it shows its next frame (a page that is slow to draw,
  /// or one a jump reached before it was drawn ahead), the first to be drawn; and the input that
  /// caused the wait, for the latency of the frame once it shows.
  private(set) var waitingPages: [PageRequest] = []
  private(set) var waitingCause: UInt32?
  /// The windows that kept their frame to wait for pages: only they draw again when pages
  /// arrive (the others show what they should already).
  private(set) var waitingWindows = Set<UInt32>()
  /// The pages of the steps beyond the next and the previous, outward, for every window, and
  /// the position and sizes they were laid out for (see `pagesFurtherAhead`).
  var furtherAhead: (key: String, requests: [PageRequest])?
  /// Audience windows that have shown a frame: the room's first frame is drawn whatever it
  /// takes, rather than show nothing; the console waits for its pages like any frame.
  private var windowsShown = Set<UInt32>()
  /// What the clips and animations playing show now, by file: every window draws them.
  var livePictures: [String: LivePicture] = [:]
  /// Slides laid out once per (slide, step, size) for every window.
  let frames = SlideFrameCache(capacity: 48)
  /// The deck's version (`TalkSession.deckVersion`) that what is kept was drawn for.
  private var drawnDeckVersion = 1
  /// The talk's recording, whose status the console shows (`--record`).
  var recording: (any TalkRecording)?
  /// The slide transition the audience's windows play, while it plays.
  var transition: TransitionPlay?
  /// The wall clock on the console, `14:05`; made once, as Foundation's formatters are costly.
  let clock = MinuteClock()

  /// The audience's zoomed slide drawn ahead for the box being dragged, by window: its layer's
  /// key, its viewport and its frame (`prepareZoom`).
  var zoomDrawnAhead: [UInt32: (key: String?, viewport: SlideViewport, frame: SlideFrame)] = [:]
  /// The PDF pages of the zoom being drawn ahead: first of what the rasterizer is asked for
  /// while the box is dragged (each move draws the console again, and asks for pages ahead).
  var zoomPages: [PageRequest] = []

  /// The console's line for the clip of the slide on show.
  var consoleVideoLine: String?
  /// The phone remote's pairing card, drawn over the console (`--remote`; Shift+R hides it).
  var remoteCard: RemoteCard?
  /// When each presenter window last drew a clip's new picture (milliseconds): the console
  /// shows clips at most `consolePictureRate` times a second, the room at the clip's own rate.
  private var picturesDrawnAt: [UInt32: Double] = [:]
  static let consolePictureRate = 15.0

  init(theme: Theme, pages: (any PageRasterizer)?, videoFrames: (any VideoFrameSource)?) {
    images = ImageLibrary(pages: pages, videoFrames: videoFrames)
    measurer = SDLTextMeasurer(library: fonts)
    engine = LayoutEngine(theme: theme, measurer: measurer, images: images)
  }

  /// Whether a window waits for pages, and why: the input to measure its frame from.
  var isWaitingForPages: Bool { !waitingPages.isEmpty }

  /// Starts a new round of drawing: what windows waited for is asked for again if still needed.
  func takeWaitingCause() -> UInt32? {
    defer { (waitingPages, waitingCause) = ([], nil) }
    return waitingCause
  }

  /// The windows that waited for pages, forgotten: the ones to draw again when pages arrive.
  func takeWaitingWindows() -> Set<UInt32> {
    defer { waitingWindows = [] }
    return waitingWindows
  }

  /// New windows (a restage) draw their first frame whatever it takes.
  func windowsOpened() {
    windowsShown.removeAll()
  }

  /// A new deck (or theme): everything laid out or decoded before is let go.
  /// Follows a deck the talk itself changed (a whiteboard page put in or taken out): what is
  /// kept by a slide's number (frames, the windows' layers, frames drawn ahead) is dropped;
  /// images and pages are kept. Whether the deck changed since the last call.
  func follow(deckVersion: Int, windows: [StageWindow]) -> Bool {
    guard deckVersion != drawnDeckVersion else { return false }
    drawnDeckVersion = deckVersion
    frames.removeAll()
    furtherAhead = nil
    zoomDrawnAhead = [:]
    for entry in windows { entry.window.purgeCaches() }
    return true
  }

  func deckReplaced(theme: Theme, windows: [StageWindow]) {
    engine = LayoutEngine(theme: theme, measurer: measurer, images: images)
    frames.removeAll()
    furtherAhead = nil
    zoomDrawnAhead = [:]
    zoomPages = []
    images.removeAll()
    images.pages?.forget()
    for entry in windows { entry.window.purgeCaches() }
  }

  /// What the audience window shows at `size`: the slide as one layer, or a blank. `state`: the
  /// talk's tools as they will be (a zoom drawn ahead), not as they are.
  func audienceFrame(
    _ session: TalkSession, _ view: PresentationState.AudienceView, size: PixelSize,
    state: PresentationState? = nil
  )
    -> SlideFrame
  {
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
      guard session.deck.slides.indices.contains(slide) else {
        return filled(RGBAColor(red: 0, green: 0, blue: 0))
      }
      // Zoom shows on the slide the speaker is on, as the room sees it (not a frozen one).
      let state = state ?? session.state
      let live = !state.isFrozen && state.position == .init(slide: slide, step: step)
      let viewport = live ? state.tools.viewport : .whole
      let (layer, frame) = slideLayer(session, slide: slide, step: step, size: size, viewport)
      let now = PresentationApp.now()
      let laser =
        inkCommands(
          session.ink.liveCommands(
            slide: slide, step: step, in: viewport.slideRect(in: frame.slideRect)),
          viewport, frame.slideRect)
        + state.toolMarks(in: frame.slideRect, at: now, speaker: false)
      if let transition, transition.to == .init(slide: slide, step: step),
        !transition.isOver(at: now), session.deck.slides.indices.contains(transition.from.slide)
      {
        // Both slides are kept layers: each frame of the transition is two copies.
        let from = transition.from
        let (oldLayer, _) = slideLayer(
          session, slide: from.slide, step: from.step, size: size, .whole)
        return transition.frame(old: oldLayer, new: layer, size: size, at: now)
      }
      return SlideFrame(size: size, slideRect: frame.slideRect, commands: [.layer(layer)] + laser)
    }
  }

  /// A slide step as the room sees it through `viewport`, with its ink, as one kept layer:
  /// thousands of strokes cost a copy, and a new stroke draws the layer again once, when the pen
  /// comes up. Ink is in slide coordinates, drawn where the viewport puts the whole slide.
  private func slideLayer(
    _ session: TalkSession, slide: Int, step: Int, size: PixelSize, _ viewport: SlideViewport
  ) -> (LayerItem, SlideFrame) {
    var frame = engine.layout(
      slideAt: slide, in: session.deck, step: step, size: size, viewport: viewport,
      cache: frames)
    var key = LayoutEngine.layerKey(slide: slide, step: step, viewport: viewport)
    if let ink = session.ink.keptCommands(
      slide: slide, step: step, in: viewport.slideRect(in: frame.slideRect), cache: frames)
    {
      frame.commands += inkCommands(ink.commands, viewport, frame.slideRect)
      key += " " + ink.key
    }
    return (LayerItem(key: key, x: 0, y: 0, frame: frame), frame)
  }

  /// Ink on a zoomed view is clipped to the slide's view.
  private func inkCommands(_ commands: [DrawCommand], _ viewport: SlideViewport, _ view: Rect)
    -> [DrawCommand]
  {
    commands.isEmpty || !viewport.isZoomed ? commands : [.pushClip(view)] + commands + [.popClip]
  }

  /// The console for `state` (the one on show, or one about to be).
  func consoleFrame(
    _ session: TalkSession, _ state: PresentationState, size: PixelSize, context: TalkContext
  ) -> ConsoleFrame {
    let status = consoleFrameStatus(session, state, context: context)
    let dpi = context.displays.first { $0.index == context.stage.presenter }?.dpi
    var console = engine.console(
      deck: session.deck, state: state, status: status, size: size, dpi: dpi, frames: frames,
      ink: session.ink)
    console.addInk(
      session.ink, slide: state.slide, step: state.step, viewport: state.tools.viewport)
    if let remoteCard, !state.remoteCardHidden {
      console.frame.commands += remoteCard.commands(
        size: size, family: session.theme.fonts.body, measurer: measurer)
    }
    return console
  }

  /// What the console's status line and times say for `state`; the views show the same.
  func consoleFrameStatus(_ session: TalkSession, _ state: PresentationState, context: TalkContext)
    -> ConsoleStatus
  {
    var status = session.consoleStatus(
      for: state, stage: context.stage, plan: context.plan, now: PresentationApp.now(),
      date: Date(), clock: clock, displays: context.displays)
    status.video = consoleVideoLine
    status.recording = recording?.status
    return status
  }

  /// Draws one window from the session and says what it showed, for the trace; nil when the
  /// window keeps its frame a moment longer because a PDF page of the new one is still being
  /// drawn on the rasterizer's thread (the loop is woken to draw again when it is ready), so
  /// that no page, however slow, holds up the talk and no window shows half a frame.
  func draw(
    _ entry: StageWindow, session: inout TalkSession, context: TalkContext, cause: UInt32?
  ) -> TraceEvent? {
    let size = entry.window.pixelSize
    let start = Window.milliseconds()
    let console = context.showsConsole(entry.role, session.state)
    let frame: SlideFrame
    var overrun: ConsoleStatus.Overrun.Kind?
    if let kind = entry.role.view {
      session.slideDrawn(in: entry.window.id)
      frame = viewFrame(kind, session, size: size, context: context)
    } else if console {
      let drawn = consoleFrame(session, session.state, size: size, context: context)
      session.consoleDrawn(drawn, in: entry.window.id)
      frame = drawn.frame
      overrun = drawn.overrun
    } else {
      frame = audienceFrame(session, session.state.audienceView, size: size)
      // A one-screen talk draws ink on the slide itself.
      let drawsInk = context.stage.mode == .mirrored && !frame.commands.isEmpty
      session.slideDrawn(in: entry.window.id, inkOn: drawsInk ? frame.slideRect : nil)
    }
    let layout = Window.milliseconds() - start
    if let pages = images.pages,
      entry.role != .audience || windowsShown.contains(entry.window.id),
      !entry.window.frames.pagesReady(in: frame)
    {
      for request in entry.window.frames.pageRequests(in: frame)
      where !pages.isReady(request) && !waitingPages.contains(request) {
        waitingPages.append(request)
      }
      if waitingCause == nil { waitingCause = cause }
      waitingWindows.insert(entry.window.id)
      pages.prefetch(
        waitingPages + (furtherAhead?.requests ?? []), awaited: waitingPages.count,
        whenReady: TalkInput.announcePagesReady)
      return nil
    }
    waitingWindows.remove(entry.window.id)
    windowsShown.insert(entry.window.id)
    entry.window.frames.livePictures = livePictures
    // A frame answering input shows the clips' pictures already converted; `drawPictures`
    // takes their new ones right after.
    entry.window.frames.holdsPictures = cause != nil
    let (drawing, presenting) = entry.window.show(frame, whole: !console && transition != nil)
    entry.window.frames.holdsPictures = false
    let state = session.state
    let view = entry.role.view?.rawValue ?? Self.viewName(console, state.audienceView)
    var shown = TraceEvent.Presented(
      entry.role, view: view, deck: session.deckVersion, position: state.position,
      milliseconds: (layout, drawing, presenting))
    if let cause { shown.latencyMs = max(0, Double(SDL_GetTicks64()) - Double(cause)) }
    shown.pixelsSent = entry.window.pixelsSent
    if case .slide(let slide, let step) = state.audienceView, entry.role == .audience {
      shown.slide = slide + 1
      shown.step = step + 1
    }
    if entry.role == .audience, view == "black" || view == "white" { shown.blank = view }
    if console {
      // What else the console showed: the overview's selection, a freeze, a number being typed.
      shown.overview = state.overviewSelection.map { $0 + 1 }
      shown.frozen = state.isFrozen ? true : nil
      shown.jump = state.jumpEntry.isEmpty ? nil : state.jumpEntry
      shown.overrun = overrun?.rawValue
    }
    return .present(shown)
  }

  /// The clips and animated pictures of the slide the room sees (or would see, blanked), laid
  /// out at `size`.
  func motionItems(_ session: TalkSession, size: PixelSize) -> (slide: Int?, items: [ImageItem]) {
    guard case .slide(let slide, let step) = session.state.audienceViewUnblanked,
      session.deck.slides.indices.contains(slide)
    else { return (nil, []) }
    let frame = engine.layout(
      slideAt: slide, in: session.deck, step: step, size: size, cache: frames)
    return (slide, frame.motionItems)
  }

  /// Draws again the windows that show a playing clip, for its new picture: the audience's
  /// first. Not traced: thirty pictures a second would bury the talk's own events.
  func drawPictures(_ windows: [StageWindow], session: inout TalkSession, context: TalkContext) {
    for entry in windows.sorted(by: { $0.role == .audience && $1.role != .audience }) {
      // Input comes first: the loop answers it with a whole redraw, which takes these pictures
      // too. Without this, a key pressed as a 1080p picture is converted waits for the other
      // window's conversion and redraw as well.
      if TalkInput.isWaiting() { return }
      let console = context.showsConsole(entry.role, session.state)
      if entry.role.view != nil { continue }
      if !console, session.state.audienceView != session.state.audienceViewUnblanked { continue }
      if !console, session.state.isFrozen { continue }
      if entry.role == .presenter {
        // The console takes at most `consolePictureRate` pictures a second (its window's
        // `pictureInterval`): no redraw for the ones it would not take.
        let now = Window.milliseconds()
        let last = picturesDrawnAt[entry.window.id] ?? -.infinity
        if now - last < 1000 / Self.consolePictureRate { continue }
        picturesDrawnAt[entry.window.id] = now
      }
      let size = entry.window.pixelSize
      let frame =
        console
        ? consoleFrame(session, session.state, size: size, context: context).frame
        : audienceFrame(session, session.state.audienceView, size: size)
      guard !frame.motionItems.isEmpty else { continue }
      entry.window.frames.livePictures = livePictures
      entry.window.show(frame)
    }
  }

  /// While the speaker talks, draws what the next and the previous press will show into the
  /// windows' caches, so that a slide change is a copy and a present. Stops as soon as input
  /// arrives: the input comes first. Says what it did, for the trace.
  func prepareAhead(_ session: TalkSession, windows: [StageWindow], context: TalkContext)
    -> TraceEvent
  {
    let start = Window.milliseconds()
    var frames = 0
    func prepared(interrupted: Bool) -> TraceEvent {
      .prepared(
        .init(ms: Window.milliseconds() - start, frames: frames, interrupted: interrupted))
    }
    var ahead: [PresentationState] = []
    for command in [PresentationCommand.next, .previous] {
      var moved = session.state
      if moved.apply(command, at: PresentationApp.now()), moved.position != session.state.position {
        ahead.append(moved)
      }
    }
    // What each window will draw, the audience's first; their PDF pages are drawn ahead on the
    // rasterizer's thread, and a frame is put into its window's cache once its pages are ready
    // (the rasterizer wakes the loop for that), so this never waits on a page being drawn.
    var planned: [(StageWindow, SlideFrame, picturesPlayOn: Bool)] = []
    for future in ahead {
      // The clips and animations playing now stop when the room's slide changes.
      let playOn = future.roomSlide == session.state.roomSlide
      for entry in windows.sorted(by: { $0.role == .audience && $1.role != .audience }) {
        let size = entry.window.pixelSize
        // A notes or timer view is quick to lay out and has no slides to keep ahead.
        if entry.role.view != nil { continue }
        if context.showsConsole(entry.role, future) {
          let console = consoleFrame(session, future, size: size, context: context).frame
          planned.append((entry, console, playOn))
        } else if !future.isFrozen && future.blank == nil {
          planned.append((entry, audienceFrame(session, future.audienceView, size: size), playOn))
        }
      }
    }
    if let pages = images.pages {
      // The next and previous steps' pages first, then outward as far as the budget goes.
      let near =
        waitingPages + zoomPages + planned.flatMap { $0.0.window.frames.pageRequests(in: $0.1) }
      let requests = near + pagesFurtherAhead(session, from: ahead, windows: windows, context)
      if !requests.isEmpty {
        pages.prefetch(
          requests, awaited: waitingPages.count, whenReady: TalkInput.announcePagesReady)
      }
    }
    for (entry, frame, playOn) in planned {
      if TalkInput.isWaiting() { return prepared(interrupted: true) }
      if entry.window.prepare(frame, picturesPlayOn: playOn) { frames += 1 }
    }
    return prepared(interrupted: false)
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
}

/// What drawing needs to know of the stage: the roles, the displays and the talk's plan.
struct TalkContext {
  var stage: Stage
  var displays: [DisplayInfo]
  var plan: TalkPlan

  /// The presenter's window shows the console; with one display, the audience's does too
  /// while the speaker has it up (Tab).
  func showsConsole(_ role: WindowPlacement.Role, _ state: PresentationState) -> Bool {
    role == .presenter || (role == .audience && stage.mode == .mirrored && state.consoleInMirror)
  }

  /// The window shows the room's slides: an audience window (or its copy on a view's display)
  /// that is not showing the console; not a notes or timer view.
  func showsSlides(_ role: WindowPlacement.Role, _ state: PresentationState) -> Bool {
    role == .audience && !showsConsole(role, state)
  }
}
