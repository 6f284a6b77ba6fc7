import Foundation
import PodiumCore
import PodiumPDF
import PodiumSDL
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// The presenter console, laid out by PodiumCore and drawn with real fonts.
@Suite(.serialized) struct ConsoleRenderingTests {
  let fonts = FontLibrary()
  let images = ImageLibrary()

  func render(
    _ deck: Deck, _ state: PresentationState, _ status: ConsoleStatus, size: PixelSize,
    cachingLayers: Bool = false
  ) throws -> (RGBImage, SlideFrame) {
    let measurer = SDLTextMeasurer(library: fonts)
    let engine = LayoutEngine(theme: .dark, measurer: measurer, images: images)
    let frame = engine.console(deck: deck, state: state, status: status, size: size).frame
    let canvas = try OffscreenCanvas(size: size, fonts: fonts, images: images, measurer: measurer)
    if cachingLayers { canvas.cacheLayers() }
    canvas.draw(frame)
    if let folder = ProcessInfo.processInfo.environment["PODIUM_CONSOLE_PNG"] {
      try canvas.writePNG(path: "\(folder)/console-\(size.width)x\(size.height).png")
    }
    return (RGBImage(canvas), frame)
  }

  func texts(_ frame: SlideFrame) -> [String] { frame.consoleTexts }

  /// The slide layers on the console, inside its slide-dependent layer.
  func slideLayers(_ frame: SlideFrame) -> [LayerItem] {
    frame.commands.flatMap { command -> [LayerItem] in
      guard case .layer(let item) = command else { return [] }
      return item.key.hasPrefix("console") ? slideLayers(item.frame) : [item]
    }
  }

