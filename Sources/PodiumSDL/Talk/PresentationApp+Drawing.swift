import PodiumCore

/// The frames the loop draws outside a move: a transition's next, and the consoles' and views'
/// (their clock, the recording's meter).
extension PresentationApp {
  /// The next frame of the transition playing, on the audience's windows only; its last frame
  /// is the slide it went to, traced as any frame, after which the next slides are drawn ahead.
  func drawTransition() {
    let over = transitions.drawNext(at: Self.now(), clock: Window.milliseconds) { last in
      for entry in windows.all where context.showsSlides(entry.role, session.state) {
        let shown = painter.draw(entry, session: &session, context: context, cause: nil)
        if last, let shown { record(shown) }
      }
    }
    if over { record(painter.prepareAhead(session, windows: windows.all, context: context)) }
  }

  func renderConsoles(cause: UInt32? = nil, only: Set<UInt32>? = nil) {
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
