import PodiumCore
import PodiumTestSupport
import Testing

@Suite struct SlideFrameCacheTests {
  let engine = LayoutEngine(theme: .light, measurer: FixedTextMeasurer(), images: FixedImageMeasurer())

  func deck(slides: Int) throws -> Deck {
    let text = (1...slides).map { "## Slide \($0)\n\n- point \($0)\n" }.joined(separator: "\n---\n\n")
    return try #require(DeckParser.parse(text: text, file: "deck.md", baseDirectory: "/tmp").deck)
  }

  @Test func laysOutEachSlideStepAndSizeOnce() throws {
    let deck = try deck(slides: 3)
    let cache = SlideFrameCache(capacity: 8)
    let full = PixelSize(width: 1920, height: 1080)
    let thumb = PixelSize(width: 640, height: 360)
    let first = engine.layout(slideAt: 1, in: deck, step: 0, size: full, cache: cache)
    #expect(first == engine.layout(deck.slides[1], in: deck, step: 0, size: full), "the same frame as laid out directly")
    _ = engine.layout(slideAt: 1, in: deck, step: 0, size: full, cache: cache)
    #expect(cache.misses == 1 && cache.hits == 1)
    let small = engine.layout(slideAt: 1, in: deck, step: 0, size: thumb, cache: cache)
    #expect(small.size == thumb, "another size is another frame")
    #expect(cache.misses == 2 && cache.count == 2)
  }

  @Test func keepsAtMostItsCapacityDroppingTheLeastRecentlyUsed() throws {
    let deck = try deck(slides: 40)
    let cache = SlideFrameCache(capacity: 5)
    let size = PixelSize(width: 800, height: 450)
    for index in 0..<40 {
      _ = engine.layout(slideAt: index, in: deck, step: 0, size: size, cache: cache)
      // The current slide is used again each time, so it stays.
      _ = engine.layout(slideAt: 0, in: deck, step: 0, size: size, cache: cache)
    }
    #expect(cache.count == 5)
    let misses = cache.misses
    _ = engine.layout(slideAt: 0, in: deck, step: 0, size: size, cache: cache)
    _ = engine.layout(slideAt: 39, in: deck, step: 0, size: size, cache: cache)
    #expect(cache.misses == misses, "the most recently used are kept")
    _ = engine.layout(slideAt: 2, in: deck, step: 0, size: size, cache: cache)
    #expect(cache.misses == misses + 1, "an old one was dropped")
    cache.removeAll()
    #expect(cache.count == 0)
  }

  @Test func layerKeysNameSlideAndStep() {
    #expect(LayoutEngine.layerKey(slide: 0, step: 2) == "slide 1 step 3")
  }
}

@Suite struct SlideRectTests {
  @Test func aPixelOffTheAspectIsRoundingNotABorder() {
    // 797x448 is 16:9 to within a pixel (448 * 16 / 9 = 796.4): no one-pixel black column.
    let size = PixelSize(width: 797, height: 448)
    #expect(LayoutEngine.slideRect(aspect: .wide, in: size) == Rect(x: 0, y: 0, width: 797, height: 448))
    // Real borders stay: 4:3 in 16:9 is pillarboxed.
    let pillarbox = LayoutEngine.slideRect(aspect: AspectRatio(width: 4, height: 3), in: PixelSize(width: 1920, height: 1080))
    #expect(pillarbox == Rect(x: 240, y: 0, width: 1440, height: 1080))
    let letterbox = LayoutEngine.slideRect(aspect: .wide, in: PixelSize(width: 1024, height: 768))
    #expect(letterbox == Rect(x: 0, y: 96, width: 1024, height: 576))
  }
}
