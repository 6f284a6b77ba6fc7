import Foundation
import Yams

/// A deck written for another tool's Markdown (pandoc's slide shows, Slidev), found from its
/// front matter and its syntax. Each dialect lives in a file of its own; the parser asks this
/// type, once per deck, which keys of the front matter are the dialect's, how lines of its
/// syntax read in Podium's (translated line for line, so every location stays the file's), where
/// its slides break, and what it adds to the slides built (pandoc's title slide and section
/// pages, Slidev's per-slide front matter).
enum ForeignDeck {
  case pandoc(PandocDeck)
  case slidev(SlidevDeck)

  /// The front matter as YAML, when the deck opens with one: for detection and for the keys the
  /// dialect reads itself. YAML that does not read is the front matter reader's to report.
  static func frontMatter(_ lines: [Substring]) -> SlidevLines.FrontMatter? {
    guard let (opening, closing) = FrontMatter.locate(in: lines) else { return nil }
    let yaml = lines[opening..<(closing - 1)].joined(separator: "\n")
    guard case .mapping(let mapping)? = try? YAMLText.compose(yaml) else { return nil }
    return SlidevLines.FrontMatter(lines: 0..<closing, mapping: mapping, yamlStart: opening)
  }

  /// The dialect the deck is written in, if it is not Podium's own: `dialect:` in the front
  /// matter says so outright; otherwise the keys and syntax each tool's decks use.
  static func detect(lines: [Substring], context: SlidevDeck.Context) -> ForeignDeck? {
    let front = frontMatter(lines)
    let said = context.dialect?.rawValue ?? front?.mapping["dialect"]?.string?.lowercased()
    if said == "pandoc"
      || (said == nil && PandocDeck.looksLikePandoc(lines, front: front?.mapping))
    {
      return .pandoc(PandocDeck(front: front?.mapping))
    }
    if said == "slidev" || context.importedBy != nil
      || (said == nil && SlidevDeck.looksLikeSlidev(lines, front: front?.mapping))
    {
      return .slidev(SlidevDeck(headmatter: front, context: context))
    }
    return nil
  }

  var dialect: DeckDialect {
    switch self {
    case .pandoc: return .pandoc
    case .slidev: return .slidev
    }
  }

  /// How the tool builds an incremental list (pandoc's writers differ).
  var listBuilds: ListBuilds {
    if case .pandoc(let deck) = self { return deck.output == .revealjs ? .revealjs : .beamer }
    return .podium
  }

  /// Whether Podium's front-matter reader leaves `key` to the dialect (no warning for it).
  func ownsKey(_ key: String) -> Bool {
    switch self {
    case .pandoc: return PandocDeck.ownsKey(key)
    case .slidev: return SlidevDeck.ownsKey(key)
    }
  }

  /// Translates the dialect's syntax into Podium's, line for line, and reads its metadata.
  mutating func translate(
    _ lines: inout [Substring], metadata: inout DeckMetadata, sink: inout DiagnosticSink
  ) {
    switch self {
    case .pandoc(var deck):
      deck.translate(&lines, metadata: &metadata, sink: &sink)
      self = .pandoc(deck)
    case .slidev(var deck):
      deck.translate(&lines, metadata: &metadata, sink: &sink)
      self = .slidev(deck)
    }
  }

  /// The heading level at and above which a heading starts a slide (pandoc's slide level).
  func headingDivider(in document: MarkdownNode) -> Int? {
    switch self {
    case .pandoc(let deck): return deck.slideLevel(in: document)
    case .slidev: return nil
    }
  }

  /// The slides as the tool shows them, from the slides built from the translated text.
  func finish(
    _ slides: [Slide], metadata: DeckMetadata, headingDivider: Int?, sink: inout DiagnosticSink
  ) -> [Slide] {
    switch self {
    case .pandoc(let deck):
      return deck.finish(slides, metadata: metadata, slideLevel: headingDivider ?? 6)
    case .slidev(let deck):
      return deck.finish(slides, sink: &sink)
    }
  }
}

extension Node {
  /// A metadata value as text: a string, a list's items joined (`author: [A, B]`), a mapping's
  /// `name` (pandoc's `author: [{name: A, affiliation: B}]`).
  var text: String? {
    switch self {
    case .scalar(let scalar): return scalar.string
    case .sequence(let items):
      let texts = items.compactMap(\.text).filter { !$0.isEmpty }
      return texts.isEmpty ? nil : texts.joined(separator: ", ")
    case .mapping(let mapping): return mapping["name"]?.text
    default: return nil
    }
  }

  /// The first value under `key` anywhere in the tree (`output: beamer_presentation:
  /// slide_level: 2`), depth first.
  func find(_ key: String) -> Node? {
    switch self {
    case .mapping(let mapping):
      if let value = mapping[key] { return value }
      for (_, value) in mapping { if let found = value.find(key) { return found } }
      return nil
    case .sequence(let items):
      for item in items { if let found = item.find(key) { return found } }
      return nil
    default: return nil
    }
  }

  /// Every scalar in the tree, keys of mappings included, lowercased: for `output:` and
  /// `format:`, which name the tool's writer as a key or as a value.
  var words: [String] {
    switch self {
    case .scalar(let scalar): return [scalar.string.lowercased()]
    case .sequence(let items): return items.flatMap(\.words)
    case .mapping(let mapping): return mapping.flatMap { $0.key.words + $0.value.words }
    default: return []
    }
  }
}

/// Warnings given once per kind of thing (a LaTeX command, a Vue component): a deck uses each
/// many times, and one warning at the first says it all.
struct OnceWarnings {
  private var given: Set<String> = []

  mutating func warn(
    _ what: String, _ why: String, at here: SourceLocation, sink: inout DiagnosticSink
  ) {
    guard given.insert(what).inserted else { return }
    sink.warning("\(what) \(why); later ones are not reported", at: here)
  }
}
