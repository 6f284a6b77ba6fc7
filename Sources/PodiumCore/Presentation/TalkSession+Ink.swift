import Foundation

/// The session's side of ink: keys, and the pen going down, moving and coming up over the
/// current slide (the console's view of it, or the slide of a one-screen talk). Strokes are
/// kept in slide coordinates, so a zoomed view only maps the pointer differently.
extension TalkSession {
  /// Starts with `ink` (read from the sidecar, or none with `--no-ink`), on the deck as it is.
  public mutating func startInk(_ ink: Ink) {
    self.ink = TalkInk(ink: ink, deck: deck)
    keepsInk = true
  }

  mutating func applyInk(_ command: InkCommand) -> Outcome {
    ink.apply(command, slide: state.slide, step: state.step) ? .redraw : .none
  }

  /// The point of the slide under (`x`, `y`) of `window`, or nil off the slide's view. A stroke
  /// that runs off the view keeps going, clamped to its edge. On a zoomed view the point is
  /// where it lies on the whole slide (`SlideViewport`), so ink drawn while zoomed stays put.
  func inkPoint(x: Double, y: Double, pressure: Double?, window: UInt32, clamped: Bool)
    -> InkPoint?
  {
    guard let view = inkView(in: window), view.width > 0, view.height > 0 else { return nil }
    var local = (x: (x - view.x) / view.width, y: (y - view.y) / view.height)
    if clamped {
      local = (min(1, max(0, local.x)), min(1, max(0, local.y)))
    } else if !(0...1).contains(local.x) || !(0...1).contains(local.y) {
      return nil
    }
    let region = state.tools.viewport.region
    return InkPoint(
      x: region.x + local.x * region.width, y: region.y + local.y * region.height,
      pressure: pressure)
  }

  mutating func inkPress(x: Double, y: Double, pressure: Double?, window: UInt32) -> Bool {
    guard ink.tool != nil,
      let point = inkPoint(x: x, y: y, pressure: pressure, window: window, clamped: false)
    else { return false }
    return ink.press(point, slide: state.slide, step: state.step)
  }

  mutating func inkMove(x: Double, y: Double, pressure: Double?, window: UInt32) -> Outcome {
    guard let point = inkPoint(x: x, y: y, pressure: pressure, window: window, clamped: true)
    else { return .none }
    return ink.move(to: point) ? .redraw : .none
  }

  mutating func inkInput(_ input: TalkInput, at now: Double) -> Outcome {
    switch input {
    case .release(let button, _, _, _):
      guard button == .left else { return .none }
      return ink.release() ? .redraw : .none
    case .touch(.down, let x, let y, let pressure, let window):
      if inkPress(x: x, y: y, pressure: pressure, window: window) { return .redraw }
      // No tool in hand: a tap is a click, as SDL's mouse made it before.
      return outcome(of: .click(.left, x: x, y: y, window: window), at: now)
    case .touch(.move, let x, let y, let pressure, let window):
      guard ink.drawing != nil else {
        return outcome(of: .pointerMoved(x: x, y: y, window: window), at: now)
      }
      return inkMove(x: x, y: y, pressure: pressure, window: window)
    case .touch(.up, _, _, _, _):
      return ink.release() ? .redraw : .none
    default:
      return .none
    }
  }
}
