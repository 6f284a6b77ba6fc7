import CSDL2
import PodiumCore

/// Zoom, spotlight, dimming and the laser's trail in the talk's loop: the trace says when they
/// change, and a fading trail is drawn again until it has faded.
extension PresentationApp {
  /// Records a change of the zoom, spotlight, dimmed box or trail, with the size the audience's
  /// slide is laid out at for the zoom.
  func traceTools() {
    let look = session.state.tools.look
    guard look != toolsTraced else { return }
    toolsTraced = look
    let audience = windows.all.first { $0.role == .audience }?.window.pixelSize
    record(
      .zoom(
        TraceEvent.Zoom(session.state, audience: audience, aspect: session.deck.metadata.aspect)))
  }

  /// Draws every window again for the laser's trail as it fades, without tracing each frame.
  func drawTrail() {
    for entry in windows.all {
      _ = painter.draw(entry, session: &session, context: context, cause: nil)
    }
  }

  /// How long the pointer rests on a zoom box being dragged before the zoomed slide is drawn
  /// ahead for it (milliseconds): long enough that a box still being pulled is not drawn at
  /// every move, short enough that a speaker letting go finds it drawn.
  static let zoomRestMs = 20

  /// Milliseconds since the pointer last moved.
  private var pointerRestMs: Int { Int(SDL_GetTicks()) - Int(pointerMovedAt) }

  /// How long the loop may sleep: while a zoom box not drawn ahead yet is being dragged, until
  /// the pointer has rested `zoomRestMs`.
  func zoomRestWait(_ wait: Int32) -> Int32 {
    guard let next = session.state.zoomedOnRelease?.tools.viewport, next != zoomAhead?.viewport
    else { return wait }
    return min(wait, Int32(max(1, Self.zoomRestMs - pointerRestMs)))
  }

  /// At the end of a turn, once the pointer has rested on the box being dragged (or PDF pages
  /// that a zoom drawn ahead waited for arrived): the zoomed slide the box will show, drawn
  /// ahead (`TalkPainter.prepareZoom`), and said in the trace. A turn that took longer than the
  /// rest (a slow console frame) counts: the pointer did not move meanwhile. A PDF deck's pages
  /// are asked for at every new box (`TalkPainter.askZoomPages`).
  func drawZoomAhead(pagesArrived: Bool) {
    guard let future = session.state.zoomedOnRelease else {
      zoomAhead = nil
      painter.zoomPages = []
      return
    }
    let viewport = future.tools.viewport
    // A PDF deck's pages for the box are asked for as soon as it changes, drawn ahead once they
    // arrive; the pages of a box moved on from are no longer wanted.
    let start = Window.milliseconds()
    if zoomAhead?.viewport != viewport,
      !painter.askZoomPages(future, session: session, windows: windows.all, context: context)
    {
      zoomAhead = (viewport, false)
      record(
        .prepared(
          .init(ms: Window.milliseconds() - start, frames: 0, interrupted: true, zoom: true)))
      return
    }
    let retry = pagesArrived && zoomAhead?.viewport == viewport && zoomAhead?.drawn == false
    let rested = pointerRestMs >= Self.zoomRestMs && zoomAhead?.viewport != viewport
    guard rested || retry, !TalkInput.pointerWaiting() else { return }
    guard
      let drawn = painter.prepareZoom(
        future, session: session, windows: windows.all, context: context)
    else { return }
    zoomAhead = (viewport, drawn)
    record(
      .prepared(
        .init(
          ms: Window.milliseconds() - start, frames: drawn ? 1 : 0, interrupted: !drawn, zoom: true)
      ))
  }
}
