import Foundation

extension DeckDialect {
  /// remark: `---` and `--` lines separate slides, `name: value` properties open them.
  public static let remark = DeckDialect(rawValue: "remark")
}

/// remark's decks (remarkjs.com, its wiki's "Markdown" page): the Markdown a page's
/// `remark.create({ sourceUrl: 'talk.md' })` loads. `RemarkLines` translates its syntax; the
/// slides are the ones remark shows: a `--` slide repeats the one before and adds to it, a
/// `layout: true` slide is a layout and `exclude: true` one is left out.
struct RemarkDialect: Dialect {
  static let name = DeckDialect.remark
  static let summary = DialectSummary(
    title: "remark",
    detected:
      "a page beside the deck that loads remark with the deck as its `sourceUrl`, or the deck's own remark syntax (`name: value` slide properties and `--` incremental slides)",
    reads: [
      "`---` and `<!-- break -->` slide breaks, `--` incremental slides",
      "slide properties: `class` (`center, middle` as Marp's `lead`, `inverse`), `background-image`, `background-color`, `layout: true`, `exclude: true`",
      "`.class[...]` wrappers (their content shown)", "`???` notes",
    ],
    warns: ["template slides"])

  static func claim(_ source: DialectSource) -> Double? {
    if let file = source.context.file, loadedByAPage(file, files: source.context.files) {
      return 0.9
    }
    return looksLikeRemark(source.lines) ? 0.45 : nil
  }

  /// A page (`.html`, or a script beside it) in the deck's folder that loads remark and names
  /// the deck as its `sourceUrl`.
  static func loadedByAPage(_ path: String, files: any DeckFiles) -> Bool {
    let folder = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    var pages = files.fileNames(in: folder).filter { $0.hasSuffix(".html") || $0.hasSuffix(".js") }
      .map { (folder as NSString).appendingPathComponent($0) }
    for sub in ["javascript", "js"] {
      let inner = (folder as NSString).appendingPathComponent(sub)
      pages += files.fileNames(in: inner).filter { $0.hasSuffix(".js") }
        .map { (inner as NSString).appendingPathComponent($0) }
    }
    return pages.prefix(20).contains { page in
      guard case .success(let bytes) = files.contents(of: page, limit: 1 << 20, kind: "pages")
      else { return false }
      let text = String(decoding: bytes, as: UTF8.self)
      return text.contains("remark") && text.contains("sourceUrl") && text.contains(name)
    }
  }

  /// The deck's own remark syntax: slide properties at the top of its slides, `--` lines and
  /// `???` notes.
  static func looksLikeRemark(_ lines: [Substring]) -> Bool {
    var continuations = 0
    var notes = 0
    var properties = 0
    for (index, line) in lines.enumerated() {
      if line == "--" { continuations += 1 }
      if line == "???" { notes += 1 }
      guard index == 0 || line == "---" else { continue }
      // The property lines that open the slide, one after another.
      for next in lines[(index == 0 ? 0 : index + 1)...] {
        // Marp's and Podium's directives are comments; remark's properties are bare lines.
        guard !next.hasPrefix("<!--"), let property = RemarkLines.property(next) else { break }
        if ["class", "name", "layout", "template", "count", "exclude"].contains(property.key) {
          properties += 1
        }
      }
    }
    return properties >= 2 || (properties >= 1 && continuations + notes >= 1)
  }

  private var remark = RemarkLines()

  init(source: DialectSource) {}

  mutating func translate(
    _ lines: inout [Substring], metadata: inout DeckMetadata, sink: inout DiagnosticSink
  ) {
    remark.rewrite(&lines, sink: &sink)
  }

  /// remark's marked reads no footnotes.
  func readsFootnotes(_ metadata: DeckMetadata) -> Bool { false }

  func slideRules(_ metadata: DeckMetadata) -> SlideRules {
    var rules = SlideRules()
    rules.unknownDirectiveValuesAreWarnings = true
    return rules
  }

  func isSeparator(_ node: MarkdownNode, lines: [Substring], metadata: DeckMetadata) -> Bool {
    guard node.kind == .htmlBlock else { return false }
    let literal = node.literal.trimmingCharacters(in: .whitespacesAndNewlines)
    return literal == RemarkLines.slideMarker || literal == RemarkLines.continuationMarker
  }

  /// Its parser splits the source at separator lines before any Markdown is read.
  var separatesLinesInHTML: Bool { true }

  mutating func finish(
    _ slides: [Slide], metadata: inout DeckMetadata, builder: inout SlideBuilder,
    headingDivider: Int?, sink: inout DiagnosticSink
  ) -> [Slide] {
    var shown: [Slide] = []
    var previous: Slide?
    for (index, var slide) in slides.enumerated() {
      let properties = index < remark.properties.count ? remark.properties[index] : [:]
      if index < remark.continued.count, remark.continued[index], let before = previous {
        // An incremental slide: the one before, and what this one adds after it.
        slide.blocks = before.blocks + slide.blocks
        if slide.directives == SlideDirectives() { slide.directives = before.directives }
        if slide.backgrounds.isEmpty { slide.backgrounds = before.backgrounds }
      }
      previous = slide
      if properties["layout"]?.lowercased() == "true"
        || properties["exclude"]?.lowercased() == "true"
      {
        continue
      }
      shown.append(slide)
    }
    return shown
  }
}
