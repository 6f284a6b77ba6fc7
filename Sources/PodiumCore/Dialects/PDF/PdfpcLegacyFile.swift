import Foundation

/// pdfpc's older notes format, the one most `.pdfpc` files on the web are still written in
/// (pdfpc before 4.5, and LaTeX packages such as pdfpc-commands that write it from `\pdfpcnote`):
///
/// ```
/// [file]
/// talk.pdf
/// [duration]
/// 20
/// [skip]
/// 3,4,
/// [notes]
/// ### 1
/// Open with the question
/// ```
///
/// pdfpc cuts the file at each `[name]` and reads the text up to the next one. `### N` in the
/// notes is the N-th slide as pdfpc counts slides (runs of pages with one label: beamer's
/// overlays share their note). `[skip]` lists pages, from 1, that are overlays of the page before
/// (the last field is dropped, as pdfpc drops it: lines end with a comma).
extension PdfpcFile {
  /// The sections pdfpc's reader knows. Only these cut the file: a `[word]` in a note (a
  /// Markdown link's text) stays text, where pdfpc would lose the rest of the notes.
  static let legacySections: Set<String> = [
    "file", "duration", "end_time", "start_time", "end_user_slide", "last_saved_slide",
    "last_minutes", "font_size", "notes", "notes_position", "skip",
  ]

  /// Whether the text is in the older format: its first non-blank line opens a section.
  static func isLegacy(_ text: String) -> Bool {
    guard let first = text.split(whereSeparator: \.isNewline).first(where: { !$0.isEmpty }),
      let name = sectionName(first.trimmingCharacters(in: .whitespaces))
    else { return false }
    return legacySections.contains(name)
  }

  /// `name` for a line that is exactly `[name]`.
  private static func sectionName(_ line: String) -> String? {
    guard line.count > 2, line.first == "[", line.last == "]" else { return nil }
    let name = line.dropFirst().dropLast()
    guard name.allSatisfy({ $0.isLetter || $0 == "_" }) else { return nil }
    return String(name)
  }

  /// The file read from pdfpc's older format; what in it Podium could not take is in `problems`.
  static func parseLegacy(_ text: String) -> PdfpcFile {
    var file = PdfpcFile()
    file.pdfpcFormat = nil
    for section in legacySectionsIn(text) {
      let here = SourceLocation(line: section.line, column: 1)
      file.sectionLines[section.name] = section.line
      let content = section.body.trimmingCharacters(in: .whitespacesAndNewlines)
      func number() -> Int? {
        guard let value = Int(content) else {
          file.problems.append(
            PdfpcProblem(
              message: "[\(section.name)] is not a whole number: '\(content)' (ignored)",
              location: here))
          return nil
        }
        return value
      }
      switch section.name {
      case "duration": file.duration = number()
      case "end_time": file.endTime = content
      case "start_time": file.startTime = content
      case "last_minutes": file.lastMinutes = number()
      case "end_user_slide": file.endSlide = number()
      case "last_saved_slide": file.savedSlide = number()
      case "font_size": file.noteFontSize = number()
      case "notes_position": file.beamerNotePosition = content
      case "skip": file.pages = skippedPages(content)
      case "notes": file.slideNotes = legacyNotes(section.body)
      default: break  // [file]: the PDF is the one beside the notes file, as Podium found it.
      }
    }
    return file
  }

  /// Where section `name` (`end_user_slide`) starts, in a file of the older format.
  func location(of name: String) -> SourceLocation? {
    sectionLines[name].map { SourceLocation(line: $0, column: 1) }
  }

  private struct LegacySection {
    var name: String
    /// The line of `[name]`, from 1.
    var line: Int
    var body: String
  }

  /// The file cut at its `[name]` lines.
  private static func legacySectionsIn(_ text: String) -> [LegacySection] {
    var sections: [LegacySection] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if let name = sectionName(trimmed), legacySections.contains(name) {
        sections.append(LegacySection(name: name, line: index + 1, body: ""))
      } else if !sections.isEmpty {
        sections[sections.count - 1].body += line + "\n"
      }
    }
    return sections
  }

  /// `3,4,` as pages 3 and 4 (from 1) forced to be overlays of the page before.
  private static func skippedPages(_ content: String) -> [Page] {
    let fields = content.split(separator: ",", omittingEmptySubsequences: false).dropLast()
    return fields.compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }.filter { $0 > 0 }
      .map { Page(idx: $0 - 1, overlay: 1, forcedOverlay: true) }
  }

  /// The notes under each `### N` line, by N (the slide, from 1), with pdfpc's escapes
  /// (`\[`, `\]`, `\#`) taken off. A `### heading` that is not a number stays in the note.
  private static func legacyNotes(_ body: String) -> [Int: String] {
    var notes: [Int: String] = [:]
    var current: Int?
    for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("### "),
        let slide = Int(line.dropFirst(4).trimmingCharacters(in: .whitespaces))
      {
        current = slide
        notes[slide, default: ""] += notes[slide] == nil ? "" : "\n\n"
        continue
      }
      guard let slide = current else { continue }
      notes[slide, default: ""] += unescape(line) + "\n"
    }
    return notes.mapValues { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
      .filter { !$0.value.isEmpty }
  }

  private static func unescape(_ line: Substring) -> String {
    var result = ""
    var escaped = false
    for character in line {
      if escaped {
        if !"[]#".contains(character) { result.append("\\") }
        result.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else {
        result.append(character)
      }
    }
    if escaped { result.append("\\") }
    return result
  }
}
