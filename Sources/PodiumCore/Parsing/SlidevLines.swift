import Foundation
import Yams

/// Slidev's syntax written in Podium's, line for line (a line becomes one line, so cmark's line
/// numbers stay the file's), the way `@slidev/parser` reads a deck:
///
/// - a line starting with `---` separates slides; when the line after it is not blank, the
///   lines up to the next `---` are the new slide's front matter (its layout, class, image...),
///   and their place holds what the slide opens with (a column layout, an image background);
/// - `::left::` / `::right::` slots of `two-cols` and `two-cols-header` as columns;
/// - `<v-click>`, `v-click` attributes and `<v-switch>`'s templates as pauses; `<v-clicks>` as an
///   incremental list that starts hidden;
/// - other HTML and Vue components: their tags dropped, their text kept (one warning for each
///   kind of component); `<style>` and `<script>` blocks dropped;
/// - only the comment that ends a slide is its notes (Slidev's rule): the others are kept as
///   comments for the author.
struct SlidevLines {
  /// A separator written where cmark sees it whatever precedes it (a `---` right under text is a
  /// setext heading to cmark, a separator to Slidev).
  static let slideMarker = "<!--podium:slide-->"

  /// One slide's front matter: where it is and what it says.
  struct FrontMatter {
    /// The lines it occupies (0-based), the closing `---` included; they hold the slide's prelude.
    var lines: Range<Int>
    var mapping: Node.Mapping
    /// The line (0-based) the YAML starts on, for where a key is written.
    var yamlStart: Int

    /// Where `key` is written in the file, or the front matter's first line.
    func location(of key: String) -> SourceLocation {
      let mark = mapping.first { $0.key.string == key }?.key.mark
      return SourceLocation(line: yamlStart + (mark?.line ?? 1), column: mark?.column ?? 1)
    }
  }

  /// The deck's `public/` folder, where `/pic.png` is.
  var publicFolder: String

  /// An image path as Slidev serves it: `/pic.png` from the `public/` folder, others as written.
  static func served(_ path: String, from publicFolder: String) -> String {
    guard path.hasPrefix("/"), !path.hasPrefix("//") else { return path }
    return publicFolder + path
  }

  /// Each slide's front matter, in order; nil for a slide without one.
  private(set) var frontMatters: [FrontMatter?] = []
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
    _ lines: inout [Substring], headmatter: FrontMatter?, sink: inout DiagnosticSink
  ) {
    // The headmatter is the first slide's front matter; the parser has blanked its lines.
    frontMatters = [headmatter]
    var slideStart = frontMatters[0]?.lines.upperBound ?? 0
    var index = slideStart
    var skipping: String?  // a <style> or <script> block
    while index < lines.count {
      let line = lines[index]
      let here = SourceLocation(line: index + 1, column: 1)
      if let tag = skipping {
        if line.contains("</\(tag)") { skipping = nil }
        lines[index] = ""
        index += 1
        continue
      }
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
        let fence = line.prefix { $0 == " " } + trimmed.prefix { $0 == trimmed.first }
        var end = index + 1
        while end < lines.count, !lines[end].hasPrefix(fence) { end += 1 }
        index = end < lines.count ? end + 1 : index + 1
        continue
      }
      if line.trimmingTrailingWhitespace.hasPrefix("---") {
        keepOnlyLastComment(&lines, in: slideStart..<index)
        let dashes = !line.dropFirst(3).hasPrefix("-")
        lines[index] = Substring(Self.slideMarker)
        index = dashes ? readFrontMatter(&lines, after: index) : index + 1
        if !dashes { frontMatters.append(nil) }
        slideStart = index
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
      if trimmed.hasPrefix("::"), trimmed.hasSuffix("::"), trimmed.count > 4 {
        lines[index] = Substring(slot(String(trimmed.dropFirst(2).dropLast(2))))
      } else if trimmed.contains("](/") {
        lines[index] = Substring(publicImages(String(line)))
      }
      if trimmed.contains("<"), !trimmed.hasPrefix("<!--"), !trimmed.hasPrefix("::") {
        let (text, click, incremental) = tags(String(lines[index]), at: here, sink: &sink)
        // The text of HTML indented inside its element is not a code block.
        lines[index] = Substring(text.trimmingCharacters(in: .whitespaces))
        // A click before content on this line: the blank line above holds the pause; a list of
        // clicks (`<v-clicks>`) starts hidden, then shows an item a click.
        let blankAbove = index > 0 && lines[index - 1].allSatisfy(\.isWhitespace)
        let blankBelow = index + 1 < lines.count && lines[index + 1].allSatisfy(\.isWhitespace)
        if let incremental {
          lines[index] = incremental ? "<!-- pause -->" : "<!-- incremental_lists: false -->"
          if incremental, blankBelow { lines[index + 1] = "<!-- incremental_lists: true -->" }
        } else if click {
          if text.allSatisfy(\.isWhitespace) {
            lines[index] = "<!-- pause -->"
          } else if blankAbove {
            lines[index - 1] = "<!-- pause -->"
          }
        }
      }
      index += 1
    }
    keepOnlyLastComment(&lines, in: slideStart..<lines.count)
  }

  /// The front matter after the separator at `separator`, if the next line is not blank (Slidev's
  /// rule); returns the line the slide's content starts on.
  private mutating func readFrontMatter(_ lines: inout [Substring], after separator: Int) -> Int {
    let next = separator + 1
    guard next < lines.count,
      !lines[next].allSatisfy(\.isWhitespace),
      let closing = lines[next...].firstIndex(where: { $0.trimmingTrailingWhitespace == "---" })
    else {
      frontMatters.append(nil)
      return next
    }
    let yaml = lines[next..<closing].joined(separator: "\n")
    // Not a mapping: the lines are the slide's content after all, never lost.
    guard case .mapping(let mapping)? = try? YAMLText.compose(yaml) else {
      frontMatters.append(nil)
      return next
    }
    frontMatters.append(FrontMatter(lines: next..<(closing + 1), mapping: mapping, yamlStart: next))
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

  /// A line's HTML and Vue tags: clicks become pauses, other tags are dropped and their text
  /// kept; `<img src>` is an image.
  private mutating func tags(_ line: String, at here: SourceLocation, sink: inout DiagnosticSink)
    -> (text: String, click: Bool, incremental: Bool?)
  {
    guard let regex = try? NSRegularExpression(pattern: #"</?([A-Za-z][\w.:-]*)([^<>]*?)/?>"#)
    else { return (line, false, nil) }
    var result = line
    var pause = false
    var incremental: Bool?
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
      var replacement = ""
      switch name.lowercased() {
      case "v-click", "v-after", "v-clicks", "v-switch", "v-drag":
        if !closing, name.lowercased() == "v-click" { pause = true }
        if name.lowercased() == "v-clicks" { incremental = !closing }
      case "template":
        // `<template #2>` in `<v-switch>`: each one after the first is a click.
        if !closing, attributes.contains("#"), !attributes.contains("#1"),
          !attributes.contains("#0")
        {
          pause = true
        }
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
      if !closing,
        attributes.range(of: #"(^|\s)v-click(\s|=|$|/)"#, options: .regularExpression) != nil
      {
        pause = true
      }
      result.replaceSubrange(Range(match.range, in: result)!, with: replacement)
    }
    return (result.allSatisfy(\.isWhitespace) ? "" : result, pause, incremental)
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
    ["<!-- pause -->", "<!-- column", "<!-- reset_layout", "<!-- incremental_lists"].contains {
      line.hasPrefix($0)
    }
  }

}
