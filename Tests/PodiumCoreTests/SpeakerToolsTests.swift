import PodiumCore
import PodiumTestSupport
import Testing

/// Zoom (`z`), spotlight (`l`), dimming (`j`) and the laser's trail (Shift+X) as a talk's
/// inputs: drags on the console's view of the slide, the wheel, Esc, and the marks they draw.
@Suite struct SpeakerToolsTests {
  static let path = "/talks/deck.md"
  static let window: UInt32 = 7
  /// Where the console drew its current-slide view in the fake window.
  static let view = Rect(x: 100, y: 100, width: 800, height: 450)

  func talk(_ text: String = "# One\n\n---\n\n# Two\n\n---\n\n# Three\n", config: String? = nil)
    throws -> TalkSession
  {
    var files = InMemoryFiles([Self.path: text])
    var configuration = Configuration()
    if let config {
      files["/config.yaml"] = config
      let (loaded, problems) = Configuration.load(path: "/config.yaml", files: files)
      #expect(problems.isEmpty, "\(problems)")
      configuration = loaded
    }
    let loaded = DeckLoader(configuration: configuration, files: files).load(Self.path)
    let deck = try #require(loaded.deck)
    var session = TalkSession(
      path: Self.path, deck: deck, theme: loaded.theme, configuration: configuration)
    let frame = SlideFrame(
      size: PixelSize(width: 1000, height: 700),
      slideRect: Rect(x: 0, y: 0, width: 1000, height: 700), commands: [])
    session.consoleDrawn(
      ConsoleFrame(
        frame: frame, currentSlide: Self.view, notes: Rect(x: 920, y: 100, width: 80, height: 450),
        notesScrollLimit: 0),
      in: Self.window)
    return session
  }

  func key(_ name: String) -> TalkInput {
    guard let key = Key(name: name) else { preconditionFailure("no key \(name)") }
    return .key(key)
  }

  /// The view's pixel at slide point (`x`, `y`) of the unzoomed view.
  func at(_ x: Double, _ y: Double) -> (Double, Double) {
    (Self.view.x + x * Self.view.width, Self.view.y + y * Self.view.height)
  }

  func drag(_ session: inout TalkSession, from: (Double, Double), to: (Double, Double)) {
    _ = session.handle(.click(.left, x: from.0, y: from.1, window: Self.window), at: 1)
    let middle = ((from.0 + to.0) / 2, (from.1 + to.1) / 2)
    _ = session.handle(.pointerMoved(x: middle.0, y: middle.1, window: Self.window), at: 1.1)
    _ = session.handle(.pointerMoved(x: to.0, y: to.1, window: Self.window), at: 1.2)
    _ = session.handle(.release(.left, x: to.0, y: to.1, window: Self.window), at: 1.3)
  }

  @Test func zDragsABoxThatBothWindowsZoomIntoAndEscGoesBack() throws {
    var session = try talk()
    #expect(session.handle(key("z"), at: 0).changed)
    #expect(session.state.tools.armed == .zoom)
    // The press starts a box (shown on the console) rather than moving to the next slide.
    _ = session.handle(.click(.left, x: at(0.4, 0.5).0, y: at(0.4, 0.5).1, window: 7), at: 1)
    _ = session.handle(.pointerMoved(x: at(0.9, 0.6).0, y: at(0.9, 0.6).1, window: 7), at: 1)
    let box = try #require(session.state.tools.dragBox)
    #expect(abs(box.width - 0.5) < 1e-9 && abs(box.height - 0.1) < 1e-9)
    _ = session.handle(.release(.left, x: at(0.9, 0.6).0, y: at(0.9, 0.6).1, window: 7), at: 1)
    #expect(session.state.slide == 0, "the drag did not move the talk")
    let region = session.state.tools.viewport.region
    #expect(abs(region.x - 0.4) < 1e-9 && abs(region.width - 0.5) < 1e-9)
    #expect(abs(region.y - 0.3) < 1e-9, "centred on the box's middle, at the slide's aspect")
    #expect(session.state.tools.armed == nil && session.state.tools.dragBox == nil)

    // Zoom further: a box drawn on the zoomed view is a box of what that view shows.
    _ = session.handle(key("z"), at: 2)
    drag(&session, from: at(0, 0), to: at(0.5, 0.5))
    let further = session.state.tools.viewport.region
    #expect(abs(further.x - 0.4) < 1e-6 && abs(further.y - 0.3) < 1e-6)
    #expect(abs(further.width - 0.25) < 1e-6)
    // No closer than the limit: a box on that view is widened to it.
    _ = session.handle(key("z"), at: 2)
    drag(&session, from: at(0.1, 0.1), to: at(0.2, 0.2))
    #expect(abs(session.state.tools.viewport.factor - SlideViewport.maximumZoom) < 1e-6)

    // Esc: back to the whole slide, not black; a second Esc blanks as before.
    _ = session.handle(key("Escape"), at: 3)
    #expect(!session.state.tools.viewport.isZoomed)
    #expect(session.state.audienceView == .slide(slide: 0, step: 0))
    _ = session.handle(key("Escape"), at: 4)
    #expect(session.state.audienceView == .black)
  }

