import Foundation
import PodiumCore
import PodiumSDL
import PodiumTestSupport
import Testing

@testable import PodiumPDF

/// The slides' SVGs of an HTML export: glyphs and pictures shared, every other id a page's own,
/// every reference resolved.
@Suite struct SVGDefinitionsTests {
  /// Two pages as cairo 1.16's SVG surface writes them: the same `glyph0-1` id meaning other
  /// glyphs, the same picture on both, clips of the same id.
  static func page(glyph: String, clip: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \
    width="200pt" height="100pt" viewBox="0 0 200 100" version="1.1">
    <defs>
    <g>
    <symbol overflow="visible" id="glyph0-0">
    <path style="stroke:none;" d="M 1 1 L 2 2 Z"/>
    </symbol>
    <symbol overflow="visible" id="glyph0-1">
    <path style="stroke:none;" d="\(glyph)"/>
    </symbol>
    </g>
    <clipPath id="clip1">
      <path d="\(clip)"/>
    </clipPath>
    <image id="image5" width="4" height="4" xlink:href="data:image/png;base64,iVBORw0KGgo="/>
    <pattern id="pattern0" patternUnits="userSpaceOnUse" width="4" height="4">
      <use xlink:href="#image5"/>
    </pattern>
    </defs>
    <g id="surface1">
    <g clip-path="url(#clip1)" clip-rule="nonzero">
    <g style="fill:rgb(0%,0%,100%);fill-opacity:1;">
      <use xlink:href="#glyph0-0" x="10" y="40"/>
      <use xlink:href="#glyph0-1" x="25" y="40"/>
    </g>
    </g>
    <rect x="0" y="0" width="200" height="100" style="fill:url(#pattern0);stroke:none;"/>
    </g>
    </svg>
    """
  }

  /// Every `id="..."` in `text`.
  static func ids(in text: String) -> [String] {
    text.components(separatedBy: " id=\"").dropFirst().compactMap {
      $0.split(separator: "\"", maxSplits: 1).first.map(String.init)
    }
  }

  /// Every id that `#id` refers to in `text` (`href="#x"`, `url(#x)`).
  static func references(in text: String) -> [String] {
    text.components(separatedBy: "#").dropFirst().compactMap { piece in
      let name = piece.prefix { $0 != "\"" && $0 != ")" }
      return name.isEmpty ? nil : String(name)
    }
  }

  @Test func glyphsAndPicturesAreSharedAndOtherIdsArePrefixed() {
    var shared = SVGDefinitions()
    let first = shared.inline(
      Self.page(glyph: "M 5 5 L 6 6 Z", clip: "M 0 0 L 9 9 Z"), prefix: "p1-",
      attributes: "viewBox=\"0 0 200 100\"")
    let second = shared.inline(
      Self.page(glyph: "M 7 7 L 8 8 Z", clip: "M 1 1 L 3 3 Z"), prefix: "p2-",
      attributes: "viewBox=\"0 0 200 100\"")
    // glyph0-0 is the same outline on both pages, glyph0-1 is not; one picture in all.
    #expect(shared.elements.filter { $0.hasPrefix("<symbol") }.count == 3, "\(shared.elements)")
    #expect(shared.elements.filter { $0.hasPrefix("<image") }.count == 1)
    #expect(shared.elements.allSatisfy { !$0.contains("xlink") })
    #expect(first.hasPrefix("<svg viewBox=\"0 0 200 100\">") && first.hasSuffix("</svg>"))
    for page in [first, second] {
      #expect(!page.contains("xlink"), "\(page)")
      #expect(!page.contains("<symbol") && !page.contains("<image"), "\(page)")
      #expect(!page.contains("<?xml"))
    }
    #expect(first.contains("id=\"p1-clip1\"") && first.contains("url(#p1-clip1)"))
    #expect(second.contains("id=\"p2-clip1\"") && second.contains("url(#p2-clip1)"))
    #expect(first.contains("href=\"#g0\"") && second.contains("href=\"#g0\""), "glyph0-0 shared")
    #expect(first.contains("href=\"#g1\"") && second.contains("href=\"#g2\""), "\(second)")
    // Every reference of every page names an id of that page or a shared one, and no id is
    // given twice in the document.
    let sharedIDs = shared.elements.flatMap { Self.ids(in: " " + $0) }
    let all = sharedIDs + Self.ids(in: first) + Self.ids(in: second)
    #expect(Set(all).count == all.count, "\(all)")
    for page in [first, second] {
      let known = Set(sharedIDs + Self.ids(in: page))
      for reference in Self.references(in: page) {
        #expect(known.contains(reference), "#\(reference) in \(page)")
      }
    }
  }

  /// The renderer draws a frame on cairo's SVG surface: text as shared glyph outlines used at
  /// their places, a picture once for two steps, links as links, every reference resolved.
  @Test func framesDrawnAsSVGShareTheirGlyphsAndPictures() throws {
    let fonts = FontLibrary()
    let measurer = SDLTextMeasurer(library: fonts)
    let font = FontSpec(family: "DejaVu Sans", size: 40)
    let image = Fixtures.packageRoot.appendingPathComponent("Decks/images/two-displays.png").path
    var shared = SVGDefinitions()
    var renderer: PDFRenderer?
    var pages: [String] = []
    for (number, words) in ["Read the docs", "Read the docs again"].enumerated() {
      let page = try SVGPage(size: PixelSize(width: 960, height: 540))
      if let renderer { renderer.document = page }
      let drawing =
        renderer
        ?? PDFRenderer(
          document: page, fonts: fonts, measurer: measurer, images: ImageLibrary())
      renderer = drawing
      drawing.draw(
        SlideFrame(
          size: PixelSize(width: 960, height: 540),
          slideRect: Rect(x: 0, y: 0, width: 960, height: 540),
          commands: [
            .fill(
              Rect(x: 0, y: 0, width: 960, height: 540),
              RGBAColor(red: 250, green: 250, blue: 250)),
            .pushClip(Rect(x: 0, y: 0, width: 900, height: 500)),
            .image(
              ImageItem(path: image, destination: Rect(x: 500, y: 100, width: 400, height: 225))),
            .text(
              TextItem(
                text: words, font: font, color: RGBAColor(red: 0, green: 0, blue: 200),
                x: 40, y: 40, width: measurer.width(of: words, font: font),
                link: "https://podium.example/?a=1&b=2")),
            .text(
              TextItem(
                text: "run", font: font, color: RGBAColor(red: 0, green: 0, blue: 0),
                x: 40, y: 140, width: measurer.width(of: "run", font: font),
                link: "javascript:alert(1)")),
            .popClip,
          ]))
      pages.append(
        shared.inline(
          try page.finish(), prefix: "p\(number + 1)-", attributes: "viewBox=\"0 0 960 540\""))
    }
    let glyphs = shared.elements.filter { $0.hasPrefix("<symbol") }
    // R, e, a, d, space, t, h, o, c, s, g, i, n, r, u (and the font's .notdef, which cairo
    // always writes): each once for both pages.
    let letters = Set("Read the docs again run").count
    #expect((letters...letters + 1).contains(glyphs.count), "\(glyphs.count) glyphs")
    #expect(shared.elements.filter { $0.hasPrefix("<image") }.count == 1, "one picture")
    let sharedIDs = Set(shared.elements.flatMap { Self.ids(in: " " + $0) })
    for page in pages {
      #expect(page.components(separatedBy: "<use href=\"#g").count - 1 >= 13, "\(page.prefix(600))")
      // The web link is an <a> over its words; a script's is left out.
      #expect(
        page.contains(
          "<a href=\"https://podium.example/?a=1&amp;b=2\" target=\"_blank\" rel=\"noopener\">"
            + "<rect x=\"40.0\" y=\"40.0\" width=\""), "\(page.suffix(400))")
      #expect(!page.contains("javascript"))
      let known = sharedIDs.union(Self.ids(in: page))
      for reference in Self.references(in: page) {
        #expect(known.contains(reference), "#\(reference)")
      }
    }
  }
}
