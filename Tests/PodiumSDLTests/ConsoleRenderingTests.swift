import Foundation
import PodiumCore
import PodiumSDL
import PodiumTestSupport
import Testing

/// The presenter console, laid out by PodiumCore and drawn with real fonts.
@Suite(.serialized) struct ConsoleRenderingTests {
  let fonts = FontLibrary()
  let images = ImageLibrary()

  func tour() throws -> Deck {
    try #require(DeckParser.parse(fileAt: Fixtures.packageRoot.appendingPathComponent("Decks/tour.md").path).deck)
  }

  func render(_ deck: Deck, _ state: PresentationState, _ status: ConsoleStatus, size: PixelSize) throws -> (RGBImage, SlideFrame) {
    let measurer = SDLTextMeasurer(library: fonts)
    let engine = LayoutEngine(theme: .dark, measurer: measurer, images: images)
    let frame = engine.console(deck: deck, state: state, status: status, size: size)
    let canvas = try OffscreenCanvas(size: size, fonts: fonts, images: images, measurer: measurer)
    canvas.draw(frame)
    if let folder = ProcessInfo.processInfo.environment["PODIUM_CONSOLE_PNG"] {
      try canvas.savePNG(path: "\(folder)/console-\(size.width)x\(size.height).png")
    }
    return (RGBImage(canvas), frame)
  }

  func texts(_ frame: SlideFrame) -> [String] {
    frame.commands.compactMap { if case .text(let item) = $0 { return item.text } else { return nil } }
  }

  @Test func showsCurrentNextNotesTimesAndPosition() throws {
    let deck = try tour()
    var state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    for _ in 0..<12 { state.apply(.next, at: 1) }  // slide 13, the build
    state.apply(.next, at: 2)
    let status = ConsoleStatus(now: 790, elapsed: 789, duration: TalkDuration(seconds: 900), clock: "14:05", audience: "Audience on DUMMY1")
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
      if case .text(let item) = command, item.text == "1:51 left" { return item } else { return nil }
    }.first
    #expect(countdown?.color == RGBAColor(red: 0xF2, green: 0xB1, blue: 0x3C))
    // Real pixels: the dark console with the tour's dark slide in it and light text.
    #expect(image.count(of: RGBAColor(red: 0x10, green: 0x14, blue: 0x19), tolerance: 2) > 100_000)
    #expect(image.count(of: Theme.dark.colors.background, tolerance: 2) > 200_000, "two slide previews")
  }

  @Test func smallWindowsDropTheNextPreviewFirst() throws {
    let deck = try tour()
    let state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    let status = ConsoleStatus(now: 0, elapsed: 0, clock: "09:00", audience: "Mirrored")
    let (_, small) = try render(deck, state, status, size: PixelSize(width: 1024, height: 600))
    #expect(!texts(small).contains("Next"))
    #expect(texts(small).contains { $0.contains("Welcome!") }, "notes stay")
    let (_, laptop) = try render(deck, state, status, size: PixelSize(width: 1366, height: 768))
    #expect(texts(laptop).contains("Next"))
  }

  @Test func blankFrozenJumpAndQuitAreVisibleToTheSpeaker() throws {
    let deck = try tour()
    var state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    state.apply(.toggleBlack, at: 0)
    state.apply(.digit(1), at: 0)
    state.apply(.digit(2), at: 0)
    let status = ConsoleStatus(now: 0.5, elapsed: 0, duration: TalkDuration(seconds: 60), clock: "09:00", audience: "Audience on HDMI-1")
    let (_, frame) = try render(deck, state, status, size: PixelSize(width: 1280, height: 720))
    #expect(texts(frame).contains("AUDIENCE SEES BLACK"))
    #expect(texts(frame).contains("go to slide 12_"))
    state.apply(.quit, at: 1)
    let armed = ConsoleStatus(now: 1.5, elapsed: 0, duration: TalkDuration(seconds: 60), clock: "09:00", audience: "x")
    let (_, quitting) = try render(deck, state, armed, size: PixelSize(width: 1280, height: 720))
    #expect(texts(quitting).contains("press q again to quit"))
    let later = ConsoleStatus(now: 9, elapsed: 70, duration: TalkDuration(seconds: 60), clock: "09:01", audience: "x")
    let (_, over) = try render(deck, state, later, size: PixelSize(width: 1280, height: 720))
    #expect(!texts(over).contains("press q again to quit"), "the prompt goes after two seconds")
    #expect(texts(over).contains("overtime 0:10"))
  }

  @Test func timesAreFormattedForSpeakers() {
    #expect(ConsoleStatus.format(0) == "0:00")
    #expect(ConsoleStatus.format(65.9) == "1:05")
    #expect(ConsoleStatus.format(3725) == "1:02:05")
    #expect(ConsoleStatus.format(-10) == "-0:10")
  }
}