  /// Ink drawn on a zoomed view lands where it is on the slide (h-ink and h-zoom together): a
  /// pen in hand takes the press from panning, and the stroke's points are slide coordinates.
  @Test func inkDrawnWhileZoomedLandsInSlideCoordinates() throws {
    var session = try talk()
    _ = session.handle(key("z"), at: 0)
    drag(&session, from: at(0.5, 0.5), to: at(1, 1))
    let region = session.state.tools.viewport.region
    #expect(abs(region.x - 0.5) < 0.01 && abs(region.width - 0.5) < 0.01)
    _ = session.handle(key("d"), at: 2)
    // From the zoomed view's top-left corner to its middle: the slide's middle to 3/4 across.
    drag(&session, from: at(0, 0), to: at(0.5, 0.5))
    #expect(session.state.tools.viewport.region == region, "the press drew; it did not pan")
    let strokes = session.ink.ink.strokes(slide: session.ink.identities[0], step: 0)
    let stroke = try #require(strokes.first)
    #expect(strokes.count == 1)
    let first = try #require(stroke.points.first)
    let last = try #require(stroke.points.last)
    #expect(abs(first.x - region.x) < 1e-6 && abs(first.y - region.y) < 1e-6)
    let half = (x: region.x + region.width / 2, y: region.y + region.height / 2)
    #expect(abs(last.x - half.x) < 1e-6 && abs(last.y - half.y) < 1e-6)
    // `z` after the pen: the next press is a box again.
    _ = session.handle(key("z"), at: 3)
    drag(&session, from: at(0, 0), to: at(0.5, 0.5))
    #expect(session.state.tools.viewport.factor > 2.5)
    #expect(session.ink.ink.strokes(slide: session.ink.identities[0], step: 0).count == 1)
  }

  @Test func whileZoomedADragPansTheWheelZoomsAndANewSlideShowsWhole() throws {
    var session = try talk()
    _ = session.handle(key("z"), at: 0)
    // A click without a drag: twice as close around it.
    let spot = at(0.5, 0.5)
    _ = session.handle(.click(.left, x: spot.0, y: spot.1, window: 7), at: 1)
    _ = session.handle(.release(.left, x: spot.0, y: spot.1, window: 7), at: 1)
    #expect(session.state.tools.viewport.region == Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
    // Dragging the zoomed view to the left shows more of the slide's right: the point grabbed
    // stays under the pointer.
    drag(&session, from: at(0.5, 0.5), to: at(0.25, 0.5))
    let panned = session.state.tools.viewport.region
    #expect(abs(panned.x - 0.375) < 1e-9 && abs(panned.y - 0.25) < 1e-9)
    #expect(session.state.slide == 0)
    // The wheel over the view zooms around the pointer; it does not change slides.
    let before = session.state.tools.viewport.factor
    _ = session.handle(.wheel(lines: -2, x: spot.0, y: spot.1, window: 7), at: 2)
    #expect(abs(session.state.tools.viewport.factor - before * 1.25 * 1.25) < 1e-9)
    #expect(session.state.slide == 0)
    // The laser lands where the zoomed view shows: the view's centre is the region's centre.
    _ = session.handle(key("x"), at: 3)
    _ = session.handle(.pointerMoved(x: spot.0, y: spot.1, window: 7), at: 3)
    let laser = try #require(session.state.laser)
    let region = session.state.tools.viewport.region
    #expect(abs(laser.x - (region.x + region.width / 2)) < 1e-9)
    // The next slide starts whole.
    _ = session.handle(key("Right"), at: 4)
    #expect(session.state.slide == 1 && !session.state.tools.viewport.isZoomed)
  }

