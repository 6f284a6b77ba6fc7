/// A theme's own footer (presenterm's `footer:` styles, its src/ui/footer.rs): a template's
/// text at the left, centre and right of the bottom margin, or a progress bar along the bottom.
extension LayoutEngine {
  func themeFooter(_ slide: Slide, in deck: Deck, context: Context) -> [DrawCommand] {
    guard let footer = theme.footer, !slide.directives.noFooter else { return [] }
    let (font, y) = footerLine(context)
    let area = context.contentRect
    switch footer {
    case .progressBar(let color):
      // As long as the share of the slides shown, from the slide's left edge.
      let share = Double(slide.index + 1) / Double(max(1, deck.slides.count))
      let height = max(2, font.size * 0.6)
      let top = context.slideRect.maxY - (context.slideRect.maxY - area.maxY + height) / 2
      return [
        .fill(
          Rect(
            x: context.slideRect.x, y: top, width: context.slideRect.width * share, height: height),
          color ?? context.colors.accent)
      ]
    case .template(let left, let center, let right, let color):
      var commands: [DrawCommand] = []
      for (template, place) in [(left, 0.0), (center, 0.5), (right, 1.0)] {
        guard let template else { continue }
        let text = PresentermTheme.plainText(
          PresentermTheme.filled(
            template, with: deck.metadata, page: (slide.index + 1, deck.slides.count)))
        guard !text.isEmpty else { continue }
        let width = measurer.width(of: text, font: font)
        commands.append(
          .text(
            TextItem(
              text: text, font: font, color: color ?? context.colors.text,
              x: area.x + (area.width - width) * place, y: y, width: width)))
      }
      return commands
    }
  }
}
