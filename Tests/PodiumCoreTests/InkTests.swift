import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

/// Ink as values: strokes, smoothing, undo, the sidecar, and a session drawing with the mouse.
@Suite struct InkTests {
  static let path = "/talks/deck.md"
  static let deckText = "# One\n\n---\n\n# Two\n\n- a\n- b\n\n---\n\n# Three\n"

  func session(_ files: InMemoryFiles) throws -> TalkSession {
    let loaded = DeckLoader(files: files).load(Self.path)
    let deck = try #require(loaded.deck)
    return TalkSession(path: Self.path, deck: deck, theme: loaded.theme)
  }

  /// A console whose current-slide view is 800×450 at the window's top-left corner.
  func drawnConsole(_ talk: inout TalkSession) {
    let page = Rect(x: 0, y: 0, width: 1280, height: 720)
    talk.consoleDrawn(
      ConsoleFrame(
        frame: SlideFrame(size: PixelSize(width: 1280, height: 720), slideRect: page, commands: []),
        currentSlide: Rect(x: 0, y: 0, width: 800, height: 450), notes: page, notesScrollLimit: 0),
      in: 1)
  }

  func key(_ name: String) -> TalkInput {
    guard let key = Key(name: name) else { preconditionFailure("no key \(name)") }
    return .key(key)
  }

  func drag(_ talk: inout TalkSession, from: (Double, Double), to: (Double, Double), steps: Int) {
    _ = talk.handle(.click(.left, x: from.0, y: from.1, window: 1), at: 0)
    for index in 1...steps {
      let t = Double(index) / Double(steps)
      _ = talk.handle(
        .pointerMoved(
          x: from.0 + (to.0 - from.0) * t, y: from.1 + (to.1 - from.1) * t, window: 1), at: 0)
    }
    _ = talk.handle(.release(.left, x: to.0, y: to.1, window: 1), at: 0)
  }

  @Test func aPlacesVersionChangesWithItsStrokesAndIsNoPartOfEquality() {
    let place = Ink.Place(slide: "a", step: 0)
    let other = Ink.Place(slide: "b", step: 0)
    let line = InkStroke(
      tool: .pen, color: .init(red: 0, green: 0, blue: 0), width: 0.004,
      points: [InkPoint(x: 0.1, y: 0.1), InkPoint(x: 0.5, y: 0.5)])
    var ink = Ink()
    #expect(ink.version(slide: "a", step: 0) == 0)
    ink.add(line, at: place)
    let first = ink.version(slide: "a", step: 0)
    #expect(first != 0)
    var seen = [first]
    // Every change to the place gives it a number it never had, undo and redo too (a layer
    // drawn for other strokes is never taken for these); another place keeps its own.
    ink.add(line, at: other)
    #expect(ink.version(slide: "a", step: 0) == first)
    ink.add(line, at: place)
    seen.append(ink.version(slide: "a", step: 0))
    ink.undo()
    seen.append(ink.version(slide: "a", step: 0))
    ink.redo()
    seen.append(ink.version(slide: "a", step: 0))
    ink.clear(place)
    seen.append(ink.version(slide: "a", step: 0))
    #expect(Set(seen).count == seen.count, "\(seen)")
    // A copy that changes apart never meets the original's numbers.
    var copy = ink
    copy.add(line, at: place)
    ink.add(line, at: place)
    #expect(copy.version(slide: "a", step: 0) != ink.version(slide: "a", step: 0))
    // Two inks read alike are equal, though their versions are not.
    var read = Ink()
    read.load([line], at: place)
    var again = Ink()
    again.load([line], at: place)
    #expect(read == again)
    #expect(read.version(slide: "a", step: 0) != again.version(slide: "a", step: 0))
  }

  @Test func smoothingKeepsTheEndsAndSimplifiesAStraightLine() {
    let points = (0...200).map { InkPoint(x: Double($0) / 200, y: 0.5 + 0.0001 * Double($0 % 2)) }
    let stroke = InkStroke(
      tool: .pen, color: .init(red: 0, green: 0, blue: 0), width: 0.004,
      points: points)
    let kept = stroke.smoothed(aspect: 16.0 / 9)
    #expect(kept.points.first == points.first && kept.points.last == points.last)
    #expect(kept.points.count < 6, "\(kept.points.count) points")
    // A corner is kept: simplification never cuts a real turn.
    let corner = (0...100).map {
      InkPoint(x: min(Double($0), 50) / 100, y: max(0, Double($0) - 50) / 100)
    }
    let bent = InkStroke(
      tool: .pen, color: .init(red: 0, green: 0, blue: 0), width: 0.004,
      points: corner
    ).smoothed(aspect: 1)
    #expect(bent.points.contains { abs($0.x - 0.5) < 0.01 && abs($0.y) < 0.01 })
  }

