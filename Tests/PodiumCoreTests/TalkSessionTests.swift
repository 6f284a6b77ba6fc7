import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

/// The talk as a value: inputs, reloads and the loader, with files in memory.
@Suite struct TalkSessionTests {
  static let path = "/talks/deck.md"

  func session(_ files: InMemoryFiles, configuration: Configuration = Configuration()) throws
    -> TalkSession
  {
    let loaded = DeckLoader(configuration: configuration, files: files).load(Self.path)
    #expect(!loaded.hasErrors, "\(loaded.diagnostics)")
    let deck = try #require(loaded.deck)
    return TalkSession(
      path: Self.path, deck: deck, theme: loaded.theme, configuration: configuration)
  }

  func clock() -> Double { 0 }

  func press(_ name: String) -> TalkInput {
    guard let key = Key(name: name) else { preconditionFailure("no key named \(name)") }
    return .key(key)
  }

  @Test func theLoaderGivesTheConfiguredThemeOnlyToDecksThatNameNone() {
    var configuration = Configuration()
    configuration.theme = .dark
    var files = InMemoryFiles([Self.path: "# One\n"])
    let loader = DeckLoader(configuration: configuration, files: files)
    #expect(loader.load(Self.path).theme == .dark)
    files[Self.path] = "---\ntheme: light\n---\n\n# One\n"
    #expect(DeckLoader(configuration: configuration, files: files).load(Self.path).theme == .light)
  }

  @Test func theLoaderReadsAThemeFileAndWatchesIt() {
    let files = InMemoryFiles([
      Self.path: "---\ntheme: brand.yaml\n---\n\n# One\n\n![chart](chart.png)\n",
      "/talks/brand.yaml": "extends: dark\ncolors:\n  background: \"#203040\"\n",
    ])
    let loaded = DeckLoader(files: files).load(Self.path)
    #expect(loaded.theme.colors.background == RGBAColor(red: 0x20, green: 0x30, blue: 0x40))
    #expect(loaded.watchedFiles == [Self.path, "/talks/brand.yaml", "/talks/chart.png"])
    #expect(loaded.diagnostics.map(\.message) == ["image 'chart.png' not found"])
  }

  @Test func aReloadKeepsTheConfiguredTheme() throws {
    var configuration = Configuration()
    configuration.theme = .dark
    var files = InMemoryFiles([Self.path: "# One\n\n---\n\n# Two\n"])
    var talk = try session(files, configuration: configuration)
    #expect(talk.theme == .dark)
    files[Self.path] = "# One, edited\n\n---\n\n# Two\n"
    let event = talk.reload(
      using: DeckLoader(configuration: configuration, files: files), clock: clock)
    guard case .reload(let reloaded) = event else {
      Issue.record("expected a reload, got \(event)")
      return
    }
    #expect(reloaded.version == 2)
    #expect(talk.theme == .dark)
    #expect(talk.deck.slides[0].title == "One, edited")
  }

  @Test func aBrokenOrDeletedDeckKeepsTheLastGoodOne() throws {
    var files = InMemoryFiles([Self.path: "# One\n\n---\n\n# Two\n"])
    var talk = try session(files)
    #expect(talk.handle(press("Right"), at: 0).changed)
    files[Self.path] = "---\naspect: 5:banana\n---\n\n# One\n"
    let broken = talk.reload(using: DeckLoader(files: files), clock: clock)
    guard case .reloadFailed(let failure) = broken else {
      Issue.record("expected a failure, got \(broken)")
      return
    }
    #expect(failure.message.hasPrefix("/talks/deck.md:2:9: error: aspect '5:banana'"))
    #expect(talk.reloadProblem?.hasPrefix("Kept the last good deck · deck.md:2:9: error:") == true)
    #expect(talk.deck.slides.count == 2 && talk.state.slide == 1 && talk.deckVersion == 1)

    files[Self.path] = nil
    let deleted = talk.reload(using: DeckLoader(files: files), clock: clock)
    guard case .reloadFailed(let gone) = deleted else {
      Issue.record("expected a failure, got \(deleted)")
      return
    }
    #expect(gone.message == "/talks/deck.md was deleted" && gone.reason == "deleted")
    #expect(gone.console == "deck.md was deleted; showing the last good version")
    #expect(talk.deck.slides.count == 2)
  }

