import Foundation

/// reveal.js's Markdown notes (its Markdown plugin's `data-separator-notes`, `^Note:` by
/// default): from a line starting `Note:` to the end of the slide, the slide's speaker notes.
/// Written in Podium's syntax line for line: the blank line above holds the notes marker and the
/// `Note:` is taken off its line; without a blank line above, that line alone becomes a note.
enum RevealNotes {
  /// Whether the deck writes reveal.js's notes: some line outside code starts with `Note:`.
  static func rewrite(_ lines: inout [Substring], sourceMap: inout SlideBuilder.SourceMap) -> Bool {
    var inCode = false
    var changed = false
    for index in lines.indices {
      let line = lines[index]
      if line.hasPrefix("```") || line.hasPrefix("~~~") { inCode.toggle() }
      guard !inCode, line.hasPrefix("Note:") else { continue }
      let text = line.dropFirst(5).drop { $0 == " " }
      if index > 0, lines[index - 1].allSatisfy(\.isWhitespace) {
        lines[index - 1] = Substring(DeckParser.notesMarker)
        lines[index] = text
        sourceMap.columnShift[index + 1] = line.count - text.count
      } else {
        lines[index] = Substring("<!-- speaker_note: \(text) -->")
      }
      changed = true
    }
    return changed
  }
}
