import Foundation
import Yams

/// presenterm's own configuration file, which presenterm applies to every deck it opens (its
/// src/main.rs `Customizations::load` and src/config.rs): `options:` (the deck's own `options:`
/// are laid over them, key by key), `defaults.theme` (for decks naming none) and the pauses
/// around incremental lists and tables (`defaults.incremental_lists` / `incremental_tables`:
/// `pause_before`, `pause_after`). Its other settings (key bindings, snippet execution, image
/// protocols...) concern a terminal and are not read. A deck shows as its author saw it only
/// with their file; Podium reads the speaker's own, when there is one, for presenterm decks.
public enum PresentermConfig {
  /// `$PRESENTERM_CONFIG_FILE`, else `$XDG_CONFIG_HOME/presenterm/config.yaml`, else
  /// `~/.config/presenterm/config.yaml`, as presenterm looks for it.
  public static func defaultPath(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    if let file = environment["PRESENTERM_CONFIG_FILE"], !file.isEmpty { return file }
    if let base = environment["XDG_CONFIG_HOME"], !base.isEmpty {
      return base + "/presenterm/config.yaml"
    }
    let home = environment["HOME"] ?? NSHomeDirectory()
    return home + "/.config/presenterm/config.yaml"
  }

  /// What the file at `path` says a presenterm deck starts from; nil, with no diagnostics, when
  /// there is no such file.
  public static func load(path: String, files: any DeckFiles = LocalFiles()) -> (
    PresentermDeck?, [Diagnostic]
  ) {
    guard files.modificationTime(of: path) != nil else { return (nil, []) }
    var sink = DiagnosticSink(file: path)
    let subject = YAMLText.Subject(
      invalidYAML: "not valid YAML", anchorPrefix: "",
      notAMapping: { _ in "presenterm's configuration is a mapping of 'key: value' lines" },
      empty: nil)
    let root: Node.Mapping
    switch YAMLText.document(
      at: path, files: files, kind: "configuration files",
      cannotUse: "cannot use presenterm's configuration", as: subject, sink: &sink)
    {
    case .mapping(let mapping): root = mapping
    case .empty, .unusable: return (nil, sink.diagnostics)
    }
    var deck = PresentermDeck()
    if let options = root["options"] {
      deck.read(
        options: options, at: SourceLocation(line: 1, column: 1), lineOffset: 0, sink: &sink)
    }
    let defaults = root["defaults"]?.mapping
    switch defaults?["theme"] {
    case .scalar(let name)?: deck.configuredTheme = name.string
    // `theme: { dark: ..., light: ... }` follows the terminal's background: Podium's is dark.
    case .mapping(let choice)?: deck.configuredTheme = choice["dark"]?.string
    default: break
    }
    func pauses(_ key: String) -> (before: Bool, after: Bool) {
      let element = defaults?[key]?.mapping
      let flag = { (name: String) in element?[name]?.scalar.flatMap { parseBool($0.string) } }
      return (flag("pause_before") ?? true, flag("pause_after") ?? true)
    }
    (deck.pauseBeforeLists, deck.pauseAfterLists) = pauses("incremental_lists")
    (deck.pauseBeforeTables, deck.pauseAfterTables) = pauses("incremental_tables")
    return (deck, sink.diagnostics)
  }
}
