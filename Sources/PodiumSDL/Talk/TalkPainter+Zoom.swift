import PodiumCore

/// The zoom drawn ahead: while the speaker's pointer rests on the box being dragged, the
/// audience's zoomed slide is laid out and drawn into its window's layers (its PDF pages asked
/// of the rasterizer's workers first), so that letting go of the button shows it with one copy,
/// as a slide change does. Laying out and drawing a slide at up to four times the screen's size
/// takes longer than the 50 ms the first zoomed frame has (issue 30).
extension TalkPainter {
  /// Draws into the audience windows' layers what they will show once the zoom box being
  /// dragged is let go where the pointer is now (`future`: that state). True when every such
  /// window has it drawn; false when a PDF page of it is still being drawn (the rasterizer
  /// wakes the loop when it is ready); nil when the pointer moved meanwhile.
  func prepareZoom(
    _ future: PresentationState, session: TalkSession, windows: [StageWindow],
    context: TalkContext
  ) -> Bool? {
    var ready = true
    for entry in windows where context.showsSlides(entry.role, future) {
      if TalkInput.pointerWaiting() { return nil }
      let size = entry.window.pixelSize
      let frame = audienceFrame(session, future.audienceView, size: size, state: future)
      // The box drawn ahead before this one will not be shown: its texture draws this one.
      if let earlier = zoomDrawnAhead[entry.window.id], earlier.key != frame.layerKey,
        earlier.viewport != session.state.tools.viewport
      {
        entry.window.frames.forgetLayer(of: earlier.frame)
      }
      zoomDrawnAhead[entry.window.id] = (frame.layerKey, future.tools.viewport, frame)
      if let pages = images.pages, !entry.window.frames.pagesReady(in: frame) {
        zoomPages = entry.window.frames.pageRequests(in: frame)
        // Awaited: the box shows them the moment the button comes up.
        pages.prefetch(
          zoomPages + (furtherAhead?.requests ?? []), awaited: zoomPages.count,
          whenReady: TalkInput.announcePagesReady)
        ready = false
        continue
      }
      entry.window.prepare(frame)
    }
    return ready
  }
}

extension TalkPainter {
  /// Asks the rasterizer's workers for the PDF pages the audience windows will show once the
  /// box being dragged is let go where the pointer is now, at once rather than once the pointer
  /// rests: Poppler drawing the part of the page that shows takes longer than the rest. Only for
  /// a PDF deck's slide, whose zoomed layout costs nothing. True when they are drawn already.
  func askZoomPages(
    _ future: PresentationState, session: TalkSession, windows: [StageWindow],
    context: TalkContext
  ) -> Bool {
    guard let pages = images.pages, session.deck.slides.indices.contains(future.slide),
      !session.deck.slides[future.slide].pages.isEmpty
    else { return true }
    var requests: [PageRequest] = []
    for entry in windows where context.showsSlides(entry.role, future) {
      let frame = audienceFrame(
        session, future.audienceView, size: entry.window.pixelSize, state: future)
      if !entry.window.frames.pagesReady(in: frame) {
        requests += entry.window.frames.pageRequests(in: frame)
      }
    }
    guard !requests.isEmpty else { return true }
    zoomPages = requests
    // Awaited, at the talk's priority: the speaker lets go of the box any moment now.
    pages.prefetch(
      requests + (furtherAhead?.requests ?? []), awaited: requests.count,
      whenReady: TalkInput.announcePagesReady)
    return false
  }
}

extension SlideFrame {
  /// The key of the layer the frame starts with, if it does.
  var layerKey: String? {
    guard case .layer(let item)? = commands.first else { return nil }
    return item.key
  }
}
