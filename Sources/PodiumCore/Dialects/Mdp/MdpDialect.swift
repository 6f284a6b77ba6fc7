import Foundation

extension DeckDialect {
  /// mdp: `%title:` metadata; every thematic break separates slides; `-> text <-` centres.
  public static let mdp = DeckDialect(rawValue: "mdp")
}

/// mdp's terminal decks (its sample.md and README): `%title:`, `%author:` and `%date:` lines
/// open the deck, every thematic break separates slides, `-> text <-` centres a line, `^` or
/// `<br>` alone on a line pauses, and every source line is a line.
struct MdpDialect: Dialect {
  static let name = DeckDialect.mdp
  static let summary = DialectSummary(
    title: "mdp",
    detected: "`%title:`, `%author:` or `%date:` lines opening a deck with no front matter",
    reads: [
      "the `%` metadata lines", "every thematic break as a slide break",
      "`-> centred <-` lines", "`^` and `<br>` pauses", "soft line breaks as line breaks",
    ],
    warns: [])

  static func claim(_ source: DialectSource) -> Double? {
    guard FrontMatter.locate(in: source.lines) == nil else { return nil }
    return metadataLines(source.lines) != nil ? 0.4 : nil
  }

  init(source: DialectSource) {}

  /// mdp decks open with `%title:`, `%author:` or `%date:` lines; returns how many.
  private static func metadataLines(_ lines: [Substring]) -> Int? {
    var count = 0
    for line in lines {
      let lowered = line.lowercased()
      if lowered.hasPrefix("%title:") || lowered.hasPrefix("%author:")
        || lowered.hasPrefix("%date:")
      {
        count += 1
      } else {
        break
      }
    }
    return count > 0 ? count : nil
  }

  /// The `%` lines are the deck's metadata, blanked so that cmark's lines stay the file's.
  mutating func translate(
    _ lines: inout [Substring], metadata: inout DeckMetadata, sink: inout DiagnosticSink
  ) {
    for index in 0..<(Self.metadataLines(lines) ?? 0) {
      let line = lines[index]
      guard let colon = line.firstIndex(of: ":") else { continue }
      let key = line[line.index(after: line.startIndex)..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      switch key {
      case "title": metadata.title = value
      case "author": metadata.author = value
      case "date": metadata.date = value
      default: break
      }
      lines[index] = ""
    }
  }

  /// `-> centred <-` lines and `^`/`<br>` pause lines. Other HTML blocks are not protected:
  /// cmark swallows an mdp `<br>` line and everything up to the next blank line into one.
  func rewrite(
    _ lines: inout [Substring], protected: [Bool], sourceMap: inout SlideBuilder.SourceMap
  ) -> Bool {
    var changed = false
    for index in lines.indices where !protected[index + 1] {
      let line = lines[index]
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed == "^" || trimmed.lowercased() == "<br>" {
        // The pause must sit inside the list item that follows it, so take that line's indent.
        let next = lines[(index + 1)...].first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        let indent = next?.prefix { $0 == " " } ?? ""
        lines[index] = Substring(indent + "<!-- pause -->")
        changed = true
      } else if trimmed.hasPrefix("->") && trimmed.hasSuffix("<-") && trimmed.count >= 4 {
        let leading = line.prefix { $0 == " " }.utf8.count
        var inner = trimmed.dropFirst(2).dropLast(2)
        let innerLeading = inner.prefix { $0 == " " }.utf8.count
        inner = inner.drop { $0 == " " }
        while inner.last == " " { inner = inner.dropLast() }
        lines[index] = Substring(inner)
        sourceMap.columnShift[index + 1] = leading + 2 + innerLeading
        sourceMap.centeredLines.insert(index + 1)
        changed = true
      }
    }
    return changed
  }

  func readsFootnotes(_ metadata: DeckMetadata) -> Bool { false }

  func slideRules(_ metadata: DeckMetadata) -> SlideRules {
    var rules = SlideRules()
    rules.softBreaksAreLineBreaks = true
    rules.unknownDirectiveValuesAreWarnings = true
    return rules
  }

  func isSeparator(_ node: MarkdownNode, lines: [Substring], metadata: DeckMetadata) -> Bool {
    node.kind == .thematicBreak
  }

  mutating func finish(
    _ slides: [Slide], metadata: inout DeckMetadata, builder: inout SlideBuilder,
    headingDivider: Int?, sink: inout DiagnosticSink
  ) -> [Slide] {
    slides.trimmedOfEmptyEnds()
  }
}
