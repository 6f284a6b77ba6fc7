import PodiumCore

/// The slide transitions the room's windows play (Marp's `transition:`): which move starts one,
/// its frames counted and timed for the trace, and its end, whether it finished or input cut it
/// short. The painter draws each frame (`TalkPainter.transition`); the console never plays one.
final class RoomTransitions {
  /// How long the loop sleeps between a transition's frames, in milliseconds (about 60 a
  /// second; input wakes it at once).
  static let frameMs: Int32 = 15

  private let painter: TalkPainter
  private let record: (TraceEvent) -> Void
  /// What the room's windows last showed, to know a slide change that plays a transition.
  private var roomView: PresentationState.AudienceView?
  /// Frames of the transition playing drawn so far, and the longest one took (ms).
  private var frames = 0
  private var slowestFrame = 0.0

  init(painter: TalkPainter, record: @escaping (TraceEvent) -> Void) {
    self.painter = painter
    self.record = record
  }

  /// Whether one is playing.
  var isPlaying: Bool { painter.transition != nil }

  /// Before the room's windows draw `view`: a move to another slide starts the transition the
  /// deck gives it, when `allowed`.
  func willShow(
    _ view: PresentationState.AudienceView, deck: Deck, allowed: Bool, at now: Double
  ) {
    if allowed, case .slide(let fromSlide, let fromStep)? = roomView,
      case .slide(let slide, let step) = view, fromSlide != slide,
      let play = TransitionPlay.between(
        deck, from: .init(slide: fromSlide, step: fromStep), to: .init(slide: slide, step: step),
        at: now)
    {
      painter.transition = play
      frames = 0
      slowestFrame = 0
      record(.transition(.init(play, phase: "started")))
    }
    roomView = view
  }

  /// Draws the transition's next frame with `draw` (on the room's windows), timed from
  /// `start` to `end` milliseconds; returns whether it is over, its last frame drawn (the
  /// slide it went to, which `draw` traces as any frame when told it is the last).
  func drawNext(at now: Double, clock: () -> Double, draw: (_ last: Bool) -> Void) -> Bool {
    guard let play = painter.transition else { return false }
    let over = play.isOver(at: now)
    if over { painter.transition = nil }
    let start = clock()
    draw(over)
    guard over else {
      frames += 1
      slowestFrame = max(slowestFrame, clock() - start)
      return false
    }
    record(
      .transition(.init(play, phase: "finished", frames: frames, slowestFrameMs: slowestFrame)))
    return true
  }

  /// Ends the one playing at once (`phase`: why, for the trace).
  func end(phase: String) {
    guard let play = painter.transition else { return }
    painter.transition = nil
    record(.transition(.init(play, phase: phase, frames: frames, slowestFrameMs: slowestFrame)))
  }
}
