import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

/// Ink in the console's previews: the next step's (or slide's) preview and the overview's
/// thumbnails carry the strokes, in slide coordinates scaled into their own rectangles.
@Suite struct InkPreviewTests {
  let engine = LayoutEngine(
    theme: .dark, measurer: FixedTextMeasurer(), images: FixedImageMeasurer())
  static let deckText = "# One\n\n- a\n\n<!-- pause -->\n\n- b\n\n---\n\n# Two\n\nWords.\n"

  func deck() throws -> Deck { try #require(parse(Self.deckText).deck) }

  /// A diagonal pen stroke from (x0, y0) to (x1, y1) of the slide.
  func stroke(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> InkStroke {
    InkStroke(
      tool: .pen, color: RGBAColor(red: 0xE5, green: 0x1E, blue: 0x1E), width: 0.01,
      points: [InkPoint(x: x0, y: y0), InkPoint(x: x1, y: y1)])
  }

  /// Ink of slide 1's second step (0.1,0.2 → 0.9,0.8) and of slide 2 (0.5,0.5 → 0.75,0.25).
  func ink(_ scope: InkScope, _ deck: Deck) -> TalkInk {
    let identities = InkIdentity.identities(of: deck)
    var ink = Ink(scope: scope)
    ink.add(stroke(0.1, 0.2, 0.9, 0.8), at: ink.place(slide: identities[0], step: 1))
    ink.add(stroke(0.5, 0.5, 0.75, 0.25), at: ink.place(slide: identities[1], step: 0))
    return TalkInk(ink: ink, deck: deck)
  }

  func console(_ deck: Deck, _ state: PresentationState, ink: TalkInk?) -> ConsoleFrame {
    let status = ConsoleStatus(now: 0, elapsed: 0, clock: "09:00", audience: "x")
    return engine.console(
      deck: deck, state: state, status: status, size: PixelSize(width: 1920, height: 1080),
      ink: ink)
  }

  /// Every stroke in a draw list, layers opened.
  func strokes(_ commands: [DrawCommand]) -> [StrokeItem] {
    commands.flatMap { command -> [StrokeItem] in
      switch command {
      case .stroke(let item): return [item]
      case .layer(let layer):
        return strokes(layer.frame.commands).map {
          $0.translated(dx: layer.x, dy: layer.y)
        }
      default: return []
      }
    }
  }

  /// Whether `item` runs from (x0, y0) to (x1, y1) of a slide lying at `rect`, within a pixel.
  func lies(_ item: StrokeItem, _ rect: Rect, _ from: (Double, Double), _ to: (Double, Double))
    -> Bool
  {
    let points = item.points
    guard points.count == 4 else { return false }
    let expected = [
      rect.x + from.0 * rect.width, rect.y + from.1 * rect.height,
      rect.x + to.0 * rect.width, rect.y + to.1 * rect.height,
    ]
    return zip(points, expected).allSatisfy { abs($0 - $1) <= 1 }
      && abs(item.width - 0.01 * rect.height) < 0.01
  }

  @Test func theNextStepsPreviewShowsThatStepsInk() throws {
    let deck = try deck()
    let state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    #expect(state.upcoming?.slide == 0 && state.upcoming?.step == 1)
    let frame = console(deck, state, ink: ink(.step, deck))
    let preview = frame.nextSlide
    #expect(preview.width > 100 && preview.width < frame.currentSlide.width)
    let drawn = strokes(frame.frame.commands)
    #expect(drawn.count == 1, "only the next step's stroke: \(drawn.count)")
    let item = try #require(drawn.first)
    #expect(lies(item, preview, (0.1, 0.2), (0.9, 0.8)), "\(item.points) in \(preview)")
    // Without ink, no strokes at all: the strokes come from the ink, not from the layout.
    #expect(strokes(console(deck, state, ink: nil).frame.commands).isEmpty)
  }

  @Test func underInkSlideThePreviewOfTheNextSlideShowsItsInk() throws {
    let deck = try deck()
    var state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    state.apply(.next, at: 0)
    #expect(state.upcoming?.slide == 1)
    let frame = console(deck, state, ink: ink(.slide, deck))
    let drawn = strokes(frame.frame.commands)
    // The current slide's ink (slide 1's, drawn on its second step, shown on all its steps)
    // on the current slide's view, and slide 2's on the preview.
    #expect(drawn.count == 2)
    #expect(drawn.contains { lies($0, frame.currentSlide, (0.1, 0.2), (0.9, 0.8)) })
    #expect(drawn.contains { lies($0, frame.nextSlide, (0.5, 0.5), (0.75, 0.25)) })
    // Both in the console's kept layer, none drawn over it at every tick.
    let bare = frame.frame.commands.filter {
      if case .stroke = $0 { return true }
      return false
    }
    #expect(bare.isEmpty)
  }

  @Test func theOverviewsThumbnailsCarryEachSlidesInk() throws {
    let deck = try deck()
    var state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    state.apply(.toggleOverview, at: 0)
    let frame = console(deck, state, ink: ink(.step, deck))
    #expect(frame.overview.count == 2)
    let drawn = strokes(frame.frame.commands)
    #expect(drawn.count == 2, "\(drawn.count)")
    let first = try #require(frame.overview.first { $0.slide == 0 }).rect
    let second = try #require(frame.overview.first { $0.slide == 1 }).rect
    // A thumbnail shows the slide's last step: the ink of all its steps.
    #expect(drawn.contains { lies($0, first, (0.1, 0.2), (0.9, 0.8)) })
    #expect(drawn.contains { lies($0, second, (0.5, 0.5), (0.75, 0.25)) })
    // Hidden ink is hidden in the thumbnails too.
    var hidden = ink(.step, deck)
    _ = hidden.apply(.toggleHidden, slide: 0, step: 0)
    #expect(strokes(console(deck, state, ink: hidden).frame.commands).isEmpty)
  }
  /// The console's kept layer is keyed by its strokes' places, not their points: the key
  /// changes with the ink on either view and comes back with it, and is the same for the same
  /// ink laid out again.
  @Test func theConsoleLayerKeyFollowsTheInkOnItsViews() throws {
    let deck = try deck()
    let state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    func key(_ ink: TalkInk?) -> String? {
      guard case .layer(let layer)? = console(deck, state, ink: ink).frame.commands.first
      else { return nil }
      return layer.key
    }
    let identities = InkIdentity.identities(of: deck)
    let bare = TalkInk(ink: Ink(scope: .step), deck: deck)
    var current = Ink(scope: .step)
    current.add(stroke(0.1, 0.1, 0.2, 0.2), at: current.place(slide: identities[0], step: 0))
    var moved = Ink(scope: .step)
    moved.add(stroke(0.1, 0.1, 0.2, 0.3), at: moved.place(slide: identities[0], step: 0))
    // The next view (step 2 of slide 1) has the other's ink.
    var next = Ink(scope: .step)
    next.add(stroke(0.1, 0.1, 0.2, 0.2), at: next.place(slide: identities[0], step: 1))
    let keys = [bare.ink, current, moved, next].map { key(TalkInk(ink: $0, deck: deck)) }
    #expect(keys.allSatisfy { $0 != nil })
    #expect(Set(keys).count == 4, "\(keys)")
    #expect(key(TalkInk(ink: current, deck: deck)) == keys[1], "the same ink, the same key")
  }
}
