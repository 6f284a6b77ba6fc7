import Foundation

extension DeckDialect {
  /// presenterm: `<!-- end_slide -->` separates slides; `---` is a horizontal rule.
  public static let presenterm = DeckDialect(rawValue: "presenterm")
}

/// presenterm's terminal decks as a dialect (its docs and src/presentation/builder): slides end
/// at `<!-- end_slide -->`, comments are commands, the front matter makes an introduction
/// slide, and the speaker's configuration (`PresentermConfig`) says what a deck starts from.
struct PresentermDialect: Dialect {
  static let name = DeckDialect.presenterm
  static let summary = DialectSummary(
    title: "presenterm",
    detected:
      "`<!-- end_slide -->` on a line of its own at the top level, or front-matter keys only presenterm writes (`sub_title`, `event`, `location`, `options`, a `theme:` mapping)",
    reads: [
      "`end_slide` (and `---` with `end_slide_shorthand`)", "the introduction slide",
      "setext headings as slide titles (and `h1_slide_titles`, `implicit_slide_ends`)",
      "`pause`, `column_layout`, `column`, `reset_layout`, `jump_to_middle`, `new_lines`, `alignment`, `incremental_lists`, `list_item_newlines`, `skip_slide`, `speaker_note`",
      "themes, built in or from a file, with the deck's overrides",
      "code line highlighting and numbers, `+exec` snippets as notes",
      "the speaker's `~/.config/presenterm/config.yaml` defaults",
    ],
    warns: [
      "a one-line comment that is no command (presenterm refuses the deck)",
      "commands Podium does not draw", "image attributes it does not know",
    ])

  /// presenterm's decks are found once read (their comments), not from their text before.
  static func claim(_ source: DialectSource) -> Double? { nil }

  /// A deck with `end_slide` commands, or whose front matter had presenterm's keys. With the
  /// configuration's `command_prefix`, a comment is a command only with the prefix, which is
  /// taken off before anything looks for `end_slide`.
  static func claimsAfterReading(
    _ document: inout MarkdownNode, lines: inout [Substring], metadata: inout DeckMetadata,
    reparse: ([Substring]) -> MarkdownNode
  ) -> Bool {
    if let prefix = metadata.presenterm?.commandPrefix, !prefix.isEmpty,
      PresentermSlides.unprefixCommands(&lines, in: document, prefix: prefix)
    {
      document = reparse(lines)
    }
    guard usesEndSlide(document) || metadata.presenterm != nil else { return false }
    metadata.presenterm = metadata.presenterm ?? metadata.presentermDefaults ?? PresentermDeck()
    metadata.presenterm?.follow(&metadata.theme, named: metadata.keyLocations["theme"] != nil)
    return true
  }

  private static func usesEndSlide(_ document: MarkdownNode) -> Bool {
    document.children.contains { node in
      node.kind == .htmlBlock
        && CommentCommand.comments(in: node.literal).bodies.contains {
          CommentCommand(comment: $0) == .endSlide
        }
    }
  }

  init(source: DialectSource) {}

  /// presenterm's Markdown has no footnotes (`[^1]` shows as written).
  func readsFootnotes(_ metadata: DeckMetadata) -> Bool { false }

  func prepare(
    _ document: MarkdownNode, lines: [Substring], sourceMap: inout SlideBuilder.SourceMap
  ) {
    sourceMap.slideTitleLines = PresentermSlides.setextHeadingLines(in: document, lines: lines)
  }

  func slideRules(_ metadata: DeckMetadata) -> SlideRules {
    let options = metadata.presenterm ?? PresentermDeck()
    var rules = SlideRules()
    rules.fences = PresentermFences(autoRenderLanguages: Set(options.autoRenderLanguages))
    rules.listBuilds = ListBuilds(
      hidesFirstItem: options.pauseBeforeLists,
      after: options.pauseAfterLists ? .nextStep : .lastItem)
    rules.incrementalLists = options.incrementalLists
    rules.incrementalTables = options.incrementalTables
    rules.listItemNewlines = options.listItemNewlines
    rules.pauseBeforeTables = options.pauseBeforeTables
    rules.pauseAfterTables = options.pauseAfterTables
    rules.slideTitles = PresentermSlideTitles(options: options)
    rules.plainCommentsAreNotes = false
    rules.commandsOf = "presenterm"
    rules.imageAttributes = PresentermImageAttributes(prefix: options.imageAttributesPrefix)
    rules.readsStyleBlocks = false
    return rules
  }

