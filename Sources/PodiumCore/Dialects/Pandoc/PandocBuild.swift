import Foundation
import Yams

/// What the author ran to make the slides: the pandoc command of a build file beside the deck
/// (a Makefile, justfile, shell script, `package.json` script or CI workflow) that names this
/// deck. pandoc's decks often keep what decides their slides out of the deck: the writer
/// (`-t beamer`), the slide level, `--toc`, `-i`, and metadata files passed before the deck
/// (`pandoc metadata.yaml talk.md`), which carry the title and `toc: true`.
struct PandocBuild: Equatable {
  /// The build file the command is in.
  var file: String
  var writer: String?
  var slideLevel: Int?
  var toc = false
  var incremental = false
  /// `--section-divs`: each heading's section is a `<section>`, which a reveal.js template shows
  /// as a slide when the writer is pandoc's plain `html5`.
  var sectionDivs = false
  /// YAML files read as metadata with the deck, in the command's order.
  var metadataFiles: [String] = []
  /// `-M key=value` and `--metadata key:value`.
  var metadata: [String: String] = [:]
  /// `-V key=value` (beamer's `aspectratio`).
  var variables: [String: String] = [:]
  /// `--template FILE`, resolved against the build file's folder.
  var template: String?

  /// Files that build decks, by name, in the deck's folder.
  static let buildFiles = [
    "Makefile", "makefile", "GNUmakefile", "justfile", "Justfile", ".justfile", "package.json",
    "build.sh", "make.sh", "build", "Taskfile.yml", "Rakefile",
  ]
  /// The longest build file read.
  static let maximumSize = 256 * 1024

  /// The pandoc command that builds the deck at `path`, from a build file in its folder (any
  /// `*.sh` too) or a CI workflow of its repository (`.github/workflows`, up to three folders
  /// up), or nil when none names it.
  static func find(for path: String, files: any DeckFiles) -> PandocBuild? {
    let folder = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    let inFolder = files.fileNames(in: folder.isEmpty ? "." : folder)
    var candidates = buildFiles.filter(inFolder.contains)
    candidates += inFolder.filter { $0.hasSuffix(".sh") && !candidates.contains($0) }.sorted()
    var paths = candidates.map { (folder as NSString).appendingPathComponent($0) }
    var up = folder
    for _ in 0..<4 {
      let workflows = (up as NSString).appendingPathComponent(".github/workflows")
      paths += files.fileNames(in: workflows).filter {
        $0.hasSuffix(".yml") || $0.hasSuffix(".yaml")
      }
      .sorted().map { (workflows as NSString).appendingPathComponent($0) }
      let parent = (up as NSString).deletingLastPathComponent
      if parent == up || parent.isEmpty { break }
      up = parent
    }
    var found: [PandocBuild] = []
    for candidate in paths {
      guard
        case .success(let bytes) = files.contents(
          of: candidate, limit: maximumSize, kind: "build files")
      else { continue }
      let text = String(decoding: bytes, as: UTF8.self)
      if let build = parse(text, deck: name, file: candidate) { found.append(build) }
    }
    // A command naming the deck first; then one that makes slides.
    return found.first { $0.namesDeck } ?? found.first { $0.writer != nil }
  }

  /// Whether the command names the deck itself (not only a writer).
  private(set) var namesDeck = false

