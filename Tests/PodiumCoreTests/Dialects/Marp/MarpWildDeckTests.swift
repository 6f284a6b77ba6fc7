import Foundation
import PodiumTestSupport
import Testing

@testable import PodiumCore

/// Marp decks as they are written in the wild open: what Marp draws is never refused, and what
/// Podium cannot honour is a warning at its place (issue 27, item 1).
@Suite struct MarpWildDeckTests {
  @Test func aColourInTheFrontMatterIsAColourNotAYAMLComment() throws {
    let result = parse(
      """
      ---
      marp: true
      backgroundColor: #fff
      color: #123456
      _class: lead
      ---

      # One
      """)
    #expect(result.messages.isEmpty, "\(result.messages)")
    let slide = try #require(result.deck?.slides.first)
    #expect(slide.directives.background == .color(RGBAColor(red: 255, green: 255, blue: 255)))
    #expect(slide.directives.color == RGBAColor(red: 0x12, green: 0x34, blue: 0x56))
    #expect(slide.directives.classes == [.lead])
  }

  /// A deck for a custom marp-cli engine names the layouts its `marp.config.js` defines: Marp
  /// renders it, so Podium shows it, with a warning at each directive it does not know.
  @Test func aCustomEnginesLayoutIsAWarningAndTheSlideIsShown() throws {
    let result = parse(
      """
      ---
      marp: true
      ---

      <!-- _layout: intro -->

      # One

      ---

      <!-- fit: maybe -->

      # Two
      """)
    let deck = try #require(result.deck)
    #expect(deck.slides.count == 2)
    #expect(deck.slides[0].directives.layout == nil)
    #expect(result.diagnostics.allSatisfy { $0.severity == .warning }, "\(result.messages)")
    let layout = try #require(result.diagnostics.first { $0.message.contains("'intro'") })
    #expect(layout.location?.line == 5)
    #expect(layout.message.hasSuffix("the slide uses the default layout"))
    #expect(result.diagnostics.contains { $0.message.hasPrefix("fit must be true or false") })
    // In Podium's own decks the same directive is an error: Podium is the deck's tool.
    let own = parse("<!-- _layout: intro -->\n\n# One\n")
    #expect(own.diagnostics.map(\.severity) == [.error])
  }

