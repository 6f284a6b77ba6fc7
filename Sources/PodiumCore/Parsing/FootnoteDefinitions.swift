/// A deck's GFM footnotes (`[^label]` cites `[^label]: ...`), as pandoc, Slidev and GitHub
/// read them: cmark numbers the citations in order of first use and moves the definitions they
/// cite to the end of the document. On slides each goes to the end of the slide citing it, as
/// pandoc's slide shows (reveal.js's aside, beamer's foot of the frame) and Slidev (its
/// markdown-it renders each slide on its own) place them.
struct FootnoteDefinitions {
  /// How a citation is numbered on the slide.
  enum Numbering {
    /// Through the deck, a superscript number (pandoc, GitHub).
    case deck
    /// From 1 on each slide, in brackets (markdown-it-footnote, which Slidev runs per slide).
    case slide
  }

  /// The definitions, the one numbered n at n - 1.
  private(set) var definitions: [MarkdownNode] = []
  private(set) var numbering = Numbering.deck

  init() {}

  /// Takes the definitions cmark put at the end of `document` out of it, so that the last slide
  /// does not show them.
  init(taking document: inout MarkdownNode, numbering: Numbering) {
    definitions = document.children.filter { $0.kind == .footnoteDefinition }
    if !definitions.isEmpty { document.children.removeAll { $0.kind == .footnoteDefinition } }
    self.numbering = numbering
  }

  /// The definition numbered `number`, if there is one.
  func definition(_ number: Int) -> MarkdownNode? {
    definitions.indices.contains(number - 1) ? definitions[number - 1] : nil
  }

  /// What the citation of footnote `number` shows, the `position`th (0-based) footnote cited
  /// on its slide: bracketed where numbered by slide, as Slidev shows them.
  func mark(_ number: Int, position: Int) -> String {
    let shown = self.shown(number, position: position)
    return numbering == .slide ? "[\(shown)]" : "\(shown)"
  }

  /// The number before the footnote's text at the slide's end.
  func label(_ number: Int, position: Int) -> String {
    "\(shown(number, position: position)). "
  }

  /// The footnote's number as shown: the deck's, or its place among the slide's footnotes.
  private func shown(_ number: Int, position: Int) -> Int {
    numbering == .slide ? position + 1 : number
  }
}
