import Foundation
import PodiumTestSupport
import Testing

@testable import PodiumCore

/// Slidev decks drawn as Slidev draws them (issue 46, item 5): the headmatter's `colorSchema`
/// and theme, Slidev's base layout styles, and `lineNumbers`.
@Suite struct SlidevLookTests {
  private func read(
    _ text: String, files: [String: String] = [:]
  ) -> DeckParseResult {
    var memory = InMemoryFiles(files)
    memory["/talk/slides.md"] = text
    return DeckParser.parse(
      text: text, file: "/talk/slides.md", baseDirectory: "/talk", files: memory)
  }

  private func drawn(_ result: DeckParseResult) throws -> (SlideFrame, Theme) {
    let deck = try #require(result.deck)
    guard case .slidev(let look) = deck.metadata.theme else {
      Issue.record("not Slidev's look: \(String(describing: deck.metadata.theme))")
      throw CancellationError()
    }
    let theme = look.theme
    let engine = LayoutEngine(
      theme: theme, measurer: FixedTextMeasurer(), images: FixedImageMeasurer([:]))
    let slide = deck.slides[0]
    return (engine.layout(slide, in: deck, step: slide.stepCount - 1, size: fullHD), theme)
  }

  @Test func theColourSchemaAndTheThemeAreTheHeadmattersOwn() throws {
    let dark = read("---\ntheme: seriph\ncolorSchema: dark\n---\n\n# Summary\n\n- one\n")
    let (frame, theme) = try drawn(dark)
    // `bg-main` in the dark: #121212 over the whole slide; seriph's h1 in its primary colour.
    #expect(frame.fills.first?.1 == RGBAColor(red: 0x12, green: 0x12, blue: 0x12))
    #expect(frame.text("Summary")?.color == RGBAColor(red: 0x5D, green: 0x83, blue: 0x92))
    #expect(frame.text("one")?.color == RGBAColor(red: 0xDD, green: 0xDD, blue: 0xDD))
    #expect(theme.fonts.body == "Noto Serif")
    // Headings at the text's weight, as UnoCSS's reset leaves them.
    #expect(frame.text("Summary")?.font.bold == false)

    let light = read("---\ntheme: default\ncolorSchema: light\nlayout: cover\n---\n\n# A talk\n")
    let (lightFrame, lightTheme) = try drawn(light)
    #expect(lightFrame.fills.first?.1 == RGBAColor(red: 0xFF, green: 0xFF, blue: 0xFF))
    #expect(lightFrame.text("A talk")?.color == RGBAColor(red: 0x18, green: 0x18, blue: 0x18))
    #expect(lightTheme.name == "slidev-default")
    // Slidev's 17.6 px text on its 552 px canvas, 36 px h1s, 56 and 40 px of padding.
    #expect(abs(lightTheme.sizes.body - 17.6 / 552) < 1e-9)
    #expect(abs(lightTheme.sizes.h1 * 17.6 - 36) < 1e-9)
    #expect(abs(lightTheme.margins.horizontal - 56.0 / 980) < 1e-9)
  }

  @Test func autoIsLightUnlessTheExportScriptSaysDark() throws {
    let deck = "---\ntheme: apple-basic\ntransition: slide-left\n---\n\n# A\n"
    let auto = try #require(read(deck).deck)
    #expect(auto.metadata.theme == .slidev(SlidevTheme(name: .appleBasic, dark: false)))
    let package = #"{"scripts": {"export": "slidev export --dark --timeout 60000"}}"#
    let darkExport = try #require(read(deck, files: ["/talk/package.json": package]).deck)
    #expect(darkExport.metadata.theme == .slidev(SlidevTheme(name: .appleBasic, dark: true)))
    #expect(SlidevTheme.named("@slidev/theme-seriph") == .seriph)
    #expect(SlidevTheme.named("Seriph") == .seriph)
  }

  @Test func aThemePodiumDoesNotDrawIsAWarningAtItsLine() throws {
    let result = read("---\ntitle: x\ntheme: ./theme\ncolorSchema: dark\n---\n\n# A\n")
    let deck = try #require(result.deck)
    #expect(deck.metadata.theme == .slidev(SlidevTheme(name: .default, dark: true)))
    let warning = try #require(result.diagnostics.first { $0.message.contains("'./theme'") })
    #expect(warning.severity == .warning)
    #expect(warning.location?.line == 3)
  }

  @Test func lineNumbersInTheHeadmatterNumberEveryBlockButThoseThatSayNot() throws {
    let text = """
      ---
      lineNumbers: true
      colorSchema: light
      ---

      ```ts
      let a = 1
      ```

      ```ts {lines:false}
      let b = 2
      ```

      ```ts {lines:true,startLine:5}
      let c = 3
      ```
      """
    let deck = try #require(read(text).deck)
    let numbers = deck.slides[0].blocks.compactMap { block -> Int?? in
      guard case .code(let code) = block.kind else { return nil }
      return .some(code.firstLineNumber)
    }
    #expect(numbers == [1, nil, 5])
    let plain = try #require(read("---\ncolorSchema: light\n---\n\n```ts\nlet a = 1\n```\n").deck)
    guard case .code(let code)? = plain.slides[0].blocks.first?.kind else {
      Issue.record("no code block")
      return
    }
    #expect(code.firstLineNumber == nil)
  }

  /// The themes' `handleBackground`: a picture over the whole slide (`cover`'s `background`,
  /// `image`'s and apple-basic's `intro-image`'s `image`) makes the text white; a colour is the
  /// slide's ground; apple-basic's own layouts are known in the files its slides import too.
  @Test func groundPicturesWhitenTheTextAndThemeLayoutsAreKnown() throws {
    let result = read(
      """
      ---
      theme: apple-basic
      background: /cover.png
      ---

      # Cover

      ---
      layout: intro-image
      image: /city.png
      ---

      # Intro

      ---
      layout: intro-image-right
      image: /city.png
      ---

      # Beside

      ---
      layout: cover
      background: '#1e1e2e'
      ---

      # Coloured

      ---
      src: ./pages/points.md
      ---
      """,
      files: [
        "/talk/pages/points.md": "---\nlayout: bullets\n---\n\n# Points\n\n- one\n",
        "/talk/public/cover.png": "", "/talk/public/city.png": "",
      ])
    let layoutWarnings = result.diagnostics.filter { $0.message.contains("layout") }
    #expect(layoutWarnings.isEmpty, "\(layoutWarnings)")
    let slides = try #require(result.deck?.slides)
    #expect(slides.map(\.title) == ["Cover", "Intro", "Beside", "Coloured", "Points"])
    let white = RGBAColor(red: 0xFF, green: 0xFF, blue: 0xFF)
    #expect(slides.map(\.directives.color) == [white, white, nil, nil, nil])
    #expect(
      slides[3].directives.background == .color(RGBAColor(red: 0x1E, green: 0x1E, blue: 0x2E)))
    // The picture beside the text is on the right half, as apple-basic's grid puts it.
    #expect(slides[2].backgrounds.first?.split == BackgroundImage.Split(right: true, fraction: 0.5))
    #expect(slides[1].backgrounds.first?.split == nil)
  }
}
