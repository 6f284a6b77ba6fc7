/// What keys do: the speaker's own bindings (`keys:` in config.yaml) over Podium's, which cover
/// the speaker's keyboard and what presentation clickers send (PageUp/PageDown, b or ., F5,
/// Shift+F5, Esc).
public struct KeyBindings: Hashable, Sendable {
  public struct Binding: Hashable, Sendable {
    public var key: Key
    public var command: PresentationCommand

    public init(_ key: Key, _ command: PresentationCommand) {
      self.key = key
      self.command = command
    }
  }

  /// The speaker's own keys.
  public var own: [Key: PresentationCommand]

  public init(own: [Key: PresentationCommand] = [:]) {
    self.own = own
  }

  /// What a key press does. A modified key means its binding as such when it has one (Alt+Left:
  /// back), else what it means with one of its modifiers (Ctrl+Alt+Left) or alone, since
  /// clickers send Shift+F5 for F5. While the overview is open its own keys come first.
  public func command(for key: Key, inOverview: Bool = false) -> PresentationCommand? {
    if !key.modifiers.isEmpty {
      let singles = [Key.Modifiers.alt, .control, .shift].filter { key.modifiers.contains($0) }
      for modifiers in [key.modifiers] + singles {
        if let command = bound(Key(key.code, modifiers: modifiers)) { return command }
      }
    }
    let bare = key.unmodified
    if inOverview, let command = Self.overviewCommands[bare] { return command }
    return bound(bare)
  }

  private func bound(_ key: Key) -> PresentationCommand? {
    own[key] ?? Self.standardCommands[key]
  }

  /// Podium's keys, a command's preferred key first: the console's hints show that one.
  public static let standard: [Binding] =
    [
      .init(Key(.right), .next), .init(Key(.down), .next), .init(Key(.pageDown), .next),
      .init(Key(.space), .next), .init(Key(.return), .next), .init(Key(.keypadEnter), .next),
      .init(Key("n"), .next),
      .init(Key(.left), .previous), .init(Key(.up), .previous), .init(Key(.pageUp), .previous),
      .init(Key(.backspace), .previous), .init(Key("p"), .previous),
      .init(Key(.home), .first), .init(Key(.end), .last),
      // Clickers send F5 to "start" and Shift+F5 or Esc to "stop": on stage that means blank,
      // never ending the talk.
      .init(Key("b"), .toggleBlack), .init(Key("."), .toggleBlack),
      .init(.keypad("."), .toggleBlack), .init(Key(.f5), .toggleBlack),
      .init(Key(.escape), .cancel),
      .init(Key("w"), .toggleWhite), .init(Key("f"), .toggleFreeze),
      .init(Key("t"), .toggleTimer), .init(Key("r"), .resetTimer),
      .init(Key(.tab), .toggleConsole), .init(Key("m"), .toggleMirror),
      .init(Key("s"), .swapDisplays),
      .init(Key("+"), .largerNotes), .init(Key("="), .largerNotes),
      .init(.keypad("+"), .largerNotes),
      .init(Key("-"), .smallerNotes), .init(.keypad("-"), .smallerNotes),
      .init(Key("]"), .scrollNotes(3)), .init(Key("["), .scrollNotes(-3)),
      .init(Key("q"), .quit), .init(Key("o"), .toggleOverview), .init(Key("x"), .togglePointer),
      .init(Key(.left, modifiers: .alt), .back),
      .init(Key("v"), .video(.playPause)),
      .init(Key(.left, modifiers: .shift), .video(.seek(-5))),
      .init(Key(.right, modifiers: .shift), .video(.seek(5))),
    ]
    + (0...9).flatMap { digit -> [Binding] in
      let character = Character(String(digit))
      return [.init(Key(character), .digit(digit)), .init(.keypad(character), .digit(digit))]
    }
    // After the digits, so 0 stays a digit of a slide number: with no number being typed,
    // `TalkSession` takes it as the clip's start. Listed for the help and config.yaml's names.
    + [.init(Key("0"), .video(.restart))]
    // Phone remote: the pairing card on the console.
    + [.init(Key("r", modifiers: .shift), .toggleRemoteCard)]
    + [.init(Key("c", modifiers: .shift), .moveCamera)]
    // A deck that runs itself: back to running after the speaker took over.
    + [.init(Key("a"), .toggleAuto)]
    // Ink (docs/INK.md).
    + [
      .init(Key("d"), .ink(.pen)), .init(Key("h"), .ink(.highlighter)),
      .init(Key("e"), .ink(.eraser)), .init(Key("c"), .ink(.clear)),
      .init(Key("i"), .ink(.toggleHidden)), .init(Key("k"), .ink(.nextColor)),
      .init(Key("z", modifiers: .control), .ink(.undo)),
      .init(Key("y", modifiers: .control), .ink(.redo)),
      .init(Key("z", modifiers: [.control, .shift]), .ink(.redo)),
      // A page to draw on after the slide (Whiteboard): Shift with the room's white and black.
      .init(Key("w", modifiers: .shift), .ink(.whiteboard)),
      .init(Key("b", modifiers: .shift), .ink(.blackboard)),
    ]
    // Zoom and spotlight: the view of the slide, not the slide (SpeakerTools).
    + [
      .init(Key("z"), .tool(.armZoom)), .init(Key("l"), .tool(.toggleSpotlight)),
      .init(Key("j"), .tool(.armDim)), .init(Key("x", modifiers: .shift), .tool(.toggleLaserTrail)),
    ]
    // The console's arrangement (ConsoleArrangement): presets and panes.
    + [
      .init(Key("l", modifiers: .shift), .arrange(.nextPreset)),
      .init(Key(.f6), .arrange(.toggle(.next))), .init(Key(.f7), .arrange(.toggle(.notes))),
      .init(Key(.f8), .arrange(.toggle(.keys))),
    ]

  /// Keys that mean something else while the overview is open: arrows move the selection,
  /// Enter and Space jump to it, Esc closes. Other keys keep their meaning.
  public static let overview: [Binding] = [
    .init(Key(.left), .moveSelection(-1)), .init(Key(.pageUp), .moveSelection(-1)),
    .init(Key("p"), .moveSelection(-1)), .init(Key(.backspace), .moveSelection(-1)),
    .init(Key(.right), .moveSelection(1)), .init(Key(.pageDown), .moveSelection(1)),
    .init(Key("n"), .moveSelection(1)),
    .init(Key(.up), .moveSelectionRows(-1)), .init(Key(.down), .moveSelectionRows(1)),
    .init(Key(.home), .moveSelection(-100_000)), .init(Key(.end), .moveSelection(100_000)),
    .init(Key(.return), .chooseSelection), .init(Key(.keypadEnter), .chooseSelection),
    .init(Key(.space), .chooseSelection),
    .init(Key(.escape), .toggleOverview),
  ]

  /// Podium's keys for each command a speaker can bind, as `keys:` in config.yaml names both:
  /// `next: right, down, pagedown, ...; previous: ...`. What `podium present --help` lists.
  public static var summary: String {
    Configuration.commandNames.compactMap { name, command in
      let keys = standard.filter { $0.command == command }.map(\.key.description)
      return keys.isEmpty ? nil : "\(name): \(keys.joined(separator: ", "))"
    }.joined(separator: "; ")
  }

  private static let standardCommands = lookup(standard)
  private static let overviewCommands = lookup(overview)

  private static func lookup(_ bindings: [Binding]) -> [Key: PresentationCommand] {
    Dictionary(bindings.map { ($0.key, $0.command) }, uniquingKeysWith: { first, _ in first })
  }
}
