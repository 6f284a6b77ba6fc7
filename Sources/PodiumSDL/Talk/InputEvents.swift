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
      guard event.key.repeat == 0, let key = Key(event.key.keysym) else { return nil }
      self = .key(key)
    case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
      // A touch arrives as a finger (with its pressure) and again as SDL's mouse: once is
      // enough (SDL_TOUCH_MOUSEID, `(Uint32)-1`, which Swift does not import).
      guard event.button.which != UInt32.max else { return nil }
      let button: MouseButton
      switch Int32(event.button.button) {
      case SDL_BUTTON_LEFT: button = .left
      case SDL_BUTTON_RIGHT: button = .right
      default: button = .other
      }
      let (x, y, window) = (Double(event.button.x), Double(event.button.y), event.button.windowID)
      self =
        event.type == SDL_MOUSEBUTTONDOWN.rawValue
        ? .click(button, x: x, y: y, window: window) : .release(button, x: x, y: y, window: window)
    case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
      // Touch screens and tablets: SDL gives the place as a fraction of the window, and the
      // pressure (1 where the device has none).
      let finger = event.tfinger
      guard let window = SDL_GetWindowFromID(finger.windowID) else { return nil }
      var (width, height): (Int32, Int32) = (0, 0)
      SDL_GetWindowSize(window, &width, &height)
      let phase: TouchPhase =
        event.type == SDL_FINGERDOWN.rawValue
        ? .down : event.type == SDL_FINGERUP.rawValue ? .up : .move
      self = .touch(
        phase, x: Double(finger.x) * Double(width), y: Double(finger.y) * Double(height),
        pressure: Double(finger.pressure), window: finger.windowID)
    case SDL_MOUSEMOTION:
      guard event.motion.which != UInt32.max else { return nil }
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

  /// Keys, clicks, the wheel and a drag that draws: what a frame's latency is measured from.
  static func isMeasured(_ event: SDL_Event) -> Bool {
    switch SDL_EventType(event.type) {
    case SDL_KEYDOWN, SDL_MOUSEBUTTONDOWN, SDL_MOUSEWHEEL, SDL_MOUSEBUTTONUP, SDL_FINGERDOWN,
      SDL_FINGERMOTION, SDL_FINGERUP:
      return true
    case SDL_MOUSEMOTION:
      // The pen down (a button held): a stroke segment on its way to the audience.
      return event.motion.state != 0
    default: return false
    }
  }

  /// The event that says pages drawn ahead are ready, pushed from the rasterizer's thread to
  /// wake the loop. The corresponding C function is `SDL_RegisterEvents`.
  static let pagesReady: UInt32 = SDL_RegisterEvents(1)

  /// Wakes the loop: pages drawn ahead are ready to be put into the windows' caches.
  static func announcePagesReady() { announce(pagesReady) }

  /// The event that says a clip decoded a picture the loop may be waiting for.
  static let videoFrame: UInt32 = SDL_RegisterEvents(1)

  /// Wakes the loop for a clip's picture.
  @Sendable static func announceVideoFrame() { announce(videoFrame) }

  /// The event that says an edited deck has been read (`DeckReloader`) and can be shown.
  static let deckRead: UInt32 = SDL_RegisterEvents(1)

  /// Wakes the loop with an event of `type`. Safe from any thread. The corresponding C
  /// function is `SDL_PushEvent`.
  @Sendable static func announce(_ type: UInt32) {
    var event = SDL_Event()
    event.type = type
    SDL_PushEvent(&event)
  }

  /// What a display plugged in or unplugged is, for the trace; nil for other display events.
  /// SDL has forgotten an unplugged display by then: its name comes from `known`, the last
  /// enumeration.
  static func displayChange(_ event: SDL_DisplayEvent, known: [DisplayInfo]) -> TraceEvent? {
    let index = Int(event.display)
    switch SDL_DisplayEventID(UInt32(event.event)) {
    case SDL_DISPLAYEVENT_CONNECTED:
      return .displayConnected(.init(index, name: SDLDisplayProvider.name(of: index)))
    case SDL_DISPLAYEVENT_DISCONNECTED:
      let name = known.first { $0.index == index }?.name ?? "display \(index)"
      return .displayDisconnected(.init(index, name: name))
    default:
      return nil
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

extension TalkInput {
  /// Whether the pointer moved, a button or a key was pressed or let go since the loop last
  /// looked: what is drawn ahead for where the pointer rests waits for it. The corresponding C
  /// function is `SDL_HasEvents` (mouse motion to the wheel).
  static func pointerWaiting() -> Bool {
    SDL_PumpEvents()
    return SDL_HasEvents(SDL_MOUSEMOTION.rawValue, SDL_MOUSEWHEEL.rawValue) == SDL_TRUE
      || isWaiting()
  }
}

extension Key {
  /// The key an SDL key press names, with its Ctrl, Alt and Shift. Keys in config.yaml are SDL's
  /// key names, so the press is read through the same name (`SDL_GetKeyName`) to agree with
  /// them for every key, including those Podium has no name for. Nil for a key SDL cannot name.
  init?(_ keysym: SDL_Keysym) {
    guard let cName = SDL_GetKeyName(keysym.sym), let key = Key(name: String(cString: cName))
    else { return nil }
    var modifiers: Modifiers = []
    let held = UInt32(keysym.mod)
    if held & KMOD_CTRL.rawValue != 0 { modifiers.insert(.control) }
    if held & KMOD_ALT.rawValue != 0 { modifiers.insert(.alt) }
    if held & KMOD_SHIFT.rawValue != 0 { modifiers.insert(.shift) }
    self.init(key.code, modifiers: modifiers)
  }
}
