import PodiumCore

/// A deck that runs itself (`--auto`, `advance` directives, `--kiosk`): the loop sleeps until
/// the next change is due and makes it as a key would, its frames' latency counted from when
/// it was due.
extension PresentationApp {
  /// How long the loop may sleep before the deck moves on by itself.
  func autoAdvanceWait(_ otherwise: Int32) -> Int32 {
    guard let due = session.autoAdvanceDue else { return otherwise }
    return min(otherwise, Int32(max(0, ((due - Self.now()) * 1000).rounded(.up))))
  }

  /// Moves the deck on when its time is up; the trace says where to and how late. Returns when
  /// the move was due, in SDL's milliseconds (the frames' latency counts from there), nil when
  /// nothing moved.
  func advanceIfDue() -> UInt32? {
    let before = session.state.position
    let now = Self.now()
    guard let due = session.advanceIfDue(at: now) else { return nil }
    let after = session.state.position
    record(
      .advance(
        .init(
          slide: after.slide + 1, step: after.step + 1, lateMs: (now - due) * 1000,
          looped: after.slide < before.slide)))
    return UInt32(clamping: Int64((due * 1000).rounded(.down)))
  }
}
