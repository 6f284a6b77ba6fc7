/// A parsed deck: plain values that layout, export and the presenter consume.
public struct Deck: Hashable, Sendable {
  /// The deck file as the user named it.
  public var file: String
  /// The folder that relative image paths are resolved against.
  public var baseDirectory: String
  public var dialect: DeckDialect
  public var metadata: DeckMetadata
  public var slides: [Slide]
  /// The slides' formulas as TeX set them, filled in by `DeckLoader`; a formula missing here is
  /// shown as its TeX source.
  public var formulas: [MathFormula: TypesetFormula] = [:]
  /// An office deck whose conversion is still running: how far it has come and the files still
  /// to come (nil once every slide has its pages).
  public var conversion: DeckConversion?

  public init(
    file: String, baseDirectory: String, dialect: DeckDialect, metadata: DeckMetadata,
    slides: [Slide]
  ) {
    self.file = file
    self.baseDirectory = baseDirectory
    self.dialect = dialect
    self.metadata = metadata
    self.slides = slides
  }

  /// Build steps summed over the slides.
  public var buildStepCount: Int { slides.reduce(0) { $0 + $1.stepCount } }
  public var slidesWithNotes: Int { slides.lazy.filter(\.hasNotes).count }
  /// The slides left out of the talk (0-based), shown only when asked for.
  public var hiddenSlides: Set<Int> {
    Set(slides.indices.filter { slides[$0].directives.hidden })
  }
}

/// Which tool's habits the deck is written in (docs/DECK-FORMAT.md, "Markdown"): each dialect
/// names itself in its folder under `Dialects/` (`DeckDialect.slidev` in `Dialects/Slidev/`).
public struct DeckDialect: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  public var rawValue: String

  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  public var description: String { rawValue }
}

/// The front matter, typed, with defaults for what is not given.
public struct DeckMetadata: Hashable, Sendable {
  public var title: String?
  public var subtitle: String?
  public var author: String?
  public var date: String?
  /// presenterm's `event` and `location`, shown on its introduction slide.
  public var event: String?
  public var location: String?
  /// Each author apart (presenterm's `authors:` list); `author` joins them.
  public var authors: [String] = []
  /// A presenterm deck's options and introduction slide; nil for other decks.
  public var presenterm: PresentermDeck?
  /// What the speaker's presenterm configuration says a presenterm deck starts from
  /// (`PresentermConfig`); the deck's own `options:` are laid over it.
  public var presentermDefaults: PresentermDeck?
  public var theme: ThemeChoice
  public var aspect: AspectRatio
  public var duration: TalkDuration?
  /// Every slide's time before the talk moves on by itself, where the slide sets none
  /// (reveal.js's `autoSlide`); nil: the slides wait for the speaker.
  public var advance: AdvanceTime?
  /// A fontconfig family for text; nil means the theme's.
  public var font: String?
  /// A fontconfig family for code; nil means the theme's.
  public var codeFont: String?
  /// The families an office deck's file names for its text: `podium check` warns of those
  /// neither installed nor standing in with the same widths (`NamedFont.twin`).
  public var namedFonts: [NamedFont] = []
  public var footer: String?
  public var paginate: Bool
  /// When the talk must end, `HH:MM` (for PDF presenters: pdfpc's `endTime`).
  public var endTime: String?
  /// Marp's `headingDivider`: headings of this level or above start a new slide.
  public var headingDivider: Int?
  /// Whether `$...$` and `$$...$$` are formulas (Marp's `math:`, on unless `false`).
  public var math = true
  /// The deck's look is its CSS theme's, as a browser lays it out (a Marp deck: `marp: true`,
  /// Marp's own directives or themes): no centring of Podium's own, page numbers written alone,
  /// and the deck's own CSS carried out.
  public var styledByCSS = false
  /// The front matter says the deck is Marp's (`marp: true`, or a directive only Marp has).
  var marpSaid = false
  /// The front matter says `marp: true`: its slides are counted as Marpit counts them.
  var marpTrue = false
  /// A Marp deck's own CSS: its front matter's `style:`, and the file of its own theme
  /// (`MarpThemeSet`), of which `DeckCSS` carries out what decides a slide's look.
  public var style: String?
  public var marpThemeFile: String?
  /// The deck's `<style>` blocks (not `scoped`): CSS for every slide, after `style:`.
  public var styleSheets: [StyleSheet] = []
  /// A PDF deck of beamer notes pages: the half of each page that holds the notes.
  public var notesPages: NotesPages?
  /// When the countdown warns, in minutes before the end (pdfpc's `lastMinutes`).
  public var warningMinutes: Double?
  /// Where each front-matter key was written, for diagnostics found later (e.g. a font that
  /// is not installed).
  public var keyLocations: [String: SourceLocation]

  public init(
    title: String? = nil, subtitle: String? = nil, author: String? = nil, date: String? = nil,
    theme: ThemeChoice = .light, aspect: AspectRatio = .wide, duration: TalkDuration? = nil,
    font: String? = nil, codeFont: String? = nil, footer: String? = nil,
    paginate: Bool = false, keyLocations: [String: SourceLocation] = [:]
  ) {
    self.keyLocations = keyLocations
    self.title = title
    self.subtitle = subtitle
    self.author = author
    self.date = date
    self.theme = theme
    self.aspect = aspect
    self.duration = duration
    self.font = font
    self.codeFont = codeFont
    self.footer = footer
    self.paginate = paginate
  }
}

public enum ThemeChoice: Hashable, Sendable {
  case light
  case dark
  /// Marp's two other built-in themes, drawn as Marp draws them.
  case gaia
  case uncover
  /// Marp's `default` theme (GitHub's look), which a Marp deck gets when it names none.
  case marpDefault
  /// A theme YAML file, resolved against the deck's folder.
  case file(path: String)
  /// A presenterm theme: built in, from a file, with the deck's overrides.
  case presenterm(PresentermStyle)
  /// A Slidev deck's theme in its colour schema, drawn as Slidev draws it.
  case slidev(SlidevTheme)
}
