/// What a presenterm deck's front matter says beyond the metadata every deck has: its
/// `options:` (presenterm's docs, "Options"; its source's `OptionsConfig`) and how its theme lays
/// out the introduction slide.
public struct PresentermDeck: Hashable, Sendable {
  /// A slide title (a setext heading, or an `h1` with `h1SlideTitles`) ends the slide before it.
  public var implicitSlideEnds = false
  /// `---` ends a slide as `<!-- end_slide -->` does.
  public var endSlideShorthand = false
  /// The first `# heading` of a slide is its title, styled as one.
  public var h1SlideTitles = false
  /// Every list shows an item a step.
  public var incrementalLists = false
  /// Every table shows a row a step.
  public var incrementalTables = false
  /// What a one-line comment starts with to be a command; others are the author's own.
  public var commandPrefix = ""
  /// What an image's alt text starts with to hold its size (`image:width:50%`).
  public var imageAttributesPrefix = "image:"
  /// Unknown front-matter keys are worth a warning (presenterm refuses the deck).
  public var strictFrontMatterParsing = true
  /// Languages whose code blocks are drawn as if marked `+render`.
  public var autoRenderLanguages: [String] = []
  /// Empty lines between list items (1 is none).
  public var listItemNewlines = 1
  /// The pauses presenterm puts before and after an incremental list or table (its
  /// configuration's `defaults.incremental_lists` / `incremental_tables`: `pause_before`,
  /// `pause_after`, on unless it says otherwise).
  public var pauseBeforeLists = true
  public var pauseAfterLists = true
  public var pauseBeforeTables = true
  public var pauseAfterTables = true
  /// The theme presenterm's configuration names for decks that name none (`defaults.theme`).
  public var configuredTheme: String?

  /// The introduction slide's authors at the bottom of the slide rather than under the rest
  /// (its theme's `intro_slide.author.positioning`; presenterm's default theme, `dark`, puts
  /// them at the bottom).
  public var authorsAtBottom = true
  /// Whether the introduction slide has the footer (its theme's `intro_slide.footer`; not in
  /// `dark`).
  public var introFooter = false

  public init() {}
}

extension PresentermDeck {
  /// A presenterm deck that names no theme is shown in presenterm's default one (unless the
  /// configuration names one, `DeckLoader` says); the introduction slide is laid out as its
  /// theme says.
  mutating func follow(_ theme: inout ThemeChoice, named: Bool) {
    if case .presenterm = theme {
      // Chosen, or presenterm's default with the deck's overrides: kept.
    } else if !named,
      let standard = configuredTheme.flatMap(PresentermStyle.builtIn)
        ?? PresentermStyle.builtIn(PresentermStyle.defaultName)
    {
      theme = .presenterm(standard)
    }
    guard case .presenterm(let style) = theme else { return }
    authorsAtBottom = style["intro_slide.author.positioning"] != "below_title"
    introFooter = style.flag("intro_slide.footer") ?? false
  }
}
