import Foundation

/// Code fences for `SlideBuilder`: a displayed formula written as one, and a code block with
/// the options of the tool the deck is written for (presenterm's snippets, line highlighting
/// and numbers, Slidev's and pandoc's).
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
    var code = literal
    if code.hasSuffix("\n") { code.removeLast() }
    var block = CodeBlock(language: pandocLanguage(info) ?? language, code: code)
    block.firstLineNumber = firstLineNumber(info, words: words)
    let dimming: CodeHighlight.Dimming? =
      fenceOptions == .presenterm ? .plain : fenceOptions == .slidev ? .faded : nil
    if let dimming, !inNotes, let ranges = Self.highlightRanges(info) {
      // presenterm's `{1,3}` highlights lines and `{1|2|all}` steps through them
      // (docs/src/features/code/highlighting.md); Slidev's `{2-3|5|all}` the same, a click a
      // stage (its line-highlighting.md). Braces of anything else are Slidev's options
      // (`{monaco}`, `{lines:true}`).
      if let stages = CodeHighlight.stages(ranges) {
        // One stage of every line is no highlighting.
        if stages.count > 1 || stages.first?.lines != nil {
          block.highlights = stages
          block.dimming = dimming
        }
      } else if fenceOptions == .presenterm {
        diagnostics.warning(
          "line highlighting '{\(ranges.prefix(40))}' is not understood: the code shows whole",
          at: here)
      }
    }
    return block
  }

  /// Where a fence numbers its lines, the first line's number: presenterm's `+line_numbers`;
  /// Slidev's `{lines:true}` and `startLine:`; pandoc's `.numberLines` (or `.number-lines`) and
  /// `startFrom=`.
  private func firstLineNumber(_ info: String, words: [String]) -> Int? {
    func number(after key: String) -> Int? {
      guard let range = info.range(of: key) else { return nil }
      let digits = info[range.upperBound...].drop { $0 == " " || $0 == "\"" || $0 == "'" }
        .prefix { $0.isNumber }
      return Int(digits.prefix(9))
    }
    switch fenceOptions {
    case .presenterm:
      return words.contains("+line_numbers") ? 1 : nil
    case .slidev:
      let options = info.replacingOccurrences(of: " ", with: "")
      return options.contains("lines:true") ? number(after: "startLine:") ?? 1 : nil
    case .pandoc:
      guard info.contains(".numberLines") || info.contains(".number-lines") else { return nil }
      return number(after: "startFrom=") ?? 1
    case nil:
      return nil
    }
  }

  /// The language of a pandoc fence written with attributes only (`{.haskell .numberLines}`):
  /// its first class that is not one of pandoc's own.
  private func pandocLanguage(_ info: String) -> String? {
    guard fenceOptions == .pandoc, info.hasPrefix("{") else { return nil }
    return info.dropFirst().split(whereSeparator: { $0 == " " || $0 == "}" })
      .first { $0.hasPrefix(".") && $0 != ".numberLines" && $0 != ".number-lines" }
      .map { $0.dropFirst().lowercased() }
  }

  /// What the first braces of a fence's info string hold (`ts {1|3-4}`, `rust {1,3} +exec`,
  /// `ts [file.ts] {2}{lines:true}`).
  static func highlightRanges(_ info: String) -> Substring? {
    guard let open = info.firstIndex(of: "{"), let close = info[open...].firstIndex(of: "}")
    else { return nil }
    return info[info.index(after: open)..<close]
  }

  /// A fence's info string as words, with presenterm's `+render` for the languages its
  /// `auto_render_languages` option names.
  private func infoWords(_ info: String) -> [String] {
    var words = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    if let language = words.first?.lowercased(),
      presenterm?.autoRenderLanguages.contains(language) == true, !words.contains("+render")
    {
      words.append("+render")
    }
    return words
  }
}
