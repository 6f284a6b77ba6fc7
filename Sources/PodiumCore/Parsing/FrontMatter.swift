import Foundation
import Yams

/// The YAML block at the top of a deck (docs/DECK-FORMAT.md, "Front matter").
struct FrontMatter {
  var metadata: DeckMetadata
  /// Marp's local directives written in the front matter: for every slide, or for the first
  /// when written `_name`.
  var slideDirectives: [(CommentCommand.Directive, SourceLocation)] = []
  /// `marp: true`: the deck is Marp's, and what Marp draws is never refused.
  var marp = false

  /// The directive a front-matter key names when it is one of Marp's that Podium's own keys do
  /// not already cover (`_paginate`, `header`, `class`, `backgroundColor`, `headingDivider`...).
  static func marpDirective(_ rawKey: String) -> String? {
    guard !knownKeys.contains(aliases[rawKey] ?? rawKey), !silentlyIgnored.contains(rawKey),
      CommentCommand.isDirective(rawKey)
    else { return nil }
    return rawKey.hasPrefix("_") ? String(rawKey.dropFirst()) : rawKey
  }

  static let knownKeys = [
    "title", "subtitle", "author", "date", "theme", "aspect", "duration", "font", "code-font",
    "footer", "paginate", "end-time", "event", "location", "options",
  ]
  /// Keys only presenterm writes: a deck with one of them is a presenterm deck.
  static let presentermKeys: Set<String> = ["sub_title", "event", "location", "options"]
  /// Other tools' spellings of the same settings, read as ours.
  static let aliases = [
    "sub_title": "subtitle", "authors": "author", "size": "aspect", "code_font": "code-font",
    "codeFont": "code-font", "end_time": "end-time", "endTime": "end-time",
  ]
  /// Keys other tools need that mean nothing to Podium and are not worth a warning.
  static let silentlyIgnored: Set<String> = ["marp"]

  /// Finds the front matter in `lines`, if the deck has one: a `---` first line, a closing `---`
  /// or `...`, and a first entry that looks like `key:`. A deck that merely opens with a slide
  /// separator has no front matter.
  static func locate(in lines: [Substring]) -> (opening: Int, closing: Int)? {
    guard let first = lines.first, first.trimmingTrailingWhitespace == "---" else { return nil }
    guard
      let closing = lines.indices.dropFirst().first(where: {
        let line = lines[$0].trimmingTrailingWhitespace
        return line == "---" || line == "..."
      })
    else { return nil }
    let content = lines[1..<closing].lazy.map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
    // `---` twice with nothing between is an empty front matter.
    if content.isEmpty { return (1, closing + 1) }
    // `# Title` is a YAML comment and a Markdown heading alike: without a single `key:` line,
    // the block is a slide, not metadata.
    let entries = content.filter { !$0.hasPrefix("#") }
    guard let firstEntry = entries.first, looksLikeKey(firstEntry) else { return nil }
    return (1, closing + 1)
  }

