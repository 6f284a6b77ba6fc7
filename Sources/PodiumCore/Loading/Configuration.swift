import Foundation
import Yams

/// The speaker's own settings, from `$XDG_CONFIG_HOME/podium/config.yaml`
/// (`~/.config/podium/config.yaml`): extra key bindings (a clicker's keys), the theme for decks
/// that name none, when the countdown warns, the preferred audience display and the notes' size.
/// Unknown keys are warnings; bad values are errors with their line and column.
public struct Configuration: Hashable, Sendable {
  /// The speaker's own keys, over Podium's.
  public var keys: [Key: PresentationCommand] = [:]
  public var theme: ThemeChoice?
  public var warningMinutes: Double = 2
  /// An output name; used when that display is there, ignored when it is not.
  public var audienceDisplay: String?
  public var notesScale: Double = 1
  /// Views on displays of their own (`views: [notes@HDMI-2]`), when the command line names none.
  public var views: [StageViewRequest] = []
  /// `remote:` — the phone remote's address (`127.0.0.1` for `on`), nil when off (the default).
  public var remote: String?
  /// `remote-readonly: true` — the remote's views only, no taps.
  public var remoteReadOnly = false
  /// `ink:` step (the default: ink per build step), slide (across a slide's steps), or off
  /// (start clean: the sidecar is neither read nor written, as `--no-ink`).
  public var inkScope: InkScope? = .step
  /// `laser-trail: true`: the laser pointer starts with its fading trail (Shift+X toggles it).
  public var laserTrail = false
  /// `page-cache: MB`: memory for a PDF's pages drawn ahead; nil (`auto`, the default) sizes it
  /// to the displays. `--page-cache` wins over it.
  public var pageCacheMB: Int?
  /// `record: FOLDER`: every talk is recorded there (`--record` wins over it); nil: off.
  public var recordFolder: String?
  /// `record-mic:` the microphone's name, `default` or `none`; nil: the default device.
  public var recordMicrophone: String?
  /// `record-size: WxH`: the recording's size; nil: the audience display's.
  public var recordSize: PixelSize?
  /// `console:` the console's arrangement by window size (Configuration+Console.swift).
  public var console = ConsoleArrangements()
  /// The file the settings came from, nil for the defaults.
  public var path: String?

  public init() {}

  /// The names a binding can use in `keys:`, and what they do.
  public static let commandNames: [(String, PresentationCommand)] = [
    ("next", .next), ("previous", .previous), ("first", .first), ("last", .last),
    ("black", .toggleBlack), ("white", .toggleWhite), ("freeze", .toggleFreeze),
    ("timer", .toggleTimer), ("reset-timer", .resetTimer), ("console", .toggleConsole),
    ("mirror", .toggleMirror), ("swap", .swapDisplays), ("notes-larger", .largerNotes),
    ("notes-smaller", .smallerNotes), ("notes-down", .scrollNotes(3)),
    ("notes-up", .scrollNotes(-3)),
    ("overview", .toggleOverview), ("pointer", .togglePointer), ("back", .back), ("quit", .quit),
    ("video", .video(.playPause)), ("video-back", .video(.seek(-5))),
    ("video-forward", .video(.seek(5))), ("video-start", .video(.restart)),
    ("remote-card", .toggleRemoteCard), ("camera", .moveCamera),
    ("auto", .toggleAuto),
    ("pen", .ink(.pen)), ("highlighter", .ink(.highlighter)), ("eraser", .ink(.eraser)),
    ("clear-ink", .ink(.clear)), ("hide-ink", .ink(.toggleHidden)),
    ("ink-colour", .ink(.nextColor)), ("undo", .ink(.undo)), ("redo", .ink(.redo)),
    ("whiteboard", .ink(.whiteboard)), ("blackboard", .ink(.blackboard)),
    ("zoom", .tool(.armZoom)), ("spotlight", .tool(.toggleSpotlight)), ("dim", .tool(.armDim)),
    ("laser-trail", .tool(.toggleLaserTrail)),
    ("layout", .arrange(.nextPreset)), ("next-pane", .arrange(.toggle(.next))),
    ("notes-pane", .arrange(.toggle(.notes))), ("keys-pane", .arrange(.toggle(.keys))),
  ]

