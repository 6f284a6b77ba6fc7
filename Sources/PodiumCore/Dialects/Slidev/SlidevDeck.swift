import Foundation
import Yams

/// A Slidev deck (`slides.md`; Slidev's docs "Syntax guide", "Layouts", "Animations", and
/// `@slidev/parser`, whose rules these are): slides between `---` lines, each with front matter
/// of its own (the first one's is the deck's headmatter), Slidev's built-in layouts, clicks,
/// and the notes in the comment that ends a slide. `SlidevLines` translates the lines; this type
/// gives each built slide what its front matter says, imports `src:` files and leaves out
/// `hide`/`disabled` slides, as Slidev does, so the slides are the ones Slidev counts.
struct SlidevDeck {
  var headmatter: FrontMatterBlock?
  var context: ParseContext
  private var frontMatters: [FrontMatterBlock?] = []
  private var clicks = SlidevClickLines()
  private var phantoms: Set<Int> = []
  /// The deck's theme: its headmatter's, or, in a file a slide imports, the importing deck's.
  private var theme = SlidevTheme(name: .default, dark: false)

  init(headmatter: FrontMatterBlock?, context: ParseContext) {
    self.headmatter = headmatter
    self.context = context
  }

  /// Headmatter keys only Slidev uses.
  /// Slidev's built-in transitions that Marp does not have (Slidev's docs, "Animations").
  static let slidevTransitions: Set<String> = [
    "slide-left", "slide-right", "slide-up", "slide-down", "view-transition",
  ]
  /// Front-matter keys of Marp's that Slidev's headmatter does not have.
  static let marpKeys = [
    "paginate", "headingDivider", "size", "backgroundColor", "backgroundImage", "header", "footer",
  ]
  static let signatureKeys: Set<String> = [
    "highlighter", "drawings", "mdc", "colorSchema", "routerMode", "canvasWidth",
    "aspectRatio", "info", "fonts", "download", "exportFilename", "lineNumbers", "monaco",
    "titleTemplate", "addons", "defaults", "hideInToc", "seoMeta", "selectable", "record",
    "themeConfig", "remoteAssets", "presenter", "favicon", "htmlAttrs", "layout", "src",
  ]

  /// Slidev's built-in layouts (its docs, "Built-in Layouts") as Podium lays them out.
  static let layouts: [String: SlideLayout] = [
    "default": .default, "full": .default, "none": .default, "two-cols": .default,
    "two-cols-header": .default, "cover": .title, "intro": .title, "section": .title,
    "end": .title, "center": .center, "statement": .center, "fact": .center, "quote": .center,
    "image": .default, "image-left": .default, "image-right": .default, "iframe": .default,
    "iframe-left": .default, "iframe-right": .default,
  ]

  /// The layouts of the themes Podium draws, beyond the built-in ones (their `layouts/*.vue`).
  static let themeLayouts: [SlidevTheme.Name: [String: SlideLayout]] = [
    .appleBasic: [
      "intro-image": .default, "intro-image-right": .default, "bullets": .default,
      "3-images": .default,
    ]
  ]

  /// The layouts whose image is the slide's whole ground, drawn by the themes'
  /// `handleBackground` with white text over it: `cover`'s `background`, `image`'s and
  /// apple-basic's `intro-image`'s `image`. A side's image (`image-right`) leaves the text's
  /// colour as it is.
  static let groundImageLayouts: Set<String> = ["cover", "image", "intro-image"]

  /// The layout `name` is in this deck's theme, nil for one Slidev would not find.
  func layout(named name: String) -> SlideLayout? {
    Self.layouts[name] ?? Self.themeLayouts[theme.name]?[name]
  }

