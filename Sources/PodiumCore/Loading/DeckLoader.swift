/// A deck ready to show: the deck, the theme it asks for (or the configuration's, when it names
/// none) and every problem found on the way. What `check`, `export`, `present`, `rehearse`, live
/// reload and the examples all start from.
public struct LoadedDeck: Sendable {
  /// The deck file.
  public var path: String
  /// The deck, when the file could be read at all.
  public var deck: Deck?
  public var theme: Theme
  public var diagnostics: [Diagnostic]

  public var hasErrors: Bool { diagnostics.hasErrors }

  /// The files whose edits change what the slides show: the deck, its theme file and its
  /// images. What live reload watches.
  public var watchedFiles: [String] { Self.watchedFiles(deckAt: path, deck) }

  static func watchedFiles(deckAt path: String, _ deck: Deck?) -> [String] {
    var files = [path]
    if case .file(let theme)? = deck?.metadata.theme { files.append(theme) }
    return files + (deck?.imagePaths ?? [])
  }
}

/// The one way a deck is loaded: parsed, given the configuration's default theme when it names
/// none, and its theme file read. Images are checked from their headers while parsing.
public struct DeckLoader: Sendable {
  /// The theme for decks that name none (the configuration's `theme:`).
  public var defaultTheme: ThemeChoice?
  public var files: any DeckFiles

  public init(defaultTheme: ThemeChoice? = nil, files: any DeckFiles = LocalFiles()) {
    self.defaultTheme = defaultTheme
    self.files = files
  }

  /// A loader with the speaker's settings.
  public init(configuration: Configuration, files: any DeckFiles = LocalFiles()) {
    self.init(defaultTheme: configuration.theme, files: files)
  }

  public func load(_ path: String) -> LoadedDeck {
    let parsed = DeckParser.parse(fileAt: path, files: files)
    var loaded = LoadedDeck(
      path: path, deck: parsed.deck, theme: .light, diagnostics: parsed.diagnostics)
    guard var deck = parsed.deck else { return loaded }
    if let defaultTheme, deck.metadata.keyLocations["theme"] == nil {
      deck.metadata.theme = defaultTheme
    }
    let (theme, themeDiagnostics) = ThemeLoader.theme(for: deck.metadata.theme, files: files)
    loaded.deck = deck
    loaded.theme = theme
    loaded.diagnostics += themeDiagnostics
    return loaded
  }
}