  @Test func showsCurrentNextNotesTimesAndPosition() throws {
    let deck = try Fixtures.tourDeck()
    var state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    for _ in 0..<12 { state.apply(.next, at: 1) }  // slide 13, the build
    state.apply(.next, at: 2)
    let status = ConsoleStatus(
      now: 790, elapsed: 789, duration: TalkDuration(seconds: 900), clock: "14:05",
      audience: "Audience on DUMMY1")
    let (image, frame) = try render(deck, state, status, size: PixelSize(width: 1920, height: 1080))
    let strings = texts(frame)
    #expect(strings.contains("Slide 13 / 17 · step 2/4"))
    #expect(strings.contains("Audience on DUMMY1"))
    #expect(strings.contains("13:09"))
    #expect(strings.contains("1:51 left"))
    #expect(strings.contains("14:05"))
    #expect(strings.contains("Next"))
    #expect(strings.contains { $0.contains("This slide has three pauses") }, "the notes are shown")
    // The countdown is in the warning colour in the last two minutes.
    let countdown = frame.commands.compactMap { command -> TextItem? in
      if case .text(let item) = command, item.text == "1:51 left" {
        return item
      } else {
        return nil
      }
    }.first
    #expect(countdown?.color == RGBAColor(red: 0xF2, green: 0xB1, blue: 0x3C))
    // Real pixels: the dark console with the tour's dark slide in it and light text.
    #expect(image.count(of: RGBAColor(red: 0x10, green: 0x14, blue: 0x19), tolerance: 2) > 100_000)
    #expect(
      image.count(of: Theme.dark.colors.background, tolerance: 2) > 200_000, "two slide previews")
  }

  @Test func smallWindowsDropTheNextPreviewFirst() throws {
    let deck = try Fixtures.tourDeck()
    let state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    let status = ConsoleStatus(now: 0, elapsed: 0, clock: "09:00", audience: "Mirrored")
    let (_, small) = try render(deck, state, status, size: PixelSize(width: 1024, height: 600))
    #expect(!texts(small).contains("Next"))
    #expect(texts(small).contains { $0.contains("Welcome!") }, "notes stay")
    let (_, laptop) = try render(deck, state, status, size: PixelSize(width: 1366, height: 768))
    #expect(texts(laptop).contains("Next"))
  }

  @Test func blankFrozenJumpAndQuitAreVisibleToTheSpeaker() throws {
    let deck = try Fixtures.tourDeck()
    var state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    state.apply(.toggleBlack, at: 0)
    state.apply(.digit(1), at: 0)
    state.apply(.digit(2), at: 0)
    let status = ConsoleStatus(
      now: 0.5, elapsed: 0, duration: TalkDuration(seconds: 60), clock: "09:00",
      audience: "Audience on HDMI-1")
    let (_, frame) = try render(deck, state, status, size: PixelSize(width: 1280, height: 720))
    #expect(texts(frame).contains("AUDIENCE SEES BLACK"))
    #expect(texts(frame).contains("go to slide 12_"))
    state.apply(.quit, at: 1)
    let armed = ConsoleStatus(
      now: 1.5, elapsed: 0, duration: TalkDuration(seconds: 60), clock: "09:00", audience: "x")
    let (_, quitting) = try render(deck, state, armed, size: PixelSize(width: 1280, height: 720))
    #expect(texts(quitting).contains("press q again to quit"))
    let later = ConsoleStatus(
      now: 9, elapsed: 70, duration: TalkDuration(seconds: 60), clock: "09:01", audience: "x")
    let (_, over) = try render(deck, state, later, size: PixelSize(width: 1280, height: 720))
    #expect(!texts(over).contains("press q again to quit"), "the prompt goes after two seconds")
    #expect(texts(over).contains("overtime 0:10"))
  }

  /// A slide number being typed and the quit prompt come and go within seconds: they are drawn
  /// over the console's kept layer, whose key they leave alone, so showing one does not draw the
  /// layer (and the ink on its views) again. The prompt is drawn where the top line's badges end.
  @Test func passingBadgesAreDrawnOverTheKeptLayer() throws {
    let deck = try Fixtures.tourDeck()
    let size = PixelSize(width: 1280, height: 720)
    var state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    state.apply(.toggleBlack, at: 0)
    let status = ConsoleStatus(
      now: 0.5, elapsed: 0, duration: TalkDuration(seconds: 60), clock: "09:00", audience: "x")
    let (plainImage, plain) = try render(deck, state, status, size: size, cachingLayers: true)
    state.apply(.quit, at: 1)
    let armed = ConsoleStatus(
      now: 1.5, elapsed: 0, duration: TalkDuration(seconds: 60), clock: "09:00", audience: "x")
    let (armedImage, quitting) = try render(deck, state, armed, size: size, cachingLayers: true)
    func layerKey(_ frame: SlideFrame) -> String? {
      frame.commands.lazy.compactMap { command -> String? in
        guard case .layer(let item) = command, item.key.hasPrefix("console") else { return nil }
        return item.key
      }.first
    }
    func overTexts(_ frame: SlideFrame) -> [TextItem] {
      frame.commands.compactMap { command in
        guard case .text(let item) = command else { return nil }
        return item
      }
    }
    #expect(layerKey(plain) != nil)
    #expect(layerKey(plain) == layerKey(quitting))
    let prompt = try #require(overTexts(quitting).first { $0.text == "press q again to quit" })
    #expect(!overTexts(plain).contains { $0.text == "press q again to quit" })
    // After the badge the layer has (AUDIENCE SEES BLACK), on the top line.
    let black = try #require(
      plain.commands.lazy.compactMap { command -> TextItem? in
        guard case .layer(let item) = command, item.key.hasPrefix("console") else { return nil }
        return item.frame.commands.lazy.compactMap { inner -> TextItem? in
          guard case .text(let text) = inner, text.text == "AUDIENCE SEES BLACK" else { return nil }
          return text
        }.first
      }.first)
    #expect(prompt.x > black.x + black.width)
    #expect(abs(prompt.y - black.y) < 1)
    // The prompt's pixels are there, and only along the top line.
    var changedRows = Set<Int>()
    for y in 0..<size.height {
      for x in 0..<size.width where plainImage.pixel(x: x, y: y) != armedImage.pixel(x: x, y: y) {
        changedRows.insert(y)
      }
    }
    #expect(changedRows.count > 5)
    #expect(changedRows.allSatisfy { Double($0) < black.y + black.font.size * 1.6 })
    state.apply(.digit(3), at: 2)
    let (_, typing) = try render(deck, state, armed, size: size)
    #expect(layerKey(typing) == layerKey(plain))
    #expect(overTexts(typing).contains { $0.text == "go to slide 3_" })
  }

  @Test func slidesAreLayersThatLookTheSameFromTheCache() throws {
    let deck = try Fixtures.tourDeck()
    var state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    state.apply(.next, at: 0)
    let status = ConsoleStatus(now: 0, elapsed: 0, clock: "09:00", audience: "Audience on DUMMY1")
    let size = PixelSize(width: 1920, height: 1080)
    let (inPlace, frame) = try render(deck, state, status, size: size)
    let layers = slideLayers(frame)
    #expect(layers.map(\.key) == ["slide 2 step 1", "slide 3 step 1"], "current and next slide")
    #expect(
      layers[0].frame.size.width > layers[1].frame.size.width, "the current slide is the larger")

    // Drawn through cached textures, the console has the same pixels as drawn in place.
    let measurer = SDLTextMeasurer(library: fonts)
    let canvas = try OffscreenCanvas(size: size, fonts: fonts, images: images, measurer: measurer)
    canvas.cacheLayers()
    canvas.draw(frame)
    let cached = RGBImage(canvas)
    let difference = try #require(cached.difference(from: inPlace))
    #expect(difference.differing < 0.001, "\(difference)")
    #expect(canvas.frameRenderer.layersDrawn == 3, "two slides and the console's slide part")
    canvas.draw(frame)
    #expect(canvas.frameRenderer.layersDrawn == 3, "the second draw copies the kept textures")
    #expect(canvas.frameRenderer.layersReused >= 2)
    #expect(RGBImage(canvas).difference(from: inPlace)!.differing < 0.001)
  }

  @Test func aTickOfTheClockRedrawsOnlyTheTimes() throws {
    let deck = try Fixtures.tourDeck()
    let state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    let measurer = SDLTextMeasurer(library: fonts)
    let engine = LayoutEngine(theme: .dark, measurer: measurer, images: images)
    let size = PixelSize(width: 1280, height: 720)
    let canvas = try OffscreenCanvas(size: size, fonts: fonts, images: images, measurer: measurer)
    canvas.cacheLayers()
    for second in 0..<5 {
      let status = ConsoleStatus(
        now: Double(second), elapsed: Double(second), clock: "09:00", audience: "x")
      canvas.draw(engine.console(deck: deck, state: state, status: status, size: size).frame)
    }
    #expect(canvas.frameRenderer.layersDrawn == 3, "the slide part is drawn once in five seconds")
    let status = ConsoleStatus(now: 9, elapsed: 9, clock: "09:00", audience: "x")
    let console = engine.console(deck: deck, state: state, status: status, size: size)
    #expect(texts(console.frame).contains("0:09"))
    #expect(
      console.frame.commands.count < 8, "one layer and the times: \(console.frame.commands.count)")
  }

  /// The clock and the countdown are new strings every second: their textures must not pile up
  /// over a talk (found by scripts/soak: 5 MB a minute for the first four and a half minutes).
  @Test func theClockDoesNotPileUpTextTextures() throws {
    let deck = try Fixtures.tourDeck()
    var state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    let measurer = SDLTextMeasurer(library: fonts)
    let engine = LayoutEngine(theme: .dark, measurer: measurer, images: images)
    let size = PixelSize(width: 1920, height: 1080)
    let canvas = try OffscreenCanvas(size: size, fonts: fonts, images: images, measurer: measurer)
    canvas.cacheLayers()
    var most = 0
    for second in 0..<300 {
      // A slide change now and then, as in a talk: new lines of text in new layers.
      if second % 30 == 29 { state.apply(.next, at: Double(second)) }
      let status = ConsoleStatus(
        now: Double(second), elapsed: Double(second), duration: TalkDuration(seconds: 1800),
        clock: String(format: "09:%02d", second / 60), audience: "x")
      canvas.draw(engine.console(deck: deck, state: state, status: status, size: size).frame)
      most = max(most, canvas.frameRenderer.textCacheBytes)
    }
    #expect(most < 6 << 20, "text textures kept: at most \(most >> 10) KB")
    #expect(canvas.frameRenderer.textCacheBytes > 0, "what the last frame drew is kept")
  }

  @Test func pacingSaysAheadOrBehindInColourAndWhenTheTalkEnds() throws {
    let deck = try Fixtures.tourDeck()
    var state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    state.apply(.next, at: 0)  // the clock runs
    func pace(_ offset: Double) throws -> TextItem {
      let status = ConsoleStatus(
        now: 1, elapsed: 100, clock: "14:05", audience: "x", paceOffset: offset, plannedEnd: "14:25"
      )
      let (_, frame) = try render(deck, state, status, size: PixelSize(width: 1920, height: 1080))
      #expect(texts(frame).contains("ends 14:25"))
      return try #require(
        frame.commands.lazy.compactMap { command -> TextItem? in
          if case .text(let item) = command,
            ["behind", "ahead", "on time"].contains(where: item.text.hasPrefix)
          {
            return item
          }
          return nil
        }.first)
    }
    let amber = RGBAColor(red: 0xF2, green: 0xB1, blue: 0x3C)
    let red = RGBAColor(red: 0xF0, green: 0x56, blue: 0x4A)
    #expect(try pace(45).text == "behind 0:45" && pace(45).color == amber)
    #expect(try pace(125).text == "behind 2:05" && pace(125).color == red)
    #expect(try pace(-30).text == "ahead 0:30")
    #expect(try pace(0.4).text == "on time")
    // Before the first advance there is no pace to speak of.
    let idle = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    let status = ConsoleStatus(now: 0, elapsed: 0, clock: "14:05", audience: "x", paceOffset: 0)
    let (_, frame) = try render(deck, idle, status, size: PixelSize(width: 1920, height: 1080))
    #expect(!texts(frame).contains("on time"))
  }

  @Test func theOverviewIsAGridWithTheSelectionInView() throws {
    let deck = try Fixtures.tourDeck()
    var state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    state.apply(.next, at: 0)
    state.apply(.toggleOverview, at: 0)
    state.apply(.moveSelection(15), at: 0)  // slide 17, the last
    let engine = LayoutEngine(
      theme: .dark, measurer: SDLTextMeasurer(library: fonts), images: images)
    let status = ConsoleStatus(now: 0, elapsed: 0, clock: "09:00", audience: "x")
    let console = engine.console(
      deck: deck, state: state, status: status, size: PixelSize(width: 1920, height: 1080))
    #expect(console.overviewColumns >= 3)
    #expect(console.overview.contains { $0.slide == 16 }, "the selection is in view")
    #expect(
      console.overview.count >= 8 && console.overview.count < 17,
      "a window of the grid: \(console.overview.count)")
    let strings = texts(console.frame)
    #expect(strings.contains("OVERVIEW: the audience still sees slide 2"))
    #expect(strings.contains { $0.hasPrefix("17  ") })
    #expect(!strings.contains("Next"), "no next preview or notes in the overview")
    // Cells are in reading order, left to right, in distinct places.
    let rects = console.overview.map(\.rect)
    #expect(Set(rects.map { "\($0.x),\($0.y)" }).count == rects.count)
    let (image, _) = try render(deck, state, status, size: PixelSize(width: 1920, height: 1080))
    #expect(
      image.count(of: RGBAColor(red: 0x5C, green: 0xB8, blue: 0xFF), tolerance: 2) > 2_000,
      "the selection's frame")
  }

  @Test func textKeepsAPhysicalSizeOnDenseSmallPanels() throws {
    let deck = try Fixtures.tourDeck()
    let state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    let status = ConsoleStatus(now: 0, elapsed: 0, clock: "09:00", audience: "x")
    let engine = LayoutEngine(
      theme: .dark, measurer: SDLTextMeasurer(library: fonts), images: images)
    func clockSize(dpi: Double?) -> Double? {
      engine.console(
        deck: deck, state: state, status: status, size: PixelSize(width: 1920, height: 1080),
        dpi: dpi
      )
      .frame.commands.compactMap { command -> Double? in
        if case .text(let item) = command, item.text == "09:00" {
          return item.font.size
        } else {
          return nil
        }
      }.first
    }
    let plain = try #require(clockSize(dpi: nil))
    #expect(clockSize(dpi: 96) == plain, "a 96 dpi 1080p screen is sized by its height")
    let dense = try #require(clockSize(dpi: 280))  // a 1080p panel of 8 inches
    #expect(dense > plain * 1.3, "\(dense) vs \(plain)")
    #expect(clockSize(dpi: 0) == plain, "a nonsense DPI is ignored")
  }

  @Test func keysAreListedUnderTheCurrentSlide() throws {
    let deck = try Fixtures.tourDeck()
    let state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    let status = ConsoleStatus(now: 0, elapsed: 0, clock: "09:00", audience: "Audience on DUMMY1")
    let (_, frame) = try render(deck, state, status, size: PixelSize(width: 1920, height: 1080))
    #expect(texts(frame).contains { $0.contains("b black") && $0.contains("q q quit") })
    // The line never runs past the current slide into the notes, whatever the window's size.
    let engine = LayoutEngine(
      theme: .dark, measurer: SDLTextMeasurer(library: fonts), images: images)
    for size in [
      PixelSize(width: 1920, height: 1080), PixelSize(width: 1100, height: 620),
      PixelSize(width: 1024, height: 600),
    ] {
      let console = engine.console(deck: deck, state: state, status: status, size: size)
      func keysItem(_ frame: SlideFrame) -> TextItem? {
        frame.commands.lazy.compactMap { command -> TextItem? in
          if case .text(let item) = command, item.text.contains("q q quit") { return item }
          if case .layer(let layer) = command, layer.key.hasPrefix("console") {
            return keysItem(layer.frame)
          }
          return nil
        }.first
      }
      let keys = try #require(keysItem(console.frame), "\(size)")
      #expect(
        keys.x + keys.width <= console.currentSlide.maxX + 0.5,
        "\(size): \(keys.x + keys.width) > \(console.currentSlide.maxX)")
    }
    var rehearsal = ConsoleStatus(now: 0, elapsed: 0, clock: "09:00", audience: "Rehearsal")
    rehearsal.rehearsing = true
    let (_, rehearsing) = try render(
      deck, state, rehearsal, size: PixelSize(width: 1920, height: 1080))
    #expect(
      texts(rehearsing).contains { $0.contains("t pause the clock") && !$0.contains("b black") })
    let mirrored = ConsoleStatus(
      now: 0, elapsed: 0, clock: "09:00", audience: "Mirrored", consoleOverMirror: true)
    let (_, over) = try render(deck, state, mirrored, size: PixelSize(width: 1920, height: 1080))
    #expect(texts(over).contains { $0.hasPrefix("Tab slides") })
  }

  /// A clicker's keys bound in config.yaml are the ones the keys line names, in real fonts and
  /// still within the current slide's width.
  @Test func theSpeakersOwnKeysAreListed() throws {
    let deck = try Fixtures.tourDeck()
    let state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    var status = ConsoleStatus(now: 0, elapsed: 0, clock: "09:00", audience: "Audience on DUMMY1")
    status.bindings = KeyBindings(own: [Key("j"): .next, Key("k"): .previous])
    let size = PixelSize(width: 1920, height: 1080)
    let (_, frame) = try render(deck, state, status, size: size)
    let line = try #require(texts(frame).first { $0.contains("q q quit") })
    #expect(line.hasPrefix("j → next  k ← back  ·  number ⏎ jump"), "\(line)")
    let measurer = SDLTextMeasurer(library: fonts)
    let engine = LayoutEngine(theme: .dark, measurer: measurer, images: images)
    let console = engine.console(deck: deck, state: state, status: status, size: size)
    let item = try #require(
      console.frame.commands.lazy.compactMap { command -> TextItem? in
        guard case .layer(let layer) = command, layer.key.hasPrefix("console") else { return nil }
        return layer.frame.commands.lazy.compactMap { inner -> TextItem? in
          if case .text(let item) = inner, item.text == line { return item } else { return nil }
        }.first
      }.first)
    #expect(item.x + item.width <= console.currentSlide.maxX + 0.5)
  }

  /// A broken edit's message sits in a red band above the times; a long one ends in an
  /// ellipsis inside the window instead of running off its edge.
  @Test func aLongProblemEndsInAnEllipsisInsideTheWindow() throws {
    let deck = try Fixtures.tourDeck()
    let state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    var status = ConsoleStatus(now: 0, elapsed: 0, clock: "09:00", audience: "x")
    status.problem = "Kept the last good deck · deck.md:2:9: error: aspect '5:banana'"
    let size = PixelSize(width: 1280, height: 720)
    let (short, shortFrame) = try render(deck, state, status, size: size)
    let shortText = try #require(
      shortFrame.commands.compactMap { command -> TextItem? in
        if case .text(let item) = command, item.text.hasPrefix("Kept") { return item }
        return nil
      }.first)
    #expect(shortText.text == status.problem, "a message that fits is shown whole")
    #expect(
      short.pixel(x: 2, y: Int(shortText.y)) == RGBAColor(red: 0x5A, green: 0x14, blue: 0x14),
      "the band")

    status.problem =
      "Kept the last good deck · " + String(repeating: "/a/very/deep/folder", count: 40)
      + "/deck.md:2:9: error"
    let (_, longFrame) = try render(deck, state, status, size: size)
    let longText = try #require(
      longFrame.commands.compactMap { command -> TextItem? in
        if case .text(let item) = command, item.text.hasPrefix("Kept") { return item }
        return nil
      }.first)
    #expect(longText.text.hasSuffix("…"))
    #expect(longText.text.count > 40, "as much as fits is kept: \(longText.text)")
    #expect(longText.x + longText.width <= Double(size.width), "\(longText.x + longText.width)")
  }

  @Test func longNotesScrollWithAMarker() throws {
    let lines = (1...60).map { "Note line \($0) with a few words to read aloud." }.joined(
      separator: "\n\n")
    let path = try Fixtures.writeDeck("# One\n\n???\n\n\(lines)\n\n---\n\n# Two\n")
    let deck = try #require(DeckParser.parse(fileAt: path).deck)
    var state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    let status = ConsoleStatus(now: 0, elapsed: 0, clock: "09:00", audience: "x")
    let measurer = SDLTextMeasurer(library: fonts)
    let engine = LayoutEngine(theme: .dark, measurer: measurer, images: images)
    let size = PixelSize(width: 1920, height: 1080)
    let top = engine.console(deck: deck, state: state, status: status, size: size)
    #expect(top.notesScrollLimit > 20, "sixty paragraphs do not fit")
    #expect(texts(top.frame).contains("▼ more"))
    #expect(texts(top.frame).contains("Note line 1 with a few words to read aloud."))
    func noteY(_ line: Int, in frame: SlideFrame) -> Double? {
      frame.commands.compactMap { command -> Double? in
        if case .text(let item) = command,
          item.text == "Note line \(line) with a few words to read aloud."
        {
          return item.y
        }
        if case .layer(let item) = command, item.key.hasPrefix("console") {
          return noteY(line, in: item.frame)
        }
        return nil
      }.first
    }
    #expect(
      !texts(top.frame).contains("Note line 60 with a few words to read aloud."),
      "hidden lines are left out")
    state.limitNotesScroll(to: top.notesScrollLimit)
    state.apply(.scrollNotes(3), at: 0)
    let scrolled = engine.console(deck: deck, state: state, status: status, size: size)
    let moved = try #require(noteY(8, in: top.frame)) - (try #require(noteY(8, in: scrolled.frame)))
    #expect(moved > 50, "three lines up: \(moved) px")
    #expect(texts(scrolled.frame).contains("▲"))
    // To the end and no further; the end shows the last note and no marker.
    state.apply(.scrollNotes(10_000), at: 0)
    #expect(state.notesScroll == top.notesScrollLimit)
    let end = engine.console(deck: deck, state: state, status: status, size: size)
    #expect(!texts(end.frame).contains("▼ more"))
    #expect(texts(end.frame).contains("Note line 60 with a few words to read aloud."))
    // A new slide starts at the top of its notes.
    state.apply(.next, at: 0)
    #expect(state.notesScroll == 0)
  }

  @Test func timesAreFormattedForSpeakers() {
    #expect(ConsoleStatus.format(0) == "0:00")
    #expect(ConsoleStatus.format(65.9) == "1:05")
    #expect(ConsoleStatus.format(3725) == "1:02:05")
    #expect(ConsoleStatus.format(-10) == "-0:10")
  }
}

