import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

/// presenterm's themes (its docs/src/features/themes/introduction.md and definition.md; the
/// values from its themes/*.yaml): built in by name, from a file by path with `extends`, and
/// overridden; what Podium cannot carry out is a warning for each setting, where it is written.
@Suite struct PresentermThemeTests {
  func theme(_ deck: Deck) -> Theme {
    ThemeLoader.theme(for: deck.metadata.theme).0
  }

  @Test(arguments: [
    ("dark", 0x040312, 0xE6E6E6), ("light", 0xF8F9FA, 0x212529),
    ("catppuccin-mocha", 0x1E1E2E, 0xCDD6F4), ("catppuccin-latte", 0xEFF1F5, 0x4C4F69),
    ("tokyonight-night", 0x1A1B26, 0xC0CAF5), ("gruvbox-dark", 0x282828, 0xEBDBB2),
  ])
  func builtInThemesHaveTheirOwnColours(name: String, background: UInt32, text: UInt32) throws {
    let deck = try deck("---\ntheme:\n  name: \(name)\n---\n\nA\n===\n<!-- end_slide -->\n")
    let theme = theme(deck)
    #expect(theme.name == name)
    #expect(theme.colors.background == rgb(background))
    #expect(theme.colors.text == rgb(text))
  }

  @Test func everyBuiltInThemeIsKnownByItsName() {
    #expect(PresentermStyle.builtInNames.count == 13)
    for name in PresentermStyle.builtInNames {
      let style = PresentermStyle.builtIn(name)!
      let theme = Theme(presenterm: style)
      // Each names the colours of its slide titles and headings, palette names resolved.
      #expect(theme.roles[.slideTitle]?.color != nil, "\(name)")
      #expect(theme.headings[1]?.color != nil, "\(name)")
      #expect(theme.roles[.introTitle]?.color != nil, "\(name)")
    }
  }

