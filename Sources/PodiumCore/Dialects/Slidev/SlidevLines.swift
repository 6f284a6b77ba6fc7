import Foundation
import Yams

/// Slidev's syntax written in Podium's, line for line (a line becomes one line, so cmark's line
/// numbers stay the file's), the way `@slidev/parser` reads a deck:
///
/// - a line starting with `---` separates slides; when the line after it is not blank, the
///   lines up to the next `---` are the new slide's front matter (its layout, class, image...),
///   and their place holds what the slide opens with (a column layout, an image background);
/// - `::left::` / `::right::` slots of `two-cols` and `two-cols-header` as columns;
/// - `<v-click>`, `v-click` attributes, `<v-clicks>`, `<v-switch>`'s templates and code blocks'
///   line ranges as clicks (`SlidevClickLines` says which line shows at which click);
/// - other HTML and Vue components: their tags dropped, their text kept (one warning for each
///   kind of component); `<style>` and `<script>` blocks dropped;
/// - only the comment that ends a slide is its notes (Slidev's rule): the others are kept as
///   comments for the author.
struct SlidevLines {
  /// A separator written where cmark sees it whatever precedes it (a `---` right under text is a
  /// setext heading to cmark, a separator to Slidev).
  static let slideMarker = "<!--podium:slide-->"

  /// The deck's `public/` folder, where `/pic.png` is.
  var publicFolder: String

  /// An image path as Slidev serves it: `/pic.png` from the `public/` folder, others as written.
  static func served(_ path: String, from publicFolder: String) -> String {
    guard path.hasPrefix("/"), !path.hasPrefix("//") else { return path }
    return publicFolder + path
  }

  /// Each slide's front matter, in order; nil for a slide without one.
  private(set) var frontMatters: [FrontMatterBlock?] = []
  /// Which line shows at which click, and each slide's clicks.
  private(set) var clicks = SlidevClickLines()
  /// Slides (by their front matter's index) that Slidev's parser never makes: the empty range
  /// before a `---` on the first line, after one on the last.
  private(set) var phantoms: Set<Int> = []
  private var warnings = OnceWarnings()

  init(publicFolder: String) {
    self.publicFolder = publicFolder
  }

  /// HTML's own elements: their tags are dropped silently; other tags are Vue components.
  static let htmlElements: Set<String> = [
    "div", "span", "p", "br", "hr", "a", "b", "i", "em", "strong", "u", "s", "small", "sup",
    "sub", "img", "ul", "ol", "li", "table", "tr", "td", "th", "thead", "tbody", "h1", "h2", "h3",
    "h4", "h5", "h6", "section", "article", "header", "footer", "center", "font", "code", "pre",
    "blockquote", "figure", "figcaption", "template", "kbd", "mark", "details", "summary",
    "html", "head", "body", "title", "meta", "link", "script", "style", "button", "input",
    "label", "form", "iframe", "video", "audio", "source", "svg", "path", "nav", "main", "aside",
    "dl", "dt", "dd", "caption", "col", "colgroup", "abbr", "cite", "q", "var", "wbr", "picture",
  ]

