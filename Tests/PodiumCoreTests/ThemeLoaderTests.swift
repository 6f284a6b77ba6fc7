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
      diagnostics.map { "\($0.location?.description ?? "-") \($0.severity.rawValue): \($0.message)" } == [
        "1:10 error: extends must be light or dark, not 'neon'",
        "3:15 error: 'background' must be a colour like \"#1b2b34\" (quoted, since # starts a YAML comment), not '101820'",
        "4:3 warning: unknown key 'accnt' in colors (ignored); did you mean 'accent'?",
        "6:9 error: 'body' must be a number from 0.01 to 0.2, not '2'",
        "7:1 warning: unknown theme section 'shadows' (ignored); expected extends, name, colors, invert-colors, fonts, sizes, margins or code",
      ])
    #expect(diagnostics.allSatisfy { $0.file == path })
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
