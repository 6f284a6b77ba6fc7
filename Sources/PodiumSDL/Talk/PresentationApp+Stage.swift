import CSDL2
import Foundation
import PodiumCore

/// The stage of a talk: which display is whose, and the windows for it.
extension PresentationApp {
  /// Assigns roles from the displays there are now and rebuilds the windows for them: the
  /// audience's first, each drawn as soon as it opens, so the room sees the slide before the
  /// console is up.
  func restage(initial: Bool) throws {
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

  /// Arranges the windows again after a display change; returns whether it could. A display
  /// change must never end the talk: if the windows cannot follow now, it says so on the
  /// console's side (stderr once, the trace each time) and the loop tries again on its next
  /// tick.
  func restageMidTalk(failedBefore: Bool) -> Bool {
    do {
      try restage(initial: false)
      return true
    } catch {
      if !failedBefore {
        let message = "podium present: cannot arrange the windows: \(error); retrying\n"
        FileHandle.standardError.write(Data(message.utf8))
      }
      record(.restageFailed(.init("\(error)")))
      return false
    }
  }
}