  /// Whether the deck is Slidev's: headmatter keys only Slidev has, its click and slot syntax,
  /// or a slide's own front matter naming a layout.
  static func looksLikeSlidev(_ lines: [Substring], front: Node.Mapping?) -> Bool {
    if front?["marp"]?.bool == true { return false }
    // Marp's own deck-wide directives say Marp, even beside a `transition:` both tools know.
    if let front, marpKeys.contains(where: { front[$0] != nil }) { return false }
    // `transition:` is Slidev's when it names one of Slidev's own (Marp's `fade` is both).
    if let transition = front?["transition"]?.string,
      transition.contains("|") || slidevTransitions.contains(transition)
    {
      return true
    }
    if let keys = front?.keys.compactMap(\.string), keys.contains(where: signatureKeys.contains) {
      return true
    }
    for (index, line) in lines.enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed == "::right::" || trimmed == "::left::" || trimmed.hasPrefix("<v-click") {
        return true
      }
      // A slide's own front matter: a separator and at once a key only Slidev's slides take.
      if index > 0, line.trimmingTrailingWhitespace == "---", index + 1 < lines.count,
        ["layout:", "src:", "hideInToc:"].contains(where: lines[index + 1].hasPrefix),
        // remark's `layout: true` is a template slide, not a Slidev layout.
        !["layout: true", "layout: false"].contains(lines[index + 1].trimmingTrailingWhitespace)
      {
        return true
      }
    }
    return false
  }

  /// Where Slidev serves `/pic.png` from: `public/` beside the deck (the importing one, for a
  /// file a slide imports).
  var publicFolder: String {
    let folder = ParseContext.absolute(context.deckFolder ?? context.baseDirectory)
    return (folder as NSString).appendingPathComponent("public")
  }

  /// Slidev's headmatter configures Slidev; Podium reads its own keys and `title`.
  static func ownsKey(_ key: String) -> Bool {
    // `duration` is Slidev's too, in its own format (`35min`): read in `translate`.
    !["title", "author", "date", "font", "code-font", "footer", "paginate", "end-time"]
      .contains(key)
  }

  mutating func translate(
    _ lines: inout [Substring], metadata: inout DeckMetadata, sink: inout DiagnosticSink
  ) {
    // `16/9`, `4:3`, `3x4` (Slidev's `parseAspectRatio`).
    if let ratio = headmatter?.mapping["aspectRatio"]?.string {
      let parts = ratio.split(whereSeparator: { "/:x|".contains($0) }).compactMap {
        Int($0.trimmingCharacters(in: .whitespaces))
      }
      if parts.count == 2, parts.allSatisfy({ $0 > 0 }) {
        metadata.aspect = AspectRatio(width: parts[0], height: parts[1])
      }
    }
    if let front = headmatter, let raw = front.mapping["duration"]?.string {
      if let seconds = Self.seconds(raw), seconds > 0 {
        metadata.duration = TalkDuration(seconds: seconds)
      } else {
        sink.warning(
          "duration '\(raw)' is not a time Slidev reads (e.g. 30min, 1h10m, 25:00); the talk has no set length",
          at: front.location(of: "duration"))
      }
    }
    if context.importedBy != nil, case .slidev(let importer) = metadata.theme {
      theme = importer
    } else {
      theme = look(sink: &sink)
    }
    metadata.theme = .slidev(theme)
    var rewriter = SlidevLines(publicFolder: publicFolder)
    rewriter.rewrite(&lines, headmatter: headmatter, sink: &sink)
    frontMatters = rewriter.frontMatters
    clicks = rewriter.clicks
    phantoms = rewriter.phantoms
    for front in frontMatters.compactMap({ $0 }) {
      writePrelude(of: front, into: &lines, sink: &sink)
    }
  }

  /// The theme the headmatter names in its `colorSchema`: `dark` or `light`; `auto` (and none)
  /// is the light one that `slidev export` makes unless the deck's export script says `--dark`.
  /// A theme Podium does not draw (the deck's own `./theme`, another from npm) is a warning and
  /// the slides are drawn in Slidev's default theme.
  private func look(sink: inout DiagnosticSink) -> SlidevTheme {
    let front = headmatter?.mapping
    var name = SlidevTheme.Name.default
    if let raw = front?["theme"]?.string, let headmatter {
      if let known = SlidevTheme.named(raw) {
        name = known
      } else {
        sink.warning(
          "theme '\(raw)' is not one Podium draws (it draws Slidev's \(SlidevTheme.Name.allCases.map(\.rawValue).joined(separator: ", "))); the slides use Slidev's default theme",
          at: headmatter.location(of: "theme"))
      }
    }
    let schema = front?["colorSchema"]?.string?.lowercased()
    let dark = schema == "dark" || (schema != "light" && exportsDark)
    return SlidevTheme(name: name, dark: dark)
  }

  /// Whether the deck's `package.json` exports it with `slidev export --dark`.
  private var exportsDark: Bool {
    guard let file = context.file else { return false }
    let folder = (file as NSString).deletingLastPathComponent
    let package = (folder as NSString).appendingPathComponent("package.json")
    guard
      case .success(let bytes) = context.files.contents(of: package, limit: 1 << 20, kind: "files")
    else { return false }
    let text = String(decoding: bytes, as: UTF8.self)
    return text.firstMatch(of: /slidev export[^"\n]*--dark/) != nil
  }

  /// What a slide opens with, in its front matter's lines: the layout's columns, its image.
  private func writePrelude(
    of front: FrontMatterBlock, into lines: inout [Substring], sink: inout DiagnosticSink
  ) {
    let layout = front.mapping["layout"]?.string ?? "default"
    let here = front.location(of: "layout")
    var prelude: [String] = []
    if layout == "two-cols" { prelude.append("<!-- column_layout: [1, 1] -->") }
    let image = front.mapping["image"]?.string ?? front.mapping["background"]?.string
    // `background: '#1e1e2e'` is a colour, not a picture (`handleBackground`'s `isColor`).
    if let image, !image.isEmpty, !Self.isColor(image) {
      let side =
        ["image-left": " left", "image-right": " right", "intro-image-right": " right"][layout]
        ?? ""
      let size = front.mapping["backgroundSize"]?.string == "contain" ? " contain" : ""
      let path = SlidevLines.served(image, from: publicFolder)
      prelude.append("![bg\(side)\(size)](\(path))")
    }
    if layout.hasPrefix("iframe"), let url = front.mapping["url"]?.string {
      prelude.append("*[web page: \(url)]*")
      sink.warning(
        "layout '\(layout)': Podium never reaches the network; its URL is shown", at: here)
    }
    if self.layout(named: layout) == nil {
      sink.warning(
        "unknown layout '\(layout)' (a theme's or the deck's own): the slide uses the default layout",
        at: here)
    }
    for (offset, line) in prelude.enumerated() where offset < front.lines.count {
      lines[front.lines.lowerBound + offset] = Substring(line)
    }
  }

  /// The slides as Slidev has them: hidden ones left out, imports in their place, each given its
  /// front matter's layout and classes.
  func finish(_ slides: [Slide], sink: inout DiagnosticSink) -> [Slide] {
    var result: [Slide] = []
    for (index, var slide) in slides.enumerated() {
      let front = index < frontMatters.count ? frontMatters[index]?.mapping : nil
      if phantoms.contains(index) && slide.blocks.isEmpty && slide.notes.isEmpty { continue }
      if front?["hide"]?.bool == true || front?["disabled"]?.bool == true { continue }
      if let source = front?["src"]?.string {
        let here = frontMatters[index]?.location(of: "src") ?? SourceLocation(line: 1, column: 1)
        result += imported(source, at: here, overriding: front, sink: &sink)
        continue
      }
      // Slidev's first slide is a `cover` unless its front matter names a layout; the others
      // are `default`, never a title slide Podium would guess.
      let first = index == 0 && context.importedBy == nil
      let layout = front?["layout"]?.string ?? (first ? "cover" : "default")
      slide.directives.layout = self.layout(named: layout) ?? .default
      Self.applyClicks(
        clicks.windows, codeStages: clicks.codeStages, to: &slide.blocks,
        from: SlidevClicks.Window())
      // `clicks:` sets the slide's clicks outright (Slidev's `clicksTotalOverrides`).
      let total = front?["clicks"]?.int ?? (index < clicks.totals.count ? clicks.totals[index] : 0)
      slide.stepCount = max(0, total) + 1
      Self.stepNotes(&slide.notes)
      if let front { apply(front, to: &slide, layout: layout) }
      result.append(slide)
    }
    return result
  }

  /// The slides of a file a slide imports (`src: ./pages/intro.md`, `#2-3` for some of them),
  /// the importing slide's front matter over theirs.
  private func imported(
    _ source: String, at here: SourceLocation, overriding front: Node.Mapping?,
    sink: inout DiagnosticSink
  ) -> [Slide] {
    let parts = source.split(separator: "#", maxSplits: 1)
    let written = String(parts.first ?? "")
    // `/part.md` is from the deck's folder (Slidev's root), others from this file's.
    let deckFolder = context.deckFolder ?? context.baseDirectory
    let path =
      written.hasPrefix("/")
      ? (deckFolder as NSString).appendingPathComponent(String(written.dropFirst()))
      : (context.baseDirectory as NSString).appendingPathComponent(written)
    let resolved = (path as NSString).standardizingPath
    // The deck itself is the chain's first file: importing it is a loop at once.
    let chain = context.importedBy ?? [context.file].compactMap { $0 }
    if chain.contains(resolved) || chain.count > 8 {
      let others = chain.count - 1
      let through = others > 0 ? " (through \(others) other file\(others == 1 ? "" : "s"))" : ""
      sink.warning(
        "'\(written)' imports a file that imports it\(through); the slide is left out", at: here)
      return []
    }
    let root = (deckFolder as NSString).standardizingPath
    if !resolved.hasPrefix(root + "/") {
      sink.warning("'\(written)' is outside the deck's folder; importing it anyway", at: here)
    }
    let bytes: [UInt8]
    switch context.files.contents(of: resolved, limit: DeckSource.maximumSize, kind: "decks") {
    case .success(let read): bytes = read
    case .failure(let problem):
      // Slidev records it and loads the other slides (packages/parser/src/fs.ts).
      sink.warning(
        "cannot import '\(written)': \(problem.message); the slide is left out", at: here)
      return []
    }
    var nested = ParseContext(
      baseDirectory: (resolved as NSString).deletingLastPathComponent, files: context.files,
      importedBy: chain + [resolved], deckFolder: deckFolder)
    nested.startingMetadata.theme = .slidev(theme)
    let result = DeckParser.parse(
      text: DeckSource.decode(bytes).0, file: resolved, context: nested)
    sink.append(result.diagnostics)
    var slides = result.deck?.slides ?? []
    if let range = parts.count > 1 ? Self.range(String(parts[1]), count: slides.count) : nil {
      slides = range.map { slides[$0] }
    }
    if let front {
      for index in slides.indices { apply(front, to: &slides[index]) }
    }
    return slides
  }

  /// `handleBackground`'s `isColor`: a ground written as `#`, `rgb` or `hsl`.
  static func isColor(_ value: String) -> Bool {
    ["#", "rgb", "hsl"].contains { value.trimmingCharacters(in: .whitespaces).hasPrefix($0) }
  }

  /// Each block (and list item) shows in the window of its first line, else in the one of what
  /// holds it; a code block's highlighting stages after its first at the clicks `codeStages`
  /// gives them (by the fence's line, 0-based).
  static func applyClicks(
    _ windows: [Int: SlidevClicks.Window], codeStages: [Int: Int] = [:], to blocks: inout [Block],
    from outer: SlidevClicks.Window
  ) {
    for index in blocks.indices {
      let line = blocks[index].location.line - 1
      let window = windows[line] ?? outer
      blocks[index].step = window.from
      blocks[index].hiddenFrom = window.until
      switch blocks[index].kind {
      case .list(var list):
        for item in list.items.indices {
          let inner = windows[list.items[item].location.line - 1] ?? window
          list.items[item].step = inner.from
          applyClicks(
            windows, codeStages: codeStages, to: &list.items[item].blocks, from: inner)
        }
        blocks[index].kind = .list(list)
      case .quote(var quote):
        applyClicks(windows, codeStages: codeStages, to: &quote.blocks, from: window)
        blocks[index].kind = .quote(quote)
      case .columns(var columns):
        for column in columns.columns.indices {
          applyClicks(windows, codeStages: codeStages, to: &columns.columns[column], from: window)
        }
        blocks[index].kind = .columns(columns)
      case .code(var code) where code.highlights.count > 1:
        // Stage k (from 1) at the click of the second range plus k - 1 (Slidev's
        // `clicks.current - start + 1`), counted from the block's own click.
        guard let second = codeStages[line] else { break }
        for stage in code.highlights.indices.dropFirst() {
          code.highlights[stage].offset = max(
            code.highlights[stage - 1].offset, second + stage - 1 - window.from)
        }
        blocks[index].kind = .code(code)
      default:
        break
      }
    }
  }

  /// Each part of the notes at the click its `[click]` marker names (`SlidevLines.markClicks`
  /// writes them `[click N]`), so the console fades the parts still to come.
  static func stepNotes(_ notes: inout [Block]) {
    var click = 0
    for index in notes.indices {
      let text = notes[index].plainText
      if text.hasPrefix("[click "), let number = Int(text.dropFirst(7).prefix(while: \.isNumber)) {
        click = number
      }
      notes[index] = notes[index].shown(at: click)
    }
  }

  /// A time as Slidev's `parseTimeString` reads it: `30min`, `1h10m30s`, `3mins 5secs`, `10:50`,
  /// `1:1:1`, or a number of seconds; nil when it reads none.
  static func seconds(_ text: String) -> Int? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.contains(":") {
      let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false).map {
        Double($0)
      }
      guard (1...3).contains(parts.count), parts.allSatisfy({ $0 != nil }) else { return nil }
      let values = parts.compactMap { $0 }
      return Int(values.reduce(0) { $0 * 60 + $1 })
    }
    if let plain = Double(trimmed) { return plain.isFinite ? Int(plain) : nil }
    let units: [String: Double] = [
      "s": 1, "sec": 1, "secs": 1, "m": 60, "min": 60, "mins": 60, "h": 3600, "hr": 3600,
      "hrs": 3600, "hour": 3600, "hours": 3600,
    ]
    guard
      let regex = try? NSRegularExpression(pattern: #"([\d.]+)([a-z]+)"#, options: .caseInsensitive)
    else { return nil }
    var total = 0.0
    let range = NSRange(trimmed.startIndex..., in: trimmed)
    for match in regex.matches(in: trimmed, range: range) {
      guard let number = Range(match.range(at: 1), in: trimmed).flatMap({ Double(trimmed[$0]) }),
        let unit = Range(match.range(at: 2), in: trimmed).map({ trimmed[$0].lowercased() }),
        let factor = units[unit]
      else { return nil }
      total += number * factor
    }
    let rest = regex.stringByReplacingMatches(in: trimmed, range: range, withTemplate: "")
    guard rest.trimmingCharacters(in: .whitespaces).isEmpty, total.isFinite, total < 1e9 else {
      return nil
    }
    return Int(total)
  }

  /// `2-3,5` as slide indices (from 0), as Slidev reads a `src:` range.
  static func range(_ text: String, count: Int) -> [Int] {
    let text = text.trimmingCharacters(in: .whitespaces)
    if text.isEmpty || text == "all" || text == "*" { return Array(0..<count) }
    if text == "none" { return [] }
    var found: Set<Int> = []
    for part in text.split(whereSeparator: { $0 == "," || $0 == ";" }) {
      let bounds = part.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        .map { Int($0.trimmingCharacters(in: .whitespaces)) }
      guard let low = bounds.first ?? nil else { continue }
      // `3-` runs to the last slide.
      let high = bounds.count > 1 ? (bounds[1] ?? count) : low
      guard low <= high else { continue }
      for number in max(1, low)...max(1, high) where number <= count { found.insert(number - 1) }
    }
    return found.sorted()
  }

  /// A slide's layout and its `class:` utilities: text alignment and sizes, grid columns; other
  /// classes mean CSS Podium does not draw and are left aside without a word.
  /// `layout` is the slide's layout when its front matter names none (the first slide's
  /// `cover`).
  func apply(_ front: Node.Mapping, to slide: inout Slide, layout unnamed: String = "default") {
    let layout = front["layout"]?.string
    if let layout { slide.directives.layout = self.layout(named: layout) ?? .default }
    // A colour for a ground is the slide's background colour; a picture over the whole slide
    // makes its text white.
    let ground = front["background"]?.string ?? front["image"]?.string
    if let ground, let color = Self.isColor(ground) ? CSSColor.parse(ground) : nil {
      slide.directives.background = .color(color)
    } else if let ground, !ground.isEmpty,
      Self.groundImageLayouts.contains(layout ?? unnamed)
    {
      slide.directives.color = RGBAColor(red: 0xFF, green: 0xFF, blue: 0xFF)
    }
    let classes = front["class"]?.string?.split(separator: " ").map(String.init) ?? []
    SlidevClasses.apply(classes, to: &slide)
  }
}
