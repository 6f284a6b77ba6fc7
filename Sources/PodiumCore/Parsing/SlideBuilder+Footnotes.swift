/// Footnotes (`FootnoteDefinitions`) for `SlideBuilder`: a citation becomes its mark in
/// superscript, and the footnotes a slide cites follow its content, under a rule, in smaller
/// type, shown from its first step (neither pandoc nor Slidev makes them a build step).
extension SlideBuilder {
  /// Footnote text against the body's.
  static let footnoteScale = 0.6

  /// The mark of a citation of footnote `number`, noted as cited. Kept out of `appendInline`,
  /// which calls itself once a level of emphasis (see `appendImage`).
  @inline(never)
  mutating func citeFootnote(_ number: Int, style: TextRun.Style, link: String?) -> TextRun {
    guard footnotes.definition(number) != nil else {
      return TextRun("[^\(number)]", style: style, link: link)
    }
    if !footnotesCited.contains(number) { footnotesCited.append(number) }
    let position = footnotesCited.firstIndex(of: number) ?? 0
    return decorated(
      TextRun(
        footnotes.mark(number, position: position), style: style.union(.superscript),
        link: link))
  }

  /// The footnotes cited since the last call, as blocks: `rule` puts a rule above them (a
  /// slide's; the speaker's notes go without).
  mutating func citedFootnotes(rule: Bool) -> [Block] {
    var blocks: [Block] = []
    // A footnote citing another, cited nowhere else, adds it to the list as it is converted.
    var position = 0
    while position < footnotesCited.count {
      let number = footnotesCited[position]
      defer { position += 1 }
      guard let definition = footnotes.definition(number) else { continue }
      var converted = definition.children.flatMap { convertBlock($0) }
      let label = TextRun(footnotes.label(number, position: position))
      if case .paragraph(let runs)? = converted.first?.kind {
        converted[0].kind = .paragraph([label] + runs)
      } else {
        converted.insert(
          Block(.paragraph([label]), at: location(of: definition)), at: 0)
      }
      blocks += converted.map { block in
        var block = block.shown(at: 0)
        block.fontScale *= Self.footnoteScale
        return block
      }
    }
    footnotesCited = []
    if rule, let first = blocks.first {
      blocks.insert(Block(.rule, at: first.location), at: 0)
    }
    return blocks
  }
}