  mutating func rewrite(
    _ lines: inout [Substring], headmatter: FrontMatterBlock?, sink: inout DiagnosticSink
  ) {
    // The headmatter is the first slide's front matter; the parser has blanked its lines.
    frontMatters = [headmatter]
    var slideStart = frontMatters[0]?.lines.upperBound ?? 0
    var index = slideStart
    var skipping: String?  // a <style> or <script> block
    var inComment = false
    while index < lines.count {
      let line = lines[index]
      let here = SourceLocation(line: index + 1, column: 1)
      if let tag = skipping {
        if line.contains("</\(tag)") { skipping = nil }
        lines[index] = ""
        index += 1
        continue
      }
      // A `---` inside a comment of several lines is the comment's (`advanceHtmlCommentState`).
      if inComment {
        inComment = Self.insideComment(after: line, from: true)
        index += 1
        continue
      }
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      // Only backtick fences hide separators from Slidev's parser; an unclosed one hides none.
      if trimmed.hasPrefix("```") {
        let fence = line.prefix { $0 == " " || $0 == "\t" } + trimmed.prefix { $0 == "`" }
        var end = index + 1
        while end < lines.count, !lines[end].hasPrefix(fence) { end += 1 }
        let info = trimmed.drop { $0 == "`" }
        if trimmed.hasPrefix("````"),
          info.trimmingCharacters(in: .whitespaces).hasPrefix("md magic-move")
        {
          // Its steps are the code blocks inside: every other fence line opens one.
          let fences = lines[(index + 1)..<end].filter { $0.hasPrefix("```") }
          let steps = stride(from: 0, to: fences.count, by: 2).map {
            SlidevClicks.codeRanges(info: String(fences[fences.startIndex + $0]))
          }
          clicks.magicMove(at: index, steps: steps)
        } else {
          clicks.fence(at: index, info: info)
        }
        index = end < lines.count ? end + 1 : index + 1
        continue
      }
      if line.trimmingTrailingWhitespace.hasPrefix("---") {
        keepOnlyLastComment(&lines, in: slideStart..<index)
        clicks.endSlide()
        let dashes = !line.dropFirst(3).hasPrefix("-")
        // A `---` on the file's first line opens no slide before it; one on its last line,
        // with no line end after it, none after it (`slice` of an empty range).
        if index == 0 { phantoms.insert(0) }
        if index == lines.count - 1 { phantoms.insert(frontMatters.count) }
        lines[index] = Substring(Self.slideMarker)
        index = dashes ? readFrontMatter(&lines, after: index, sink: &sink) : index + 1
        if !dashes { frontMatters.append(nil) }
        slideStart = index
        continue
      }
      // `$$ {1|3|all}`: a formula's line ranges, a click each after the first (KaTeX's
      // `KaTexBlockWrapper`); the `$$` alone opens the formula.
      if trimmed.hasPrefix("$$"), trimmed.count > 2,
        trimmed.dropFirst(2).trimmingCharacters(in: .whitespaces).hasPrefix("{")
      {
        clicks.fence(at: index, info: trimmed.dropFirst(2))
        lines[index] = line.prefix { $0 == " " || $0 == "\t" } + "$$"
        index += 1
        continue
      }
      if trimmed.hasPrefix("<style") || trimmed.hasPrefix("<script") {
        let tag = trimmed.hasPrefix("<style") ? "style" : "script"
        warnings.warn(
          "<\(tag)>", "blocks are not run or applied (Podium draws its own theme)", at: here,
          sink: &sink)
        if !line.contains("</\(tag)") { skipping = tag }
        lines[index] = ""
        index += 1
        continue
      }
      // `<<< @/snippets/external.ts#snippet`: Slidev puts that file's code here (its docs'
      // "Import Code Snippets"). Podium does not read it: the line is left out, with a warning.
      if trimmed.hasPrefix("<<<") {
        let written = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces)
        sink.warning(
          "code snippet '\(written.prefix(60))' is not imported: the line is left out", at: here)
        lines[index] = ""
        clicks.line(index, tags: [], lines: lines)
        index += 1
        continue
      }
      if trimmed.hasPrefix("::"), trimmed.hasSuffix("::"), trimmed.count > 4 {
        lines[index] = Substring(slot(String(trimmed.dropFirst(2).dropLast(2))))
      } else if trimmed.contains("](/") {
        lines[index] = Substring(publicImages(String(line)))
      }
      if trimmed.contains("<"), !trimmed.hasPrefix("<!--") {
        Self.joinTag(opening: index, in: &lines)
      }
      var found: [SlidevClickLines.Tag] = []
      if trimmed.contains("<"), !trimmed.hasPrefix("<!--"), !trimmed.hasPrefix("::") {
        let read = tags(String(lines[index]), at: here, sink: &sink)
        found = read.tags
        // The text of HTML indented inside its element is not a code block.
        lines[index] = Substring(read.text.trimmingCharacters(in: .whitespaces))
      }
      clicks.line(index, tags: found, lines: lines)
      inComment = Self.insideComment(after: line, from: false)
      index += 1
    }
    keepOnlyLastComment(&lines, in: slideStart..<lines.count)
    clicks.endSlide()
    clicks.joinParagraphs(lines)
  }

  /// A tag whose attributes go on over the next lines (`<Block` / `  v-click` / `>`), as Vue
  /// reads it, put on its first line whole; the lines it took are left blank. Up to 20 lines;
  /// a tag never closed stays as it is.
  static func joinTag(opening index: Int, in lines: inout [Substring]) {
    guard
      let open = lines[index].range(
        of: #"<[A-Za-z][\w.:-]*(\s[^<>]*)?$"#, options: .regularExpression)
    else { return }
    var parts = [String(lines[index][open])]
    for next in (index + 1)..<min(lines.count, index + 21) {
      let line = lines[next]
      if line.trimmingTrailingWhitespace.hasPrefix("---") || line.contains("<") { return }
      guard let close = line.firstIndex(of: ">") else {
        parts.append(line.trimmingCharacters(in: .whitespaces))
        continue
      }
      parts.append(line[...close].trimmingCharacters(in: .whitespaces))
      let rest = line[line.index(after: close)...]
      lines[index] = lines[index][..<open.lowerBound] + parts.joined(separator: " ") + rest
      for taken in (index + 1)...next { lines[taken] = "" }
      return
    }
  }

  /// Whether a comment is still open after `line` (Slidev's `advanceHtmlCommentState`).
  static func insideComment(after line: Substring, from inside: Bool) -> Bool {
    var inside = inside
    var rest = line[...]
    while !rest.isEmpty {
      if inside {
        guard let end = rest.range(of: "-->") else { return true }
        inside = false
        rest = rest[end.upperBound...]
      } else {
        guard let start = rest.range(of: "<!--") else { return false }
        guard let end = rest[start.upperBound...].range(of: "-->") else { return true }
        rest = rest[end.upperBound...]
      }
    }
    return inside
  }

  /// The front matter after the separator at `separator`, if the next line is not blank (Slidev's
  /// rule); returns the line the slide's content starts on.
  private mutating func readFrontMatter(
    _ lines: inout [Substring], after separator: Int, sink: inout DiagnosticSink
  ) -> Int {
    let next = separator + 1
    guard next < lines.count,
      !lines[next].allSatisfy(\.isWhitespace),
      let closing = lines[next...].firstIndex(where: { $0.trimmingTrailingWhitespace == "---" })
    else {
      frontMatters.append(nil)
      return next
    }
    let yaml = lines[next..<closing].joined(separator: "\n")
    var mapping = Node.Mapping([])
    // YAML comments alone (`# layout: cover`) are an empty front matter.
    let meaningful = lines[next..<closing].contains {
      let text = $0.trimmingCharacters(in: .whitespaces)
      return !text.isEmpty && !text.hasPrefix("#")
    }
    if case .mapping(let read)? = try? YAMLText.compose(yaml) {
      mapping = read
    } else if meaningful {
      // Slidev reads every line up to the next `---` as the slide's front matter, so they
      // never show and the `---` under them separates nothing.
      sink.warning(
        "the lines between this '---' and the next are the slide's front matter to Slidev, but not YAML key/value lines: they are not shown (put a blank line after '---' to start a slide with them)",
        at: SourceLocation(line: next + 1, column: 1))
    }
    frontMatters.append(
      FrontMatterBlock(lines: next..<(closing + 1), mapping: mapping, yamlStart: next))
    for line in next...closing { lines[line] = "" }
    return closing + 1
  }

  /// `::right::` and the other named slots.
  private func slot(_ name: String) -> String {
    let layout = frontMatters.last??.mapping["layout"]?.string ?? ""
    // Slots mean columns only in the layouts that have them; elsewhere Slidev drops them.
    guard layout.hasPrefix("two-cols") else { return "" }
    switch name {
    case "left":
      return layout == "two-cols-header" ? "<!-- column_layout: [1, 1] -->" : "<!-- column: 0 -->"
    case "right": return "<!-- column: 1 -->"
    case "bottom", "footer": return "<!-- reset_layout -->"
    default: return ""
    }
  }

  /// A line's HTML and Vue tags, in order, and its text without them (`<img src>` is an image).
  private mutating func tags(_ line: String, at here: SourceLocation, sink: inout DiagnosticSink)
    -> (text: String, tags: [SlidevClickLines.Tag])
  {
    guard let regex = try? NSRegularExpression(pattern: #"</?([A-Za-z][\w.:-]*)([^<>]*?)(/?)>"#)
    else { return (line, []) }
    var result = line
    var found: [SlidevClickLines.Tag] = []
    // Tags written in code (`<script>`) are text.
    let spans = Self.codeSpans(in: line)
    let matches = regex.matches(in: line, range: NSRange(line.startIndex..., in: line)).filter {
      match in !spans.contains { NSIntersectionRange($0, match.range).length > 0 }
    }
    for match in matches.reversed() {
      guard let whole = Range(match.range, in: line),
        let nameRange = Range(match.range(at: 1), in: line)
      else { continue }
      let tag = String(line[whole])
      let name = String(line[nameRange])
      let closing = tag.hasPrefix("</")
      let attributes = Range(match.range(at: 2), in: line).map { String(line[$0]) } ?? ""
      let selfClosing = Range(match.range(at: 3), in: line).map { !line[$0].isEmpty } ?? false
      found.insert(
        SlidevClickLines.Tag(
          name: name, closing: closing, selfClosing: selfClosing, attributes: attributes), at: 0)
      var replacement = ""
      switch name.lowercased() {
      case "v-click", "v-after", "v-clicks", "v-switch", "v-drag", "template":
        break
      case "img":
        if let source = Self.attribute("src", in: attributes) {
          replacement = "![](\(Self.served(source, from: publicFolder)))"
        }
      default:
        if !Self.htmlElements.contains(name.lowercased()), !closing {
          warnings.warn(
            "Vue component <\(name)>", "is not rendered: its text is shown", at: here,
            sink: &sink)
        }
      }
      result.replaceSubrange(Range(match.range, in: result)!, with: replacement)
    }
    return (result.allSatisfy(\.isWhitespace) ? "" : result, found)
  }

  /// `![alt](/pic.png)` as the picture in the `public/` folder.
  private func publicImages(_ line: String) -> String {
    line.replacingOccurrences(
      of: #"(!\[[^\]]*\]\()/(?!/)"#, with: "$1" + publicFolder + "/", options: .regularExpression)
  }

  /// The ranges of a line's code spans (`` `x` ``), backticks included.
  static func codeSpans(in line: String) -> [NSRange] {
    guard let regex = try? NSRegularExpression(pattern: "(`+)[^`]*?\\1") else { return [] }
    return regex.matches(in: line, range: NSRange(line.startIndex..., in: line)).map(\.range)
  }

  static func attribute(_ name: String, in attributes: String) -> String? {
    guard
      let range = attributes.range(
        of: name + #"\s*=\s*["']([^"']*)["']"#, options: .regularExpression)
    else { return nil }
    let text = attributes[range]
    guard let quote = text.firstIndex(where: { $0 == "\"" || $0 == "'" }) else { return nil }
    return String(text[text.index(after: quote)..<text.index(before: text.endIndex)])
  }

  /// Slidev's notes are the comment that ends the slide; its other comments are the author's.
  private func keepOnlyLastComment(_ lines: inout [Substring], in range: Range<Int>) {
    guard !range.isEmpty else { return }
    let last = range.last { !lines[$0].allSatisfy(\.isWhitespace) }
    var notesStart: Int?
    if let last, lines[last].trimmingTrailingWhitespace.hasSuffix("-->") {
      notesStart = (range.lowerBound...last).reversed().first {
        lines[$0].trimmingCharacters(in: .whitespaces).hasPrefix("<!--")
      }
    }
    if let notesStart, let last { Self.markClicks(&lines, in: notesStart...last) }
    for index in range where index != notesStart {
      let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
      guard trimmed.hasPrefix("<!--"), !trimmed.hasPrefix("<!--//"), !trimmed.hasPrefix("<!-- //"),
        trimmed != Self.slideMarker, !Self.isCommand(trimmed)
      else { continue }
      lines[index] = "<!--//" + trimmed.dropFirst(4)
    }
  }

  /// Slidev's `[click]` (and `[click:3]`) in notes say which part of the notes goes with which
  /// click; Podium shows the notes whole, each part under a bold `[click N]`, so the speaker
  /// still sees where each click falls.
  static func markClicks(_ lines: inout [Substring], in range: ClosedRange<Int>) {
    var count = 0
    for index in range where lines[index].contains("[click") {
      var line = String(lines[index])
      while let marker = line.range(of: #"\[click(:\d+)?\]"#, options: .regularExpression) {
        let given = line[marker].dropFirst(7).dropLast().filter(\.isNumber)
        count = Int(given) ?? count + 1
        line.replaceSubrange(marker, with: "**[click \(count)]**")
      }
      lines[index] = Substring(line)
    }
  }

  /// The commands this translation writes, which are not comments.
  private static func isCommand(_ line: String) -> Bool {
    ["<!-- column", "<!-- reset_layout"].contains {
      line.hasPrefix($0)
    }
  }

}
