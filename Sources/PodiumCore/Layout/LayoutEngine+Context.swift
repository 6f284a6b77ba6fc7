extension LayoutEngine {
  /// What every block's layout needs to know about the slide.
  struct Context {
    var slideRect: Rect
    var contentRect: Rect
    var colors: Theme.Colors
    var bodyFamily: String
    var headingFamily: String
    var codeFamily: String
    var layout: SlideLayout
    var fit: Bool
    /// Content too tall for the slide overflows as a browser shows it (a deck styled by CSS, as
    /// Marp's): not shrunk, centred content overflowing both ways, clipped at the slide's edges.
    var overflowsAsCSS = false
    /// The slide's ground, over its background colour (a theme's or the slide's own).
    var gradient: LinearGradient?
    /// Centred content that overflows starts at the top (CSS's `safe center`), not above it.
    var safeCentre = false
    var footer: String?
    var pageLabel: String?
    /// Marp's `header`, at the top of the slide.
    var header: String?
    /// The shrink factor being tried, 1 at full size.
    var scale = 1.0
    /// How tall a text block is laid out before the rest is left off: everything lower is clipped
    /// on a slide (see `TextFlow.lines`). Unlimited where text scrolls, as the console's notes do.
    var textHeightLimit = Double.infinity
    /// The deck's typeset formulas.
    var formulas: [MathFormula: TypesetFormula]

    init(engine: LayoutEngine, slide: Slide, deck: Deck, slideRect: Rect) {
      let theme = engine.theme
      self.slideRect = slideRect
      let margins = theme.margins
      // A split background (`![bg left:40%]`) leaves the content the other side.
      var page = slideRect
      if let split = slide.backgrounds.lazy.compactMap(\.split).first {
        page.width = slideRect.width * (1 - split.fraction)
        if !split.right { page.x = slideRect.maxX - page.width }
      }
      contentRect = Rect(
        x: page.x + slideRect.width * margins.horizontal,
        y: slideRect.y + slideRect.height * margins.top,
        width: max(1, page.width - 2 * slideRect.width * margins.horizontal),
        height: slideRect.height * (1 - margins.top - margins.bottom))
      colors = slide.directives.classes.contains(.invert) ? theme.inverted : theme.colors
      switch slide.directives.background {
      case .color(let color):
        colors.background = color
      case .gradient(let gradient):
        self.gradient = gradient
        colors.background = gradient.stops[0].color
      case .image, nil:
        gradient = theme.backgroundGradient
      }
      if let color = slide.directives.color {
        // Marp's `color` is the whole slide's: headings, text, the footer and page number.
        colors.text = color
        colors.heading = color
        colors.muted = color
      }
      bodyFamily = deck.metadata.font ?? theme.fonts.body
      headingFamily = deck.metadata.font ?? theme.fonts.heading
      codeFamily = deck.metadata.codeFont ?? theme.fonts.code
      // Marp never centres a slide on its own: only its theme or `class: lead` does.
      var layout = slide.layout(styledByCSS: deck.metadata.styledByCSS)
      let leadCentres = theme.cssLook?.leadCentres ?? true
      if layout == .default
        && ((leadCentres && slide.directives.classes.contains(.lead)) || theme.centersContent)
      {
        layout = .center
        // gaia's `lead` is `place-content: safe center`: overflowing, it starts at the top.
        safeCentre = !theme.centersContent
      }
      self.layout = layout
      middle = theme.cssStyle.vertical.map { $0 == .middle } ?? theme.cssLook?.middle ?? false
      bottom = theme.cssStyle.vertical == .bottom
      // A browser never shrinks a slide's text to fit: Marp's themes scale only `<!-- fit -->`
      // headings, and the overflow shows as CSS places it (`overflowsAsCSS`).
      overflowsAsCSS = deck.metadata.styledByCSS
      fit = slide.directives.fit && !overflowsAsCSS
      let footerShown = !slide.directives.noFooter
      let footerText = slide.directives.footer ?? deck.metadata.footer
      footer = footerShown && footerText?.isEmpty == false ? footerText : nil
      pageLabel =
        footerShown && (slide.directives.paginate ?? deck.metadata.paginate)
        ? (deck.metadata.styledByCSS
          ? "\(slide.pageNumber)" : "\(slide.index + 1) / \(deck.slides.count)") : nil
      if let label = pageLabel, let template = theme.cssStyle.pageContent {
        let total = deck.slides.map(\.pageNumber).max() ?? deck.slides.count
        let text = template.replacingOccurrences(of: "{page}", with: label)
          .replacingOccurrences(of: "{total}", with: "\(total)")
        pageLabel = text.isEmpty ? nil : text
      }
      header = slide.directives.header?.isEmpty == false ? slide.directives.header : nil
      formulas = deck.formulas
    }

    var centered: Bool { layout == .title || layout == .center }
    /// The content stands in the middle, top to bottom, though its lines are not centred
    /// (Marp's default theme).
    var middle = false
    /// The content stands at the slide's bottom (`justify-content: flex-end`).
    var bottom = false
  }
}
