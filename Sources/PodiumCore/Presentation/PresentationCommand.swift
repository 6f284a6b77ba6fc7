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
  /// Plays, pauses or moves the videos of the slide on show (`v`, Shift+Left/Right, `0`).
  case video(VideoCommand)
  case quit
  /// Ends the talk at once: Ctrl+C in the terminal, a signal, or the window manager closing the
  /// window. No clicker sends these, so they need no second press.
  case terminate
  // Phone remote (podium present --remote):
  /// Shift+R: the console's pairing card (QR code, address, PIN) shown or hidden.
  case toggleRemoteCard
  /// Shift+C: the camera's picture in a recording (`--record --camera`) to the next corner, or
  /// hidden.
  case moveCamera
  /// `a`: a deck that runs itself (`--auto`, `advance` directives) goes on by itself again, or
  /// the speaker takes over (TalkSession+Auto).
  case toggleAuto
  /// Pen, highlighter, eraser and their keys (docs/INK.md): the session's ink, not the state.
  case ink(InkCommand)
  /// Zoom, spotlight, dimming and the laser's trail (`z`, `l`, `j`, Shift+X; SpeakerTools).
  case tool(SpeakerToolCommand)
  /// The console's arrangement (`ConsoleArrangement`): the session's, for the console's size.
  case arrange(ConsoleCommand)
}

/// What the speaker changes in the console's arrangement from the keyboard (the splitters are
/// dragged with the mouse).
public enum ConsoleCommand: Hashable, Sendable {
  /// Shift+L: the next preset (standard, notes, slides, confidence, round again).
  case nextPreset
  /// F6, F7, F8: the next slide, the notes, the key hints hidden or shown again.
  case toggle(ConsoleArrangement.Pane)
}

/// What the speaker does to the videos of the slide on show. The talk's loop hands these to the
/// players; the presentation's state does not change.
public enum VideoCommand: Hashable, Sendable {
  case playPause
  /// Seconds forwards (or backwards, negative).
  case seek(Double)
  /// Back to where the clip starts (`0`, when no slide number is being typed).
  case restart
}
