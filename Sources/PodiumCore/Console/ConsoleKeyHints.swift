/// The console's line of keys, made from the bindings in effect so that the keys shown are the
/// ones that work, a speaker's own among them: for each command, the speaker's keys, then
/// Podium's preferred key if it still does that command.
enum ConsoleKeyHints {
  /// What the console is showing, which decides the keys worth a reminder.
  enum Situation {
    case talk
    /// The console over the mirrored slides: the room sees the line, so it is short.
    case overMirror
    /// `podium rehearse`: no audience to blank, and the clock waits for the first move.
    case rehearsal
    case overview
  }

  /// One reminder: keys, then what they do (`→ next`, `[ ] notes`).
  struct Hint {
    var commands: [PresentationCommand]
    var label: String
    /// Words before the keys (`number ⏎ jump`).
    var lead: String?
    /// The one key to show when it does the command: any "next" key ends a jump, but ⏎ says it
    /// best, and the speaker's own next keys already show beside "next".
    var preferred: Key?
    /// Quitting takes two presses: its key is shown twice.
    var twice = false

    init(
      _ commands: [PresentationCommand], _ label: String, lead: String? = nil,
      preferred: Key? = nil, twice: Bool = false
    ) {
      self.commands = commands
      self.label = label
      self.lead = lead
      self.preferred = preferred
      self.twice = twice
    }
  }

  /// At most this many keys per command, so a speaker who bound many still gets a line that fits.
  static let keysPerCommand = 3

  static func hints(_ situation: Situation) -> [[Hint]] {
    let moving = [Hint([.next], "next"), Hint([.previous], "back")]
    let jump = [Hint([.next], "jump", lead: "number", preferred: Key(.return))]
    let blanking = [
      Hint([.toggleBlack], "black"), Hint([.toggleWhite], "white"), Hint([.toggleFreeze], "freeze"),
    ]
    let notes = Hint([.scrollNotes(-3), .scrollNotes(3)], "notes")
    let quit = [Hint([.quit], "quit", twice: true)]
    // Zoom and spotlight (SpeakerTools).
    let zoom = [
      Hint([.tool(.armZoom)], "zoom"), Hint([.tool(.toggleSpotlight)], "spotlight"),
      Hint([.tool(.armDim)], "dim"),
    ]
    switch situation {
    case .talk:
      return [
        moving, jump, blanking, [Hint([.toggleTimer], "timer"), Hint([.resetTimer], "reset")],
        [notes, Hint([.largerNotes, .smallerNotes], "size")],
        [
          Hint([.ink(.pen), .ink(.highlighter), .ink(.eraser)], "ink"), Hint([.ink(.undo)], "undo"),
        ],
        zoom, [Hint([.arrange(.nextPreset)], "layout")], quit,
      ]
    case .overMirror:
      return [
        [Hint([.toggleConsole], "slides")], moving, blanking,
        [Hint([.toggleTimer], "timer"), Hint([.resetTimer], "reset")], quit,
      ]
    case .rehearsal:
      return [
        moving, jump, [Hint([.toggleOverview], "overview")],
        [Hint([.toggleTimer], "pause the clock"), Hint([.resetTimer], "reset")], [notes], quit,
      ]
    case .overview:
      return [
        [
          Hint(
            [.moveSelection(-1), .moveSelection(1), .moveSelectionRows(-1), .moveSelectionRows(1)],
            "choose")
        ],
        [Hint([], "a number")], [Hint([.chooseSelection], "go there")],
        [Hint([.toggleOverview], "back to the talk")], [Hint([.back], "undo a jump")],
      ]
    }
  }

  /// The line for `situation`: hints two spaces apart, groups of them between dots. A hint
  /// whose commands no key does any more is left out.
  /// `video`: the slide on show has a clip, whose keys join the line before quitting.
  static func line(_ situation: Situation, bindings: KeyBindings, video: Bool = false) -> String {
    let overview = situation == .overview
    var groups = hints(situation)
    if video && !overview {
      let clip = [
        Hint([.video(.playPause)], "video"),
        Hint([.video(.seek(-5)), .video(.seek(5))], "5 s"),
      ]
      groups.insert(clip, at: max(0, groups.count - 1))
    }
    return groups.compactMap { group -> String? in
      let shown = group.compactMap { hint -> String? in
        var keys = hint.commands.flatMap { keysShown(for: $0, hint: hint, bindings, overview) }
        if hint.twice { keys = keys.prefix(1).flatMap { [$0, $0] } }
        guard !keys.isEmpty || hint.commands.isEmpty else { return nil }
        let words = (hint.lead.map { [$0] } ?? []) + keys.map(\.hintLabel) + [hint.label]
        return words.joined(separator: " ")
      }
      return shown.isEmpty ? nil : shown.joined(separator: "  ")
    }.joined(separator: "  ·  ")
  }

  /// The keys that do `command` worth showing: the hint's preferred key alone when it works,
  /// else the speaker's own keys in order of their names, then Podium's first that still works.
  private static func keysShown(
    for command: PresentationCommand, hint: Hint, _ bindings: KeyBindings, _ overview: Bool
  ) -> [Key] {
    func works(_ key: Key) -> Bool { bindings.command(for: key, inOverview: overview) == command }
    if let preferred = hint.preferred, works(preferred) { return [preferred] }
    let own = bindings.own.filter { $0.value == command }.map(\.key)
      .sorted { $0.description < $1.description }.filter(works)
    let podium = ((overview ? KeyBindings.overview : []) + KeyBindings.standard)
      .first { $0.command == command && !own.contains($0.key) && works($0.key) }
    return Array((own + (podium.map { [$0.key] } ?? [])).prefix(keysPerCommand))
  }
}
