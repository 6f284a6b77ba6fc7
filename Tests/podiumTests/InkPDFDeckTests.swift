import Foundation
import PodiumCore
import PodiumPDF
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// `podium export --ink` of a PDF deck: the pages stay vectors (their text is text, no picture
/// appears), with the ink drawn over them where the PNG export draws it; handouts too.
@Suite struct InkPDFDeckTests {
  static let red = RGBAColor(red: 0xE5, green: 0x1E, blue: 0x1E)

  /// A folder with a copy of a LaTeX Beamer deck (vector text, no pictures) and a sidecar: a
  /// pen stroke across the lower half of its first page.
  func folder() throws -> URL {
    let folder = try Fixtures.temporaryDirectory()
    let source = Fixtures.packageRoot.appendingPathComponent(
      "Tests/Fixtures/pdf/beamer-overlays.pdf")
    let deckPath = folder.appendingPathComponent("talk.pdf").path
    try FileManager.default.copyItem(atPath: source.path, toPath: deckPath)
    // Read as `podium` reads a PDF deck (Poppler), for its pages' identities.
    var loader = DeckLoader(math: nil)
    loader.pdf = PopplerPDFReader()
    let deck = try #require(loader.load(deckPath).deck)
    let first = InkIdentity.identities(of: deck)[0]
    let sidecar = """
      podium-ink 1
      scope step
      stroke \(first) 0 pen #e51e1e 0.02 0.1,0.75 0.5,0.85 0.9,0.75

      """
    try sidecar.write(toFile: deckPath + ".ink", atomically: true, encoding: .utf8)
    return folder
  }

  func tool(_ name: String, _ arguments: [String], in folder: URL) throws -> CommandResult {
    try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/\(name)"), arguments, in: folder)
  }

  func image(_ path: String, in folder: URL) throws -> RGBImage {
    try RGBImage(contentsOf: folder.appendingPathComponent(path).path)
  }

  /// The red pixels of `image` in its lower half, and in its upper half (where there is no ink).
  func red(_ image: RGBImage) -> (lower: Int, upper: Int) {
    var lower = 0
    var upper = 0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let pixel = image.pixel(x: x, y: y)
        let near =
          abs(Int(pixel.red) - 0xE5) <= 12 && abs(Int(pixel.green) - 0x1E) <= 12
          && abs(Int(pixel.blue) - 0x1E) <= 12
        if near { if y >= image.height / 2 { lower += 1 } else { upper += 1 } }
      }
    }
    return (lower, upper)
  }

  @Test func aPDFDecksPagesStayVectorsWithTheInkOverThem() throws {
    let folder = try folder()
    let pdf = try CommandRunner.podium("export", "talk.pdf", "-o", "inked.pdf", "--ink", in: folder)
    #expect(pdf.status == 0, "\(pdf.stderr)")
    // The page's text is still text.
    let original = try tool("pdftotext", ["-f", "1", "-l", "1", "talk.pdf", "-"], in: folder)
    let exported = try tool("pdftotext", ["-f", "1", "-l", "1", "inked.pdf", "-"], in: folder)
    let words = original.stdout.split(whereSeparator: \.isWhitespace)
    #expect(words.count >= 3, "the fixture's first page has text: \(original.stdout)")
    for word in words {
      #expect(exported.stdout.contains(word), "'\(word)' in the exported page")
    }
    // No picture where the deck had none: the ink is paths, the pages are not rasterised.
    // (Poppler's cairo output gives Beamer's translucent footline a soft mask on page 1, with
    // or without ink: the inked export lists what the plain one does.)
    let deckImages = try tool("pdfimages", ["-list", "talk.pdf"], in: folder)
    #expect(deckImages.stdout.split(separator: "\n").count == 2, "\(deckImages.stdout)")
    let plain = try CommandRunner.podium("export", "talk.pdf", "-o", "plain.pdf", in: folder)
    #expect(plain.status == 0, "\(plain.stderr)")
    let plainImages = try tool("pdfimages", ["-list", "plain.pdf"], in: folder)
    let inkedImages = try tool("pdfimages", ["-list", "inked.pdf"], in: folder)
    #expect(inkedImages.stdout == plainImages.stdout, "\(inkedImages.stdout)")
    #expect(!inkedImages.stdout.contains(" rgb "), "no colour picture: \(inkedImages.stdout)")
    // Rasterised, the page shows the ink where the PNG export draws it.
    let png = try CommandRunner.podium(
      "export", "talk.pdf", "-o", "png", "--slides", "1", "--ink", in: folder)
    #expect(png.status == 0, "\(png.stderr)")
    let exportedPNG = try image("png/slide-001.png", in: folder)
    let raster = try tool(
      "pdftoppm",
      [
        "-png", "-f", "1", "-l", "1", "-scale-to-x", "\(exportedPNG.width)", "-scale-to-y",
        "\(exportedPNG.height)", "inked.pdf", "page",
      ], in: folder)
    #expect(raster.status == 0, "\(raster.stderr)")
    let page = try image("page-1.png", in: folder)
    let pageRed = red(page)
    let pngRed = red(exportedPNG)
    #expect(pngRed.lower > 2000 && pngRed.upper == 0, "the PNG's stroke: \(pngRed)")
    #expect(pageRed.lower > 2000 && pageRed.upper == 0, "the PDF page's stroke: \(pageRed)")
    let difference = try #require(page.difference(from: exportedPNG))
    #expect(difference.differing < 0.02, "PDF page vs PNG export: \(difference)")
    // Page 2 has no ink in either.
    let second = try tool(
      "pdftoppm", ["-png", "-f", "2", "-l", "2", "-r", "72", "inked.pdf", "second"], in: folder)
    #expect(second.status == 0)
    let secondPage = try image("second-2.png", in: folder)
    #expect(red(secondPage).lower + red(secondPage).upper == 0)

    // Handouts carry the ink, as a PNG and as a PDF whose text stays text.
    let handout = try CommandRunner.podium(
      "export", "talk.pdf", "-o", "handout", "--handout", "2", "--ink", in: folder)
    #expect(handout.status == 0, "\(handout.stderr)")
    let handoutPNG = red(try image("handout/handout-001.png", in: folder))
    #expect(handoutPNG.lower + handoutPNG.upper > 200, "the handout's ink: \(handoutPNG)")
    let handoutPDF = try CommandRunner.podium(
      "export", "talk.pdf", "-o", "handout.pdf", "--handout", "2", "--ink", in: folder)
    #expect(handoutPDF.status == 0, "\(handoutPDF.stderr)")
    let handoutText = try tool("pdftotext", ["-f", "1", "-l", "1", "handout.pdf", "-"], in: folder)
    #expect(words.allSatisfy { handoutText.stdout.contains($0) }, "\(handoutText.stdout)")
    let handoutRaster = try tool(
      "pdftoppm", ["-png", "-f", "1", "-l", "1", "-r", "100", "handout.pdf", "hpage"], in: folder)
    #expect(handoutRaster.status == 0)
    let handoutPage = try image("hpage-1.png", in: folder)
    #expect(red(handoutPage).lower + red(handoutPage).upper > 200, "the handout PDF's ink")
  }
}