  @Test func looseYAMLQuotesOnlyDirectivesAndKeepsYAMLsOwnValues() {
    let text = "backgroundColor: #fff\n_color: red # not a comment\ntitle: #x\nstyle: |\n  a"
    #expect(
      MarpDeck.looseYAML(text)
        == "backgroundColor: \"#fff\"\n_color: \"red # not a comment\"\ntitle: \"#x\"\nstyle: |\n  a"
    )
  }

  @Test func holdAndSkipKeepThePageNumberAndSkipHidesIt() throws {
    let text = """
      ---
      marp: true
      paginate: true
      ---

      # One

      ---

      <!-- _paginate: skip -->

      # Two

      ---

      <!-- _paginate: hold -->

      # Three

      ---

      # Four
      """
    let result = parse(text)
    #expect(result.messages.isEmpty, "\(result.messages)")
    let slides = try #require(result.deck).slides
    #expect(slides.map(\.pageNumber) == [1, 1, 1, 2])
    #expect(slides.map(\.directives.paginate) == [nil, false, true, nil])
    let layout = layoutEngine(theme: .marpDefault)
    let deck = try #require(result.deck)
    func labels(_ index: Int) -> [String] {
      layout.layout(slides[index], in: deck, step: 0, size: fullHD).texts.map(\.text)
        .filter { Int($0) != nil }
    }
    #expect(labels(1).isEmpty, "skip hides the number")
    #expect(labels(2) == ["1"], "hold shows the number it kept")
    #expect(labels(3) == ["2"])
  }

  @Test func aSkippedFirstSlideLeavesTheNextAsPageOne() throws {
    let slides = try deck(
      "---\nmarp: true\npaginate: true\n_paginate: skip\n---\n\n# Title\n\n---\n\n# Two\n"
    ).slides
    #expect(slides.map(\.pageNumber) == [1, 1])
    #expect(slides[0].directives.paginate == false && slides[1].directives.paginate == nil)
  }

  @Test func anUnknownThemeIsAWarningAndAMarpDeckKeepsMarpsDefault() throws {
    let result = parse("---\nmarp: true\ntheme: h2\n---\n\n# One\n")
    #expect(!result.hasErrors)
    #expect(result.messages.first?.hasPrefix("3:8: warning: unknown theme 'h2'") == true)
    let deck = try #require(result.deck)
    #expect(deck.metadata.theme == .marpDefault && deck.metadata.styledByCSS)
    let plain = try #require(parse("---\ntheme: h2\n---\n\n# One\n").deck)
    #expect(plain.metadata.theme == .light && !plain.metadata.styledByCSS, "not a Marp deck")
  }

  @Test func aClassOfTheDecksOwnIsKeptWithOneWarning() throws {
    let result = parse(
      """
      ---
      marp: true
      ---

      <!-- class: resistor-series -->

      # One

      ---

      <!-- _class: lead resistor-series -->

      # Two

      ---

      # Three
      """)
    #expect(!result.hasErrors)
    let slides = try #require(result.deck).slides
    // Named once, at load, where the deck's CSS is known to name it nowhere (DeckCSS).
    let (_, warnings) = DeckCSS.styled(
      .marpDefault, deck: try #require(result.deck), files: InMemoryFiles())
    #expect(
      warnings.map(\.description) == [
        "deck.md:5:1: warning: class 'resistor-series' is named by no CSS of the deck; kept on the slide, drawn as the slide is"
      ], "\(warnings)")
    #expect(slides[0].directives.otherClasses == ["resistor-series"])
    #expect(slides[1].directives.classes == [.lead])
    #expect(slides[2].directives.otherClasses == ["resistor-series"], "class holds on in Marp")
    #expect(slides[2].directives.classes.isEmpty, "_class held for its slide only")
  }

  @Test func transitionsAreReadWithTheirDurations() throws {
    let result = parse(
      """
      ---
      transition: fade
      ---

      # One

      ---

      <!-- _transition: push 800ms -->

      # Two

      ---

      <!-- transition: wobble 2s -->

      # Three

      ---

      <!-- transition: fade soon -->

      # Four
      """)
    #expect(!result.hasErrors)
    #expect(
      result.messages == [
        "15:1: warning: transition 'wobble' is not one of Marp's built-in transitions (a deck's "
          + "own CSS keyframes are not run); it is drawn as a fade (Podium draws fade, slide, "
          + "push, cover, reveal and none)",
        "21:1: warning: transition 'fade soon' is not a transition; expected a name and a time, e.g. fade or push 0.8s",
      ])
    let slides = try #require(result.deck).slides
    #expect(slides[0].directives.transition == SlideTransition(name: "fade"))
    #expect(slides[1].directives.transition == SlideTransition(name: "push", seconds: 0.8))
    #expect(slides[2].directives.transition == SlideTransition(name: "wobble", seconds: 2))
    #expect(slides[3].directives.transition == SlideTransition(name: "wobble", seconds: 2))
  }

  @Test(arguments: [
    ("4K", AspectRatio(width: 3840, height: 2160)), ("A4", AspectRatio(width: 297, height: 210)),
    ("4:3", AspectRatio(width: 4, height: 3)),
    ("A4 portrait", AspectRatio(width: 210, height: 297)),
    ("16:9", AspectRatio(width: 16, height: 9)),
  ])
  func sizePresetsAreSlideShapes(_ size: String, _ aspect: AspectRatio) throws {
    let result = parse("---\nmarp: true\nsize: \(size)\n---\n\n# One\n")
    #expect(result.messages.isEmpty, "\(result.messages)")
    #expect(try #require(result.deck).metadata.aspect == aspect)
  }

  @Test func anUnknownSizeIsAWarningAndTheSlidesStaySixteenByNine() throws {
    let result = parse("---\nmarp: true\nsize: huge\n---\n\n# One\n")
    #expect(!result.hasErrors)
    #expect(result.messages.count == 1 && result.messages[0].hasPrefix("3:7: warning: size 'huge'"))
    #expect(try #require(result.deck).metadata.aspect == .wide)
  }

  @Test func cssColoursAndGradientsAreColours() throws {
    #expect(CSSColor.parse("rgb(10, 20, 30)") == RGBAColor(red: 10, green: 20, blue: 30))
    #expect(
      CSSColor.parse("rgba(255 0 0 / 50%)") == RGBAColor(red: 255, green: 0, blue: 0, alpha: 128))
    #expect(CSSColor.parse("hsl(120, 100%, 25%)") == RGBAColor(red: 0, green: 128, blue: 0))
    #expect(CSSColor.parse("#f008") == RGBAColor(red: 255, green: 0, blue: 0, alpha: 0x88))
    #expect(CSSColor.parse("RebeccaPurple") == RGBAColor(red: 0x66, green: 0x33, blue: 0x99))
    #expect(CSSColor.parse("rgb(1, 2)") == nil && CSSColor.parse("#12") == nil)
    #expect(
      CSSColor.firstColor(in: "linear-gradient(-20deg, rgba(0, 0, 0, 0.3), transparent)")
        == RGBAColor(red: 0, green: 0, blue: 0, alpha: 77))
    #expect(
      CSSColor.firstColor(in: "linear-gradient(to right, #67b8e3 10%, #0288d1)")
        == RGBAColor(red: 0x67, green: 0xB8, blue: 0xE3))
  }

  @Test func aLinearGradientBackgroundIsDrawnAndAnotherIsItsFirstColourWithAWarning() throws {
    let result = parse(
      "---\nmarp: true\nbackgroundImage: linear-gradient(#123456, #fff)\n---\n\n# One\n\n---\n\n"
        + "<!-- _backgroundImage: radial-gradient(#abcdef, #000) -->\n# Two\n")
    #expect(!result.hasErrors)
    #expect(
      result.messages == [
        "10:1: warning: only linear gradients of colours Podium reads are drawn: the background is the gradient's first colour"
      ])
    let slides = try #require(result.deck?.slides)
    #expect(
      slides.first?.directives.background
        == .gradient(
          LinearGradient(
            angle: 180,
            stops: [
              .init(color: RGBAColor(red: 0x12, green: 0x34, blue: 0x56), position: 0),
              .init(color: RGBAColor(red: 0xFF, green: 0xFF, blue: 0xFF), position: 1),
            ])))
    #expect(
      slides.last?.directives.background == .color(RGBAColor(red: 0xAB, green: 0xCD, blue: 0xEF)))
  }

  @Test func brokenYAMLInAMarpFrontMatterIsAWarningAndTheSlidesShow() throws {
    let result = parse("---\nmarp: true\ntitle: [unclosed\n---\n\n# One\n")
    #expect(!result.hasErrors, "\(result.messages)")
    #expect(result.messages.first?.contains("warning: front matter is not valid YAML") == true)
    #expect(try #require(result.deck).slides.count == 1)
    #expect(parse("---\ntitle: [unclosed\n---\n\n# One\n").hasErrors, "Podium's own decks say so")
  }

  @Test func aListOfHeadingLevelsDividesAtTheDeepest() throws {
    let slides = try deck("---\nheadingDivider: [1, 2]\n---\n\n# A\n\n## B\n\n### C\n").slides
    #expect(slides.count == 2)
  }

  /// Pictures written side by side in one paragraph are inline in Marp (and in every Markdown
  /// renderer): a row, not a stack cut off at the slide's foot. A line break between them, or
  /// text beside them, keeps them one under the other as before.
  @Test func picturesInOneParagraphAreARow() throws {
    let text = """
      ---
      marp: true
      ---

      # Three

      ![h:300](a.png) ![h:300](b.png)
      ![h:300](c.png)
      """
    let blocks = try deck(text).slides[0].blocks
    #expect(kinds(blocks) == ["h1", "columns(image | image | image)"])
    let sizes = ["a.png", "b.png", "c.png"].reduce(into: [String: PixelSize]()) {
      $0["/deck/" + $1] = PixelSize(width: 400, height: 300)
    }
    let laid = try frame(text, theme: .marpDefault, images: sizes).imageItems
    #expect(laid.count == 3)
    let tops = Set(laid.map { Int($0.destination.y.rounded()) })
    #expect(tops.count == 1, "one row: \(laid.map(\.destination))")
    let lefts = laid.map(\.destination.x)
    #expect(lefts == lefts.sorted() && Set(lefts).count == 3)
    #expect(laid.allSatisfy { $0.destination.maxX <= 1920 && $0.destination.maxY <= 1080 })
    // A hard line break (a backslash) stacks them; so does text beside them.
    let stacked = try deck("---\nmarp: true\n---\n\n![](a.png)\\\n![](b.png)\n").slides[0]
    #expect(kinds(stacked.blocks) == ["image", "image"])
    let withText = try deck("---\nmarp: true\n---\n\nSee ![](a.png) ![](b.png)\n").slides[0]
    #expect(kinds(withText.blocks) == ["p", "image", "image"])
  }

  @Test func aMarpDeckIsNeverCentredByPodiumItself() throws {
    let text = "---\nmarp: true\n---\n\n# Title\n\nA subtitle\n"
    let deck = try layoutDeck(text)
    let frame = layoutEngine(theme: .marpDefault).layout(
      deck.slides[0], in: deck, step: 0, size: fullHD)
    let title = try #require(frame.text("Title"))
    #expect(title.x < 200, "left, where Marp's default theme puts a heading")
    let podium = try layoutDeck("# Title\n\nA subtitle\n")
    let centred = layoutEngine().layout(podium.slides[0], in: podium, step: 0, size: fullHD)
    #expect(try #require(centred.text("Title")).x > 500, "Podium's own title slide")
  }
}
