import Foundation
import PodiumTestSupport
import Testing

@testable import PodiumCore

/// The console the speaker arranges: an arrangement as config.yaml writes it, the file written
/// back with everything else kept, and the session's keys and splitters changing it.
@Suite struct ConsoleArrangementTests {
  @Test func anArrangementIsOneLineThatReadsBack() throws {
    let arrangement = ConsoleArrangement(
      preset: .notes, split: 0.42, nextShare: 0.3, hidden: [.keys, .next])
    #expect(arrangement.line == "notes split 0.42 next 0.30 hide next,keys")
    #expect(ConsoleArrangement(line: arrangement.line) == arrangement)
    #expect(ConsoleArrangement(line: "confidence") == ConsoleArrangement(preset: .confidence))
    for bad in ["", "huge", "notes split", "notes split 0.95", "notes hide clock", "notes x 1"] {
      #expect(ConsoleArrangement(line: bad) == nil, "'\(bad)'")
    }
    // A dragged share is held inside 0.2 to 0.8; the presets go round.
    #expect(ConsoleArrangement.held(0.05) == 0.2 && ConsoleArrangement.held(0.99) == 0.8)
    #expect(ConsoleArrangement.Preset.confidence.following == .standard)
  }

  @Test func theConfigurationReadsItsConsoleBySizeAndSaysWhereItIsWrong() throws {
    let text = """
      theme: dark
      console:
        1920x1080: notes split 0.40
        1280x800: sideways
        big: slides
        default: slides
      """
    let files = InMemoryFiles(["/config.yaml": text])
    let (config, diagnostics) = Configuration.load(path: "/config.yaml", files: files)
    #expect(config.console.arrangement(for: PixelSize(width: 1920, height: 1080)).split == 0.4)
    #expect(config.console.arrangement(for: PixelSize(width: 800, height: 600)).preset == .slides)
    #expect(diagnostics.count == 2, "\(diagnostics)")
    #expect(diagnostics.map { $0.location?.line } == [4, 5], "\(diagnostics)")
    #expect(config.printed.contains("  1920x1080: notes split 0.40"))
  }

  @Test func writingTheConsoleKeepsEveryOtherLineOfTheFile() {
    var console = ConsoleArrangements()
    console.set(ConsoleArrangement(preset: .slides), for: PixelSize(width: 1920, height: 1080))
    let mine =
      "# my settings\ntheme: dark\nconsole:\n  800x600: notes\n\n# keys below\nkeys:\n  next: [j]\n"
    let written = Configuration.replacingConsole(in: mine, with: console)
    #expect(
      written
        == "# my settings\ntheme: dark\nconsole:              # the console's arrangement by window size\n  1920x1080: slides\n  default: standard\n# keys below\nkeys:\n  next: [j]\n"
    )
    let fresh = Configuration.replacingConsole(in: "", with: console)
    #expect(fresh.hasPrefix("console:") && fresh.contains("  1920x1080: slides\n"))
    // What is written reads back as it was.
    let files = InMemoryFiles(["/c.yaml": written])
    let (config, diagnostics) = Configuration.load(path: "/c.yaml", files: files)
    #expect(diagnostics.isEmpty && config.console == console, "\(diagnostics)")
  }

  static let window: UInt32 = 7
  static let size = PixelSize(width: 1920, height: 1080)

  /// A session whose console (laid out for real, at 1920 x 1080) is on show in `window`.
  func talk() throws -> TalkSession {
    let text = "# One\n\n???\n\nSay one.\n\n---\n\n# Two\n"
    let deck = try #require(
      DeckParser.parse(text: text, file: "/t.md", baseDirectory: "/", files: InMemoryFiles([:]))
        .deck)
    return TalkSession(path: "/t.md", deck: deck, theme: .dark)
  }

  func draw(_ session: inout TalkSession) -> ConsoleFrame {
    let console = LayoutEngine.fixedConsole(
      deck: session.deck, state: session.state, size: Self.size)
    session.consoleDrawn(console, in: Self.window)
    return console
  }

  @Test func keysChangeThePresetAndThePanesOfTheConsoleOnShow() throws {
    var session = try talk()
    _ = draw(&session)
    #expect(session.handle(.key(Key("l", modifiers: .shift)), at: 1).changed)
    #expect(session.state.arrangements.arrangement(for: Self.size).preset == .notes)
    _ = session.handle(.key(Key(.f7)), at: 2)
    #expect(session.state.arrangements.arrangement(for: Self.size).hidden == [.notes])
    let events = session.takeEvents().compactMap { event -> TraceEvent.ConsoleArranged? in
      if case .console(let body) = event { return body }
      return nil
    }
    #expect(events.map(\.arrangement) == ["notes", "notes hide notes"])
    #expect(events.map(\.by) == ["preset", "pane"] && events.allSatisfy { $0.size == "1920x1080" })
    #expect(session.state.position == .init(slide: 0, step: 0), "the talk stays where it is")
  }

  @Test func draggingTheSplitterMovesItAndLettingGoKeepsIt() throws {
    var session = try talk()
    let before = draw(&session)
    let split = try #require(before.splitters.first { $0.share == .split })
    let (x, y) = (split.grip.x + split.grip.width / 2, split.grip.y + split.grip.height / 2)
    #expect(session.handle(.click(.left, x: x, y: y, window: Self.window), at: 1).changed)
    let target = split.span.x + split.span.width * 0.45
    _ = session.handle(.pointerMoved(x: target, y: y, window: Self.window), at: 1.1)
    _ = session.handle(.release(.left, x: target, y: y, window: Self.window), at: 1.2)
    let arrangement = session.state.arrangements.arrangement(for: Self.size)
    #expect(abs((arrangement.split ?? 0) - 0.45) < 0.01, "\(arrangement)")
    let after = draw(&session)
    #expect(after.currentSlide.width < before.currentSlide.width * 0.8)
    #expect(session.state.position == .init(slide: 0, step: 0), "a press on it is no click on")
    let kept = session.takeEvents().filter { if case .console = $0 { true } else { false } }
    #expect(kept.count == 1, "one line for the drag: \(kept)")
    // Moving the mouse after letting go moves nothing.
    _ = session.handle(.pointerMoved(x: target + 300, y: y, window: Self.window), at: 1.3)
    #expect(session.state.arrangements.arrangement(for: Self.size) == arrangement)
  }
}
