import Foundation
import PodiumTestSupport
import Testing

@testable import PodiumCore

/// A Marp deck's own themes are found where Marp's tools find them (issue 27, item 3), and drawn
/// as the built-in theme they import until their CSS is read.
@Suite struct MarpThemeSetTests {
  static let deck = "---\nmarp: true\ntheme: h2\n---\n\n# One\n"

  func parse(_ files: InMemoryFiles) -> DeckParseResult {
    DeckParser.parse(
      text: Self.deck, file: "/talk/deck.md", baseDirectory: "/talk", files: files)
  }

  @Test func aCSSFileInThemesBesideTheDeckIsFoundWithItsBase() throws {
    let files = InMemoryFiles([
      "/talk/themes/h2.css":
        "/*\n * @theme h2\n * @author someone\n */\n@import 'gaia';\nsection { color: red; }\n",
      "/talk/themes/other.css": "/* @theme other */\n",
    ])
    let result = parse(files)
    #expect(!result.hasErrors)
    #expect(result.messages.isEmpty, "\(result.messages)")
    let deck = try #require(result.deck)
    #expect(deck.metadata.theme == .gaia && deck.metadata.marpThemeFile == "/talk/themes/h2.css")
  }

  @Test func marprcThemeSetNamesFilesAndFoldersUpTheTree() {
    let files = InMemoryFiles([
      "/repo/.marprc.yml": "themeSet:\n  - ./styles\n  - extra/x.css\n",
      "/repo/styles/h2.css": "/* @theme h2 */\n@import-theme \"uncover\";\n",
      "/repo/extra/x.css": "/* @theme x */",
    ])
    let found = MarpThemeSet.find("h2", deckFolder: "/repo/talks/2024", files: files)
    #expect(found == MarpThemeSet.Found(path: "/repo/styles/h2.css", base: .uncover))
    #expect(
      MarpThemeSet.find("x", deckFolder: "/repo/talks", files: files)?.path == "/repo/extra/x.css")
  }

  /// `podium present seminar-02.md` from the deck's own folder, with `marp.config.js` and its
  /// `themeSet: './themes'` one folder up (a course repository, one folder per session).
  @Test func aDeckOpenedByARelativePathFindsTheSettingsAboveItsFolder() {
    let files = InMemoryFiles([
      "../marp.config.js": "module.exports = {\n  themeSet: './themes',\n}\n",
      "../themes/course.css": "/* @theme course */\n@import 'default';\n",
    ])
    for folder in ["", "."] {
      #expect(
        MarpThemeSet.find("course", deckFolder: folder, files: files)
          == MarpThemeSet.Found(path: "../themes/course.css", base: .marpDefault), "\(folder)")
    }
    #expect(
      ["talk", "a/b", ".", "..", "/a/b", "/a", "/"].map(MarpThemeSet.parent(of:))
        == ["." as String?, "a", "..", "../..", "/a", "/", nil])
  }

  @Test func marpConfigAndVSCodeSettingsNameThemes() {
    let files = InMemoryFiles([
      "/a/marp.config.mjs": "export default {\n  themeSet: ['./t/one.css', \"./t/two.css\"],\n}\n",
      "/a/t/one.css": "/* @theme one */",
      "/a/t/two.css": "/* @theme two */ @import 'default';",
      "/b/.vscode/settings.json":
        "{\"markdown.marp.themes\": [\"https://x.test/t.css\", \"./css/v.css\"]}",
      "/b/css/v.css": "/* @theme v */",
    ])
    #expect(MarpThemeSet.find("two", deckFolder: "/a", files: files)?.base == .marpDefault)
    #expect(MarpThemeSet.find("one", deckFolder: "/a", files: files)?.base == nil)
    #expect(MarpThemeSet.find("v", deckFolder: "/b", files: files)?.path == "/b/css/v.css")
  }

  @Test func aThemeBuiltOnAnotherOfTheDecksTakesItsBase() {
    let files = InMemoryFiles([
      "/d/base.css": "/* @theme company */ @import 'uncover';",
      "/d/h2.css": "/* @theme h2 */ @import 'company'; @import url('https://fonts.test/x.css');",
    ])
    #expect(MarpThemeSet.find("h2", deckFolder: "/d", files: files)?.base == .uncover)
  }

  @Test func aThemeFoundNowhereIsStillAWarningAndMarpsDefault() throws {
    let result = parse(InMemoryFiles(["/talk/style.css": "/* @theme else */"]))
    #expect(result.messages.first?.hasPrefix("3:8: warning: unknown theme 'h2'") == true)
    #expect(try #require(result.deck).metadata.theme == .marpDefault)
  }

  @Test func themeNamesAndImportsAreReadFromCSS() {
    #expect(MarpThemeSet.themeName(in: "a {}\n/**\n * @theme  my-theme\n */") == "my-theme")
    #expect(MarpThemeSet.themeName(in: "/* no name */ a { content: '@theme x' }") == nil)
    #expect(MarpThemeSet.importedTheme(in: "@import url('x.css');\n@import \"gaia\";") == "gaia")
    #expect(
      MarpThemeSet.quotedStrings(afterKey: "themeSet", in: "module.exports = { themeSet: './t' }")
        == ["./t"])
  }
}
