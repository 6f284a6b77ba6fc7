import Foundation
import PodiumCore
import PodiumSDL
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// The notes and timer views of `--views`, laid out by PodiumCore and drawn with real fonts;
/// compared with goldens (`RECORD_GOLDENS=1` re-records, as `GoldenImageTests`).
/// `PODIUM_VIEWS_PNG=DIR` also writes each image there to look at.
@Suite(.serialized) struct StageViewRenderingTests {
  let fonts = FontLibrary()
  let images = ImageLibrary()

  func render(
    _ kind: StageViewKind, _ deck: Deck, _ state: PresentationState, _ status: ConsoleStatus,
    size: PixelSize = PixelSize(width: 1280, height: 720), name: String
  ) throws -> (RGBImage, SlideFrame) {
    let measurer = SDLTextMeasurer(library: fonts)
    let engine = LayoutEngine(theme: .dark, measurer: measurer, images: images)
    let frame = engine.stageView(kind, deck: deck, state: state, status: status, size: size)
    let canvas = try OffscreenCanvas(size: size, fonts: fonts, images: images, measurer: measurer)
    canvas.draw(frame)
    if let folder = ProcessInfo.processInfo.environment["PODIUM_VIEWS_PNG"] {
      try canvas.writePNG(path: "\(folder)/\(name).png")
    }
    return (RGBImage(canvas), frame)
  }

  func state(_ deck: Deck, moves: Int) -> PresentationState {
    var state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    for _ in 0..<moves { state.apply(.next, at: 1) }
    return state
  }

  /// Every line of text in `frame`, those in its layers too.
  func texts(_ frame: SlideFrame) -> [TextItem] {
    frame.commands.flatMap { command -> [TextItem] in
      switch command {
      case .text(let item): return [item]
      case .layer(let layer): return texts(layer.frame)
      default: return []
      }
    }
  }

  /// Pixels of the view's text colour: how much text there is to read.
  func textPixels(_ image: RGBImage) -> Int {
    image.count(of: Theme.dark.console.notes.text, tolerance: 24)
  }

  @Test func theNotesViewShowsTheCurrentStepsNotesLarge() throws {
    let deck = try Fixtures.tourDeck()
    let status = ConsoleStatus(
      now: 790, elapsed: 789, duration: TalkDuration(seconds: 900), clock: "14:05",
      audience: "Audience on DUMMY1")
    // Slide 13 (a build), at its second step.
    let (image, frame) = try render(
      .notes, deck, state(deck, moves: 13), status, name: "view-notes")
    let strings = frame.consoleTexts
    #expect(strings.contains("Slide 13 / 17 · step 2/4"))
    #expect(strings.contains("13:09 · 1:51 left"))
    let notes = strings.joined(separator: " ")
    #expect(notes.contains("This slide has three pauses"), "the notes: \(strings)")
    // Large: the notes' text is at least twice the console's (2.5% of the height).
    let sizes = texts(frame).filter { $0.text.contains("pauses") }.map(\.font.size)
    #expect((sizes.first ?? 0) >= 720 * 0.05, "notes at \(sizes)")
    #expect(textPixels(image) > 5_000, "text to read, not a blank frame")
    // The notes are one kept layer; the times, which change every second, are drawn over it.
    let layers = frame.commands.compactMap { command -> LayerItem? in
      if case .layer(let layer) = command { return layer }
      return nil
    }
    #expect(layers.count == 1 && texts(layers[0].frame).contains { $0.text.contains("pauses") })
    #expect(
      frame.commands.contains { command in
        if case .text(let item) = command { return item.text == "13:09 · 1:51 left" }
        return false
      })
    try GoldenImageTests().check("view-notes", image)

    // Another slide, other notes: other pixels.
    let (other, otherFrame) = try render(
      .notes, deck, state(deck, moves: 2), status, name: "view-notes-3")
    #expect(otherFrame.consoleTexts.contains("Slide 3 / 17"))
    let difference = try #require(other.difference(from: image))
    #expect(difference.differing > 0.01, "the notes follow the slide")
  }

  @Test func theTimerViewIsLargeAndColouredByThePace() throws {
    let deck = try Fixtures.tourDeck()
    var status = ConsoleStatus(
      now: 790, elapsed: 789, duration: TalkDuration(seconds: 900), clock: "14:05",
      audience: "Audience on DUMMY1")
    var running = state(deck, moves: 3)
    running.apply(.toggleTimer, at: 1)
    status.paceOffset = 75
    let (image, frame) = try render(.timer, deck, running, status, name: "view-timer")
    let elapsed = try #require(texts(frame).first { $0.text == "13:09" })
    #expect(elapsed.font.size >= 720 * 0.3, "readable across a room: \(elapsed.font.size)")
    #expect(elapsed.color == Theme.dark.console.danger, "over a minute behind: red")
    #expect(frame.consoleTexts.contains("1:51 left"))
    #expect(frame.consoleTexts.contains("behind 1:15"))
    #expect(frame.consoleTexts.contains("14:05"))
    #expect(image.count(of: Theme.dark.console.danger, tolerance: 24) > 20_000, "big red digits")
    try GoldenImageTests().check("view-timer", image)
    // On time, the digits turn to the good colour.
    status.paceOffset = 0
    let (_, onTime) = try render(.timer, deck, running, status, name: "view-timer-on-time")
    #expect(texts(onTime).first { $0.text == "13:09" }?.color == Theme.dark.console.good)
  }
}
