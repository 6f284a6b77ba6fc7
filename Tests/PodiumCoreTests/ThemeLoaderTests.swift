import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

@Suite struct ThemeLoaderTests {
  func write(_ yaml: String) throws -> String {
    let folder = try Fixtures.temporaryDirectory()
    let path = folder.appendingPathComponent("theme.yaml").path
    try yaml.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func valuesOverrideTheBase() throws {
    let path = try write(
      """
      extends: dark
      name: corporate
      colors:
        background: "#101820"
        accent: "#f2aa4c"
      fonts:
        body: DejaVu Serif
      sizes:
        body: 0.05
      margins:
        top: 0.1
      code:
        keyword: "#ff0000"
      """)
    let (theme, diagnostics) = ThemeLoader.load(path: path)
    #expect(diagnostics.isEmpty)
    #expect(theme.name == "corporate")
    #expect(theme.colors.background == RGBAColor(red: 0x10, green: 0x18, blue: 0x20))
    #expect(theme.colors.accent == RGBAColor(red: 0xF2, green: 0xAA, blue: 0x4C))
    #expect(theme.colors.text == Theme.dark.colors.text)
    #expect(theme.fonts.body == "DejaVu Serif")
    #expect(theme.sizes.body == 0.05)
    #expect(theme.margins.top == 0.1)
    #expect(theme.code.keyword == RGBAColor(red: 255, green: 0, blue: 0))
  }

  @Test func badValuesAreErrorsWithTheirPlace() throws {
    let path = try write(
      """
      extends: neon
      colors:
        background: 101820
        accnt: "#fff"
      sizes:
        body: 2
      shadows: true
      """)
    let (theme, diagnostics) = ThemeLoader.load(path: path)
    #expect(theme == Theme.light.with(name: "light"))
    #expect(
      diagnostics.map {
        "\($0.location?.description ?? "-") \($0.severity.rawValue): \($0.message)"
      } == [
        "1:10 error: extends must be light, dark, gaia or uncover, not 'neon'",
        "3:15 error: 'background' must be a colour like \"#1b2b34\" (quoted, since # starts a YAML comment), not '101820'",
        "4:3 warning: unknown key 'accnt' in colors (ignored); did you mean 'accent'?",
        "6:9 error: 'body' must be a number from 0.01 to 0.2, not '2'",
        "7:1 warning: unknown theme section 'shadows' (ignored); expected extends, name, colors, invert-colors, fonts, sizes, margins or code",
      ])
    #expect(diagnostics.allSatisfy { $0.file == path })
  }

  @Test func theConsoleColoursComeFromTheTheme() throws {
    #expect(Theme.light.console == .standard && Theme.dark.console == .standard)
    let path = try write(
      """
      extends: light
      console:
        panel: "#202830"
        shadow: "#000000"
      console-notes:
        text: "#eeeeee"
      """)
    let (theme, diagnostics) = ThemeLoader.load(path: path)
    let first = diagnostics.first.map { "\($0.location?.description ?? "-") \($0.message)" }
    #expect(
      first?.hasPrefix("4:3 unknown key 'shadow' in console (ignored)") == true, "\(diagnostics)")
    #expect(diagnostics.first?.severity == .warning)
    let panel = RGBAColor(red: 0x20, green: 0x28, blue: 0x30)
    #expect(theme.console.panel == panel)
    #expect(theme.console.notes.text == RGBAColor(red: 0xEE, green: 0xEE, blue: 0xEE))
    #expect(theme.console.background == Theme.ConsolePalette.standard.background)
    #expect(theme.colors == Theme.light.colors, "the slides keep their colours")

    // The console draws with them: its status bar and notes box are the theme's panel.
    let deck = try #require(parse("# One\n\n???\n\nSay hi.\n").deck)
    let engine = LayoutEngine(
      theme: theme, measurer: FixedTextMeasurer(), images: FixedImageMeasurer())
    let console = engine.console(
      deck: deck, state: PresentationState(stepCounts: [1]),
      status: ConsoleStatus(now: 0, elapsed: 0, clock: "09:00", audience: "x"),
      size: PixelSize(width: 1920, height: 1080))
    let panelFills = console.frame.snapshot.components(separatedBy: "\(panel)").count - 1
    #expect(panelFills >= 2, "the status bar and the notes box")
  }

  @Test func deckThemeChoiceLoadsTheFile() throws {
    let path = try write("extends: dark\n")
    let (theme, diagnostics) = ThemeLoader.theme(for: .file(path: path))
    #expect(diagnostics.isEmpty)
    #expect(theme.colors == Theme.dark.colors)
    #expect(ThemeLoader.theme(for: .dark).0 == .dark)
  }
}

extension Theme {
  func with(name: String) -> Theme {
    var copy = self
    copy.name = name
    return copy
  }
}
