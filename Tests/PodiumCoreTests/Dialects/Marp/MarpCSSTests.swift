import PodiumTestSupport
import Testing

@testable import PodiumCore

/// What of a Marp deck's own CSS decides a slide's look, and what is named as not carried out.
@Suite struct MarpCSSTests {
  /// `css` loaded onto `theme` as a deck's one source; the messages of its findings.
  static func load(_ css: String, onto theme: inout Theme) -> [String] {
    DeckCSS.load([DeckCSS.Source(css: css, location: nil, what: "'style'")], onto: &theme)
      .map(\.message)
  }

  static func slide(classes: [String], index: Int = 0) -> Slide {
    var directives = SlideDirectives()
    directives.otherClasses = classes.filter { SlideClass(rawValue: $0) == nil }
    directives.classes = Set(classes.compactMap(SlideClass.init(rawValue:)))
    return Slide(
      index: index, location: SourceLocation(line: 1, column: 1), blocks: [],
      directives: directives)
  }

  @Test func sectionHeadingsLinksAndVariablesChangeTheTheme() {
    var theme = Theme.gaia
    let ignored = Self.load(
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
      """, onto: &theme)
    let amber = RGBAColor(red: 0xB4, green: 0x53, blue: 0x09)
    #expect(theme.colors.background == RGBAColor(red: 0xF7, green: 0xF8, blue: 0xFC))
    #expect(theme.colors.text == RGBAColor(red: 0x0A, green: 0x0A, blue: 0x0A))
    #expect(theme.colors.heading == RGBAColor(red: 0x0A, green: 0x0A, blue: 0x0A))
    #expect(theme.headings[1]?.color == amber && theme.headings[2]?.color == amber)
    #expect(theme.headings[3]?.color == nil)
    #expect(theme.colors.accent == RGBAColor(red: 0xD9, green: 0x77, blue: 0x06))
    #expect(abs(theme.sizes.body - 30.0 / 720) < 1e-9)
    #expect(theme.fonts.body == "Noto Sans" && theme.fonts.heading == "Noto Sans")
    #expect(theme.cssLook?.footer.size == 12)
    #expect(
      ignored == [
        "CSS property 'text-shadow' in 'style' CSS is not carried out by Podium",
        "CSS property 'letter-spacing' in 'style' CSS is not carried out by Podium",
      ], "\(ignored)")
  }

  @Test func elementStylesReachTheirPlaces() {
    var theme = Theme.marpDefault
    let ignored = Self.load(
      """
      section { padding: 40px 60px; justify-content: flex-end; text-align: center; }
      h2 { font-size: 58px; font-weight: 400; text-align: right; }
      strong { color: #c00; } em { color: rgb(0, 128, 0); }
      code { color: #fff; background: #333; font-size: 0.9em; }
      pre { background-color: #002b36; border: none; font-size: 20px; }
      th { background: #0366d6; color: white; } td { border: 2px solid #888; }
      blockquote { background: #eee; border-left: 6px solid #f90; }
      header { color: #999; font-size: 20px; } section::after { color: red; font-size: 30px; }
      img { border-radius: 8px; }
      """, onto: &theme)
    #expect(ignored == ["CSS property 'border-radius' in 'style' CSS is not carried out by Podium"])
    #expect(abs(theme.margins.top - 40.0 / 720) < 1e-9)
    #expect(abs(theme.margins.horizontal - 60.0 / 1280) < 1e-9)
    #expect(theme.cssStyle.vertical == .bottom && theme.cssStyle.textAlign == .center)
    let h2 = theme.headings[2]
    #expect(abs((h2?.scale ?? 0) * 29 * theme.sizes.h2 - 58) < 1e-6)
    #expect(h2?.bold == false && h2?.alignment == .right)
    #expect(theme.cssStyle.strongColor == RGBAColor(red: 0xCC, green: 0, blue: 0))
    #expect(theme.cssStyle.emphasisColor == RGBAColor(red: 0, green: 128, blue: 0))
    #expect(theme.inlineCode == RGBAColor(red: 255, green: 255, blue: 255))
    #expect(theme.cssLook?.inlineCodeBackground == RGBAColor(red: 0x33, green: 0x33, blue: 0x33))
    #expect(theme.cssLook?.inlineCodeScale == 0.9)
    #expect(theme.cssLook?.code.background == RGBAColor(red: 0, green: 0x2B, blue: 0x36))
    #expect(theme.cssLook?.code.border == nil && abs(theme.sizes.code - 20.0 / 29) < 1e-9)
    #expect(theme.cssLook?.table.headerBackground == RGBAColor(red: 3, green: 0x66, blue: 0xD6))
    #expect(theme.cssLook?.table.headerText == RGBAColor(red: 255, green: 255, blue: 255))
    #expect(theme.cssLook?.table.grid == RGBAColor(red: 0x88, green: 0x88, blue: 0x88))
    #expect(theme.colors.quoteBackground == RGBAColor(red: 0xEE, green: 0xEE, blue: 0xEE))
    #expect(theme.quoteBar == RGBAColor(red: 0xFF, green: 0x99, blue: 0))
    #expect(theme.cssLook?.header.size == 20 && theme.cssLook?.pageNumber.size == 30)
    #expect(theme.cssLook?.pageNumber.color == RGBAColor(red: 255, green: 0, blue: 0))
  }

  @Test func laterWinsAmongEqualsAndTheMoreSpecificOverAll() {
    var theme = Theme.marpDefault
    _ = Self.load(
      """
      section h3 { color: #00f; }
      h3 { color: #f00; }
      h4 { color: #f00 !important; }
      section > h4 { color: #00f; }
      h5 { color: #f00; }
      h5 { color: #0f0; }
      """, onto: &theme)
    #expect(theme.headings[3]?.color == RGBAColor(red: 0, green: 0, blue: 255), "0,0,2 over 0,0,1")
    #expect(theme.headings[4]?.color == RGBAColor(red: 255, green: 0, blue: 0), "!important")
    #expect(theme.headings[5]?.color == RGBAColor(red: 0, green: 255, blue: 0), "later")
  }

  @Test func classRulesHoldOnSlidesOfTheirClassesOnly() throws {
    var theme = Theme.marpDefault
    let ignored = Self.load(
      """
      section.resistor-series { background: #102030; }
      section.resistor-series h1 { color: #ffcc00; }
      section[data-class~="wide"] { padding: 10px; }
      section.invert { background: #000; }
      .lead h2 { text-align: center; }
      """, onto: &theme)
    #expect(ignored.isEmpty, "\(ignored)")
    #expect(theme.colors.background == Theme.marpDefault.colors.background, "not on every slide")
    #expect(theme.cssRules.count == 5)
    let plain = try #require(theme.styled(for: Self.slide(classes: [])))
    #expect(plain.colors == Theme.marpDefault.colors && plain.cssRules.isEmpty)
    let series = try #require(theme.styled(for: Self.slide(classes: ["resistor-series"])))
    #expect(series.colors.background == RGBAColor(red: 0x10, green: 0x20, blue: 0x30))
    #expect(series.headings[1]?.color == RGBAColor(red: 0xFF, green: 0xCC, blue: 0))
    let wide = try #require(theme.styled(for: Self.slide(classes: ["wide"])))
    #expect(abs(wide.margins.top - 10.0 / 720) < 1e-9)
    // `section.invert` is the inverted colours' ground.
    let inverted = try #require(theme.styled(for: Self.slide(classes: ["invert"])))
    #expect(inverted.inverted.background == RGBAColor(red: 0, green: 0, blue: 0))
    #expect(inverted.colors.background == Theme.marpDefault.colors.background)
    let lead = try #require(theme.styled(for: Self.slide(classes: ["lead"])))
    #expect(lead.headings[2]?.alignment == .center)
  }

  @Test func selectorsAreReadAsTheElementTheyPlainlyMean() {
    func read(_ text: String) -> [String] {
      let parsed = CSSSelector.parse(list: text)
      return parsed.matched.map {
        "\($0.element)\($0.classes.map { "." + $0 }.joined()) \($0.specificity)"
      } + parsed.unmatched.map { "unmatched \($0)" }
    }
    #expect(read("section h1, section > h1") == ["h1 2", "h1 2"])
    #expect(read(":is(h1, h2)") == ["h1 1", "h2 1"])
    #expect(read("section:where(.lead) h2") == ["h2.lead 2"])
    #expect(read("section[data-class~=x] h3") == ["h3.x 102"])
    #expect(read(":root") == ["section 100"])
    #expect(read(".center") == ["section.center 100"])
    #expect(read("section.a.b::after") == ["section::after.a.b 202"])
    #expect(read("pre code, b, a:link") == ["pre 2", "strong 1", "a 101"])
    #expect(read("div.marpit > section.lead h1") == ["h1.lead 203"])
    // Nested lists multiply: a hostile theme's selector makes a bounded number.
    let list = ":is(" + (1...6).map { "section.c\($0)" }.joined(separator: ",") + ")"
    let nested = Array(repeating: list, count: 4).joined(separator: " ") + " h1"
    let many = CSSSelector.parse(list: nested)
    #expect(many.matched.count <= CSSSelector.mostChoices && !many.matched.isEmpty)
    #expect(
      read("li::marker, div.columns h1, section:not(.x)") == [
        "unmatched li::marker", "unmatched div.columns h1", "unmatched section:not(.x)",
      ])
  }

  @Test func cellsAndQuotesTakeTheirOwnInkAndGround() throws {
    var theme = Theme.marpDefault
    let ignored = Self.load(
      "td { color: #123456; background: #fedcba; } blockquote { color: #654321; }", onto: &theme)
    #expect(ignored.isEmpty, "\(ignored)")
    let deck = "---\nmarp: true\n---\n\n| H |\n| - |\n| cell |\n\n> quoted\n"
    let drawn = try frame(deck, theme: theme)
    #expect(drawn.text("cell")?.color == RGBAColor(red: 0x12, green: 0x34, blue: 0x56))
    #expect(drawn.text("H")?.color != RGBAColor(red: 0x12, green: 0x34, blue: 0x56), "not th")
    #expect(drawn.text("quoted")?.color == RGBAColor(red: 0x65, green: 0x43, blue: 0x21))
    #expect(drawn.fills.contains { $0.1 == RGBAColor(red: 0xFE, green: 0xDC, blue: 0xBA) })
  }

  @Test func thePageNumbersContentIsItsTemplate() throws {
    var theme = Theme.marpDefault
    let ignored = Self.load(
      """
      section::after {
        content: attr(data-marpit-pagination) ' / ' attr(data-marpit-pagination-total);
      }
      """, onto: &theme)
    #expect(ignored.isEmpty, "\(ignored)")
    let deck = "---\nmarp: true\npaginate: true\n---\n\n# A\n\n---\n\n# B\n"
    let second = try frame(deck, slide: 1, theme: theme)
    #expect(second.text("2 / 2") != nil && second.text("2") == nil)
    var hidden = Theme.marpDefault
    _ = Self.load("section::after { content: none; }", onto: &hidden)
    #expect(try frame(deck, slide: 1, theme: hidden).texts.allSatisfy { $0.text != "2" })
    var counter = Theme.marpDefault
    let notCarried = Self.load("section::after { content: counter(page); }", onto: &counter)
    #expect(notCarried == ["CSS property 'content' in 'style' CSS is not carried out by Podium"])
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
