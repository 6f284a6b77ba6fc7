/// What a Marp deck's own CSS sets that the rest of `Theme` has no place for: the slide's
/// `text-align` and `justify-content`, and the colours of `strong` and `em`.
public struct CSSStyle: Hashable, Sendable {
  /// Where the content stands, top to bottom (`justify-content` of the flex column Marp makes
  /// a slide).
  public enum Vertical: String, Hashable, Sendable {
    case top
    case middle
    case bottom
  }

  /// `text-align` of the slide: `.center` or `.right` sets its text so unless a block says
  /// otherwise.
  public var textAlign: Block.Alignment?
  public var vertical: Vertical?
  public var strongColor: RGBAColor?
  public var emphasisColor: RGBAColor?
  /// Body cells' ink and ground (`td`), and a quote's ink (`blockquote`).
  public var cellText: RGBAColor?
  public var cellBackground: RGBAColor?
  public var quoteText: RGBAColor?
  /// The page number's text (`section::after`'s `content`), `{page}` and `{total}` filled in;
  /// empty for none.
  public var pageContent: String?

  public init() {}
}

/// One declaration of a Marp deck's CSS under one selector: what `Theme.cssRules` keeps of the
/// rules that hold only on slides of some classes (`section.lead h1`) or only on one slide
/// (`<style scoped>`), to be carried out when such a slide is laid out.
struct CSSRule: Hashable, Sendable {
  var selector: CSSSelector
  /// The slide (its index) of a `<style scoped>`; nil for every slide.
  var scope: Int?
  /// Its place in the deck's CSS, all sources together: later wins among equals.
  var order: Int
  var name: String
  var value: String
  var important: Bool

  /// Whether it holds on every slide: applied once, at load.
  var unconditional: Bool { scope == nil && selector.classes.isEmpty }

  /// CSS's cascade: `!important` first, then specificity (Marpit's scoped rules carry an
  /// attribute more), then the order written.
  static func cascades(_ first: CSSRule, before second: CSSRule) -> Bool {
    let one = (first.important ? 1 : 0, first.weight, first.order)
    let two = (second.important ? 1 : 0, second.weight, second.order)
    return one < two
  }

  private var weight: Int { selector.specificity + (scope == nil ? 0 : 100) }

  /// Whether it holds on `slide`.
  func holds(on slide: Slide) -> Bool {
    if let scope, scope != slide.index { return false }
    let directives = slide.directives
    return selector.classes.allSatisfy { name in
      directives.otherClasses.contains(name)
        || directives.classes.contains { $0.rawValue == name }
    }
  }
}

extension Theme {
  /// The theme of one slide: with the rules of the deck's CSS that hold on its classes and its
  /// `<style scoped>` carried out, in the order of CSS's cascade, onto the inverted colours on
  /// an `invert` slide; nil when there are none. The result keeps no rules of its own.
  func styled(for slide: Slide) -> Theme? {
    guard !cssRules.isEmpty else { return nil }
    let holding = cssRules.filter { $0.holds(on: slide) }
    var theme = self
    theme.cssRules = []
    guard !holding.isEmpty else { return theme }
    let inverted = slide.directives.classes.contains(.invert)
    if inverted { swap(&theme.colors, &theme.inverted) }
    for rule in holding { _ = DeckCSS.apply(rule, to: &theme) }
    if inverted { swap(&theme.colors, &theme.inverted) }
    return theme
  }
}

extension Slide {
  /// The slide with its headings and paragraphs that have no alignment of their own set to
  /// `alignment` (a slide's CSS `text-align`).
  func aligned(_ alignment: Block.Alignment) -> Slide {
    var slide = self
    for index in slide.blocks.indices
    where slide.blocks[index].alignment == .natural && slide.blocks[index].isProse {
      slide.blocks[index].alignment = alignment
    }
    return slide
  }
}
