import CSDL2
import PodiumCore

/// SDL's events as a talk's inputs: the one place that reads keys, buttons and the wheel.
extension TalkInput {
  /// The input `event` carries, or nil for events that are not input (key releases, held keys
  /// repeating, window and display events).
  init?(_ event: SDL_Event) {
    switch SDL_EventType(event.type) {
    case SDL_QUIT:
      self = .terminate
    case SDL_KEYDOWN:
      // Held keys repeat; a talk moves one step per press (and q must be pressed twice).
      guard event.key.repeat == 0 else { return nil }
      let name = SDL_GetKeyName(event.key.keysym.sym).map { String(cString: $0) } ?? ""
      let alt = event.key.keysym.mod & UInt16(KMOD_ALT.rawValue) != 0
      self = .key(name, alt: alt)
    case SDL_MOUSEBUTTONDOWN:
      let button: MouseButton
      switch Int32(event.button.button) {
      case SDL_BUTTON_LEFT: button = .left
      case SDL_BUTTON_RIGHT: button = .right
      default: button = .other
      }
      self = .click(
        button, x: Double(event.button.x), y: Double(event.button.y),
        window: event.button.windowID)
    case SDL_MOUSEMOTION:
      self = .pointerMoved(
        x: Double(event.motion.x), y: Double(event.motion.y), window: event.motion.windowID)
    case SDL_MOUSEWHEEL:
      let flipped = event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue
      self = .wheel(
        lines: Int(event.wheel.y) * (flipped ? 1 : -1), x: Double(event.wheel.mouseX),
        y: Double(event.wheel.mouseY), window: event.wheel.windowID)
    default:
      return nil
    }
  }

  /// Keys, clicks and the wheel: what a frame's latency is measured from.
  static func isMeasured(_ event: SDL_Event) -> Bool {
    switch SDL_EventType(event.type) {
    case SDL_KEYDOWN, SDL_MOUSEBUTTONDOWN, SDL_MOUSEWHEEL: return true
    default: return false
    }
  }

  /// Whether a key press, click, wheel turn, display change or quit is queued. Key releases and
  /// mouse motion do not count: they follow every press and change nothing. The corresponding C
  /// functions are `SDL_PumpEvents` and `SDL_HasEvent`.
  static func isWaiting() -> Bool {
    SDL_PumpEvents()
    return [SDL_KEYDOWN, SDL_MOUSEBUTTONDOWN, SDL_MOUSEWHEEL, SDL_DISPLAYEVENT, SDL_QUIT].contains {
      SDL_HasEvent($0.rawValue) == SDL_TRUE
    }
  }
}
