import Foundation
import PodiumTestSupport
import Testing

@testable import PodiumCore

/// pdfpc's notes files as the tools that write them in the wild write them, read as pdfpc
/// reads them (issue 46): Typst's polylux and touying write labels as numbers and mark overlay
/// pages `forcedOverlay`; beamer's appendix numbers its pages from 1 again.
@Suite struct PdfpcWildTests {
  typealias Page = PDFDocumentInfo.Page

  @Test func numbersWhereStringsAreAndForcedOverlaysAreReadAsPdfpcReadsThem() throws {
    let json = """
      {"pdfpcFormat": 2, "disableMarkdown": false, "pages": [
        {"idx": 0, "label": 1, "overlay": 0, "forcedOverlay": false, "hidden": false},
        {"idx": 1, "label": 2, "overlay": 0, "forcedOverlay": false, "note": "first"},
        {"idx": 2, "label": 2, "overlay": 1, "forcedOverlay": true, "note": "first"},
        {"idx": "3", "label": 3.0, "overlay": "0", "forcedOverlay": 0, "note": "second"},
        {"idx": 4, "label": 3, "forcedOverlay": "true"}
      ]}
      """
    guard case .success(let file) = PdfpcFile.parse(Array(json.utf8)) else {
      Issue.record("a polylux file is read")
      return
    }
    #expect(file.pages?.map(\.label) == ["1", "2", "2", "3", "3"])
    #expect(file.pages?.map(\.idx) == [0, 1, 2, 3, 4])
    #expect(file.pages?.map(\.forcedOverlay) == [false, false, true, false, true])
    // Typst's PDFs have no page labels: the file's overlays make the slides.
    let info = PDFDocumentInfo(pages: (0..<5).map { _ in Page(width: 800, height: 450) })
    let (deck, _) = PDFDeckBuilder(path: "/t/talk.pdf", info: info, pdfpc: file).deck()
    #expect(deck.slides.map(\.stepCount) == [1, 2, 2])
    // polylux writes a slide's note on each of its overlay pages: one part, at both steps.
    #expect(deck.slides[1].notes.map(\.plainText) == ["first"])
    #expect(deck.slides[1].notesParts == [0])
  }

  @Test func labelsThatStartAgainForAnAppendixAreStillRunsOfPages() {
    let labels = ["1", "2", "2", "3", "1", "2", "2"]
    let info = PDFDocumentInfo(pages: labels.map { Page(width: 800, height: 450, label: $0) })
    var builder = PDFDeckBuilder(path: "/t/talk.pdf", info: info)
    builder.titles = { pages, _ in pages.map { _ in "same title" } }
    let (deck, _) = builder.deck()
    #expect(deck.slides.map(\.stepCount) == [1, 2, 1, 1, 2])
  }
}