  /// The pandoc command for the deck named `deck` in a build file's `text`: its continuation
  /// lines joined, its simple variables (`NAME = value`, `NAME=value`) put in, the line that
  /// names the deck (or Make's `$<`, `$^`) read as pandoc reads its options.
  static func parse(_ text: String, deck: String, file: String) -> PandocBuild? {
    var text = text.replacingOccurrences(of: "\\\n", with: " ")
    var variables: [String: String] = [:]
    for line in text.split(separator: "\n") {
      guard
        let match = line.firstMatch(
          of: /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*(?:\+=|:=|\?=|::=|=)\s*(.*)$/)
      else { continue }
      let value = match.2.trimmingCharacters(in: CharacterSet(charactersIn: " \t\"'"))
      if variables[String(match.1)] == nil { variables[String(match.1)] = value }
    }
    for _ in 0..<3 {
      text = text.replacing(/\$[({]([A-Za-z_][A-Za-z0-9_]*)[)}]|\$([A-Za-z_][A-Za-z0-9_]*)/) {
        match in
        let name = String(match.1 ?? match.2 ?? "")
        return variables[name] ?? String(match.0)
      }
    }
    let commands = text.split(separator: "\n").map(String.init).filter { line in
      !line.trimmingCharacters(in: .whitespaces).hasPrefix("#")
        && line.firstMatch(of: /(^|[\s"'\/;&|(])pandoc(\s|$)/) != nil
    }
    guard !commands.isEmpty else { return nil }
    let stem = (deck as NSString).deletingPathExtension
    let naming = commands.filter { line in
      line.contains(deck) || line.contains("$<") || line.contains("$^")
        || line.contains(stem + ".") && line.contains(".md")
    }
    let slides = { (line: String) in line.contains("beamer") || line.contains("revealjs") }
    guard let chosen = naming.first(where: slides) ?? naming.first ?? commands.first(where: slides)
    else { return nil }
    var build = PandocBuild(file: file)
    build.namesDeck = !naming.isEmpty
    build.read(words(of: chosen), folder: (file as NSString).deletingLastPathComponent)
    return build
  }

  /// A command line's words, as a shell splits them (quotes taken off, a JSON string's
  /// escaped quotes too).
  static func words(of line: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quote: Character?
    for character in line.replacingOccurrences(of: "\\\"", with: "\"") {
      if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
      } else if character == "\"" || character == "'" {
        quote = character
      } else if character == " " || character == "\t" || character == ";" {
        if !current.isEmpty { words.append(current) }
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { words.append(current) }
    return words
  }

  /// pandoc's options that decide the slides: `-t`/`--to`, `--slide-level`, `--toc`, `-i`,
  /// `-M`, `-V`, `--metadata-file` and the YAML files among the inputs.
  private mutating func read(_ words: [String], folder: String) {
    guard let start = words.firstIndex(where: { $0 == "pandoc" || $0.hasSuffix("/pandoc") })
    else { return }
    var index = start + 1
    func value(of word: String, short: String? = nil) -> String? {
      if let equals = word.firstIndex(of: "=") { return String(word[word.index(after: equals)...]) }
      if let short, word.hasPrefix(short), word.count > short.count {
        return String(word.dropFirst(short.count))
      }
      index += 1
      return index < words.count ? words[index] : nil
    }
    func resolved(_ name: String) -> String {
      name.hasPrefix("/") ? name : (folder as NSString).appendingPathComponent(name)
    }
    while index < words.count {
      let word = words[index]
      let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
      switch name {
      case "-t", "--to", "-w", "--write":
        writer = value(of: word)?.split(separator: "+").first.map { $0.lowercased() }
      case "--slide-level":
        slideLevel = value(of: word).flatMap { Int($0) }
      case "--toc", "--table-of-contents":
        toc = true
      case "-i", "--incremental":
        incremental = true
      case "--section-divs":
        sectionDivs = true
      case "-M", "--metadata":
        if let pair = value(of: word) { setMetadata(pair) }
      case "-V", "--variable":
        if let pair = value(of: word) {
          let parts = pair.split(separator: pair.contains("=") ? "=" : ":", maxSplits: 1)
          if parts.count == 2 { variables[String(parts[0])] = String(parts[1]) }
        }
      case "--metadata-file":
        if let file = value(of: word) { metadataFiles.append(resolved(file)) }
      case "--template":
        if let file = value(of: word) { template = resolved(file) }
      case "-o", "--output", "-f", "--from", "-r", "--read", "-H",
        "--include-in-header", "--data-dir", "--resource-path", "--pdf-engine", "-c", "--css",
        "--bibliography", "--csl", "--highlight-style", "--filter", "-F", "--lua-filter", "-L":
        _ = value(of: word)
      default:
        if word.hasPrefix("-t") && word.count > 2 && !word.hasPrefix("--") {
          writer = String(word.dropFirst(2)).split(separator: "+").first.map { $0.lowercased() }
        } else if !word.hasPrefix("-"), word.hasSuffix(".yaml") || word.hasSuffix(".yml") {
          metadataFiles.append(resolved(word))
        }
      }
      index += 1
    }
  }

  private mutating func setMetadata(_ pair: String) {
    let separator: Character = pair.contains("=") ? "=" : ":"
    let parts = pair.split(separator: separator, maxSplits: 1)
    let key = String(parts[0]).trimmingCharacters(in: .whitespaces)
    metadata[key] =
      parts.count == 2 ? String(parts[1]).trimmingCharacters(in: .whitespaces) : "true"
  }

  /// The metadata files' mappings, in order (a file that is missing or not YAML is skipped).
  func metadataMappings(files: any DeckFiles) -> [Node.Mapping] {
    metadataFiles.compactMap { path in
      guard
        case .success(let bytes) = files.contents(
          of: path, limit: Self.maximumSize, kind: "metadata files")
      else { return nil }
      var text = String(decoding: bytes, as: UTF8.self)
      // A file written as a document's metadata block: between `---` and `---` or `...`.
      if text.hasPrefix("---") {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let body = lines.dropFirst().prefix { $0 != "---" && $0 != "..." }
        text = body.joined(separator: "\n")
      }
      guard case .mapping(let mapping)? = try? YAMLText.compose(text) else { return nil }
      return mapping
    }
  }
}

/// The slides an author's own HTML template (`--template`) puts around the deck's: reveal.js
/// templates write the title slide and the table of contents as `<section>`s of their own,
/// often unconditionally, under `$if(var)$` at most. Read from the template's text before
/// `$body$`.
struct PandocTemplate: Equatable {
  /// A section of the template's that holds `$title$` or `$toc$`, and the variables whose
  /// `$if(...)$` it sits in (`!name` under `$else$`).
  struct Section: Equatable {
    var title: Bool
    var contents: Bool
    var conditions: [String]
  }

  var sections: [Section] = []

  /// nil for a template that is not HTML (no `<section>` or HTML element before `$body$`, or
  /// no `$body$`). An HTML page with no section before `$body$` shows neither slide.
  init?(_ text: String) {
    guard let body = text.range(of: "$body$") else { return nil }
    let before = text[..<body.lowerBound]
    let lowered = before.lowercased()
    guard ["<section", "<html", "<body", "<div"].contains(where: { lowered.contains($0) }) else {
      return nil
    }
    var conditions: [String] = []
    var open: (start: Substring.Index, conditions: [String])?
    var index = before.startIndex
    while index < before.endIndex {
      let rest = before[index...]
      if rest.hasPrefix("$if("), let close = rest.range(of: ")$") {
        conditions.append(String(rest[rest.index(index, offsetBy: 4)..<close.lowerBound]))
        index = close.upperBound
      } else if rest.hasPrefix("$else$"), let last = conditions.popLast() {
        conditions.append(last.hasPrefix("!") ? String(last.dropFirst()) : "!" + last)
        index = rest.index(index, offsetBy: 6)
      } else if rest.hasPrefix("$endif$") {
        _ = conditions.popLast()
        index = rest.index(index, offsetBy: 7)
      } else if rest.hasPrefix("<section"), open == nil {
        open = (index, conditions)
        index = rest.index(index, offsetBy: 8)
      } else if rest.hasPrefix("</section>"), let start = open {
        let inner = before[start.start..<index]
        if inner.contains("$title$") || inner.contains("$toc$") {
          sections.append(
            Section(
              title: inner.contains("$title$"), contents: inner.contains("$toc$"),
              conditions: start.conditions))
        }
        open = nil
        index = rest.index(index, offsetBy: 10)
      } else {
        index = before.index(after: index)
      }
    }
  }

  /// Whether the template shows a title slide, and a contents slide, where `isSet` says which
  /// variables are set.
  func slides(isSet: (String) -> Bool) -> (title: Bool, contents: Bool) {
    let shown = sections.filter { section in
      section.conditions.allSatisfy {
        $0.hasPrefix("!") ? !isSet(String($0.dropFirst())) : isSet($0)
      }
    }
    return (shown.contains { $0.title }, shown.contains { $0.contents })
  }
}
