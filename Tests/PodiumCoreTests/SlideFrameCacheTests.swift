import PodiumCore
import PodiumTestSupport
import Testing

@Suite struct SlideFrameCacheTests {
  let engine = LayoutEngine(
    theme: .light, measurer: FixedTextMeasurer(), images: FixedImageMeasurer())

  func deck(slides: Int) throws -> Deck {
    let text = (1...slides).map { "## Slide \($0)\n\n- point \($0)\n" }.joined(
      separator: "\n---\n\n")
    return try #require(DeckParser.parse(text: text, file: "deck.md", baseDirectory: "/tmp").deck)
  }

  @Test func keepsInkCommandsByTheirLayerKeyAndRectangle() {
    let cache = SlideFrameCache(capacity: 8)
    let rect = Rect(x: 0, y: 0, width: 1920, height: 1080)
    let fill = DrawCommand.fill(rect, RGBAColor(red: 1, green: 2, blue: 3))
    var made = 0
    func commands(_ key: String, _ rect: Rect) -> [DrawCommand] {
      cache.inkCommands(key, in: rect) {
        made += 1
        return [fill]
      }
    }
    #expect(commands("ink 1", rect) == [fill] && made == 1)
    #expect(commands("ink 1", rect) == [fill] && made == 1, "kept")
    _ = commands("ink 2", rect)
    #expect(made == 2, "new strokes are another key")
    _ = commands("ink 1", Rect(x: 0, y: 0, width: 640, height: 360))
    #expect(made == 3, "another size is made again")
    cache.removeAll()
    _ = commands("ink 1", rect)
    #expect(made == 4, "a new deck forgets them")
  }

  @Test func laysOutEachSlideStepAndSizeOnce() throws {
    let deck = try deck(slides: 3)
    let cache = SlideFrameCache(capacity: 8)
    let full = PixelSize(width: 1920, height: 1080)
    let thumb = PixelSize(width: 640, height: 360)
    let first = engine.layout(slideAt: 1, in: deck, step: 0, size: full, cache: cache)
    #expect(
      first == engine.layout(deck.slides[1], in: deck, step: 0, size: full),
      "the same frame as laid out directly")
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
    #expect(
      LayoutEngine.slideRect(aspect: .wide, in: size) == Rect(x: 0, y: 0, width: 797, height: 448))
    // Real borders stay: 4:3 in 16:9 is pillarboxed.
    let pillarbox = LayoutEngine.slideRect(
      aspect: AspectRatio(width: 4, height: 3), in: PixelSize(width: 1920, height: 1080))
    #expect(pillarbox == Rect(x: 240, y: 0, width: 1440, height: 1080))
    let letterbox = LayoutEngine.slideRect(aspect: .wide, in: PixelSize(width: 1024, height: 768))
    #expect(letterbox == Rect(x: 0, y: 96, width: 1024, height: 576))
  }
}

@Suite struct PointerTests {
  @Test func aPointOnTheConsoleViewLandsOnTheSameSpotOfTheAudienceSlide() throws {
    // The console's view of a 4:3 slide, and the audience's 4:3 slide pillarboxed in 1920x1080.
    let view = Rect(x: 26, y: 61, width: 840, height: 630)
    let audience = LayoutEngine.slideRect(
      aspect: AspectRatio(width: 4, height: 3), in: PixelSize(width: 1920, height: 1080))
    let point = try #require(SlidePoint.under(x: 26 + 210, y: 61 + 315, in: view))
    #expect(point == SlidePoint(x: 0.25, y: 0.5))
    let spot = point.location(in: audience)
    #expect(spot.x == 240 + 360 && spot.y == 540, "a quarter across the slide, not the screen")
    // A 16:9 slide letterboxed on a 4:3 projector.
    let letterboxed = LayoutEngine.slideRect(aspect: .wide, in: PixelSize(width: 1024, height: 768))
    let corner = SlidePoint(x: 1, y: 1).location(in: letterboxed)
    #expect(corner.x == 1024 && corner.y == 96 + 576)
    #expect(SlidePoint.under(x: 20, y: 100, in: view) == nil, "off the slide: no dot")
  }

  @Test func theDotIsRoundRedAndSizedByTheSlide() {
    let slide = Rect(x: 0, y: 0, width: 1920, height: 1080)
    let dot = SlidePoint(x: 0.5, y: 0.5).dot(in: slide)
    let solid = dot.compactMap { command -> Rect? in
      if case .fill(let rect, let color) = command, color.alpha == 255 {
        return rect
      } else {
        return nil
      }
    }
    let widest = solid.map(\.width).max() ?? 0
    #expect(widest > 20 && widest < 30, "about 1% of the height across: \(widest)")
    #expect(solid.first!.width < widest / 2, "round: narrow at the top")
    let small = SlidePoint(x: 0.5, y: 0.5).dot(in: Rect(x: 0, y: 0, width: 480, height: 270))
    #expect(small.count < dot.count)
  }

  @Test func xTogglesThePointerAndTheMouseMovesIt() {
    var talk = PresentationState(stepCounts: [1, 1])
    #expect(standardCommand("X") == .togglePointer)
    talk.apply(.pointAt(SlidePoint(x: 0.1, y: 0.2)), at: 0)
    #expect(talk.laser == nil, "off until x")
    talk.apply(.togglePointer, at: 0)
    #expect(talk.laser == SlidePoint(x: 0.1, y: 0.2))
    talk.apply(.pointAt(nil), at: 0)
    #expect(talk.laser == nil, "the mouse left the slide")
  }
}