  private static func looksLikeKey(_ line: String) -> Bool {
    guard let colon = line.firstIndex(of: ":") else { return false }
    let key = line[..<colon]
    let afterColon = line[line.index(after: colon)...]
    return !key.isEmpty
      && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "\"" }
      && (afterColon.isEmpty || afterColon.first == " " || afterColon.first == "\t")
  }

  /// Parses the YAML between `opening` and `closing` into typed metadata.
  static func parse(
    lines: [Substring], opening: Int, closing: Int, baseDirectory: String, files: any DeckFiles,
    diagnostics: inout DiagnosticSink, leaving dialectKey: ((String) -> Bool)? = nil,
    starting: DeckMetadata = DeckMetadata()
  ) -> FrontMatter {
    var metadata = starting
    var slideDirectives: [(CommentCommand.Directive, SourceLocation)] = []
    var usesMarp = false
    // Marp's directives are read as Marp reads them, `#fff` a colour (MarpDeck.looseYAML).
    let yaml = MarpDeck.looseYAML(lines[opening..<(closing - 1)].joined(separator: "\n"))
    let marp = MarpDeck.saysMarp(yaml)
    // The YAML's line 1 is the file's line `opening + 1`.
    let lineOffset = opening
    func location(_ mark: Mark?) -> SourceLocation {
      guard let mark else { return SourceLocation(line: opening + 1, column: 1) }
      return SourceLocation(line: mark.line + lineOffset, column: mark.column)
    }

    let subject = YAMLText.Subject(
      invalidYAML: "front matter is not valid YAML", anchorPrefix: "front matter: ",
      notAMapping: {
        "front matter must be 'key: value' lines, found \(YAMLText.describeKind($0))"
      },
      empty: nil, warnsOnly: marp)
    let mapping: Node.Mapping
    switch YAMLText.document(
      yaml, as: subject, lineOffset: lineOffset, fallback: location(nil), sink: &diagnostics)
    {
    case .mapping(let root): mapping = root
    case .empty, .unusable:
      metadata.marpSaid = marp
      metadata.marpTrue = marp
      return FrontMatter(metadata: metadata, marp: marp)
    }

    var unknownKeys: [(String, SourceLocation)] = []
    for (keyNode, value) in mapping {
      guard let rawKey = keyNode.scalar?.string else {
        diagnostics.error("front-matter keys must be plain words", at: location(keyNode.mark))
        continue
      }
      let keyLocation = location(keyNode.mark)
      let valueLocation = location(value.mark ?? keyNode.mark)
      let key = aliases[rawKey] ?? rawKey
      // A key another tool's dialect reads itself, or one its decks use that means nothing here.
      if silentlyIgnored.contains(key) || dialectKey?(key) == true { continue }
      if let directive = marpDirective(rawKey) {
        usesMarp = true
        // Marp's directives in the front matter: local ones for every slide, `_name` for the
        // first, global ones for the deck.
        if CommentCommand.globalDirectiveKeys.contains(directive) {
          metadata.keyLocations[key] = valueLocation
          read(
            key: directive, rawKey: rawKey, value: value, at: valueLocation,
            baseDirectory: baseDirectory, files: files, metadata: &metadata,
            diagnostics: &diagnostics)
        } else {
          // Marp joins a list of classes (`class: [lead, invert]`) with spaces.
          let text =
            value.scalar?.string ?? value.sequence?.compactMap(\.scalar?.string).joined(
              separator: " ") ?? ""
          slideDirectives.append(
            (CommentCommand.directive(key: rawKey, value: text), valueLocation))
        }
        continue
      }
      if key == "paginate", let raw = value.scalar?.string,
        ["hold", "skip"].contains(raw.lowercased())
      {
        // Marp's `hold` and `skip` are a slide's, for every slide.
        slideDirectives.append((CommentCommand.directive(key: rawKey, value: raw), valueLocation))
        continue
      }
      guard knownKeys.contains(key) else {
        var message = "unknown front-matter key '\(rawKey)' (ignored)"
        if let suggestion = closestMatch(to: rawKey, in: knownKeys) {
          message += "; did you mean '\(suggestion)'?"
        } else {
          message += "; known keys: \(knownKeys.joined(separator: ", "))"
        }
        unknownKeys.append((message, keyLocation))
        continue
      }
      if presentermKeys.contains(rawKey) || (key == "theme" && value.mapping != nil)
        || (rawKey == "authors" && value.sequence != nil)
      {
        metadata.presenterm = metadata.presenterm ?? metadata.presentermDefaults ?? PresentermDeck()
      }
      metadata.keyLocations[key] = valueLocation
      read(
        key: key, rawKey: rawKey, value: value, at: valueLocation, baseDirectory: baseDirectory,
        files: files, metadata: &metadata, diagnostics: &diagnostics, lineOffset: lineOffset)
    }
    // presenterm's `strict_front_matter_parsing: false` takes keys of other tools silently.
    if metadata.presenterm?.strictFrontMatterParsing != false {
      for (message, location) in unknownKeys { diagnostics.warning(message, at: location) }
    }
    if let footer = metadata.footer {
      metadata.footer = PresentermTheme.filled(footer, with: metadata)
    }
    metadata.marpSaid = marp || usesMarp
    metadata.marpTrue = marp
    return FrontMatter(metadata: metadata, slideDirectives: slideDirectives, marp: marp || usesMarp)
  }

  /// Reads one front-matter setting (or a global directive Marp wrote in a comment) into
  /// `metadata`.
  static func read(
    key: String, rawKey: String, value: Node, at valueLocation: SourceLocation,
    baseDirectory: String, files: any DeckFiles, metadata: inout DeckMetadata,
    diagnostics: inout DiagnosticSink, lineOffset: Int = 0
  ) {

    func text() -> String? {
      if let scalar = value.scalar { return scalar.string }
      if rawKey == "authors", let items = value.sequence?.compactMap(\.scalar?.string) {
        return items.joined(separator: ", ")
      }
      diagnostics.error(
        "'\(rawKey)' must be text, found \(YAMLText.describeKind(value))", at: valueLocation)
      return nil
    }
    func nonEmpty(_ string: String?) -> String? {
      guard let string, !string.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
      return string
    }

    switch key {
    case "title": metadata.title = nonEmpty(text())
    case "subtitle": metadata.subtitle = nonEmpty(text())
    case "author":
      if !metadata.authors.isEmpty {
        diagnostics.warning(
          "both 'author' and 'authors' are set (presenterm refuses that); both are shown",
          at: valueLocation)
      }
      let authors =
        value.sequence?.compactMap { nonEmpty($0.scalar?.string) }
        ?? [nonEmpty(text())]
        .compactMap { $0 }
      metadata.authors += authors
      metadata.author = nonEmpty(metadata.authors.joined(separator: ", "))
    case "event": metadata.event = nonEmpty(text())
    case "location": metadata.location = nonEmpty(text())
    case "options":
      var deck = metadata.presenterm ?? metadata.presentermDefaults ?? PresentermDeck()
      deck.read(options: value, at: valueLocation, lineOffset: lineOffset, sink: &diagnostics)
      metadata.presenterm = deck
    case "date": metadata.date = nonEmpty(text())
    case "footer": metadata.footer = nonEmpty(text())
    case "font", "code-font":
      guard let name = text() else { break }
      guard let family = nonEmpty(name) else {
        diagnostics.error(
          "'\(rawKey)' needs a font family name, e.g. DejaVu Sans", at: valueLocation)
        break
      }
      if key == "font" { metadata.font = family } else { metadata.codeFont = family }
    case "theme":
      if let mapping = value.mapping {
        let presenterm = PresentermTheme(
          mapping, deck: diagnostics.file, baseDirectory: baseDirectory, files: files
        ) { node in
          node.mark.map { SourceLocation(line: $0.line + lineOffset, column: $0.column) }
            ?? valueLocation
        }
        metadata.theme = .presenterm(presenterm.style)
        // Overrides alone choose no theme: the configured default still applies.
        if !presenterm.chosen { metadata.keyLocations["theme"] = nil }
        diagnostics.append(presenterm.diagnostics)
        break
      }
      guard let name = text() else { break }
      switch ThemeChoice.named(name, relativeTo: baseDirectory, files: files) {
      case .found(let choice):
        metadata.theme = choice
      case .unknown:
        if let custom = MarpThemeSet.find(name, deckFolder: baseDirectory, files: files) {
          metadata.theme = custom.base ?? .marpDefault
          metadata.marpThemeFile = custom.path
          break
        }
        // A theme of the deck's own (Marp finds its CSS through the tool's settings): its
        // slides are all there, in the default look (Marp's for a Marp deck), as Marp does.
        metadata.keyLocations["theme"] = nil
        diagnostics.warning(
          "unknown theme '\(name)'; the default theme is used (built in: default, gaia, uncover, light, dark, or a theme .yaml file)",
          at: valueLocation)
      case .missingFile:
        diagnostics.warning(
          "theme file '\(name)' not found; the default theme is used", at: valueLocation)
      }
    case "aspect":
      guard let raw = text() else { break }
      if let aspect = AspectRatio(parsing: raw) {
        metadata.aspect = aspect
      } else if rawKey == "size" {
        // Marp's `size` names a theme's preset; one the theme lacks leaves the slide 16:9.
        if let aspect = MarpDeck.size(raw) {
          metadata.aspect = aspect
        } else {
          diagnostics.warning(
            "size '\(raw)' is not a size Podium knows (16:9, 4:3, 4K, FHD, A4...); the slides are 16:9",
            at: valueLocation)
        }
      } else {
        diagnostics.error(
          "aspect '\(raw)' is not a slide shape; expected 16:9, 16:10, 4:3 or WxH (e.g. 1920x1080)",
          at: valueLocation)
      }
    case "duration":
      guard let raw = text() else { break }
      if let duration = TalkDuration(parsing: raw) {
        metadata.duration = duration
      } else if let minutes = Int(raw.trimmingCharacters(in: .whitespaces)), minutes > 0,
        minutes < 100_000
      {
        metadata.duration = TalkDuration(seconds: minutes * 60)
        diagnostics.warning(
          "duration '\(raw)' has no unit; read as \(minutes) minutes (write \(minutes)m)",
          at: valueLocation)
      } else {
        diagnostics.error(
          "duration '\(raw)' is not a length of time; expected e.g. 25m, 1h10m or 90s",
          at: valueLocation)
      }
    case "end-time":
      guard let raw = text() else { break }
      let parts = raw.trimmingCharacters(in: .whitespaces).split(separator: ":")
      if parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]),
        (0..<24).contains(hour), (0..<60).contains(minute), parts[1].count == 2
      {
        metadata.endTime = String(format: "%02d:%02d", hour, minute)
      } else {
        diagnostics.error(
          "end-time '\(raw)' is not a time of day; expected HH:MM, e.g. 14:45", at: valueLocation)
      }
    case "headingDivider":
      // Marp takes a level or a list of levels (`[1, 2]`); a list splits at its deepest one here.
      let levels =
        value.sequence?.compactMap { $0.scalar.flatMap { Int($0.string) } }
        ?? value.scalar.flatMap { Int($0.string) }.map { [$0] } ?? []
      if let level = levels.max(), levels.allSatisfy({ (1...6).contains($0) }) {
        metadata.headingDivider = level
      } else if value.scalar?.string.lowercased() != "false" {
        diagnostics.warning(
          "headingDivider is a heading level from 1 to 6, not '\(value.scalar?.string ?? "a list")'; ignored",
          at: valueLocation)
      }
    case "style":
      // Marp's CSS: what decides a slide's look is carried out at load (DeckCSS).
      metadata.style = text()
    case "math":
      // Marp's choice of MathJax or KaTeX; both are drawn here by TeX. `false` turns `$` off.
      if let raw = text(), parseBool(raw) == false { metadata.math = false }
    case "lang", "description", "url", "image":
      break  // Marp's settings for its HTML output; nothing a slide shows.
    case "paginate":
      guard let raw = text() else { break }
      if let flag = parseBool(raw) {
        metadata.paginate = flag
      } else {
        // As Marp reads it: anything but true is false.
        diagnostics.warning(
          "paginate is true, false, hold or skip, not '\(raw)'; read as false", at: valueLocation)
      }
    default:
      break
    }
  }

  /// A YAML error as a short message and where it is; the configuration file uses it too.
  static func describe(_ error: YamlError) -> (String, Mark?) {
    switch error {
    case .scanner(let context, let problem, let mark, _),
      .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      if let context { return ("\(problem) (\(context.text))", mark) }
      return (problem, mark)
    case .duplicatedKeysInMapping(let duplicates, let context):
      let names = duplicates.sorted().map { "'\($0)'" }.joined(separator: ", ")
      return ("\(names) appears more than once; each key may be set once", context.mark)
    default:
      return ("\(error)".split(separator: "\n").first.map(String.init) ?? "\(error)", nil)
    }
  }

}