  @Test func theSpotlightFollowsThePointerAndTheWheelSizesIt() throws {
    var session = try talk()
    _ = session.handle(key("l"), at: 0)
    #expect(session.state.tools.spotlightOn)
    // The pointer is tracked without the laser on.
    _ = session.handle(.pointerMoved(x: at(0.2, 0.3).0, y: at(0.2, 0.3).1, window: 7), at: 1)
    let point = try #require(session.state.pointer)
    #expect(abs(point.x - 0.2) < 1e-9 && abs(point.y - 0.3) < 1e-9)
    #expect(session.state.laser == nil)
    let radius = session.state.tools.spotlightRadius
    _ = session.handle(.wheel(lines: 1, x: at(0.2, 0.3).0, y: at(0.2, 0.3).1, window: 7), at: 2)
    #expect(session.state.tools.spotlightRadius > radius)
    #expect(session.state.slide == 0, "the wheel sized the spotlight, not the slides")
    // Over the notes the wheel still scrolls them; a click still moves on.
    _ = session.handle(.click(.left, x: 500, y: 300, window: 7), at: 3)
    #expect(session.state.slide == 1)
    #expect(session.state.tools.spotlightOn, "a mode: it stays on the next slide")

    // The marks: dark in the corners of the view, clear at the pointer.
    let marks = session.state.toolMarks(in: Self.view, at: 3, speaker: false)
    func shaded(_ x: Double, _ y: Double) -> Bool {
      marks.contains {
        if case .fill(let rect, let color) = $0 {
          return rect.contains(x: x, y: y) && color.alpha > 100
        }
        return false
      }
    }
    let (px, py) = at(0.2, 0.3)
    #expect(!shaded(px, py) && !shaded(px + 20, py - 20))
    #expect(
      shaded(Self.view.x + 2, Self.view.maxY - 2) && shaded(Self.view.maxX - 2, Self.view.y + 2))
    #expect(!shaded(Self.view.x - 5, Self.view.y - 5), "nothing beside the view")
    _ = session.handle(key("l"), at: 4)
    #expect(session.state.toolMarks(in: Self.view, at: 4, speaker: false).isEmpty)
  }

  @Test func jDimsAllButADraggedBoxAndJAgainTakesItAway() throws {
    var session = try talk()
    _ = session.handle(key("j"), at: 0)
    drag(&session, from: at(0.1, 0.1), to: at(0.4, 0.3))
    let box = try #require(session.state.tools.dimBox)
    #expect(abs(box.x - 0.1) < 1e-9 && abs(box.width - 0.3) < 1e-9 && abs(box.height - 0.2) < 1e-9)
    #expect(!session.state.tools.viewport.isZoomed)
    let marks = session.state.toolMarks(in: Self.view, at: 1, speaker: false)
    let covered = marks.compactMap { if case .fill(let rect, _) = $0 { rect } else { nil } }
    let (inX, inY) = at(0.25, 0.2)
    #expect(!covered.contains { $0.contains(x: inX, y: inY) }, "the box stays bright")
    let (outX, outY) = at(0.7, 0.8)
    #expect(covered.contains { $0.contains(x: outX, y: outY) }, "the rest is dimmed")
    _ = session.handle(key("j"), at: 2)
    #expect(session.state.tools.dimBox == nil)
  }

  @Test func shiftXLeavesATrailThatFades() throws {
    var session = try talk()
    _ = session.handle(key("x"), at: 0)
    _ = session.handle(key("shift+x"), at: 0)
    #expect(session.state.tools.laserTrail)
    for (index, x) in [0.2, 0.3, 0.4, 0.5, 0.6].enumerated() {
      let (px, py) = at(x, 0.5)
      _ = session.handle(.pointerMoved(x: px, y: py, window: 7), at: 1 + Double(index) * 0.05)
    }
    #expect(session.state.tools.trail.count == 5)
    #expect(session.state.tools.trailFading(at: 1.3))
    let fresh = session.state.toolMarks(in: Self.view, at: 1.25, speaker: false)
    let dot = SlidePoint(x: 0.6, y: 0.5).dot(in: Self.view)
    #expect(fresh.count > dot.count + 20, "dots along the path as well as the laser's")
    // Later the trail has faded: the laser's dot alone, and the talk stops drawing it again.
    #expect(session.state.toolMarks(in: Self.view, at: 5, speaker: false).count == dot.count)
    #expect(!session.state.tools.trailFading(at: 5))
    // Shift+X again: no trail.
    _ = session.handle(key("shift+x"), at: 6)
    #expect(!session.state.tools.laserTrail)
  }

  @Test func theKeysAreRebindableAndTheTrailCanStartOn() throws {
    var session = try talk(config: "laser-trail: true\nkeys:\n  zoom: y\n  spotlight: F8\n")
    #expect(session.state.tools.laserTrail)
    #expect(session.configuration.printed.contains("laser-trail: true"))
    _ = session.handle(key("y"), at: 0)
    #expect(session.state.tools.armed == .zoom)
    _ = session.handle(key("F8"), at: 0)
    #expect(session.state.tools.spotlightOn)
    // Podium's own keys, and what config.yaml calls them.
    #expect(standardCommand("z") == .tool(.armZoom))
    #expect(standardCommand("l") == .tool(.toggleSpotlight))
    #expect(standardCommand("j") == .tool(.armDim))
    #expect(standardCommand("shift+x") == .tool(.toggleLaserTrail))
    #expect(standardCommand("x") == .togglePointer)
    #expect(KeyBindings.summary.contains("zoom: z"))
    let (_, problems) = Configuration.load(
      path: "/c.yaml", files: InMemoryFiles(["/c.yaml": "laser-trail: sometimes\n"]))
    #expect(problems.map(\.description).contains { $0.contains("/c.yaml:1:14") })
  }

  @Test func theZoomABoxWillShowIsKnownWhileItIsDraggedAndEqualsTheRelease() throws {
    var session = try talk()
    #expect(session.state.zoomedOnRelease == nil, "nothing dragged")
    _ = session.handle(key("z"), at: 0)
    #expect(session.state.zoomedOnRelease == nil, "armed, no box yet")
    _ = session.handle(.click(.left, x: at(0.2, 0.3).0, y: at(0.2, 0.3).1, window: 7), at: 1)
    // Pressed but not moved: letting go now is a click (twice as close), not a box.
    #expect(session.state.zoomedOnRelease == nil)
    _ = session.handle(.pointerMoved(x: at(0.6, 0.5).0, y: at(0.6, 0.5).1, window: 7), at: 1.1)
    let ahead = try #require(session.state.zoomedOnRelease)
    #expect(ahead.tools.viewport.isZoomed && ahead.tools.dragBox == nil)
    #expect(ahead.tools.armed == nil && ahead.slide == session.state.slide)
    #expect(session.state.tools.viewport == .whole, "the talk itself is not zoomed yet")
    _ = session.handle(.release(.left, x: at(0.6, 0.5).0, y: at(0.6, 0.5).1, window: 7), at: 1.2)
    #expect(session.state.tools.viewport == ahead.tools.viewport, "what was drawn ahead shows")
    #expect(session.state.zoomedOnRelease == nil)

    // A pan of the zoomed view and a dimmed box are not zooms into a box.
    drag(&session, from: at(0.5, 0.5), to: at(0.4, 0.4))
    _ = session.handle(.click(.left, x: at(0.5, 0.5).0, y: at(0.5, 0.5).1, window: 7), at: 2)
    _ = session.handle(.pointerMoved(x: at(0.3, 0.3).0, y: at(0.3, 0.3).1, window: 7), at: 2.1)
    #expect(session.state.tools.isDragging && session.state.zoomedOnRelease == nil)
    _ = session.handle(.release(.left, x: at(0.3, 0.3).0, y: at(0.3, 0.3).1, window: 7), at: 2.2)
    _ = session.handle(key("Escape"), at: 3)
    _ = session.handle(key("j"), at: 3)
    _ = session.handle(.click(.left, x: at(0.2, 0.2).0, y: at(0.2, 0.2).1, window: 7), at: 4)
    _ = session.handle(.pointerMoved(x: at(0.7, 0.7).0, y: at(0.7, 0.7).1, window: 7), at: 4.1)
    #expect(session.state.tools.dragBox != nil && session.state.zoomedOnRelease == nil)
  }
}
