import Foundation
import PodiumCore
import PodiumSDL
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// The console's presets and hidden panes drawn with real fonts, each against its golden image
/// (`__Goldens__/console-*.png`): the tour's build slide with its notes, 1280 x 720.
@Suite(.serialized) struct ConsoleArrangementRenderingTests {
  static let size = PixelSize(width: 1280, height: 720)

  func render(_ arrangement: ConsoleArrangement) throws -> (RGBImage, ConsoleFrame) {
    let deck = try Fixtures.tourDeck()
    var state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    for _ in 0..<13 { state.apply(.next, at: 1) }  // slide 13, its second step
    state.arrangements.set(arrangement, for: Self.size)
    let status = ConsoleStatus(
      now: 790, elapsed: 789, duration: TalkDuration(seconds: 900), clock: "14:05",
      audience: "Audience on DUMMY1")
    let fonts = FontLibrary()
    let images = ImageLibrary()
    let measurer = SDLTextMeasurer(library: fonts)
    let engine = LayoutEngine(theme: .dark, measurer: measurer, images: images)
    let console = engine.console(deck: deck, state: state, status: status, size: Self.size)
    let canvas = try OffscreenCanvas(
      size: Self.size, fonts: fonts, images: images, measurer: measurer)
    canvas.draw(console.frame)
    return (RGBImage(canvas), console)
  }

  @Test(arguments: ConsoleArrangement.Preset.allCases)
  func eachPresetLooksAsItsGolden(_ preset: ConsoleArrangement.Preset) throws {
    let (image, console) = try render(ConsoleArrangement(preset: preset))
    try GoldenImageTests().check("console-\(preset.rawValue)", image)
    let texts = console.frame.consoleTexts
    switch preset {
    case .standard, .notes, .slides:
      #expect(console.currentSlide.width > 0 && console.notes.width > 0)
      #expect(texts.contains { $0.contains("This slide has three pauses") }, "the notes")
    case .confidence:
      #expect(console.currentSlide.width == 0 && console.notes.width == 0, "the next slide only")
      #expect(console.nextSlide.width > Double(Self.size.width) * 0.5)
      #expect(texts.contains("13:09") && texts.contains("1:51 left"))
    }
    #expect(!console.splitters.isEmpty, "a splitter to drag")
  }

  /// Each preset shares the room differently: the notes preset the largest notes, the slides
  /// preset the current and next slide side by side with the notes under both.
  @Test func presetsShareTheRoomAsTheySay() throws {
    let standard = try render(ConsoleArrangement()).1
    let notes = try render(ConsoleArrangement(preset: .notes)).1
    let slides = try render(ConsoleArrangement(preset: .slides)).1
    #expect(notes.notes.width * notes.notes.height > standard.notes.width * standard.notes.height)
    #expect(notes.currentSlide.width < standard.currentSlide.width)
    #expect(abs(slides.nextSlide.y - slides.currentSlide.y) < 40, "side by side")
    #expect(slides.notes.y > slides.currentSlide.maxY && slides.notes.x < slides.currentSlide.maxX)
  }

  @Test func hiddenPanesGiveTheirRoomToTheOthers() throws {
    let standard = try render(ConsoleArrangement()).1
    let noNext = try render(ConsoleArrangement(hidden: [.next])).1
    #expect(noNext.nextSlide.width == 0 && noNext.notes.height > standard.notes.height)
    let noNotes = try render(ConsoleArrangement(hidden: [.notes])).1
    #expect(noNotes.notes.width == 0 && noNotes.nextSlide.height > standard.nextSlide.height)
    let alone = try render(ConsoleArrangement(hidden: [.next, .notes])).1
    #expect(alone.currentSlide.width > standard.currentSlide.width * 1.3 && alone.splitters.isEmpty)
    let (image, _) = try render(ConsoleArrangement(hidden: [.next, .keys]))
    try GoldenImageTests().check("console-standard-hide-next-keys", image)
  }
}