func parseBool(_ raw: String) -> Bool? {
  switch raw.trimmingCharacters(in: .whitespaces).lowercased() {
  case "true", "yes", "on": return true
  case "false", "no", "off": return false
  default: return nil
  }
}

/// Resolves a path written in a deck against the deck's folder.
func resolve(path: String, against baseDirectory: String) -> String {
  let expanded = (path as NSString).expandingTildeInPath
  if expanded.hasPrefix("/") { return expanded }
  return (baseDirectory as NSString).appendingPathComponent(expanded)
}

/// The known word within two edits of `word`, for "did you mean" hints.
func closestMatch(to word: String, in candidates: [String]) -> String? {
  let lowered = word.lowercased()
  var best: (String, Int)?
  for candidate in candidates {
    let distance = editDistance(lowered, candidate.lowercased())
    if distance <= 2, distance < (best?.1 ?? .max) { best = (candidate, distance) }
  }
  return best?.0
}

func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a.unicodeScalars)
  let b = Array(b.unicodeScalars)
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  var previous = Array(0...b.count)
  var current = previous
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      current[j] = min(
        previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}

extension Substring {
  var trimmingTrailingWhitespace: Substring {
    var end = endIndex
    while end > startIndex {
      let before = index(before: end)
      guard self[before] == " " || self[before] == "\t" else { break }
      end = before
    }
    return self[startIndex..<end]
  }
}