  @Test func aDragOnTheConsoleDrawsAStrokeInSlideCoordinates() throws {
    var talk = try session(InMemoryFiles([Self.path: Self.deckText]))
    drawnConsole(&talk)
    // With no tool in hand a click advances, as ever.
    _ = talk.handle(.click(.left, x: 100, y: 100, window: 1), at: 0)
    #expect(talk.state.slide == 1)
    _ = talk.handle(key("d"), at: 0)
    #expect(talk.ink.tool == .pen)
    drag(&talk, from: (80, 45), to: (720, 405), steps: 40)
    #expect(talk.state.slide == 1, "a stroke is not a click")
    let strokes = talk.ink.ink.strokes(slide: talk.ink.identities[1], step: 0)
    #expect(strokes.count == 1)
    let stroke = try #require(strokes.first)
    #expect(abs(stroke.points[0].x - 0.1) < 1e-9 && abs(stroke.points[0].y - 0.1) < 1e-9)
    #expect(abs(stroke.points.last!.x - 0.9) < 1e-9 && abs(stroke.points.last!.y - 0.9) < 1e-9)
    // Drawn at any size, the stroke lands on the same place of the slide.
    let big = TalkInk.commands(strokes, in: Rect(x: 0, y: 0, width: 3840, height: 2160))
    guard case .stroke(let item) = big[1] else {
      Issue.record("expected a stroke, got \(big)")
      return
    }
    #expect(item.points[0] == 384 && item.points[1] == 216)
    #expect(item.width == 0.004 * 2160)
    #expect(!item.triangles().isEmpty && item.triangles().count % 6 == 0)
  }

