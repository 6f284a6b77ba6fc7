import PodiumCore
import PodiumTestSupport
import Testing

/// The zoom as a value: a region of the slide in slide coordinates, and how views map through
/// it; the layout it draws again at the zoomed size; the marks the tools draw over a view.
@Suite struct SlideViewportTests {
  let view = Rect(x: 100, y: 50, width: 800, height: 450)

  func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
  }

  @Test func aBoxIsWidenedToTheSlidesAspectAroundItsCentreAndKeptOnTheSlide() {
    // A wide, short box: its width decides, its centre stays.
    let wide = SlideViewport(box: Rect(x: 0.2, y: 0.4, width: 0.4, height: 0.1))
    #expect(wide.region == Rect(x: 0.2, y: 0.25, width: 0.4, height: 0.4))
    #expect(close(wide.factor, 2.5))
    #expect(wide.isZoomed)
    // Near the corner: moved back inside the slide, the size kept.
    let corner = SlideViewport(box: Rect(x: 0.85, y: 0.9, width: 0.3, height: 0.05)).region
    #expect(close(corner.x, 0.7) && close(corner.y, 0.7) && close(corner.width, 0.3))
    #expect(close(corner.height, 0.3))
    // A speck: no closer than the maximum zoom.
    let speck = SlideViewport(box: Rect(x: 0.5, y: 0.5, width: 0.001, height: 0.001))
    #expect(close(speck.factor, SlideViewport.maximumZoom))
    // Larger than the slide: the whole slide.
    #expect(!SlideViewport(box: Rect(x: -1, y: -1, width: 3, height: 3)).isZoomed)
    #expect(!SlideViewport(box: Rect(x: .nan, y: 0, width: .infinity, height: 1)).isZoomed)
  }

  @Test func viewPositionsAndSlidePointsMapThroughTheZoomBothWays() throws {
    let zoom = SlideViewport(box: Rect(x: 0.5, y: 0.25, width: 0.25, height: 0.25))
    // The view's centre is the region's centre on the slide.
    let centre = try #require(zoom.slidePoint(underX: 500, y: 275, in: view))
    #expect(close(centre.x, 0.625) && close(centre.y, 0.375))
    // The view's top-left corner is the region's.
    let corner = try #require(zoom.slidePoint(underX: 100, y: 50, in: view))
    #expect(close(corner.x, 0.5) && close(corner.y, 0.25))
    #expect(zoom.slidePoint(underX: 99, y: 60, in: view) == nil, "off the view")
    // And back: a point of the slide to the view's pixels.
    for point in [SlidePoint(x: 0.55, y: 0.3), SlidePoint(x: 0.7, y: 0.45)] {
      let (x, y) = zoom.location(of: point, in: view)
      let again = try #require(zoom.slidePoint(underX: x, y: y, in: view))
      #expect(close(again.x, point.x) && close(again.y, point.y))
    }
    // Unzoomed it is `SlidePoint.under`.
    #expect(
      SlideViewport.whole.slidePoint(underX: 300, y: 200, in: view)
        == SlidePoint.under(x: 300, y: 200, in: view))
    // The whole slide lies four times as large, its corner off the view's top left.
    #expect(zoom.slideRect(in: view) == Rect(x: -1500, y: -400, width: 3200, height: 1800))
  }

  @Test func theWheelZoomsAroundThePointAndPanningStaysOnTheSlide() throws {
    let point = SlidePoint(x: 0.3, y: 0.6)
    let zoomed = SlideViewport.whole.zoomed(by: 2, around: point)
    #expect(close(zoomed.factor, 2))
    // The point stays where it was on the view.
    let (x, y) = zoomed.location(of: point, in: view)
    let (wx, wy) = SlideViewport.whole.location(of: point, in: view)
    #expect(close(x, wx, 1e-6) && close(y, wy, 1e-6))
    // Out again: the whole slide.
    #expect(!zoomed.zoomed(by: 0.25, around: point).isZoomed)
    // Panning stops at the slide's edges.
    let panned = zoomed.panned(dx: 5, dy: -5)
    #expect(panned.region == Rect(x: 0.5, y: 0, width: 0.5, height: 0.5))
    #expect(SlideViewport.whole.panned(dx: 0.3, dy: 0.3) == .whole)
  }

  @Test func theZoomedLayoutIsTheSlideLaidOutLargerAndMovedByWholePixels() {
    let zoom = ZoomedLayout(
      viewport: SlideViewport(box: Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)),
      slideRect: Rect(x: 0, y: 0, width: 1920, height: 1080))
    #expect(zoom.layoutSize == PixelSize(width: 3840, height: 2160))
    #expect(zoom.offsetX == -960 && zoom.offsetY == -540)
    // Pillarboxed: the slide's place in the window is kept.
    let boxed = ZoomedLayout(
      viewport: SlideViewport(box: Rect(x: 0, y: 0, width: 0.5, height: 0.5)),
      slideRect: Rect(x: 240, y: 0, width: 1440, height: 1080))
    #expect(boxed.layoutSize == PixelSize(width: 2880, height: 2160))
    #expect(boxed.offsetX == 240 && boxed.offsetY == 0)
  }

  @Test func aZoomedSlideIsLaidOutAgainWithTextAtTheZoomedSize() throws {
    let deck = try deck("# Title\n\nLeft words\n\n---\n\n# Two\n")
    let engine = LayoutEngine(
      theme: .dark, measurer: FixedTextMeasurer(), images: FixedImageMeasurer())
    let size = PixelSize(width: 1600, height: 900)
    let plain = engine.layout(slideAt: 0, in: deck, step: 0, size: size, cache: nil)
    let viewport = SlideViewport(box: Rect(x: 0, y: 0, width: 0.5, height: 0.5))
    let zoomed = engine.layout(
      slideAt: 0, in: deck, step: 0, size: size, viewport: viewport, cache: nil)
    func texts(_ frame: SlideFrame) -> [TextItem] {
      frame.commands.compactMap { if case .text(let item) = $0 { item } else { nil } }
    }
    let before = try #require(texts(plain).first { $0.text == "Title" })
    let after = try #require(texts(zoomed).first { $0.text == "Title" })
    // Shaped at twice the size, not scaled: the font is twice as large, the place twice as far
    // from the region's corner.
    #expect(abs(after.font.size - before.font.size * 2) <= 1, "\(after.font) vs \(before.font)")
    #expect(abs(after.x - before.x * 2) <= 4 && abs(after.y - before.y * 2) <= 4)
    #expect(zoomed.size == size && zoomed.slideRect == plain.slideRect)
    // Clipped to the view; the region's own draw list, with what is far outside left out.
    #expect(zoomed.commands.first == .pushClip(plain.slideRect))
    #expect(zoomed.commands.last == .popClip)
    let bottomRight = SlideViewport(box: Rect(x: 0.8, y: 0.8, width: 0.2, height: 0.2))
    let corner = engine.layout(
      slideAt: 0, in: deck, step: 0, size: size, viewport: bottomRight, cache: nil)
    #expect(!texts(corner).contains { $0.text == "Title" }, "the title is far off this view")
    // Each zoom is a layer of its own; the whole slide keeps its key.
    #expect(
      LayoutEngine.layerKey(slide: 0, step: 0, viewport: viewport)
        != LayoutEngine.layerKey(slide: 0, step: 0))
    #expect(
      LayoutEngine.layerKey(slide: 0, step: 0, viewport: .whole)
        == LayoutEngine.layerKey(slide: 0, step: 0))
  }

  @Test func aZoomedLineIsCutToTheWordsThatShowWhereTheWholeLinePutsThem() throws {
    // 10 pixels a character: the words start at 0, 60, 110, 170 and 230.
    let measurer = FixedTextMeasurer()
    let line = TextItem(
      text: "alpha beta gamma delta epsilon", font: FontSpec(family: "Sans", size: 20),
      color: RGBAColor(red: 0, green: 0, blue: 0), x: 0, y: 100, width: 300)
    // The view spans 120-180 (with the font's size either side, 100-200): partly inside, cut to
    // the word over its left edge and those that start before its right one.
    let view = Rect(x: 120, y: 0, width: 60, height: 300)
    let part = try #require(LayoutEngine.visiblePart(of: line, in: view, measurer: measurer))
    #expect(part.text == "beta gamma delta")
    #expect(part.x == 60 && part.width == 160 && part.y == 100)
    // A line wholly inside is kept whole.
    let wide = Rect(x: -50, y: 0, width: 400, height: 300)
    #expect(LayoutEngine.visiblePart(of: line, in: wide, measurer: measurer) == line)
    // Lines drawn by their width (underlined) or not plain ASCII are left whole.
    var underlined = line
    underlined.underline = true
    #expect(LayoutEngine.visiblePart(of: underlined, in: view, measurer: measurer) == underlined)
    var accented = line
    accented.text = "alpha béta gamma delta epsilon"
    #expect(LayoutEngine.visiblePart(of: accented, in: view, measurer: measurer) == accented)
    // In the zoomed layout: a long line is cut, a line outside the view is not drawn at all.
    let words = (1...40).map { "word\($0)" }.joined(separator: " ")
    let deck = try deck("# Title\n\n\(words)\n")
    let engine = LayoutEngine(theme: .dark, measurer: measurer, images: FixedImageMeasurer())
    let size = PixelSize(width: 1600, height: 900)
    let plain = engine.layout(slideAt: 0, in: deck, step: 0, size: size, cache: nil)
    let zoomed = engine.layout(
      slideAt: 0, in: deck, step: 0, size: size,
      viewport: SlideViewport(box: Rect(x: 0.4, y: 0, width: 0.25, height: 0.25)), cache: nil)
    func texts(_ frame: SlideFrame) -> [TextItem] {
      frame.commands.compactMap { if case .text(let item) = $0 { item } else { nil } }
    }
    let whole = try #require(texts(plain).first { $0.text.hasPrefix("word1 ") })
    let shown = texts(zoomed).filter { $0.text.contains("word") }
    #expect(!shown.isEmpty && shown.allSatisfy { !$0.text.hasPrefix("word1 ") })
    #expect(shown.allSatisfy { $0.width < whole.width * 4 / 2 }, "\(shown)")
  }
}
