import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

/// The console's keys line, made from the bindings in effect.
@Suite struct ConsoleKeyHintsTests {
  let engine = LayoutEngine(
    theme: .dark, measurer: FixedTextMeasurer(), images: FixedImageMeasurer())

  func deck() throws -> Deck {
    try #require(parse("# One\n\n???\n\nSay hi.\n\n---\n\n# Two\n").deck)
  }

  func texts(_ frame: SlideFrame) -> [String] { frame.consoleTexts }

  func keysLine(
    _ bindings: KeyBindings, rehearsing: Bool = false, overMirror: Bool = false,
    overview: Bool = false, video: String? = nil
  ) throws -> String? {
    let deck = try deck()
    var state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    if overview { state.apply(.toggleOverview, at: 0) }
    var status = ConsoleStatus(
      now: 0, elapsed: 0, clock: "09:00", audience: "x", consoleOverMirror: overMirror)
    status.rehearsing = rehearsing
    status.bindings = bindings
    status.video = video
    status.videoKeys = video != nil
    let frame = engine.console(
      deck: deck, state: state, status: status, size: PixelSize(width: 1920, height: 1080))
    let marker = overview ? "choose" : "quit"
    return texts(frame.frame).first { $0.contains(marker) }
  }

  @Test func podiumsKeysGiveTheLinesTheConsoleHasAlwaysShown() throws {
    let standard = KeyBindings()
    #expect(
      try keysLine(standard)
        == "→ next  ← back  ·  number ⏎ jump  ·  b black  w white  f freeze  ·  "
        + "t timer  r reset  ·  [ ] notes  + − size  ·  d h e ink  Ctrl+z undo  ·  z zoom  l spotlight  j dim  ·  "
        + "Shift+l layout  ·  q q quit"
    )
    #expect(
      try keysLine(standard, rehearsing: true)
        == "→ next  ← back  ·  number ⏎ jump  ·  o overview  ·  "
        + "t pause the clock  r reset  ·  [ ] notes  ·  q q quit"
    )
    #expect(
      try keysLine(standard, overMirror: true)
        == "Tab slides  ·  → next  ← back  ·  b black  w white  f freeze  ·  "
        + "t timer  r reset  ·  q q quit"
    )
    #expect(
      try keysLine(standard, overview: true)
        == "← → ↑ ↓ choose  ·  a number  ·  ⏎ go there  ·  "
        + "Esc back to the talk  ·  Alt+← undo a jump"
    )
  }

  @Test func theLineIsKeptForTheNextFrameUntilWhatDecidesItChanges() throws {
    let deck = try deck()
    let state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    var status = ConsoleStatus(now: 0, elapsed: 0, clock: "09:00", audience: "x")
    let size = PixelSize(width: 1920, height: 1080)
    let cache = SlideFrameCache()
    func line(_ status: ConsoleStatus, cache: SlideFrameCache?) -> TextItem? {
      let frame = engine.console(
        deck: deck, state: state, status: status, size: size, frames: cache)
      return frame.frame.consoleTextItems.first { $0.text.contains("quit") }
    }
    let fresh = try #require(line(status, cache: nil))
    #expect(line(status, cache: cache) == fresh)
    #expect(line(status, cache: cache) == fresh, "kept: the same line")
    // Other bindings are another line, not the kept one.
    status.bindings = KeyBindings(own: [Key(name: "n")!: .next])
    let rebound = try #require(line(status, cache: cache))
    #expect(rebound != fresh && rebound == line(status, cache: nil))
  }

  /// With a clip on the slide, its keys join the line, and the timers' bar says where it is.
  @Test func aClipsKeysShowWhileItIsOnTheSlide() throws {
    #expect(
      try keysLine(KeyBindings(), video: "▶ 0:12 / 0:30")
        == "→ next  ← back  ·  number ⏎ jump  ·  b black  w white  f freeze  ·  "
        + "t timer  r reset  ·  [ ] notes  + − size  ·  d h e ink  Ctrl+z undo  ·  z zoom  l spotlight  j dim  ·  "
        + "Shift+l layout  ·  v video  Shift+← Shift+→ 5 s  ·  q q quit"
    )
    let deck = try deck()
    var status = ConsoleStatus(now: 0, elapsed: 0, clock: "09:00", audience: "x")
    status.video = "▶ 0:12 / 0:30"
    let frame = engine.console(
      deck: deck, state: PresentationState(stepCounts: [1, 1]), status: status,
      size: PixelSize(width: 1920, height: 1080))
    #expect(texts(frame.frame).contains("▶ 0:12 / 0:30"))
  }

  @Test func theSpeakersOwnKeysAreShown() throws {
    let folder = try Fixtures.temporaryDirectory("podium-config")
    let path = folder.appendingPathComponent("config.yaml").path
    try "keys:\n  next: [j]\n  quit: F10\n  overview: g\n  back: Alt+B\n"
      .write(toFile: path, atomically: true, encoding: .utf8)
    let (config, diagnostics) = Configuration.load(path: path)
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    let line = try #require(try keysLine(config.bindings))
    #expect(line.hasPrefix("j → next  ← back  ·  number ⏎ jump  ·"), "\(line)")
    #expect(line.hasSuffix("F10 F10 quit"), "\(line)")
    let overview = try #require(try keysLine(config.bindings, overview: true))
    #expect(overview.hasSuffix("g Esc back to the talk  ·  Alt+b Alt+← undo a jump"), "\(overview)")
  }

  @Test func aKeyTakenForAnotherCommandIsNotShownForItsOldOne() throws {
    let line = try #require(
      try keysLine(KeyBindings(own: [Key(.right): .previous, Key(.return): .toggleBlack])))
    #expect(line.hasPrefix("↓ next  → ← back  ·  number ↓ jump  ·  ⏎ b black"), "\(line)")
    let none = try #require(try keysLine(KeyBindings(own: [Key("w"): .next, Key(.f9): .quit])))
    #expect(
      none.contains("w → next") && none.contains("b black  f freeze"), "no key is white: \(none)")
  }
}
