import PodiumCore

/// Checks of a deck against this machine, which the pure parser cannot make: whether the fonts
/// it names are installed.
public enum SystemChecks {
  public static func diagnostics(for deck: Deck) -> [Diagnostic] {
    var found: [Diagnostic] = []
    for (key, family) in [("font", deck.metadata.font), ("code-font", deck.metadata.codeFont)] {
      // Only what the deck asked for: the defaults are the setup script's business.
      guard let location = deck.metadata.keyLocations[key] else { continue }
      guard !FontResolver.isInstalled(family: family) else { continue }
      let substitute = FontResolver.match(family: family)?.family ?? "a default font"
      found.append(
        Diagnostic(
          .warning, file: deck.file, at: location,
          "font '\(family)' is not installed; fontconfig substitutes '\(substitute)'"))
    }
    return found
  }
}
