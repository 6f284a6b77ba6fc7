import Foundation

extension DeckDialect {
  /// A PDF: a slide per page, or per run of pages with one label (overlays as build steps).
  public static let pdf = DeckDialect(rawValue: "pdf")
}

/// PDF decks (beamer, Keynote, PowerPoint, LibreOffice, Google Slides, Typst), with pdfpc's
/// notes: found by their bytes, not their text (`FileKind`), and read by `PDFDeckBuilder` from
/// the pages' labels, the `.pdfpc` beside the file, sticky notes and notes pages. It claims no
/// Markdown.
struct PDFDialect: Dialect {
  static let name = DeckDialect.pdf
  static let summary = DialectSummary(
    title: "PDF (with pdfpc's notes)",
    detected: "a file that starts `%PDF-`, by any name",
    reads: [
      "a slide per page, or per run of pages with one label (overlays as build steps)",
      "pdfpc's `.pdfpc` notes file, both formats, and its older `[notes]` one",
      "PDF sticky notes", "beamer's notes pages (`--notes-pages`)",
    ],
    warns: ["a damaged `.pdfpc`", "encrypted PDFs without `--password`"])

  static let readsMarkdown = false
  static func claim(_ source: DialectSource) -> Double? { nil }

  init(source: DialectSource) {}
}
