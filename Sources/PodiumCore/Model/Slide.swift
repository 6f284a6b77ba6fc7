/// One slide of a deck: its content, its notes and its per-slide settings.
public struct Slide: Hashable, Sendable {
  /// 0-based position in the deck.
  public var index: Int
  /// Where the slide's first line is.
  public var location: SourceLocation
  public var blocks: [Block]
  /// Speaker notes, Markdown, for the presenter only.
  public var notes: [Block]
  public var directives: SlideDirectives
  /// `![bg](...)` images, in the order written.
  public var backgrounds: [BackgroundImage]
  /// Build steps: 1 for a slide without pauses.
  public var stepCount: Int
  /// A PDF deck's slide: the page shown at each build step (beamer's overlays); empty for a
  /// slide written in Markdown.
  public var pages: [PageReference] = []
  /// The page number it shows (Marp counts the slides not held by `paginate: hold` or `skip`);
  /// set by the parser, the slide's place in the deck until then.
  public var pageNumber = 0
  /// A PDF deck's slide: its pages' label (beamer's frame number), which finds it again when
  /// LaTeX rewrites the PDF with slides added before it.
  public var label: String?
  /// A whiteboard page the speaker put into the talk (`Whiteboard`), not a slide of the deck.
  public var board: Whiteboard?

  public init(
    index: Int, location: SourceLocation, blocks: [Block], notes: [Block] = [],
    directives: SlideDirectives = SlideDirectives(), backgrounds: [BackgroundImage] = [],
    stepCount: Int = 1
  ) {
    self.index = index
    self.location = location
    self.blocks = blocks
    self.notes = notes
    self.directives = directives
    self.backgrounds = backgrounds
    self.stepCount = stepCount
  }

  public var hasNotes: Bool { !notes.isEmpty }

  /// The build steps at which the parts of the notes begin, in order: one part (`[0]`) unless
  /// the notes follow the builds (`<!-- pause -->` in `???` notes, a note after a pause,
  /// Slidev's `[click]`, pdfpc's notes per overlay page).
  public var notesParts: [Int] { Self.notesParts(of: notes) }

  /// The build steps at which the parts of `notes` begin, in order.
  static func notesParts(of notes: [Block]) -> [Int] { Array(Set(notes.map(\.step))).sorted() }

  /// The part of the notes that goes with `step`: the last of `parts` to begin at or before it;
  /// before the first (notes written after a pause, Slidev's that start with a `[click]`), the
  /// first, as what is said first. Nil only without notes.
  public static func notesPart(at step: Int, of parts: [Int]) -> Int? {
    parts.last { $0 <= step } ?? parts.first
  }

  /// The part to light at `step` among the others (`notesPart`); nil for notes of one part,
  /// which read alike at every step.
  public static func litNotesPart(at step: Int, of parts: [Int]) -> Int? {
    parts.count > 1 ? notesPart(at: step, of: parts) : nil
  }

  /// The first heading's text, or the first line of text: what tables and overviews call it.
  /// At most `longestTitle` characters: a label, never a paragraph of millions to walk through
  /// each time the console or a handout names the slide.
  public var title: String? {
    if let heading = blocks.first(where: {
      if case .heading = $0.kind { return true } else { return false }
    }) {
      return String(heading.plainText.prefix(Self.longestTitle))
    }
    let text = blocks.lazy.map(\.plainText).first { !$0.isEmpty }
    return text.map { String($0.prefix(Self.longestTitle).prefix { $0 != "\n" }) }
  }

  public static let longestTitle = 200

  /// The layout the slide gets: the `layout` directive, else `title` for a slide that opens with
  /// a level-1 heading and holds at most one more short paragraph (docs/DECK-FORMAT.md).
  public var layout: SlideLayout {
    if let layout = directives.layout { return layout }
    return looksLikeTitleSlide ? .title : .default
  }

  private var looksLikeTitleSlide: Bool {
    // presenterm's slide titles head slides of their own layout, never a title slide.
    guard let first = blocks.first, case .heading(level: 1, _) = first.kind, first.role == nil
    else { return false }
    let rest = blocks.dropFirst()
    if rest.isEmpty { return true }
    guard rest.count == 1, let only = rest.first, case .paragraph(let text) = only.kind else {
      return false
    }
    return text.plainText.prefix(121).count <= 120
  }
}

public enum SlideLayout: String, Hashable, Sendable, CaseIterable {
  case `default`
  case title
  case center
  case twoColumn = "two-column"
  case imageLeft = "image-left"
  case imageRight = "image-right"
}

public enum SlideClass: String, Hashable, Sendable, CaseIterable {
  case lead
  case invert
}

public enum SlideBackground: Hashable, Sendable {
  case color(RGBAColor)
  case image(ImageReference)
  /// Marp's `backgroundImage: linear-gradient(...)`.
  case gradient(LinearGradient)
}

public struct BackgroundImage: Hashable, Sendable {
  /// How big it is drawn (Marp's `![bg contain]`, `![bg 60%]`, `![bg auto]`).
  public enum Size: Hashable, Sendable {
    case cover
    case contain
    /// Its own size on Marp's 720-pixel-high slide.
    case auto
    /// This share of the width it has, its aspect kept.
    case percent(Double)
  }