  @Test func aReloadThatRemovesSlidesClampsThePlace() throws {
    var files = InMemoryFiles([Self.path: "# One\n\n---\n\n# Two\n\n---\n\n# Three\n"])
    var talk = try session(files)
    _ = talk.handle(press("End"), at: 0)
    #expect(talk.state.slide == 2)
    files[Self.path] = "# One\n"
    _ = talk.reload(using: DeckLoader(files: files), clock: clock)
    #expect(talk.state.slide == 0 && talk.reloadProblem == nil && talk.deckVersion == 2)
  }

  @Test func keysFollowTheSpeakersBindingsAndMirrorAsksForNewRoles() throws {
    var configuration = Configuration()
    configuration.keys[Key(name: "j")!] = .next
    let deck = "# One\n\n---\n\n# Two\n\n---\n\n# Three\n"
    var talk = try session(InMemoryFiles([Self.path: deck]), configuration: configuration)
    #expect(talk.handle(press("J"), at: 0) == .redraw)
    #expect(talk.state.slide == 1)
    #expect(talk.handle(press("U"), at: 0) == .none)
    #expect(talk.handle(press("M"), at: 0) == .restage)
    _ = talk.handle(press("Home"), at: 0)
    _ = talk.handle(press("End"), at: 0)
    #expect(talk.state.slide == 2)
    _ = talk.handle(press("Alt+Left"), at: 0)
    #expect(talk.state.slide == 0, "Alt+Left goes back where the jump started")
  }

  @Test func theMouseHitsWhatTheConsoleDrew() throws {
    var talk = try session(InMemoryFiles([Self.path: "# One\n\n---\n\n# Two\n\n---\n\n# Three\n"]))
    let notes = Rect(x: 0, y: 500, width: 400, height: 300)
    let cells = [
      ConsoleFrame.OverviewCell(slide: 2, rect: Rect(x: 600, y: 0, width: 100, height: 60))
    ]
    let console = ConsoleFrame(
      frame: SlideFrame(size: PixelSize(width: 1920, height: 1080), slideRect: notes, commands: []),
      currentSlide: Rect(x: 0, y: 0, width: 800, height: 450), notes: notes, notesScrollLimit: 40,
      overview: cells, overviewColumns: 4)
    talk.consoleDrawn(console, in: 7)
    // The wheel over the notes scrolls them; elsewhere it moves through the slides.
    _ = talk.handle(.wheel(lines: 1, x: 10, y: 600, window: 7), at: 0)
    #expect(talk.state.notesScroll == 2 && talk.state.slide == 0)
    _ = talk.handle(.wheel(lines: 1, x: 1000, y: 100, window: 7), at: 0)
    #expect(talk.state.slide == 1)
    // In the overview a click picks a slide; beside the grid it does nothing.
    _ = talk.handle(press("O"), at: 0)
    #expect(talk.handle(.click(.left, x: 10, y: 10, window: 7), at: 0) == .none)
    _ = talk.handle(.click(.left, x: 650, y: 30, window: 7), at: 0)
    #expect(talk.state.slide == 2 && talk.state.overviewSelection == nil)
    // A window that showed the slide has nothing to hit.
    talk.slideDrawn(in: 7)
    _ = talk.handle(.wheel(lines: -1, x: 10, y: 600, window: 7), at: 0)
    #expect(talk.state.slide == 1)
  }

  @Test func windowsOpenAudienceFirstAndSideBySideWhenWindowed() {
    let displays = [
      DisplayInfo(index: 0, name: "eDP-1", x: 0, y: 0, width: 1920, height: 1080, isPrimary: true),
      DisplayInfo(index: 1, name: "HDMI-1", x: 1920, y: 0, width: 1280, height: 720),
    ]
    let extended = WindowPlacement.windows(
      for: Stage(mode: .extended, presenter: 0, audience: [1]), on: displays, rehearse: false)
    #expect(extended.map(\.role) == [.audience, .presenter])
    #expect(extended[0].area == DisplayInfo.Area(x: 1920, y: 0, width: 1280, height: 720))
    #expect(extended.allSatisfy { $0.fullScreen })
    let rehearsal = WindowPlacement.windows(
      for: Stage(mode: .extended, presenter: 0, audience: [1]), on: displays, rehearse: true)
    #expect(rehearsal.map(\.role) == [.presenter])
    let windowed = WindowPlacement.windows(
      for: Stage(mode: .windowed, presenter: 0, audience: []), on: displays, rehearse: false)
    #expect(windowed.map(\.fullScreen) == [false, false])
    let (audience, console) = (windowed[0].area, windowed[1].area)
    #expect(
      console.x + console.width < audience.x, "the console on the left, neither hiding the other")
    #expect(audience.x + audience.width <= 1920)
  }
}
