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
}
