import Foundation

/// How the slide builder reads the blocks of a deck, as its dialect says (`Dialect.slideRules`):
/// what Podium's own Markdown does unless a dialect says otherwise.
struct SlideRules {
  /// Every source line is a line: soft breaks are line breaks.
  var softBreaksAreLineBreaks = false
  /// How fences read their info strings beyond the language; nil: as Podium's own decks.
  var fences: (any FenceRules)?
  /// How an incremental list is built.
  var listBuilds = ListBuilds.podium
  /// What each slide starts from: lists and tables built a step at a time, lines between list
  /// items (then every list is spaced alike, loose or not).
  var incrementalLists = false
  var incrementalTables = false
  var listItemNewlines: Int?
  /// An incremental table's pauses before it and after it.
  var pauseBeforeTables = true
  var pauseAfterTables = true
  /// Which headings are the slide's title; nil: none is.
  var slideTitles: (any SlideTitleRule)?
  /// A comment that is no command: a speaker note, or (nil) the author's own, with a warning
  /// where it looks like a command, naming `commandsOf` as the tool whose commands they are.
  var plainCommentsAreNotes = true
  var commandsOf = ""
  /// Words of a picture's alt text that set its width; nil: none do.
  var imageAttributes: (any ImageAttributeRule)?
  /// Whether `<style>` blocks are the deck's CSS.
  var readsStyleBlocks = true
  /// Whether a plain `class` directive holds for the slides after it too.
  var carriesClasses = false
  /// How footnotes are numbered.
  var footnoteNumbering = FootnoteDefinitions.Numbering.deck
  /// Whether a directive's value Podium does not know (a layout a custom engine or theme
  /// defines, a `fit` or `duration` it cannot read) is a warning and the slide is shown without
  /// it, as the deck's own tool shows it; in Podium's own decks it is an error.
  var unknownDirectiveValuesAreWarnings = false
}

/// How a tool reads a code fence beyond its language: line highlighting, line numbers, and a
/// language written as an attribute.
protocol FenceRules {
  /// How the lines a highlighting stage leaves out are drawn; nil: no line highlighting.
  var dimming: CodeHighlight.Dimming? { get }
  /// Whether each highlighting stage is a build step of its own, before what follows the code.
  var stagesAreSteps: Bool { get }
  /// Whether braces that hold no ranges are a warning (rather than another option's).
  var warnsAboutOtherBraces: Bool { get }
  /// The first line's number where the fence numbers its lines.
  func firstLineNumber(info: String, words: [String]) -> Int?
  /// The language of a fence written with attributes only, if the tool reads one so.
  func language(ofAttributes info: String) -> String?
  /// Languages whose fences are drawn as if they said `+render`.
  var autoRenderLanguages: Set<String> { get }
}

extension FenceRules {
  var dimming: CodeHighlight.Dimming? { nil }
  var stagesAreSteps: Bool { false }
  var warnsAboutOtherBraces: Bool { false }
  func firstLineNumber(info: String, words: [String]) -> Int? { nil }
  func language(ofAttributes info: String) -> String? { nil }
  var autoRenderLanguages: Set<String> { [] }

  /// The number after `key` in `info` (`startLine: 5`, `startFrom="5"`), if there is one.
  func number(after key: String, in info: String) -> Int? {
    guard let range = info.range(of: key) else { return nil }
    let digits = info[range.upperBound...].drop { $0 == " " || $0 == "\"" || $0 == "'" }
      .prefix { $0.isNumber }
    return Int(digits.prefix(9))
  }
}

/// Which headings are a slide's title.
protocol SlideTitleRule {
  /// Whether `node` is the slide's title, `titled` saying whether the slide has one already.
  /// `titleLines` are the lines the dialect noted (`Dialect.prepare`); `lineOffset` is not 0
  /// for the lines of an included file.
  func isSlideTitle(_ node: MarkdownNode, titled: Bool, titleLines: Set<Int>, lineOffset: Int)
    -> Bool
  /// Whether a slide title ends the slide before it (when that one has content).
  var titlesEndSlides: Bool { get }
}

/// Words of a picture's alt text that set its width.
protocol ImageAttributeRule {
  /// Takes the words out of `alt`; returns the width they ask for, as a fraction of the
  /// slide's height, a slide being `slideAspect` times as wide as tall; `warn` says what it
  /// cannot honour.
  func width(taking alt: inout String, slideAspect: Double, warn: (String) -> Void) -> Double?
}