/// The console for a PDF deck: the page as the slide, pdfpc's notes as Markdown, and the notes
/// half of a beamer notes page as a picture.
@Suite(.serialized) struct PDFConsoleTests {
  let fonts = FontLibrary()
  let images = ImageLibrary(pages: PopplerPages())

  func load(_ name: String) throws -> Deck {
    var loader = DeckLoader(math: nil)
    loader.pdf = PopplerPDFReader()
    let path = Fixtures.pdfs.appendingPathComponent(name).path
    return try #require(loader.load(path).deck)
  }

  func console(_ deck: Deck, slide: Int) throws -> (RGBImage, SlideFrame) {
    var state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    state.apply(.goTo(slide + 1), at: 1)
    let status = ConsoleStatus(
      now: 60, elapsed: 59, duration: deck.metadata.duration, clock: "14:05",
      audience: "Audience on DUMMY1")
    let measurer = SDLTextMeasurer(library: fonts)
    let engine = LayoutEngine(theme: .dark, measurer: measurer, images: images)
    let size = PixelSize(width: 1920, height: 1080)
    let frame = engine.console(deck: deck, state: state, status: status, size: size).frame
    let canvas = try OffscreenCanvas(size: size, fonts: fonts, images: images, measurer: measurer)
    canvas.draw(frame)
    if let folder = ProcessInfo.processInfo.environment["PODIUM_CONSOLE_PNG"] {
      try canvas.writePNG(path: "\(folder)/console-pdf-\(slide).png")
    }
    return (RGBImage(canvas), frame)
  }

