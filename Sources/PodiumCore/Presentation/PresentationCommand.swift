/// Every input of a talk, from any window, keyboard, clicker or mouse, becomes one of these.
public enum PresentationCommand: Hashable, Sendable {
  case next
  case previous
  case first
  case last
  /// Go to a slide by its 1-based number.
  case goTo(Int)
  /// A digit typed towards a jump (finished by Enter).
  case digit(Int)
  /// Esc: clears a typed jump, or toggles black as a clicker's "blank" button means.
  case cancel
  case toggleBlack
  case toggleWhite
  case toggleFreeze
  case toggleTimer
  case resetTimer
  case toggleConsole
  case toggleMirror
  case swapDisplays
  case largerNotes
  case smallerNotes
  /// Scrolls the notes by a number of lines (negative: up).
  case scrollNotes(Int)
  /// `o`: the grid of every slide on the console, or back from it.
  case toggleOverview
  /// Moves the overview's selection by slides (±1 across) or by rows of the grid.
  case moveSelection(Int)
  case moveSelectionRows(Int)
  /// Jumps to the overview's selection (or a typed number) and closes the overview.
  case chooseSelection
  /// Jumps to a slide picked with the mouse in the overview (0-based).
  case chooseSlide(Int)
  /// Alt+Left: back to where the speaker was before the last jump.
  case back
  /// `x`: the laser pointer on or off.
  case togglePointer
  /// The mouse over the console's view of the slide (nil: off the slide).
  case pointAt(SlidePoint?)
  case quit
  /// Ends the talk at once: Ctrl+C in the terminal, a signal, or the window manager closing the
  /// window. No clicker sends these, so they need no second press.
  case terminate
}

extension KeyBindings {
  /// Keys that mean something else while the overview is open: arrows move the selection,
  /// Enter and Space jump to it, Esc closes. Other keys keep their meaning.
  public static func overviewCommand(forKey name: String) -> PresentationCommand? {
    switch name.lowercased() {
    case "right", "pagedown", "n": return .moveSelection(1)
    case "left", "pageup", "p", "backspace": return .moveSelection(-1)
    case "down": return .moveSelectionRows(1)
    case "up": return .moveSelectionRows(-1)
    case "home": return .moveSelection(-100_000)
    case "end": return .moveSelection(100_000)
    case "return", "keypad enter", "space": return .chooseSelection
    case "escape": return .toggleOverview
    default: return nil
    }
  }
}

/// The default keys, by SDL key name (`SDL_GetKeyName`): the speaker's keyboard and what
/// presentation clickers send (PageUp/PageDown, b or ., F5/Shift+F5/Esc).
public enum KeyBindings {
  public static func command(forKey name: String) -> PresentationCommand? {
    switch name.lowercased() {
    case "right", "down", "pagedown", "space", "return", "keypad enter", "n":
      return .next
    case "left", "up", "pageup", "backspace", "p":
      return .previous
    case "home": return .first
    case "end": return .last
    case "b", ".", "keypad .": return .toggleBlack
    // Clickers send F5 to "start" and Shift+F5 or Esc to "stop": on stage that means blank,
    // never ending the talk.
    case "f5": return .toggleBlack
    case "escape": return .cancel
    case "w": return .toggleWhite
    case "f": return .toggleFreeze
    case "t": return .toggleTimer
    case "r": return .resetTimer
    case "tab": return .toggleConsole
    case "m": return .toggleMirror
    case "s": return .swapDisplays
    case "=", "+", "keypad +": return .largerNotes
    case "-", "keypad -": return .smallerNotes
    case "]": return .scrollNotes(3)
    case "[": return .scrollNotes(-3)
    case "q": return .quit
    case "o": return .toggleOverview
    case "x": return .togglePointer
    default:
      break
    }
    let lowered = name.lowercased()
    let digitName = lowered.hasPrefix("keypad ") ? String(lowered.dropFirst(7)) : lowered
    if digitName.count == 1, let digit = Int(digitName) { return .digit(digit) }
    return nil
  }
}