  func isSeparator(_ node: MarkdownNode, lines: [Substring], metadata: DeckMetadata) -> Bool {
    if node.kind == .htmlBlock {
      return CommentCommand.comments(in: node.literal).bodies.contains {
        CommentCommand(comment: $0) == .endSlide
      }
    }
    // `end_slide_shorthand`: `---` ends a slide too.
    return node.kind == .thematicBreak && metadata.presenterm?.endSlideShorthand == true
  }

  /// presenterm shows every slide its `end_slide`s make, an empty one too, and opens on the
  /// introduction slide its front matter makes; `<!-- skip_slide -->` slides are never made
  /// (`terminate_slide`), so neither shown nor counted.
  mutating func finish(
    _ slides: [Slide], metadata: inout DeckMetadata, builder: inout SlideBuilder,
    headingDivider: Int?, sink: inout DiagnosticSink
  ) -> [Slide] {
    var slides = slides
    if let intro = builder.introSlide(metadata, at: SourceLocation(line: 1, column: 1)) {
      slides.insert(intro, at: 0)
    }
    slides.removeAll { $0.directives.hidden }
    if !slides.isEmpty && slides.allSatisfy(\.isEmpty) {
      sink.warning("the deck has no slides", at: nil)
    }
    return slides
  }
}

/// presenterm's fences: `{1,3|5-7|all}` steps through lines a press at a time, the lines left
/// out without their colours; `+line_numbers`; its `auto_render_languages`.
struct PresentermFences: FenceRules {
  var autoRenderLanguages: Set<String>
  var dimming: CodeHighlight.Dimming? { .plain }
  var stagesAreSteps: Bool { true }
  var warnsAboutOtherBraces: Bool { true }

  func firstLineNumber(info: String, words: [String]) -> Int? {
    words.contains("+line_numbers") ? 1 : nil
  }
}

/// presenterm's slide titles: setext headings, and with `h1_slide_titles` an `h1` on a slide
/// without a title yet (every `h1` when slides also end at titles).
struct PresentermSlideTitles: SlideTitleRule {
  var options: PresentermDeck

  func isSlideTitle(_ node: MarkdownNode, titled: Bool, titleLines: Set<Int>, lineOffset: Int)
    -> Bool
  {
    PresentermSlides.isSlideTitle(
      node, options: options, titled: titled, slideTitleLines: titleLines, lineOffset: lineOffset)
  }

  var titlesEndSlides: Bool { options.implicitSlideEnds }
}

/// presenterm's image attributes (its builder/images.rs): comma-separated words of the alt
/// text that start with `image_attributes_prefix` (`image:width:50%`, `image:w:50%`).
struct PresentermImageAttributes: ImageAttributeRule {
  var prefix: String

  /// The width asked for, as a fraction of the slide's height (a share of the slide's width,
  /// which presenterm's is of the terminal's).
  func width(taking alt: inout String, slideAspect: Double, warn: (String) -> Void) -> Double? {
    var width: Double?
    var kept: [Substring] = []
    for attribute in alt.split(separator: ",", omittingEmptySubsequences: false) {
      let word = attribute.trimmingCharacters(in: .whitespaces)
      guard word.hasPrefix(prefix), !(prefix.isEmpty && !word.contains(":")) else {
        kept.append(attribute)
        continue
      }
      let setting = word.dropFirst(prefix.count)
      let parts = setting.split(separator: ":", maxSplits: 1).map(String.init)
      if parts.count == 2, parts[0] == "width" || parts[0] == "w", parts[1].hasSuffix("%"),
        let percent = Double(parts[1].dropLast()), percent > 0, percent <= 100
      {
        width = percent / 100 * slideAspect
      } else {
        warn("image attribute '\(word)' is not one presenterm knows (width:N% or w:N%) (ignored)")
      }
    }
    alt = kept.joined(separator: ",")
    return width
  }
}
