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
    var waiting: [PageRequest] = []
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
      if images.pages != nil, !entry.window.frames.pagesReady(in: frame) {
        waiting += entry.window.frames.pageRequests(in: frame)
        continue
      }
      entry.window.prepare(frame)
    }
    return awaitZoomPages(waiting)
  }

  /// Asks for the pages of the box being dragged as awaited, at the talk's priority: the
  /// speaker lets go of the button any moment, and the box shows them then. They go before the
  /// pages drawn further ahead. True when there are none to wait for.
  private func awaitZoomPages(_ requests: [PageRequest]) -> Bool {
    guard let pages = images.pages, !requests.isEmpty else { return true }
    zoomPages = requests
    pages.prefetch(
      requests + (furtherAhead?.requests ?? []), awaited: requests.count,
      whenReady: TalkInput.announcePagesReady)
    return false
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
    guard images.pages != nil, session.deck.slides.indices.contains(future.slide),
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
    return awaitZoomPages(requests)
  }
}

extension SlideFrame {
  /// The key of the layer the frame starts with, if it does.
  var layerKey: String? {
    guard case .layer(let item)? = commands.first else { return nil }
    return item.key
  }
}
