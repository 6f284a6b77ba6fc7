import PodiumCore

/// Checks of a deck against this machine, which the pure parser cannot make: whether the fonts
/// it names are installed, and whether every slide fits when laid out with the real fonts.
public enum SystemChecks {
  public static func diagnostics(for deck: Deck, theme: Theme) -> [Diagnostic] {
    fontDiagnostics(for: deck) + officeFontDiagnostics(for: deck)
      + marpFontDiagnostics(for: deck, theme: theme)
      + scriptDiagnostics(for: deck) + layoutDiagnostics(for: deck, theme: theme)
  }

  /// Warns, at the first block that writes in it, of each script no installed font has a
  /// character of: that text would show as boxes, on the audience's screen too. `hasFont` asks
  /// fontconfig (`FontCoverage`) unless a test says otherwise.
  public static func scriptDiagnostics(for deck: Deck, hasFont: ((UInt32) -> Bool)? = nil)
    -> [Diagnostic]
  {
    let hasFont = hasFont ?? FontCoverage().contains
    var found: [Diagnostic] = []
    var reported: Set<String> = []
    func check(_ text: String, at location: SourceLocation) {
      for scalar in text.unicodeScalars {
        guard let script = WritingScript.of(scalar), !reported.contains(script.name) else {
          continue
        }
        guard !hasFont(scalar.value) else { continue }
        reported.insert(script.name)
        found.append(
          Diagnostic(
            .warning, file: deck.file, at: location,
            "no installed font has \(script.name); install \(script.package)"))
      }
    }
    func visit(_ block: Block) {
      switch block.kind {
      case .list(let list):
        for item in list.items { item.blocks.forEach(visit) }
      case .quote(let quote):
        quote.blocks.forEach(visit)
      case .columns(let columns):
        columns.columns.joined().forEach(visit)
      case .box(let box):
        box.blocks.forEach(visit)
      default:
        check(block.plainText, at: block.location)
      }
    }
    for slide in deck.slides {
      (slide.blocks + slide.notes).forEach(visit)
    }
    return found
  }

  static func fontDiagnostics(for deck: Deck) -> [Diagnostic] {
    var found: [Diagnostic] = []
    for (key, family) in [("font", deck.metadata.font), ("code-font", deck.metadata.codeFont)] {
      // Only what the deck asked for: the theme's fonts are the setup script's business.
      guard let family, let location = deck.metadata.keyLocations[key] else { continue }
      guard !FontResolver.isInstalled(family: family) else { continue }
      let substitute = FontResolver.match(family: family)?.family ?? "a default font"
      found.append(
        Diagnostic(
          .warning, file: deck.file, at: location,
          "font '\(family)' is not installed; fontconfig substitutes '\(substitute)'"))
    }
    return found
  }

  /// Warns once per family an office deck's file names that this machine has neither itself
  /// nor in a face of the same widths (`NamedFont.twin`, LibreOffice's metric twins): LibreOffice
  /// draws its text in another face, and lines break where the author's did not. `has` asks
  /// fontconfig whether a family is installed as itself unless a test says otherwise.
  public static func officeFontDiagnostics(for deck: Deck, has: ((String) -> Bool)? = nil)
    -> [Diagnostic]
  {
    let has = has ?? { FontResolver.face(named: $0) != nil }
    return deck.metadata.namedFonts.compactMap { font in
      guard !has(font.family) else { return nil }
      guard let twin = font.twin else {
        return Diagnostic(
          .warning, file: deck.file, at: nil,
          "font '\(font.family)' (named in \(font.part)) is not installed and has no metric twin: LibreOffice draws its text in another face, and lines may break where the author's did not"
        )
      }
      guard !has(twin.family) else { return nil }
      return Diagnostic(
        .warning, file: deck.file, at: nil,
        "font '\(font.family)' (named in \(font.part)) is not installed, nor '\(twin.family)', which has its widths: lines may break where the author's did not (install \(twin.package), or run scripts/setup --office)"
      )
    }
  }

  /// The Debian package of each face Marp's built-in themes are drawn in.
  static let marpFontPackages = [
    "Lato": "fonts-lato", "Lato Black": "fonts-lato", "Roboto": "fonts-roboto-unhinted",
    "Noto Sans": "fonts-noto-core", "Liberation Mono": "fonts-liberation2",
  ]

  /// Warns once per face a Marp theme needs and this machine lacks: the slides are drawn in the
  /// face fontconfig substitutes, and no longer look like Marp's.
  static func marpFontDiagnostics(for deck: Deck, theme: Theme) -> [Diagnostic] {
    guard theme.cssLook != nil else { return [] }
    var seen = Set<String>()
    return [theme.fonts.body, theme.fonts.heading, theme.fonts.code].compactMap { family in
      guard deck.metadata.font == nil || family == theme.fonts.code,
        seen.insert(family).inserted
      else { return nil }
      // A weight's family (`Lato Black`) is found as its face of the whole family (`Lato`).
      let found = FontResolver.match(family: family)?.family
      if let found,
        family.lowercased() == found.lowercased()
          || family.lowercased().hasPrefix(found.lowercased() + " ")
      {
        return nil
      }
      let substitute = found ?? "a default font"
      let package = marpFontPackages[family].map { "install \($0) or " } ?? ""
      return Diagnostic(
        .warning, file: deck.file, at: deck.metadata.keyLocations["theme"],
        "font '\(family)' of Marp's \(theme.name) theme is not installed (\(package)run scripts/setup); fontconfig substitutes '\(substitute)'"
      )
    }
  }

  /// Lays out every slide at 1920x1080 with the deck's theme and real fonts, and reports the
  /// slides whose content is cut off even at the smallest text size.
  static func layoutDiagnostics(for deck: Deck, theme: Theme) -> [Diagnostic] {
    let fonts = FontLibrary()
    let engine = LayoutEngine(
      theme: theme, measurer: SDLTextMeasurer(library: fonts), images: ImageLibrary())
    var found: [Diagnostic] = []
    for slide in deck.slides {
      let frame = engine.layout(
        slide, in: deck, step: slide.stepCount - 1, size: PixelSize(width: 1920, height: 1080))
      found += frame.overflow.map { $0.diagnostic(file: deck.file) }
    }
    return found
  }
}