  @Test func undoRedoClearEraseAndHide() throws {
    var talk = try session(InMemoryFiles([Self.path: Self.deckText]))
    drawnConsole(&talk)
    _ = talk.handle(key("d"), at: 0)
    drag(&talk, from: (100, 100), to: (300, 100), steps: 10)
    drag(&talk, from: (100, 300), to: (300, 300), steps: 10)
    func count() -> Int { talk.ink.ink.strokes(slide: talk.ink.identities[0], step: 0).count }
    #expect(count() == 2)
    _ = talk.handle(.key(Key("z", modifiers: .control)), at: 0)
    #expect(count() == 1)
    _ = talk.handle(.key(Key("y", modifiers: .control)), at: 0)
    #expect(count() == 2)
    _ = talk.handle(.key(Key("z", modifiers: .control)), at: 0)
    _ = talk.handle(.key(Key("z", modifiers: [.control, .shift])), at: 0)
    #expect(count() == 2)
    // The eraser takes the stroke it touches, whole.
    _ = talk.handle(key("e"), at: 0)
    _ = talk.handle(.click(.left, x: 200, y: 300, window: 1), at: 0)
    _ = talk.handle(.release(.left, x: 200, y: 300, window: 1), at: 0)
    #expect(count() == 1)
    _ = talk.handle(.key(Key("z", modifiers: .control)), at: 0)
    #expect(count() == 2)
    _ = talk.handle(key("i"), at: 0)
    #expect(
      talk.ink.commands(slide: 0, step: 0, in: Rect(x: 0, y: 0, width: 10, height: 10)).isEmpty)
    _ = talk.handle(key("i"), at: 0)
    _ = talk.handle(key("c"), at: 0)
    #expect(count() == 0)
    _ = talk.handle(.key(Key("z", modifiers: .control)), at: 0)
    #expect(count() == 2)
  }

  @Test func inkBelongsToItsStepOrToTheWholeSlide() throws {
    var talk = try session(InMemoryFiles([Self.path: "# One\n\n- a\n\n<!-- pause -->\n\n- b\n"]))
    #expect(talk.state.stepCounts[0] > 1)
    drawnConsole(&talk)
    _ = talk.handle(key("d"), at: 0)
    drag(&talk, from: (100, 100), to: (300, 100), steps: 5)
    let identity = talk.ink.identities[0]
    #expect(talk.ink.ink.strokes(slide: identity, step: 0).count == 1)
    #expect(talk.ink.ink.strokes(slide: identity, step: 1).isEmpty)
    var perSlide = Ink(scope: .slide)
    perSlide.add(
      talk.ink.ink.strokes(slide: identity, step: 0)[0],
      at: perSlide.place(slide: identity, step: 2))
    #expect(perSlide.strokes(slide: identity, step: 0).count == 1)
    #expect(perSlide.strokes(slide: identity, step: 1).count == 1)
  }

  @Test func aReloadThatInsertsASlideBeforeKeepsInkOnItsSlide() throws {
    var files = InMemoryFiles([Self.path: Self.deckText])
    var talk = try session(files)
    drawnConsole(&talk)
    _ = talk.handle(key("n"), at: 0)
    _ = talk.handle(key("d"), at: 0)
    drag(&talk, from: (100, 100), to: (300, 100), steps: 5)
    files[Self.path] = "# New\n\n---\n\n" + Self.deckText
    _ = talk.reload(using: DeckLoader(files: files), clock: { 0 })
    #expect(talk.deck.slides.count == 4)
    #expect(
      talk.ink.commands(slide: 2, step: 0, in: Rect(x: 0, y: 0, width: 100, height: 50)).count == 3)
    #expect(
      talk.ink.commands(slide: 1, step: 0, in: Rect(x: 0, y: 0, width: 100, height: 50)).isEmpty)
    // An edited slide keeps its ink by its title.
    files[Self.path] =
      "# New\n\n---\n\n# One\n\n---\n\n# Two\n\n- a\n- b, edited\n\n---\n\n# Three\n"
    _ = talk.reload(using: DeckLoader(files: files), clock: { 0 })
    #expect(
      talk.ink.commands(slide: 2, step: 0, in: Rect(x: 0, y: 0, width: 100, height: 50)).count == 3)
    #expect(talk.ink.orphans.isEmpty)
    // A slide deleted leaves its ink to the sidecar, named as an orphan.
    files[Self.path] = "# One\n\n---\n\n# Three\n"
    _ = talk.reload(using: DeckLoader(files: files), clock: { 0 })
    #expect(talk.ink.orphans.count == 1)
    #expect(talk.ink.ink.strokeCount == 1)
  }

  @Test func theSidecarRoundTripsAndNamesDamagedLines() throws {
    var ink = Ink()
    let stroke = InkStroke(
      tool: .highlighter, color: RGBAColor(red: 255, green: 255, blue: 0), width: 0.03,
      points: [InkPoint(x: 0.1, y: 0.2), InkPoint(x: 0.5, y: 0.25, pressure: 0.5)])
    ink.add(stroke, at: Ink.Place(slide: "cabc-def", step: 1), title: "Results \"2026\"")
    let text = InkSidecar.encode(ink)
    let (read, problems, damaged) = InkSidecar.decode(text, file: "deck.md.ink", scope: .step)
    #expect(problems.isEmpty && !damaged)
    #expect(read.strokes == ink.strokes)
    #expect(read.titles == ink.titles)
    #expect(read.generation == 1 && text.contains("\ngeneration 1\n"), "the generation kept")
    // A damaged line is a warning with its place; the good lines are kept.
    let broken = text + "stroke cabc-def 0 pen #zzzzzz 0.004 0.1,0.1 0.2,0.2\ngarbage here\n"
    let (partial, warnings, moved) = InkSidecar.decode(broken, file: "deck.md.ink", scope: .step)
    #expect(moved)
    #expect(partial.strokeCount == 1)
    #expect(
      warnings.map(\.description) == [
        "deck.md.ink:6:23: warning: colour '#zzzzzz' is not #rrggbb",
        "deck.md.ink:7:1: warning: unknown record 'garbage' (expected scope, generation, title, board or stroke)",
      ])
    // Another program's file, or a newer Podium's, is no ink and one warning.
    let (none, foreign, _) = InkSidecar.decode("{\"json\": 1}\n", file: "x.ink", scope: .step)
    #expect(none.isEmpty && foreign.count == 1 && foreign[0].location?.line == 1)
    let (_, newer, _) = InkSidecar.decode("podium-ink 9\n", file: "x.ink", scope: .step)
    #expect(newer.first?.message.contains("version '9'") == true)
  }

  @Test func aCorruptSidecarOnDiskIsMovedAsideAndTheTalkGoesOn() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("podium-ink-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let deck = folder.appendingPathComponent("talk.md").path
    try Data("\u{0}\u{1}binary".utf8).write(to: URL(fileURLWithPath: deck + ".ink"))
    let (ink, problems) = InkSidecar.load(deckPath: deck, scope: .step)
    #expect(ink.isEmpty)
    #expect(problems.count == 2 && problems.allSatisfy { $0.severity == .warning })
    #expect(problems[0].location?.line == 1)
    #expect(FileManager.default.fileExists(atPath: deck + ".ink.damaged"))
    #expect(!FileManager.default.fileExists(atPath: deck + ".ink"))
    // Saved and read back through the disk.
    var drawn = Ink()
    drawn.add(
      InkStroke(
        tool: .pen, color: RGBAColor(red: 1, green: 2, blue: 3), width: 0.004,
        points: [InkPoint(x: 0.25, y: 0.75)]), at: Ink.Place(slide: "c1-2", step: 0))
    try InkSidecar.save(drawn, deckPath: deck)
    #expect(InkSidecar.load(deckPath: deck, scope: .step).0.strokes == drawn.strokes)
  }

  @Test func thousandsOfStrokesStayCheap() {
    var ink = Ink()
    let place = Ink.Place(slide: "c1-1", step: 0)
    for index in 0..<3000 {
      let y = Double(index % 100) / 100
      let points = (0..<60).map { InkPoint(x: Double($0) / 60, y: y + 0.002 * sin(Double($0))) }
      ink.add(
        InkStroke(
          tool: .pen, color: RGBAColor(red: 0, green: 0, blue: 0), width: 0.004,
          points: points
        ).smoothed(aspect: 16.0 / 9), at: place)
    }
    let kept = ink.strokes[place]?.reduce(0) { $0 + $1.points.count } ?? 0
    #expect(kept < 3000 * 60 / 2, "simplification kept \(kept) points")
  }
}
