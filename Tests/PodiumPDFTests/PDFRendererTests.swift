import Foundation
import PodiumCore
import PodiumSDL
import PodiumTestSupport
import Testing

@testable import PodiumPDF

/// The PDF renderer's own pieces, with the real fonts PodiumSDL measures with.
@Suite struct PDFRendererTests {
  @Test func clustersMapGlyphsToTheirCharacters() {
    // "ffi" as one ligature glyph (bytes 0-2), then "x": two clusters.
    #expect(
      PDFRenderer.clusters([0, 3], byteCount: 4, backward: false).map { [$0.bytes, $0.glyphs] }
        == [[3, 1], [1, 1]])
    // A base letter and its mark as two glyphs of one cluster.
    #expect(
      PDFRenderer.clusters([0, 0, 2], byteCount: 3, backward: false).map { [$0.bytes, $0.glyphs] }
        == [[2, 2], [1, 1]])
    // Right to left: glyphs from the text's end; clusters listed in the text's order.
    #expect(
      PDFRenderer.clusters([4, 2, 0], byteCount: 6, backward: true).map { [$0.bytes, $0.glyphs] }
        == [[2, 1], [2, 1], [2, 1]])
    // Glyphs out of the text's order get no clusters (set as glyphs, not refused by cairo).
    #expect(PDFRenderer.clusters([2, 0, 4], byteCount: 6, backward: false).isEmpty)
  }

  @Test func shapedRunsAdvanceAsFarAsTheScreenMeasured() throws {
    let fonts = FontLibrary()
    for (text, font) in [
      ("What Podium is", FontSpec(family: "DejaVu Sans", size: 71, bold: true)),
      ("presenter console, timers", FontSpec(family: "DejaVu Sans", size: 50)),
      ("let ok = demo.run()", FontSpec(family: "DejaVu Sans Mono", size: 33)),
      ("日本語のテキスト", FontSpec(family: "DejaVu Sans", size: 40)),
    ] {
      let runs = fonts.fontRuns(of: text, font: font)
      #expect(!runs.isEmpty, "\(text)")
      for run in runs {
        let shaper = try ShapingFont(face: FreeTypeFace(path: run.file, pixelSize: run.pixelSize))
        let advance = shaper.shape(run.text, rightToLeft: run.rightToLeft, script: run.script)
          .reduce(0) { $0 + $1.xAdvance }
        // SDL_ttf's width is the pen's advance or the last glyph's ink, whichever ends later.
        #expect(
          abs(Double(advance) / 64 - run.width) <= 3, "\(run.text): \(advance / 64) vs \(run.width)"
        )
      }
    }
  }

  @Test func aPageWithTextImagesAndALinkIsWritten() throws {
    let folder = try Fixtures.temporaryDirectory()
    let path = folder.appendingPathComponent("page.pdf").path
    let fonts = FontLibrary()
    let measurer = SDLTextMeasurer(library: fonts)
    let document = try PDFDocument(path: path)
    let renderer = PDFRenderer(
      document: document, fonts: fonts, measurer: measurer, images: ImageLibrary())
    let font = FontSpec(family: "DejaVu Sans", size: 40)
    let image = Fixtures.packageRoot.appendingPathComponent("Decks/images/two-displays.png").path
    document.beginPage(points: (480, 270), scale: 0.5, label: "1")
    renderer.draw(
      SlideFrame(
        size: PixelSize(width: 960, height: 540),
        slideRect: Rect(x: 0, y: 0, width: 960, height: 540),
        commands: [
          .fill(
            Rect(x: 0, y: 0, width: 960, height: 540), RGBAColor(red: 250, green: 250, blue: 250)),
          .image(
            ImageItem(path: image, destination: Rect(x: 500, y: 100, width: 400, height: 225))),
          .text(
            TextItem(
              text: "Read the docs", font: font, color: RGBAColor(red: 0, green: 0, blue: 200),
              x: 40, y: 40, width: measurer.width(of: "Read the docs", font: font), underline: true,
              link: "https://podium.example/")),
        ]))
    document.endPage()
    try document.finish()
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.hasPrefix("%PDF-"))
    #expect(text.contains("/URI (https://podium.example/)"), "a link annotation")
    #expect(text.contains("/Subtype /Image"), "the picture")
    #expect(text.contains("/FontFile2"), "an embedded TrueType font")
    try PDFValidity.expectValid(path)
  }

  @Test func linkAddressesArePercentEncodedWhereAPDFStringWouldNeedEscapes() {
    #expect(PDFDocument.pdfURI("foo(and(bar)") == "foo%28and%28bar%29")
    #expect(
      PDFDocument.pdfURI("https://en.wikipedia.org/wiki/Swift_(programming_language)")
        == "https://en.wikipedia.org/wiki/Swift_%28programming_language%29")
    #expect(PDFDocument.pdfURI(#"a\b"#) == "a%5Cb")
    #expect(PDFDocument.pdfURI("https://x.org/ünï?q=a b") == "https://x.org/%C3%BCn%C3%AF?q=a%20b")
    // An escape already there stays; a % that starts none is encoded.
    #expect(PDFDocument.pdfURI("a%20b%zz%") == "a%20b%25zz%25")
    #expect(PDFDocument.pdfURI("https://x.org/a?b=c&d=e#f") == "https://x.org/a?b=c&d=e#f")
    #expect(PDFDocument.pdfURI("<\"{}|^`>") == "%3C%22%7B%7D%7C%5E%60%3E")
  }

  /// Links whose addresses hold every character a PDF string escapes, on two pages, with an
  /// outline and metadata in parentheses and backslashes: qpdf finds the file whole, and
  /// Poppler reads each address back as it was encoded.
  @Test func aPDFWithLinksIsWholeAndItsAddressesReadBack() throws {
    let folder = try Fixtures.temporaryDirectory()
    let path = folder.appendingPathComponent("links.pdf").path
    let fonts = FontLibrary()
    let measurer = SDLTextMeasurer(library: fonts)
    let document = try PDFDocument(path: path)
    document.setMetadata(
      title: #"A (title) \ with ) escapes ("#, author: "Ünïcode (me)", subject: nil,
      creator: "Podium")
    let renderer = PDFRenderer(
      document: document, fonts: fonts, measurer: measurer, images: ImageLibrary())
    let font = FontSpec(family: "DejaVu Sans", size: 40)
    let links = ["foo(and(bar)", #"back\slash"#, "https://x.org/ünï", "https://y.org/a)b"]
    for (page, pair) in [links[0...1], links[2...3]].enumerated() {
      document.beginPage(points: (480, 270), scale: 0.5, label: "\(page + 1)")
      renderer.draw(
        SlideFrame(
          size: PixelSize(width: 960, height: 540),
          slideRect: Rect(x: 0, y: 0, width: 960, height: 540),
          commands: pair.enumerated().map { line, link in
            .text(
              TextItem(
                text: "link \(line)", font: font, color: RGBAColor(red: 0, green: 0, blue: 200),
                x: 40, y: 40 + Double(line) * 80, width: measurer.width(of: "link 0", font: font),
                link: link))
          }))
      document.endPage()
      document.addOutline(#"\(page + 1). A (slide) \ here"#, page: page + 1)
    }
    try document.finish()
    try PDFValidity.expectValid(path)
    let listed = try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/pdfinfo"), ["-url", path])
    for link in links {
      #expect(listed.stdout.contains(PDFDocument.pdfURI(link)), "\(link) in \(listed.stdout)")
    }
  }
}