  /// Marp's `![bg left:40%]`: the backgrounds take one side, the slide's content the other.
  public struct Split: Hashable, Sendable {
    public var right: Bool
    public var fraction: Double

    public init(right: Bool, fraction: Double) {
      self.right = right
      self.fraction = fraction
    }
  }

  public var image: ImageReference
  public var size: Size
  public var split: Split?
  /// Several backgrounds stacked top to bottom rather than side by side (`![bg vertical]`).
  public var vertical: Bool
  public var location: SourceLocation

  public init(
    image: ImageReference, size: Size, split: Split? = nil, vertical: Bool = false,
    at location: SourceLocation
  ) {
    self.image = image
    self.size = size
    self.split = split
    self.vertical = vertical
    self.location = location
  }
}

/// The `<!-- key: value -->` settings of one slide. Nil means "the deck's default".
public struct SlideDirectives: Hashable, Sendable {
  public var layout: SlideLayout?
  public var background: SlideBackground?
  public var classes: Set<SlideClass>
  /// Shrink text to fit (default true).
  public var fit: Bool
  /// This slide's share of the talk.
  public var duration: TalkDuration?
  /// How long the slide stays before the talk moves on by itself (`<!-- advance: 8s -->`,
  /// reveal.js's `data-autoslide`); nil: it waits for the speaker unless `--auto` says.
  public var advance: AdvanceTime?
  /// No footer or page number on this slide (presenterm's `no_footer`).
  public var noFooter: Bool
  /// Left out of the talk: passed over when presenting, greyed in the overview, exported only
  /// with `--all` (`<!-- skip -->`, presenterm's `skip_slide`).
  public var hidden: Bool
  /// Marp's `paginate`, `header`, `footer` and `color` for this slide; nil for the deck's. An
  /// empty header or footer clears the deck's.
  public var paginate: Bool?
  public var header: String?
  public var footer: String?
  /// The text colour (Marp's `color`).
  public var color: RGBAColor?
  /// Marp's `paginate: hold` and `skip`: this slide does not move the page number on.
  public var pageHeld: Bool?
  /// Marp's `transition`: how the audience's screen goes from this slide to the next.
  public var transition: SlideTransition?
  /// Classes other than `lead` and `invert` (`<!-- _class: two-columns -->`): they mean
  /// something only to a theme's CSS, kept so it can style them.
  public var otherClasses: [String] = []
  /// The slide's own `<style scoped>` blocks (Marpit's scoped style): CSS for this slide only.
  public var styles: [StyleSheet] = []

  /// Takes the settings Marp's local directives make (`paginate`, `header`, `footer`, `color`,
  /// the background) from `other` where it has them: how a slide inherits them and how a
  /// directive sets them.
  mutating func takeLocalDirectives(from other: SlideDirectives) {
    paginate = other.paginate ?? paginate
    header = other.header ?? header
    footer = other.footer ?? footer
    color = other.color ?? color
    background = other.background ?? background
    pageHeld = other.pageHeld ?? pageHeld
    transition = other.transition ?? transition
  }

  public init(
    layout: SlideLayout? = nil, background: SlideBackground? = nil,
    classes: Set<SlideClass> = [], fit: Bool = true, duration: TalkDuration? = nil,
    noFooter: Bool = false, hidden: Bool = false
  ) {
    self.layout = layout
    self.background = background
    self.classes = classes
    self.fit = fit
    self.duration = duration
    self.noFooter = noFooter
    self.hidden = hidden
  }
}

/// CSS a deck writes in a `<style>` block, and where the block is.
public struct StyleSheet: Hashable, Sendable {
  public var css: String
  public var location: SourceLocation

  public init(css: String, location: SourceLocation) {
    self.css = css
    self.location = location
  }
}

extension Slide {
  /// Nothing on it and nothing said for it: no blocks, notes, pictures or background.
  var isEmpty: Bool {
    blocks.isEmpty && notes.isEmpty && backgrounds.isEmpty && directives.background == nil
  }
}

extension [Slide] {
  /// Without the empty slides before the first one with something on it and after the last:
  /// a separator before the first slide or after the last one makes no slide a reader counts.
  /// (Cut once: removing them one at a time is quadratic in a deck of separators.)
  func trimmedOfEmptyEnds() -> [Slide] {
    guard let first = firstIndex(where: { !$0.isEmpty }),
      let last = lastIndex(where: { !$0.isEmpty })
    else { return [] }
    return Array(self[first...last])
  }
}

extension Slide {
  /// The layout the slide gets in its deck: a deck styled by its CSS theme (Marp's) never has
  /// its slides made title slides by Podium's own guess, only by their `layout` directive.
  public func layout(styledByCSS: Bool) -> SlideLayout {
    styledByCSS ? directives.layout ?? .default : layout
  }
}

extension [Slide] {
  /// Numbers the slides as Marpit's `apply.js` does, in every deck: a slide held by
  /// `paginate: hold` or `skip` keeps the number of the slide before it, and the first slide
  /// to show a number shows at least 1, counting on from there. A deck with no such slide is
  /// numbered 1, 2, 3...
  mutating func numberPages(deckPaginates: Bool) {
    var page = 0
    for index in indices {
      if self[index].directives.pageHeld != true { page += 1 }
      if self[index].directives.paginate ?? deckPaginates { page = Swift.max(1, page) }
      self[index].pageNumber = Swift.max(1, page)
    }
  }
}
