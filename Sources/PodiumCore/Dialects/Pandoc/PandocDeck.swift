import Foundation
import Yams

/// A deck written for pandoc's slide shows (its manual, "Slide shows"; `Text.Pandoc.Slides` and
/// the beamer and reveal.js writers): headings make the slides, as pandoc's slide-level rule
/// says, and fenced divs carry notes, columns and builds. The syntax inside slides is translated
/// by `PandocLines`; this type knows the deck's structure.
///
/// pandoc's two families of output split slides alike and differ in one rule, which the front
/// matter picks (`output:`/`format:` naming beamer, `documentclass: beamer`, `aspectratio`,
/// `classoption`, `colortheme`... for beamer; reveal.js otherwise): content under a heading
/// above the slide level goes on that section's title slide in reveal.js (and every such
/// heading makes one), while beamer gives the section its own page (`\sectionpage` for levels 1
/// and 2, as pandoc's template does unless `section-titles: false`) and puts the content on a
/// frame of its own under the same title.
struct PandocDeck {
  enum Output: String { case revealjs, beamer }

  var output = Output.revealjs
  /// `slide-level` (pandoc's option, Quarto's key) or R Markdown's `slide_level`.
  var slideLevel: Int?
  /// pandoc's `section-titles` (beamer's section pages), on unless `false`.
  var sectionTitles = true
  /// Lists are builds unless a div says otherwise (`incremental: true`).
  var incremental = false
  var front: Node.Mapping?
  /// A table of contents after the title slide (`--toc`, `toc: true`).
  var toc = false
  /// pandoc's `html5` writer with `--section-divs` under a reveal.js template: every heading
  /// starts a slide and a `---` is only a rule.
  var sectionsAreSlides = false
  /// The author's own HTML template, when the build names one Podium can read.
  var template: PandocTemplate?
  /// The template's variables the command line sets (`-V name=value`).
  var commandVariables: Set<String> = []
  /// What `PandocLines` found on headings: classes and attributes, by line.
  var headingAttributes: [Int: PandocLines.Attributes] = [:]

  /// Keys only pandoc's decks use, at the top of the front matter.
  static let signatureKeys: Set<String> = [
    "documentclass", "classoption", "revealjs-url", "slide-level", "aspectratio", "institute",
    "colortheme", "fonttheme", "innertheme", "outertheme", "header-includes", "beameroption",
  ]
  /// Writers named by `output:` (R Markdown) or `format:` (Quarto) that are pandoc's slides.
  static let slideWriters = [
    "beamer", "revealjs", "ioslides", "slidy", "powerpoint", "pptx", "dzslides", "s5",
  ]

  /// Whether the deck is pandoc's: its front matter's keys, or a `% title` block, or a fenced div
  /// of pandoc's slide classes.
  static func looksLikePandoc(_ lines: [Substring], front: Node.Mapping?) -> Bool {
    if let front {
      let keys = front.keys.compactMap(\.string)
      if keys.contains(where: signatureKeys.contains) { return true }
      for key in ["output", "format"] {
        if let words = front[key]?.words,
          words.contains(where: { word in slideWriters.contains { word.contains($0) } })
        {
          return true
        }
      }
    }
    if lines.first?.hasPrefix("% ") == true { return true }
    if let front, front["title"] != nil, front["author"] != nil || front["date"] != nil,
      front["marp"] == nil, front["headingDivider"] == nil, Self.isHeadingsOnly(lines)
    {
      return true
    }
    return lines.contains { line in
      guard line.hasPrefix(":::"), let fence = PandocLines.fence(line),
        case .open(let attributes) = fence
      else { return false }
      return !attributes.classes.isDisjoint(with: [
        "notes", "columns", "incremental", "nonincremental",
      ])
    }
  }