  static let topLevelKeys = [
    "keys", "theme", "warning", "audience-display", "notes-size", "views", "remote",
    "remote-readonly", "ink", "laser-trail", "page-cache", "record", "record-mic", "record-size",
    "console",
  ]

  /// `$XDG_CONFIG_HOME/podium/config.yaml`, else `~/.config/podium/config.yaml`.
  public static func defaultPath(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") {
      return base + "/podium/config.yaml"
    }
    let home = environment["HOME"] ?? NSHomeDirectory()
    return home + "/.config/podium/config.yaml"
  }

  /// The settings in `path`; the defaults, with no diagnostics, when there is no such file.
  public static func load(path: String, files: any DeckFiles = LocalFiles()) -> (
    Configuration, [Diagnostic]
  ) {
    var sink = DiagnosticSink(file: path)
    var config = Configuration()
    guard files.modificationTime(of: path) != nil else { return (config, []) }
    config.path = path
    let subject = YAMLText.Subject(
      invalidYAML: "not valid YAML", anchorPrefix: "",
      notAMapping: { _ in "the configuration is a mapping of 'key: value' lines" }, empty: nil)
    let mapping: Node.Mapping
    switch YAMLText.document(
      at: path, files: files, kind: "configuration files",
      cannotUse: "cannot use the configuration",
      as: subject, sink: &sink)
    {
    case .mapping(let root): mapping = root
    case .empty, .unusable: return (config, sink.diagnostics)
    }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    for (keyNode, value) in mapping {
      let key = keyNode.scalar?.string ?? ""
      switch key {
      case "keys":
        readKeys(value, into: &config, sink: &sink)
      case "theme":
        let name = value.scalar?.string ?? ""
        switch ThemeChoice.named(name, relativeTo: folder.path, files: files) {
        case .found(let choice):
          config.theme = choice
        case .unknown:
          let shown = value.scalar?.string ?? "a list"
          sink.error(
            "theme must be light, dark, gaia, uncover or a theme .yaml file, not '\(shown)'",
            at: value.sourceLocation)
        case .missingFile:
          sink.error(
            "theme file '\(name)' not found (relative paths start at \(folder.path))",
            at: value.sourceLocation)
        }
      case "warning":
        if let raw = value.scalar?.string, let duration = TalkDuration(parsing: raw) {
          config.warningMinutes = Double(duration.seconds) / 60
        } else {
          sink.error(
            "warning must be a length of time such as 2m or 90s, not '\(value.scalar?.string ?? "a list")'",
            at: value.sourceLocation)
        }
      case "audience-display":
        if let name = value.scalar?.string, !name.isEmpty {
          config.audienceDisplay = name
        } else {
          sink.error(
            "audience-display must be an output name such as HDMI-1", at: value.sourceLocation)
        }
      case "notes-size":
        if let raw = value.scalar?.string, let scale = Double(raw), (0.5...3).contains(scale) {
          config.notesScale = scale
        } else {
          sink.error(
            "notes-size must be a number from 0.5 to 3 (1 is the default size), not '\(value.scalar?.string ?? "a list")'",
            at: value.sourceLocation)
        }
      case "views":
        readViews(value, into: &config, sink: &sink)
      case "remote", "remote-readonly":
        readRemote(key, value, into: &config, sink: &sink)
      case "ink":
        let raw = value.scalar?.string ?? ""
        if let scope = InkScope(rawValue: raw) {
          config.inkScope = scope
        } else if ["off", "false", "no"].contains(raw) {
          config.inkScope = nil
        } else {
          sink.error(
            "ink must be step, slide or off, not '\(value.scalar?.string ?? "a list")'",
            at: value.sourceLocation)
        }
      case "laser-trail":
        if let raw = value.scalar?.string, let on = Bool(raw.lowercased()) {
          config.laserTrail = on
        } else {
          sink.error(
            "laser-trail must be true or false, not '\(value.scalar?.string ?? "a list")'",
            at: value.sourceLocation)
        }
      case "page-cache":
        readPageCache(value, into: &config, sink: &sink)
      case "record", "record-mic", "record-size":
        readRecording(key, value, into: &config, sink: &sink, folder: folder)
      case "console":
        readConsole(value, into: &config, sink: &sink)
      default:
        var message = "unknown setting '\(key)' (ignored)"
        if let guess = closestMatch(to: key, in: topLevelKeys) {
          message += "; did you mean '\(guess)'?"
        }
        sink.warning(message, at: keyNode.sourceLocation)
      }
    }
    return (config, sink.diagnostics)
  }

  private static func readKeys(
    _ node: Node, into config: inout Configuration, sink: inout DiagnosticSink
  ) {
    guard let mapping = node.mapping else {
      sink.error(
        "keys is a mapping of command: key or [keys], e.g. 'next: [PageDown, Right]'",
        at: node.sourceLocation)
      return
    }
    let names = commandNames.map(\.0)
    for (commandNode, keysNode) in mapping {
      let name = commandNode.scalar?.string ?? ""
      guard let command = commandNames.first(where: { $0.0 == name })?.1 else {
        var message =
          "unknown command '\(name)' in keys; expected one of \(names.joined(separator: ", "))"
        if let guess = closestMatch(to: name, in: names) {
          message = "unknown command '\(name)' in keys; did you mean '\(guess)'?"
        }
        sink.error(message, at: commandNode.sourceLocation)
        continue
      }
      let keyNodes = keysNode.sequence.map(Array.init) ?? [keysNode]
      for keyNode in keyNodes {
        guard let key = keyNode.scalar.flatMap({ Key(name: $0.string) }) else {
          sink.error(
            "'\(name)' takes a key name or a list of them, e.g. [PageDown, Right]",
            at: keyNode.sourceLocation)
          continue
        }
        config.keys[key] = command
      }
    }
  }

  /// The keys in effect: the speaker's own bindings first, then Podium's.
  public var bindings: KeyBindings { KeyBindings(own: keys) }

  /// What a key press does with the speaker's bindings (`KeyBindings.command(for:inOverview:)`).
  public func command(for key: Key, inOverview: Bool = false) -> PresentationCommand? {
    bindings.command(for: key, inOverview: inOverview)
  }

  /// The effective settings as YAML, for `podium config --print`.
  public var printed: String {
    var lines = ["# \(path ?? "no configuration file: Podium's defaults")"]
    switch theme {
    case .light?: lines.append("theme: light")
    case .dark?: lines.append("theme: dark")
    case .gaia?: lines.append("theme: gaia")
    case .uncover?: lines.append("theme: uncover")
    case .marpDefault?: lines.append("theme: default")
    case .file(let file)?: lines.append("theme: \(file)")
    case .presenterm(let style)?: lines.append("theme: \(style.name)")
    case .slidev(let look)?: lines.append("theme: \(look.name.rawValue)")
    case nil: lines.append("theme: light          # for decks that name none")
    }
    lines.append("warning: \(TalkDuration(seconds: Int((warningMinutes * 60).rounded())))")
    lines.append("audience-display: \(audienceDisplay ?? "~")")
    lines.append("notes-size: \(notesScale)")
    if !views.isEmpty {
      lines.append("views: [\(views.map(\.description).joined(separator: ", "))]")
    }
    lines.append("remote: \(remote ?? "off")")
    if remoteReadOnly { lines.append("remote-readonly: true") }
    if inkScope != .step { lines.append("ink: \(inkScope?.rawValue ?? "off")") }
    lines.append("laser-trail: \(laserTrail)")
    lines.append(
      "page-cache: \(pageCacheMB.map(String.init) ?? "auto")"
        + (pageCacheMB == nil
          ? "      # MB for PDF pages drawn ahead; auto: sized to the displays" : ""))
    lines += printedRecording
    lines += printedConsole
    lines.append("keys:                 # yours, over the defaults")
    for (name, command) in Self.commandNames {
      let bound = keys.filter { $0.value == command }.map(\.key.description).sorted()
        .map(Self.yamlFlowItem)
      if !bound.isEmpty { lines.append("  \(name): [\(bound.joined(separator: ", "))]") }
    }
    if keys.isEmpty {
      lines[lines.count - 1] = "keys: {}              # Podium's defaults (podium present --help)"
    }
    return lines.joined(separator: "\n")
  }

  /// A key name as an item of a `[...]` list that reads back as written: names such as `[`, `,`
  /// or `-` are quoted, since YAML would take them for its own syntax.
  static func yamlFlowItem(_ name: String) -> String {
    let plain = name.first.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "=" } ?? false
    guard !plain || name.contains(where: { "[]{},:#'\"".contains($0) }) else { return name }
    return "'" + name.replacingOccurrences(of: "'", with: "''") + "'"
  }
}