  func pages(_ commands: [DrawCommand]) -> [ImageItem] {
    commands.flatMap { command -> [ImageItem] in
      switch command {
      case .image(let item) where item.page != nil: return [item]
      case .layer(let layer): return pages(layer.frame.commands)
      default: return []
      }
    }
  }

  @Test func pdfpcNotesAndThePagesOfNowAndNext() throws {
    let deck = try load("beamer-overlays.pdf")
    let (image, frame) = try console(deck, slide: 3)
    let texts = frame.consoleTexts
    #expect(texts.contains("Slide 4 / 5"), "\(texts.prefix(8))")
    #expect(texts.contains { $0.contains("With h = 0.8 and a free fetch, five times faster.") })
    // The current slide is page 8, the next is page 9.
    #expect(Set(pages(frame.commands).map(\.page)) == [7, 8])
    // Drawn, not blank: the beamer theme's blue title bar shows in both views.
    #expect(image.count(of: RGBAColor(red: 0x33, green: 0x33, blue: 0xB2), tolerance: 12) > 10_000)
  }

  @Test func aNotesPagesNotesHalfIsTheNotes() throws {
    let deck = try load("beamer-notes-right.pdf")
    let (_, frame) = try console(deck, slide: 1)
    let shown = pages(frame.commands)
    // The slide's half now and next, and the notes half of its first page.
    #expect(shown.contains { $0.page == 1 && $0.source?.x == 0 })
    let notes = try #require(shown.first { ($0.source?.x ?? 0) > 0 })
    #expect(notes.page == 1 && abs((notes.source?.x ?? 0) - 453.5) < 0.1)
  }
}
