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
  }
}
