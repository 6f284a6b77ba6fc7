import Foundation

extension SlideBuilder {
  /// Takes the `<style>` elements out of an HTML block, before anything else reads it: a plain
  /// `<style>` is the deck's CSS for every slide, wherever it is written, and `<style scoped>`
  /// the CSS of the slide it is in only (Marpit's global and scoped styles). Their text is never
  /// shown. Returns the rest of the block.
  mutating func takeStyles(_ literal: String, at here: SourceLocation) -> String {
    // Some dialects' tools have no such thing (Slidev's are dropped before parsing).
    guard rules.readsStyleBlocks, literal.range(of: "<style", options: .caseInsensitive) != nil
    else {
      return literal
    }
    var rest = ""
    var remaining = Substring(literal)
    // Lines before `remaining`, counted as it moves on (not from the start for each block).
    var linesBefore = 0
    while let open = remaining.range(of: "<style", options: .caseInsensitive) {
      // `<styles>` or `<style-x>` is another element.
      let after = remaining[open.upperBound...]
      guard let next = after.first, next == ">" || next == "/" || next.isWhitespace,
        let tagEnd = after.firstIndex(of: ">")
      else {
        rest += remaining[..<open.upperBound]
        linesBefore += remaining[..<open.upperBound].filter { $0 == "\n" }.count
        remaining = after
        continue
      }
      rest += remaining[..<open.lowerBound]
      let attributes = after[..<tagEnd].lowercased()
      let scoped = attributes.split(whereSeparator: { $0.isWhitespace || $0 == "/" })
        .contains { $0 == "scoped" || $0.hasPrefix("scoped=") }
      let body = after[after.index(after: tagEnd)...]
      let close = body.range(of: "</style", options: .caseInsensitive)
      let css = String(body[..<(close?.lowerBound ?? body.endIndex)])
      linesBefore += remaining[..<open.lowerBound].filter { $0 == "\n" }.count
      let location = SourceLocation(
        line: here.line + linesBefore, column: linesBefore == 0 ? here.column : 1)
      let sheet = StyleSheet(css: css, location: location)
      // Its class rules style the deck's HTML elements too (`SlideBuilder+HTML`).
      readClassCSS(css)
      if scoped {
        directives.styles.append(sheet)
      } else {
        styleSheets.append(sheet)
      }
      guard let close else {
        remaining = ""
        break
      }
      let tail = body[close.upperBound...]
      let resume = tail.firstIndex(of: ">").map { tail.index(after: $0) } ?? tail.endIndex
      linesBefore += remaining[open.lowerBound..<resume].filter { $0 == "\n" }.count
      remaining = tail[resume...]
    }
    return rest + remaining
  }
}