  /// A titled document of two sections or more and no slide separators: one slide to Podium
  /// and Marp, so written for pandoc, which makes slides of its headings (a title slide and two
  /// slides from two headings).
  static func isHeadingsOnly(_ lines: [Substring]) -> Bool {
    var headings = 0
    var inCode = false
    var afterFrontMatter = false
    for (index, line) in lines.enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { inCode.toggle() }
      if inCode { continue }
      if index > 0, trimmed == "---" || trimmed == "..." {
        if afterFrontMatter { return false }
        afterFrontMatter = true
        continue
      }
      if trimmed.hasPrefix("<!--"),
        trimmed.contains("end_slide") || trimmed.contains("headingDivider")
      {
        return false
      }
      if afterFrontMatter, line.hasPrefix("# ") || line.hasPrefix("## ") { headings += 1 }
    }
    return headings >= 2
  }

  /// A deck with no slide break (no rule, no `end_slide`, no `headingDivider`) but at least
  /// three headings of its highest level: never one slide of a talk. Not one whose front matter
  /// says another tool (`marp`, Slidev's or presenterm's keys are claimed before this).
  static func hasHeadingsButNoBreaks(_ lines: [Substring], front: Node.Mapping?) -> Bool {
    if let front, front["marp"] != nil || front["headingDivider"] != nil || front["dialect"] != nil
    {
      return false
    }
    var counts: [Int: Int] = [:]
    var inCode = false
    let start = FrontMatter.locate(in: lines)?.1 ?? 0
    for line in lines[start...] {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { inCode.toggle() }
      if inCode { continue }
      let rule =
        trimmed.count >= 3
        && ["-", "*", "_"].contains { mark in
          trimmed.contains(mark) && trimmed.allSatisfy { $0 == mark || $0 == " " }
        }
      if rule { return false }
      if trimmed.hasPrefix("<!--"),
        trimmed.contains("end_slide") || trimmed.contains("headingDivider")
      {
        return false
      }
      guard line.hasPrefix("#") else { continue }
      let level = line.prefix { $0 == "#" }.count
      if level <= 6, line.dropFirst(level).first == " " { counts[level, default: 0] += 1 }
    }
    guard let top = counts.keys.min() else { return false }
    return counts[top, default: 0] >= 3
  }

  /// pandoc's metadata is open: templates read any key. Podium reads its own keys that pandoc
  /// has no meaning for; the rest are pandoc's, never a warning. `theme` is a beamer or
  /// reveal.js theme here, not Podium's.
  static func ownsKey(_ key: String) -> Bool {
    !["aspect", "duration", "font", "code-font", "footer", "paginate", "end-time"].contains(key)
  }

  /// A deck of the front matter `front`, built as `build` says (its writer, slide level,
  /// `--toc`, `-i`, and the metadata files and `-M` values it passes, under the deck's own
  /// front matter: pandoc takes the later block's value, and the deck comes last).
  init(front: Node.Mapping?, build: PandocBuild? = nil, files: (any DeckFiles)? = nil) {
    var merged = front
    if let build {
      var extra = files.map { build.metadataMappings(files: $0) } ?? []
      if !build.metadata.isEmpty {
        var pairs = Node.Mapping([])
        for (key, value) in build.metadata.sorted(by: { $0.key < $1.key }) {
          pairs[Node(key)] = Node(value)
        }
        extra.append(pairs)
      }
      if !extra.isEmpty {
        var mapping = Node.Mapping([])
        for source in extra + [front ?? Node.Mapping([])] {
          for (key, value) in source { mapping[key] = value }
        }
        merged = mapping
      }
    }
    self.init(front: merged)
    guard let build else { return }
    switch build.writer {
    case "beamer"?: output = .beamer
    case let writer? where build.sectionDivs && ["html", "html4", "html5"].contains(writer):
      // Not a slide writer: `---` is a rule, and the slides are the `<section>`s of the
      // headings, one for each heading of any level, which the author's reveal.js template
      // shows.
      output = .revealjs
      sectionsAreSlides = true
      slideLevel = 6
    case "revealjs"?, "html"?, "html4"?, "html5"?, "slidy"?, "dzslides"?, "s5"?, "slideous"?:
      output = .revealjs
    default: break
    }
    if let path = build.template, output == .revealjs, let files,
      case .success(let bytes) = files.contents(
        of: path, limit: PandocBuild.maximumSize, kind: "templates")
    {
      template = PandocTemplate(String(decoding: bytes, as: UTF8.self))
      commandVariables = Set(build.variables.keys)
    }
    if let level = build.slideLevel, (0...6).contains(level), !sectionsAreSlides {
      slideLevel = level
    }
    if build.incremental { incremental = true }
    if build.toc { toc = true }
  }

  init(front: Node.Mapping?) {
    self.front = front
    guard let front else { return }
    let tree = Node.mapping(front)
    if tree.find("toc")?.bool == true || tree.find("table-of-contents")?.bool == true {
      toc = true
    }
    let beamerKeys = ["documentclass", "classoption", "aspectratio", "colortheme", "fonttheme"]
    let writer = (front["output"]?.words ?? []) + (front["format"]?.words ?? [])
    if writer.contains(where: { $0.contains("beamer") })
      || (!writer.contains(where: { $0.contains("revealjs") })
        && beamerKeys.contains { front[$0] != nil })
    {
      output = .beamer
    }
    for key in ["slide-level", "slide_level", "slideLevel"] {
      if let level = tree.find(key)?.int, (0...6).contains(level) { slideLevel = level }
    }
    if tree.find("section-titles")?.bool == false { sectionTitles = false }
    if tree.find("incremental")?.bool == true { incremental = true }
  }

  /// Reads the title block (front matter or `% title` lines) and translates the slides' syntax.
  mutating func translate(
    _ lines: inout [Substring], metadata: inout DeckMetadata, sink: inout DiagnosticSink
  ) {
    if let front {
      metadata.title = front["title"]?.text ?? metadata.title
      metadata.subtitle = front["subtitle"]?.text
      metadata.author = (front["author"] ?? front["authors"])?.text
      metadata.date = front["date"]?.text
      if let ratio = front["aspectratio"]?.string, let aspect = Self.beamerAspect[ratio] {
        metadata.aspect = aspect
      }
      // reveal.js's `autoSlide` (pandoc hands the variable to its configuration): every
      // fragment and slide moves on after that many milliseconds; 0 is off.
      if output == .revealjs, let milliseconds = front["autoSlide"]?.int, milliseconds > 0 {
        metadata.advance = .step(Double(milliseconds) / 1000)
      }
      // reveal.js's pacing for its speaker view: `totalTime` (seconds) is the talk's length.
      if output == .revealjs, metadata.duration == nil, let seconds = front["totalTime"]?.int,
        seconds > 0
      {
        metadata.duration = TalkDuration(seconds: seconds)
      }
    } else {
      // pandoc's title block: `% title`, `% author(s)`, `% date` as the first lines; a line
      // that starts with a space goes on the field before it (another author, for authors).
      var fields: [String] = []
      for index in lines.indices {
        let line = lines[index]
        let text = line.trimmingCharacters(in: .whitespaces)
        if line.hasPrefix("%"), fields.count < 3 {
          fields.append(String(line.dropFirst()).trimmingCharacters(in: .whitespaces))
        } else if let last = fields.indices.last, line.first == " " || line.first == "\t",
          !text.isEmpty
        {
          fields[last] += (last == 1 ? "; " : " ") + text
        } else {
          break
        }
        lines[index] = ""
      }
      let named = fields.map { $0.isEmpty ? nil : $0 } + [nil, nil, nil]
      metadata.title = named[0]
      metadata.author = named[1]?.replacingOccurrences(of: ";", with: ",")
      metadata.date = named[2]
    }
    var rewriter = PandocLines(incremental: incremental)
    rewriter.rewrite(&lines, sink: &sink)
    headingAttributes = rewriter.headingAttributes
  }

  /// beamer's `aspectratio` option: 169 is 16:9, 43 is 4:3 (beamer's default).
  static let beamerAspect: [String: AspectRatio] = [
    "169": AspectRatio(width: 16, height: 9), "1610": AspectRatio(width: 16, height: 10),
    "149": AspectRatio(width: 14, height: 9), "141": AspectRatio(width: 141, height: 100),
    "54": AspectRatio(width: 5, height: 4), "43": AspectRatio(width: 4, height: 3),
    "32": AspectRatio(width: 3, height: 2),
  ]

  /// pandoc's slide level: the highest level of a heading followed directly by content (not
  /// another heading, not a rule) somewhere in the deck, unless the front matter sets it.
  func slideLevel(in document: MarkdownNode) -> Int {
    if let slideLevel { return slideLevel }
    var least = 6
    let nodes = document.children
    for (index, node) in nodes.enumerated() {
      guard case .heading(let level) = node.kind, level < least, index + 1 < nodes.count else {
        continue
      }
      switch nodes[index + 1].kind {
      case .heading, .thematicBreak: continue
      default: least = level
      }
    }
    return least
  }

  /// The slides as pandoc's writer makes them: the title slide from the metadata, sections'
  /// title slides (beamer's rule or reveal.js's, see the type), headings' classes.
  func finish(_ slides: [Slide], metadata: DeckMetadata, slideLevel: Int) -> [Slide] {
    var result: [Slide] = []
    var shows = (title: metadata.title != nil, contents: toc)
    if let template {
      // The author's template writes these slides, whatever pandoc's own would.
      shows = template.slides { name in
        switch name {
        case "title": metadata.title != nil
        case "toc", "table-of-contents": toc
        case "author": metadata.author != nil
        case "date": metadata.date != nil
        case "subtitle": metadata.subtitle != nil
        default: front?[name] != nil || commandVariables.contains(name)
        }
      }
    }
    if shows.title { result.append(titleSlide(metadata.title ?? "", metadata: metadata)) }
    if shows.contents { result.append(contentsSlide(slides, slideLevel: slideLevel)) }
    for var slide in slides {
      // reveal.js removes a slide marked `data-visibility="hidden"` (pandoc's
      // `{visibility=hidden}`) before the talk starts; beamer has no such thing.
      if output == .revealjs, let heading = slide.blocks.first(where: { $0.isHeading }),
        let attributes = headingAttributes[heading.location.line],
        (attributes.values["visibility"] ?? attributes.values["data-visibility"]) == "hidden"
      {
        continue
      }
      applyAttributes(to: &slide)
      guard let first = slide.blocks.first, case .heading(let level, _) = first.kind,
        level < slideLevel
      else {
        result += framesOf(slide)
        continue
      }
      let content = slide.blocks.count > 1 || slide.hasNotes
      switch output {
      case .revealjs:
        if !content { slide.directives.layout = slide.directives.layout ?? .title }
        result.append(slide)
      case .beamer:
        // `{-}` / `{.unnumbered}` makes `\section*`, which `\AtBeginSection` passes over.
        let classes = headingAttributes[first.location.line]?.classes ?? []
        let numbered = !classes.contains("-") && !classes.contains("unnumbered")
        if sectionTitles && level <= 2 && numbered {
          var page = slide
          page.blocks = [first]
          page.notes = []
          page.stepCount = 1
          page.directives.layout = .title
          result.append(page)
        }
        // The section's content: a frame of its own under the section's title.
        slide.directives.layout = slide.directives.layout ?? .default
        if content { result += framesOf(slide) }
      }
    }
    result = sectionsAreSlides ? Self.stacked(result) : result
    // reveal.js's `defaultTiming`: each slide's planned seconds (the title slide's too), unless
    // it says its own, and unless `totalTime` gives the talk's (reveal.js then paces by that).
    if output == .revealjs, front?["totalTime"] == nil,
      let seconds = front?["defaultTiming"]?.int, seconds > 0
    {
      for index in result.indices where result[index].directives.duration == nil {
        result[index].directives.duration = TalkDuration(seconds: seconds)
      }
    }
    return result
  }

  /// `--section-divs`: a section that holds deeper ones is a stack, no slide of its own (the
  /// slides are the sections that hold no other). What it holds besides them shows on each of
  /// its slides, as reveal.js draws a stack's own content over its slides; its heading is left
  /// to the title of each, and its notes join its first slide's.
  static func stacked(_ slides: [Slide]) -> [Slide] {
    func level(_ slide: Slide) -> Int? {
      guard let first = slide.blocks.first, case .heading(let level, _) = first.kind else {
        return nil
      }
      return level
    }
    var result: [Slide] = []
    var stacks: [(level: Int, blocks: [Block], notes: [Block])] = []
    for (index, slide) in slides.enumerated() {
      guard let own = level(slide) else {
        result.append(slide)
        continue
      }
      while let last = stacks.last, last.level >= own { stacks.removeLast() }
      if index + 1 < slides.count, let next = level(slides[index + 1]), next > own {
        stacks.append((own, Array(slide.blocks.dropFirst()), slide.notes))
        continue
      }
      var shown = slide
      shown.blocks = stacks.flatMap(\.blocks) + slide.blocks
      shown.notes = stacks.flatMap(\.notes) + slide.notes
      for index in stacks.indices { stacks[index].notes = [] }
      result.append(shown)
    }
    return result
  }

  /// The table of contents pandoc's templates put after the title (`--toc`): beamer's lists the
  /// sections (`\tableofcontents[hideallsubsections]`, the headings above the slide level),
  /// reveal.js's the headings down to `toc-depth` (3 unless set). Titled with `toc-title`.
  private func contentsSlide(_ slides: [Slide], slideLevel: Int) -> Slide {
    let here = SourceLocation(line: 1, column: 1)
    let depth = output == .beamer ? slideLevel - 1 : (front?["toc-depth"]?.int ?? 3)
    var items: [ListItem] = []
    for slide in slides {
      for block in slide.blocks {
        guard case .heading(let level, let text) = block.kind, level <= depth else { continue }
        items.append(
          ListItem(
            blocks: [Block(.paragraph(text), at: here)], checked: nil, at: block.location, step: 0))
      }
    }
    var blocks: [Block] = []
    if let title = front?["toc-title"]?.text {
      blocks.append(Block(.heading(level: 2, text: SlideBuilder.inlineRuns(title)), at: here))
    }
    if !items.isEmpty {
      blocks.append(
        Block(.list(ListBlock(ordered: false, start: 1, tight: true, items: items)), at: here))
    }
    return Slide(index: 0, location: here, blocks: blocks)
  }

  /// `title`, `subtitle`, `author`, `institute` and `date`, as pandoc's templates lay them out:
  /// pandoc reads metadata values as Markdown (`title: A *sparse* model`).
  private func titleSlide(_ title: String, metadata: DeckMetadata) -> Slide {
    let here = SourceLocation(line: 1, column: 1)
    var blocks = [Block(.heading(level: 1, text: SlideBuilder.inlineRuns(title)), at: here)]
    let institute = front?["institute"]?.text
    for line in [metadata.subtitle, metadata.author, institute, metadata.date].compactMap({ $0 })
    where !line.isEmpty {
      blocks.append(
        Block(.paragraph(SlideBuilder.inlineRuns(line)), at: here, alignment: .center))
    }
    var slide = Slide(index: 0, location: here, blocks: blocks)
    slide.directives.layout = .title
    return slide
  }

  /// Classes and attributes of the slide's heading: `.standout` (metropolis's dark, centred
  /// slide), `background-color`/`data-background-color`.
  private func applyAttributes(to slide: inout Slide) {
    guard let heading = slide.blocks.first(where: { $0.isHeading }),
      let attributes = headingAttributes[heading.location.line]
    else { return }
    if attributes.classes.contains("standout") {
      slide.directives.layout = .center
      slide.directives.classes.insert(.invert)
    }
    let color = attributes.values["background-color"] ?? attributes.values["data-background-color"]
    if let color, let parsed = RGBAColor(hex: color) {
      slide.directives.background = .color(parsed)
    }
    // reveal.js's own time for this slide's steps, in milliseconds (`{data-autoslide=8000}`).
    if output == .revealjs,
      let raw = attributes.values["data-autoslide"] ?? attributes.values["autoslide"],
      let milliseconds = Double(raw), milliseconds > 0
    {
      slide.directives.advance = .step(milliseconds / 1000)
    }
    // reveal.js's planned time for the slide in seconds (`{data-timing=120}`): the console's
    // pacing and its alarm when the slide runs over.
    if output == .revealjs,
      let raw = attributes.values["data-timing"] ?? attributes.values["timing"],
      let seconds = Double(raw), seconds > 0, seconds < 86_400
    {
      slide.directives.duration = TalkDuration(seconds: Int(seconds.rounded()))
    }
  }

  /// A slide, or with `{.allowframebreaks}` the frames beamer breaks it into.
  private func framesOf(_ slide: Slide) -> [Slide] {
    guard let heading = slide.blocks.first(where: { $0.isHeading }),
      headingAttributes[heading.location.line]?.classes.contains("allowframebreaks") == true
    else { return [slide] }
    return PandocFrameBreaks.split(slide)
  }
}

extension Block {
  var isHeading: Bool {
    if case .heading = kind { return true } else { return false }
  }
}
