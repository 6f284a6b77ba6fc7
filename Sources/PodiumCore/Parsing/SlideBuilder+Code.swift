import Foundation

/// Code fences for `SlideBuilder`: a displayed formula written as one, and a code block with
/// the options of the tool the deck is written for (`SlideRules.fences`: line highlighting
/// and numbers, a language written as an attribute) and executable snippets.
extension SlideBuilder {
  /// The TeX of a code block that is a displayed formula: ```` ```math ```` (GitHub's, and
  /// `$$` alone on a line) and presenterm's ```` ```latex +render ````, its `\[ \]` or `$$`
  /// taken off.
  func displayFormula(info: String, literal: String) -> String? {
    let words = infoWords(info).map { $0.lowercased() }
    guard words.first == "math" || (words.first == "latex" && words.contains("+render")) else {
      return nil
    }
    var tex = literal.trimmingCharacters(in: .whitespacesAndNewlines)
    for (open, close) in [("\\[", "\\]"), ("$$", "$$"), ("$", "$")]
    where tex.count > open.count + close.count && tex.hasPrefix(open) && tex.hasSuffix(close) {
      tex = String(tex.dropFirst(open.count).dropLast(close.count))
      break
    }
    return tex.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Fences whose tools draw them as diagrams (Slidev, Marp's plugins, GitHub): the name each
  /// warning gives them.
  static let diagramLanguages = [
    "mermaid": "Mermaid", "plantuml": "PlantUML", "puml": "PlantUML",
  ]
  private static let diagramReasons = [
    "Mermaid": "no Mermaid renderer is packaged for Debian (mermaid-cli needs Node and a browser)",
    "PlantUML": "Podium does not run PlantUML",
  ]

  mutating func convertCode(info: String, literal: String, at here: SourceLocation)
    -> CodeBlock
  {
    let words = infoWords(info)
    var language = words.first.map { $0.lowercased() }
    // Pandoc's `{.numberLines}` and similar attribute blocks are not a language.
    if let first = language, first.hasPrefix("{") || first.hasPrefix(".") { language = nil }
    if language == "typst" && words.contains("+render") {
      diagnostics.warning(
        "typst formulas are shown as code: typst is not packaged for Debian 12; "
          + "write the formula in LaTeX ('```latex +render' or '$$ ... $$')", at: here)
    }
    if let run = SnippetRun(words: words), !inNotes { noteRun(run, language: language, at: here) }
    if let language, let diagram = Self.diagramLanguages[language], !inNotes,
      warnedDiagrams.insert(diagram).inserted
    {
      diagnostics.warning(
        "\(diagram) diagrams are shown as their source, coloured: "
          + "\(Self.diagramReasons[diagram] ?? "Podium draws no diagrams"); later ones are not reported",
        at: here)
    }
    var code = literal
    if code.hasSuffix("\n") { code.removeLast() }
    var block = CodeBlock(
      language: rules.fences?.language(ofAttributes: info) ?? language, code: code)
    block.firstLineNumber = rules.fences?.firstLineNumber(info: info, words: words)
    if let fences = rules.fences, let dimming = fences.dimming, !inNotes,
      let ranges = Self.highlightRanges(info)
    {
      // presenterm's `{1,3}` highlights lines and `{1|2|all}` steps through them
      // (docs/src/features/code/highlighting.md); Slidev's `{2-3|5|all}` the same, a click a
      // stage (its line-highlighting.md). Braces of anything else are another option's
      // (Slidev's `{monaco}`, `{lines:true}`).
      if let stages = CodeHighlight.stages(ranges) {
        // One stage of every line is no highlighting.
        if stages.count > 1 || stages.first?.lines != nil {
          block.highlights = stages
          block.dimming = dimming
        }
      } else if fences.warnsAboutOtherBraces {
        diagnostics.warning(
          "line highlighting '{\(ranges.prefix(40))}' is not understood: the code shows whole",
          at: here)
      }
    }
    return block
  }

  /// What the first braces of a fence's info string hold (`ts {1|3-4}`, `rust {1,3} +exec`,
  /// `ts [file.ts] {2}{lines:true}`).
  static func highlightRanges(_ info: String) -> Substring? {
    guard let open = info.firstIndex(of: "{"), let close = info[open...].firstIndex(of: "}")
    else { return nil }
    return info[info.index(after: open)..<close]
  }

  /// A fence's info string as words, with `+render` for the languages the dialect renders
  /// (presenterm's `auto_render_languages`).
  private func infoWords(_ info: String) -> [String] {
    var words = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    if let language = words.first?.lowercased(),
      rules.fences?.autoRenderLanguages.contains(language) == true, !words.contains("+render")
    {
      words.append("+render")
    }
    return words
  }
}
