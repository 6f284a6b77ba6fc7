import Foundation

/// How presenterm splits and titles slides beyond `<!-- end_slide -->` (its
/// src/presentation/builder: `push_slide_title`, `push_heading`, `process_comment`), and the
/// introduction slide it makes from the front matter (`push_intro_slide`).
enum PresentermSlides {
  /// The first lines of setext headings (`Title` over `===` or `---`): presenterm's slide
  /// titles. A `#` heading is an ordinary heading.
  static func setextHeadingLines(in document: MarkdownNode, lines: [Substring]) -> Set<Int> {
    var found: Set<Int> = []
    for node in document.children {
      guard case .heading = node.kind, lines.indices.contains(node.start.line - 1) else {
        continue
      }
      if !lines[node.start.line - 1].drop(while: { $0 == " " }).hasPrefix("#") {
        found.insert(node.start.line)
      }
    }
    return found
  }

  /// Whether `node` is a slide title: a setext heading, or with `h1_slide_titles` an `h1` on
  /// a slide without a title yet (every `h1` when slides also end at titles).
  static func isSlideTitle(
    _ node: MarkdownNode, options: PresentermDeck, titled: Bool, slideTitleLines: Set<Int>,
    lineOffset: Int = 0
  ) -> Bool {
    guard case .heading(let level) = node.kind else { return false }
    // Lines of an included file are its own, not the deck's.
    if lineOffset == 0 && slideTitleLines.contains(node.start.line) { return true }
    return level == 1 && options.h1SlideTitles && (!titled || options.implicitSlideEnds)
  }

  /// With `command_prefix`, a one-line comment is a command only when it starts with the
  /// prefix, which is taken off; the others are the author's own (presenterm ignores them),
  /// rewritten as `<!-- // ... -->`. Returns whether a line changed.
  static func unprefixCommands(
    _ lines: inout [Substring], in document: MarkdownNode, prefix: String
  ) -> Bool {
    var changed = false
    func visit(_ node: MarkdownNode) {
      guard node.kind == .htmlBlock else {
        for child in node.children where child.isBlock { visit(child) }
        return
      }
      for line in node.start.line...max(node.start.line, node.endLine)
      where lines.indices.contains(line - 1) {
        let text = lines[line - 1]
        let indent = text.prefix { $0 == " " || $0 == "\t" }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("<!--"), trimmed.hasSuffix("-->"), trimmed.count >= 7 else {
          continue
        }
        let body = trimmed.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
        let command =
          body.hasPrefix(prefix) ? String(body.dropFirst(prefix.count)) : "// " + body
        lines[line - 1] = Substring(indent + "<!-- " + command + " -->")
        changed = true
      }
    }
    visit(document)
    return changed
  }
}

extension SlideBuilder {
  /// presenterm's introduction slide: from the middle down, the title and sub title, then
  /// event, location and date after a gap, then the authors after another (or at the bottom
  /// of the slide, as its theme's `intro_slide.author.positioning` says). Nil when the front
  /// matter has none of them, as in presenterm.
  mutating func introSlide(_ metadata: DeckMetadata, at here: SourceLocation) -> Slide? {
    guard let presenterm = metadata.presenterm else { return nil }
    let details: [(String?, Block.Role)] = [
      (metadata.event, .introEvent), (metadata.location, .introLocation),
      (metadata.date, .introDate),
    ]
    guard
      metadata.title != nil || metadata.subtitle != nil || !metadata.authors.isEmpty
        || details.contains(where: { $0.0 != nil })
    else { return nil }
    var blocks: [Block] = [Block(.spacer(.fromMiddle), at: here)]
    func add(_ kind: Block.Kind, _ role: Block.Role) {
      var block = Block(kind, at: here, alignment: .center)
      block.role = role
      blocks.append(block)
    }
    if let title = metadata.title { add(.heading(level: 1, text: inlines(title)), .introTitle) }
    if let subtitle = metadata.subtitle { add(.paragraph(inlines(subtitle)), .introSubtitle) }
    let present = details.compactMap { text, role in text.map { ($0, role) } }
    if !present.isEmpty { blocks.append(Block(.spacer(.lines(1)), at: here)) }
    for (text, role) in present { add(.paragraph([TextRun(text)]), role) }
    if !metadata.authors.isEmpty {
      blocks.append(
        Block(.spacer(presenterm.authorsAtBottom ? .bottom : .lines(2)), at: here))
    }
    for author in metadata.authors { add(.paragraph([TextRun(author)]), .introAuthor) }
    var directives = SlideDirectives()
    directives.noFooter = !presenterm.introFooter
    return Slide(
      index: 0, location: here, blocks: blocks, notes: [], directives: directives,
      backgrounds: [], stepCount: 1)
  }

  /// A title's Markdown (`Introducing _presenterm_`) as runs, its lines kept apart.
  private mutating func inlines(_ text: String) -> [TextRun] {
    var runs: [TextRun] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
      if !runs.isEmpty { runs.append(TextRun("\n")) }
      let paragraph = CommonMarkConverter.parse(String(line)).children.first
      runs += convertInlines(paragraph?.children ?? []).runs
    }
    return runs
  }
}

extension SlideBuilder {
  /// presenterm's image attributes (its builder/images.rs): comma-separated words of the alt
  /// text that start with `image_attributes_prefix` (`image:width:50%`, `image:w:50%`), taken
  /// out of `alt`. Returns the width asked for, as a fraction of the slide's height (a share
  /// of the slide's width, which presenterm's is of the terminal's).
  mutating func imageAttributes(
    _ alt: inout String, prefix: PresentermDeck, at here: SourceLocation
  ) -> Double? {
    let attributePrefix = prefix.imageAttributesPrefix
    var width: Double?
    var kept: [Substring] = []
    for attribute in alt.split(separator: ",", omittingEmptySubsequences: false) {
      let word = attribute.trimmingCharacters(in: .whitespaces)
      guard word.hasPrefix(attributePrefix), !(attributePrefix.isEmpty && !word.contains(":"))
      else {
        kept.append(attribute)
        continue
      }
      let setting = word.dropFirst(attributePrefix.count)
      let parts = setting.split(separator: ":", maxSplits: 1).map(String.init)
      if parts.count == 2, parts[0] == "width" || parts[0] == "w", parts[1].hasSuffix("%"),
        let percent = Double(parts[1].dropLast()), percent > 0, percent <= 100
      {
        width = percent / 100 * slideAspect
      } else {
        diagnostics.warning(
          "image attribute '\(word)' is not one presenterm knows (width:N% or w:N%) (ignored)",
          at: here)
      }
    }
    alt = kept.joined(separator: ",")
    return width
  }
}
