import Foundation
import PodiumCore

/// The windows of `--views` and `--share`: their titles, and what a notes or timer view draws.
extension PresentationApp {
  /// The window's title: the deck's for the console; `Podium: audience` for a shared audience
  /// window, the name a call app lists it by; `Podium: notes` and `Podium: timer` for the views.
  static func title(of placement: WindowPlacement, stage: Stage, presenter: String) -> String {
    switch placement.role {
    case .presenter: return presenter
    case .audience:
      return stage.mode == .shared && !placement.fullScreen ? SharedWindow.title : "Podium audience"
    case .notes, .timer: return "Podium: \(placement.role.rawValue)"
    }
  }
}

extension TalkPainter {
  /// A notes or timer view at `size`, from the status the console shows.
  func viewFrame(
    _ kind: StageViewKind, _ session: TalkSession, size: PixelSize, context: TalkContext
  ) -> SlideFrame {
    let status = consoleFrameStatus(session, session.state, context: context)
    return engine.stageView(
      kind, deck: session.deck, state: session.state, status: status, size: size)
  }
}

extension PresentationApp {
  /// At the start, a view that cannot open yet is the speaker's to read on the terminal: the
  /// talk goes on, and the view opens when a change of displays frees or brings its display.
  func warnClosedViews(_ stage: Stage) {
    for view in stage.views {
      guard let closed = view.closed else { continue }
      let message =
        "podium present: warning: the \(view.kind.rawValue) view stays closed for now: \(closed); it opens when the display is free\n"
      FileHandle.standardError.write(Data(message.utf8))
    }
  }
}