  @Test func darkIsTheDefaultOfAPresentermDeckThatNamesNone() throws {
    let deck = try deck("Title\n===\n\n# Heading\n\n<!-- end_slide -->\n")
    let theme = theme(deck)
    #expect(theme.name == "dark")
    #expect(theme.roles[.slideTitle]?.color == rgb(0xEE9322), "palette:orange")
    #expect(theme.roles[.slideTitle]?.alignment == .center)
    #expect(theme.headings[1]?.prefix == "██")
    #expect(theme.headings[1]?.color == rgb(0x3085C3))
    #expect(theme.colors.codeBackground == rgb(0x2D2D2D), "base16-eighties.dark")
    #expect(
      theme.footer
        == .template(left: nil, center: nil, right: "{current_slide} / {total_slides}", color: nil))
    // presenterm's dark: the introduction slide has no footer, its authors at the bottom.
    #expect(deck.metadata.presenterm?.authorsAtBottom == true)
    #expect(deck.metadata.presenterm?.introFooter == false)
  }

  @Test func overridesMergeKeyByKeyAndSayWhatIsNotCarriedOut() throws {
    let result = parse(
      """
      ---
      title: Footers
      author: Ann
      theme:
        name: catppuccin-mocha
        override:
          code:
            alignment: left
            background: false
          footer:
            style: template
            left:
              image: doge.png
            center: '**{title}** by <span class="noice">{author}</span>'
            right: "{current_slide} / {total_slides}"
          palette:
            classes:
              noice:
                foreground: red
          intro_slide:
            author:
              positioning: below_title
      ---
      # A
      <!-- end_slide -->
      """)
    #expect(
      result.messages == [
        "13:16: warning: presenterm theme setting 'footer.left.image' is not carried out (ignored)",
        "19:23: warning: presenterm theme setting 'palette.classes.noice.foreground' is not carried out (ignored)",
      ])
    let deck = try #require(result.deck)
    let theme = theme(deck)
    #expect(theme.name == "catppuccin-mocha")
    #expect(theme.colors.background == rgb(0x1E1E2E), "the rest of catppuccin-mocha stays")
    #expect(theme.colors.codeBackground == theme.colors.background, "code without its panel")
    guard case .template(_, let center?, let right?, _) = theme.footer else {
      Issue.record("no footer template")
      return
    }
    #expect(center.contains("{title}") && right.contains("{current_slide}"))
    #expect(deck.metadata.presenterm?.authorsAtBottom == false)
    #expect(kinds(deck.slides[0].blocks) == ["fromMiddle", "h1", "lines(2)", "p"])
  }

  @Test func overridesAloneLeaveTheConfiguredTheme() throws {
    let deck = try deck("---\ntheme:\n  override:\n    footer:\n      style: empty\n---\n# A\n")
    #expect(deck.metadata.keyLocations["theme"] == nil)
    #expect(theme(deck).footer == nil)
    #expect(theme(deck).name == "dark")
  }

  @Test func aThemeFileExtendsABuiltInOneAndItsProblemsAreToldInIt() throws {
    let folder = try Fixtures.temporaryDirectory()
    let themes = folder.appendingPathComponent("themes")
    try FileManager.default.createDirectory(at: themes, withIntermediateDirectories: true)
    try """
    extends: light
    default:
      colors:
        background: "101820"
    slide_title:
      colors:
        foreground: palette:gold
    palette:
      colors:
        gold: "f2aa4c"
    typst:
      colors:
        foreground: "ffffff"
    execution_output:
      colors:
        foreground: "ffffff"
    footer:
      style: progress_bar
    """.write(
      to: themes.appendingPathComponent("lecture.yml"), atomically: true, encoding: .utf8)
    let deckFolder = folder.appendingPathComponent("slides")
    try FileManager.default.createDirectory(at: deckFolder, withIntermediateDirectories: true)
    let result = parse(
      "---\ntheme:\n  path: ../themes/lecture.yml\n---\n\nA\n===\n<!-- end_slide -->\n",
      baseDirectory: deckFolder.path)
    #expect(
      result.diagnostics.map {
        "\(($0.file as NSString).lastPathComponent):\($0.location?.line ?? 0): \($0.message)"
      }
        == [
          "lecture.yml:13: presenterm theme setting 'typst.colors.foreground' is not carried out (ignored)"
        ])
    let theme = theme(try #require(result.deck))
    #expect(theme.colors.background == rgb(0x101820))
    #expect(theme.roles[.slideTitle]?.color == rgb(0xF2AA4C))
    #expect(theme.colors.text == rgb(0x212529), "the rest from light")
    #expect(theme.footer == .progressBar(color: nil))
  }

  @Test func missingFilesAndUnknownNamesAreWarningsAndTheTalkGoesOn() throws {
    let result = parse(
      "---\ntheme:\n  name: potato\n  path: nowhere.yaml\n---\n\nA\n===\n<!-- end_slide -->\n")
    #expect(result.messages.count == 2)
    #expect(result.messages[0].hasPrefix("3:9: warning: unknown presenterm theme 'potato'"))
    #expect(
      result.messages[1].hasPrefix("4:9: warning: presenterm theme file 'nowhere.yaml' not found"))
    #expect(!result.hasErrors)
    #expect(theme(try #require(result.deck)).name == "dark")
  }

  @Test func aPaletteNameTheThemeLacksIsAWarning() throws {
    let result = parse(
      "---\ntheme:\n  override:\n    slide_title:\n      colors:\n        foreground: palette:nope\n---\n\nA\n===\n<!-- end_slide -->\n"
    )
    #expect(
      result.messages == [
        "6:21: warning: 'slide_title.colors.foreground': palette colour 'nope' is not in the theme's palette (ignored)"
      ])
    // The title keeps a colour: the theme's text.
    let theme = theme(try #require(result.deck))
    #expect(theme.roles[.slideTitle]?.color == nil)
  }

  @Test func bulletsAreInTheTextsColourAndTheQuoteBarInItsOwn() throws {
    let theme = Theme(presenterm: try #require(PresentermStyle.builtIn("dark")))
    #expect(theme.colors.accent == theme.colors.text)
    #expect(theme.quoteBar == rgb(0xEE9322), "block_quote.colors.prefix: palette:orange")
  }

  @Test func eachSettingPodiumCannotCarryOutIsAWarningOfItsOwn() throws {
    let result = parse(
      """
      ---
      theme:
        override:
          slide_title:
            separator: true
            colors:
              foreground: "ff0000"
              background: "00ff00"
          headings:
            h2:
              underlined: true
          mermaid:
            theme: dark
      ---

      A
      ===
      <!-- end_slide -->
      """)
    #expect(
      result.messages == [
        "5:18: warning: presenterm theme setting 'slide_title.separator' is not carried out (ignored)",
        "8:21: warning: presenterm theme setting 'slide_title.colors.background' is not carried out (ignored)",
        "11:21: warning: presenterm theme setting 'headings.h2.underlined' is not carried out (ignored)",
      ], "mermaid diagrams are shown as code: their colours do not apply")
    let theme = theme(try #require(result.deck))
    #expect(theme.roles[.slideTitle]?.color == rgb(0xFF0000))
  }

  @Test func aScalarThemeMayNameAPresentermTheme() throws {
    let deck = try deck("---\ntheme: tokyonight-storm\n---\n# A\n")
    #expect(theme(deck).colors.background == rgb(0x24283B))
  }
}

private func rgb(_ value: UInt32) -> RGBAColor {
  RGBAColor(
    red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
}
