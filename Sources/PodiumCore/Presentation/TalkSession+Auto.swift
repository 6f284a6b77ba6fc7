import Foundation

/// A deck that runs itself (`AutoAdvance`): the loop asks when the next change is due and
/// moves the talk then, as a key would; the speaker's input takes over and `a` hands back.
extension TalkSession {
  /// From now on the deck runs itself as `auto` says (nil: it does not). The first step's time
  /// starts now.
  public mutating func runByItself(_ auto: AutoAdvance?, at now: Double) {
    autoAdvance = auto
    autoAdvance?.since = now
    autoAdvance?.place = state.position
  }

  /// When the talk moves on by itself next, on the talk's clock; nil while it waits.
  public var autoAdvanceDue: Double? {
    autoAdvance?.due(state, deck: deck)
  }

  /// Moves the talk on when its time is up: the next step or slide, or after the last one, with
  /// `loop`, the first slide. The next step's time counts from when this one was due, so that
  /// the changes keep time over a long loop (unless the loop was held up a whole second, say a
  /// suspended laptop). A move made otherwise (a reload, the speaker) starts the time again.
  /// Returns the time the move was due, nil when the talk did not move.
  public mutating func advanceIfDue(at now: Double) -> Double? {
    guard var auto = autoAdvance else { return nil }
    if auto.place != state.position || auto.since == nil {
      auto.since = now
      auto.place = state.position
      autoAdvance = auto
      return nil
    }
    guard let due = auto.due(state, deck: deck), due <= now else { return nil }
    if state.upcoming == nil {
      _ = state.apply(.first, at: now)
    } else {
      _ = state.apply(.next, at: now)
    }
    recorder.observe(state, at: now)
    auto.since = now - due > 1 ? now : due
    auto.place = state.position
    autoAdvance = auto
    return due
  }

  /// `a`: the talk runs itself again from this step (its time starts now), or the speaker
  /// takes over. Nothing in a talk that does not run itself.
  mutating func toggleAutoAdvance(at now: Double) -> Outcome {
    guard var auto = autoAdvance else { return .none }
    auto.paused.toggle()
    auto.since = now
    auto.place = state.position
    autoAdvance = auto
    return .redraw
  }

  /// A key, a click, the wheel or a finger that changed something: the speaker has the talk
  /// until `a`.
  mutating func speakerTookOver(with input: TalkInput) {
    guard var auto = autoAdvance, !auto.paused, !auto.kiosk else { return }
    switch input {
    case .key, .click, .wheel, .touch:
      auto.paused = true
      autoAdvance = auto
    case .pointerMoved, .release, .terminate:
      break
    }
  }

  /// In a kiosk no input does anything but the quit chord (Ctrl+Alt+Q) and the window system's
  /// request to end; nil outside a kiosk, where inputs go on as usual.
  mutating func kioskOutcome(of input: TalkInput, at now: Double) -> Outcome? {
    guard autoAdvance?.kiosk == true else { return nil }
    switch input {
    case .terminate:
      return nil
    case .key(let key) where key == AutoAdvance.kioskQuit:
      // At once: a chord, not the two presses of q a clicker might send.
      return Outcome(changed: state.apply(.terminate, at: now), restage: false)
    default:
      return Outcome.none
    }
  }
}
