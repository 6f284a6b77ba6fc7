import PodiumTestSupport
import Testing

@testable import PodiumCore

/// What of a Marp deck's own CSS decides a slide's look, and what is named as not carried out.
@Suite struct MarpCSSTests {
  @Test func sectionHeadingsLinksAndVariablesChangeTheTheme() {
    var theme = Theme.gaia
    let ignored = MarpCSS.apply(
      """
      :root { --fg: #0a0a0a; --accent: #d97706; }
      section {
        background: var(--bg, #f7f8fc);
        color: var(--fg);
        font-size: 30px;
        font-family: 'Noto Sans', sans-serif;
        text-shadow: 0 0 1px red;
      }
      h1, h2 { color: #b45309 !important; letter-spacing: 2px; }
      a:link { color: var(--accent); }
      @media print { section { color: red; } }
      footer { font-size: 12px; }
      """, to: &theme)
    #expect(theme.colors.background == RGBAColor(red: 0xF7, green: 0xF8, blue: 0xFC))
    #expect(theme.colors.text == RGBAColor(red: 0x0A, green: 0x0A, blue: 0x0A))
    #expect(theme.colors.heading == RGBAColor(red: 0xB4, green: 0x53, blue: 0x09))
    #expect(theme.marp?.h1Color == RGBAColor(red: 0xB4, green: 0x53, blue: 0x09))
    #expect(theme.colors.accent == RGBAColor(red: 0xD9, green: 0x77, blue: 0x06))
    #expect(abs(theme.sizes.body - 30.0 / 720) < 1e-9)
    #expect(theme.fonts.body == "Noto Sans" && theme.fonts.heading == "Noto Sans")
    #expect(ignored == ["text-shadow", "letter-spacing", "font-size"], "\(ignored)")
  }

  @Test func aStyleInTheFrontMatterIsLoadedOntoTheTheme() throws {
    let files = InMemoryFilesForCSS.files
    let loaded = DeckLoader(files: files, math: nil).load("/d/deck.md")
    #expect(loaded.theme.colors.background == RGBAColor(red: 0, green: 0x33, blue: 0x66))
    #expect(
      loaded.diagnostics.map(\.message) == [
        "CSS property 'border' in 'style' CSS is not carried out by Podium"
      ])
  }
}

private enum InMemoryFilesForCSS {
  static let files = InMemoryFiles([
    "/d/deck.md":
      "---\nmarp: true\nstyle: |\n  section { background-color: #036; border: 1px solid; }\n---\n\n# A\n"
  ])
}
