/// The mouse and Esc for zoom, spotlight and dimming (`SpeakerTools`): while one of them is on,
/// a drag on the console's view of the slide draws a box or pans, the wheel over it zooms or
/// sizes the spotlight, and Esc ends them before it blanks the room.
extension TalkSession {
  /// The commands `input` means to the tools, or nil when it keeps its usual meaning.
  func toolCommands(for input: TalkInput) -> [PresentationCommand]? {
    let tools = state.tools
    guard state.overviewSelection == nil else { return nil }
    switch input {
    case .key(let key):
      // Esc ends the tools first; a second Esc blanks, as a clicker's button means.
      guard tools.isActive, state.jumpEntry.isEmpty, configuration.command(for: key) == .cancel
      else { return nil }
      return [.tool(.reset)]
    case .click(let button, let x, let y, let window):
      // With a pen in hand, a press on a zoomed view draws (ink in slide coordinates); an armed
      // box (z or j pressed after the pen) still takes it.
      guard button == .left, tools.takesPress, tools.armed != nil || ink.tool == nil,
        let view = regions[window]?.currentSlide,
        let point = tools.viewport.slidePoint(underX: x, y: y, in: view)
      else { return nil }
      return [.tool(.press(point))]
    case .release(_, let x, let y, let window):
      guard tools.isDragging else { return nil }
      var point: SlidePoint?
      if let view = regions[window]?.currentSlide {
        let (cx, cy) = Self.clamped(x, y, to: view)
        point = tools.viewport.slidePoint(underX: cx, y: cy, in: view)
      }
      return [.tool(.release(point))]
    case .pointerMoved(let x, let y, let window):
      let tracking = state.pointerOn || tools.spotlightOn
      guard tools.isDragging || tracking, let view = regions[window]?.currentSlide else {
        return nil
      }
      var commands: [PresentationCommand] = []
      if tools.isDragging {
        // A drag that leaves the view holds at its edge.
        let (cx, cy) = Self.clamped(x, y, to: view)
        if let point = tools.viewport.slidePoint(underX: cx, y: cy, in: view) {
          commands.append(.tool(.drag(point)))
        }
      }
      let point = tools.viewport.slidePoint(underX: x, y: y, in: view)
      if tracking { commands.append(.pointAt(point)) }
      if state.pointerOn, tools.laserTrail, let point { commands.append(.tool(.trail(point))) }
      return commands
    case .wheel(let lines, let x, let y, let window):
      guard lines != 0, tools.takesWheel, let view = regions[window]?.currentSlide,
        let point = tools.viewport.slidePoint(underX: x, y: y, in: view)
      else { return nil }
      return [.tool(.wheel(lines: lines, at: point))]
    case .terminate, .touch:
      // A finger or a pen on a touch screen draws ink or clicks (TalkSession+Ink).
      return nil
    }
  }

  /// (`x`, `y`) moved inside `view`, just short of its far edges.
  private static func clamped(_ x: Double, _ y: Double, to view: Rect) -> (x: Double, y: Double) {
    (
      min(view.maxX - 0.001, max(view.x, x)), min(view.maxY - 0.001, max(view.y, y))
    )
  }
}
