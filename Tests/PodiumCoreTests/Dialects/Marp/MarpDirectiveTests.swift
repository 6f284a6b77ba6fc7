import Foundation
import PodiumTestSupport
import Testing

@testable import PodiumCore

/// Marp's directives (Marpit's documentation, "Directives"): global ones for the deck, local
/// ones for a slide and those after it, `_name` spot ones for one slide; a comment may hold
/// several; `<!-- fit -->` headings; `headingDivider`.
@Suite struct MarpDirectiveTests {
  @Test func aCommentHoldsSeveralDirectivesAndAColourIsNotAYAMLComment() throws {
    let result = parse(
      """
      # One

      ---

      <!--
      _backgroundColor: #123
      _color: #fff
      -->

      # Two

      ---

      # Three
      """)
    #expect(result.messages.isEmpty, "\(result.messages)")
    let slides = try #require(result.deck).slides
    let navy = RGBAColor(red: 0x11, green: 0x22, blue: 0x33)
    #expect(slides[1].directives.background == .color(navy))
    #expect(slides[1].directives.color == RGBAColor(red: 255, green: 255, blue: 255))
    #expect(slides[1].notes.isEmpty, "directives are not notes")
    #expect(slides[2].directives.background == nil, "_name holds for its slide only")
  }

  @Test func localDirectivesHoldForTheSlidesAfterTheirs() throws {
    let slides = try deck(
      """
      # One

      ---

      <!-- backgroundColor: navy -->
      <!-- paginate: true -->
      <!-- header: Chapter 2 -->

      # Two

      ---

      <!-- _paginate: false -->

      # Three

      ---

      <!-- header: "" -->

      # Four
      """
    ).slides
    #expect(slides[0].directives.background == nil && slides[0].directives.paginate == nil)
    for index in 1...3 {
      #expect(slides[index].directives.background == .color(RGBAColor(red: 0, green: 0, blue: 128)))
    }
    #expect(slides.map(\.directives.paginate) == [nil, true, false, true])
    #expect(slides.map(\.directives.header) == [nil, "Chapter 2", "Chapter 2", ""])
  }

  @Test func frontMatterDirectivesHoldForEverySlideAndUnderscoredOnesForTheFirst() throws {
    let result = parse(
      """
      ---
      paginate: true
      _paginate: false
      header: My talk
      class: invert
      theme: gaia
      style: |
        section { color: red; }
      ---

      # One

      ---

      # Two
      """)
    #expect(result.messages.isEmpty, "\(result.messages)")
    let deck = try #require(result.deck)
    #expect(deck.metadata.style == "section { color: red; }")
    #expect(deck.metadata.paginate && deck.metadata.theme == .gaia)
    #expect(deck.slides.map(\.directives.paginate) == [false, nil])
    #expect(deck.slides.map(\.directives.header) == ["My talk", "My talk"])
    #expect(deck.slides.allSatisfy { $0.directives.classes == [.invert] })
  }

  @Test func globalDirectivesInACommentSetTheDeck() throws {
    let deck = try deck(
      """
      <!--
      theme: default
      size: 4:3
      title: From a comment
      -->

      # One
      """)
    #expect(deck.metadata.theme == .marpDefault && deck.metadata.styledByCSS)
    #expect(deck.metadata.aspect == AspectRatio(width: 4, height: 3))
    #expect(deck.metadata.title == "From a comment")
    #expect(deck.slides[0].notes.isEmpty)
  }

  @Test func headingDividerStartsASlideAtEachHeadingOfThatLevel() throws {
    let deck = try deck(
      """
      <!-- headingDivider: 2 -->

      # Part

      ## One

      Text

      ### Detail stays

      ## Two

      ---

      ## Three
      """)
    #expect(deck.slides.map(\.title) == ["Part", "One", "Two", "Three"])
    #expect(deck.metadata.headingDivider == 2)
  }

  @Test func headerFooterPageNumberAndColourAreDrawn() throws {
    let text = """
      ---
      footer: Deck footer
      paginate: true
      ---

      <!-- header: On top -->
      <!-- _color: #ff0000 -->
      <!-- _footer: "" -->

      ## Red

      ---

      ## Plain
      """
    let first = try frame(text, slide: 0)
    let second = try frame(text, slide: 1)
    let header = try #require(first.text("On top"))
    let title = try #require(first.text("Red"))
    #expect(header.y < title.y, "the header is above the content")
    #expect(title.color == RGBAColor(red: 255, green: 0, blue: 0))
    // Marp writes the page's number alone.
    #expect(first.text("Deck footer") == nil && first.text("1") != nil)
    #expect(second.text("Deck footer") != nil && second.text("On top") != nil)
    #expect(second.text("Plain")?.color != RGBAColor(red: 255, green: 0, blue: 0))
  }

  @Test func aFitHeadingFillsTheWidth() throws {
    let text = "## <!--fit--> A heading as wide as the slide\n\nA paragraph\n"
    let slide = try deck(text).slides[0]
    #expect(slide.blocks.first?.fitsWidth == true)
    #expect(slide.notes.isEmpty, "<!--fit--> is not a note")
    let laid = try frame(text)
    let heading = try #require(laid.text("A heading as wide as the slide"))
    let body = try #require(laid.text("A paragraph"))
    let contentWidth = 1920 - 2 * body.x
    #expect(abs(heading.width - contentWidth) < contentWidth * 0.04, "\(heading.width)")
  }
}

/// Emoji shortcodes, as GitHub and Marp write them.
@Suite struct EmojiShortcodeTests {
  @Test func knownShortcodesBecomeEmojiAndOtherColonsStay() throws {
    let slide = try deck(
      "# :ok_hand: Done :tada:\n\nTime 10:30: see :not_an_emoji: and `:smile:` in code\n"
    ).slides[0]
    #expect(slide.blocks[0].plainText == "👌 Done 🎉")
    #expect(slide.blocks[1].plainText == "Time 10:30: see :not_an_emoji: and :smile: in code")
  }

  @Test func theTableHoldsGitHubsCommonNames() {
    for (name, emoji) in [("smile", "😄"), ("+1", "👍"), ("heart", "❤️"), ("rocket", "🚀")] {
      #expect(EmojiShortcodes.replacing(in: ":\(name):") == emoji, "\(name)")
    }
    #expect(EmojiShortcodes.table.count > 1_500)
  }
}

/// Marp's image syntax: sizes for inline images, and backgrounds sized, split and stacked.
@Suite struct MarpImageTests {
  let images = ["/deck/photo.png": PixelSize(width: 800, height: 600)]

  @Test func keywordsAreReadAndTheRestIsTheCaption() {
    let bg = ImageKeywords(alt: "bg left:40% contain A photo")
    #expect(bg.background && bg.size == .contain && bg.caption == "A photo")
    #expect(bg.split == BackgroundImage.Split(right: false, fraction: 0.4))
    #expect(ImageKeywords(alt: "bg 60%").size == .percent(0.6))
    #expect(
      ImageKeywords(alt: "bg right").split == BackgroundImage.Split(right: true, fraction: 0.5))
    let sized = ImageKeywords(alt: "w:360 height:2in Chart")
    #expect(sized.width == 0.5 && sized.height == 192.0 / 720 && sized.caption == "Chart")
    #expect(
      ImageKeywords(alt: "bg blur sepia:50% hue-rotate:90deg Caption").filters == [
        .blur(10.0 / 720), .sepia(0.5), .hueRotate(90),
      ])
    #expect(ImageKeywords(alt: "bg blur sepia:50% Caption").caption == "Caption")
    // Found by the fuzzer: a word that is only a colon crashed the filter parser.
    for word in [":", ":50%", "blur:", "sepia:x"] {
      #expect(ImageKeywords(alt: "bg \(word)").filters.isEmpty, "\(word)")
    }
  }

  @Test func aSizedImageIsDrawnAtItsSizeOnTheSlide() throws {
    let laid = try frame("## Sized\n\n![w:360](photo.png)\n", images: images)
    let image = try #require(laid.imageItems.first)
    // 360 of Marp's 720-pixel slide height is half of 1080: 540 wide, 405 high at 4:3.
    #expect(abs(image.destination.width - 540) < 0.5 && abs(image.destination.height - 405) < 0.5)
  }

  @Test func aSplitBackgroundTakesItsSideAndTheTextTheOther() throws {
    let laid = try frame("![bg left:40%](photo.png)\n\n## Text on the right\n", images: images)
    let background = try #require(laid.imageItems.first)
    #expect(background.destination == Rect(x: 0, y: 0, width: 768, height: 1080))
    let text = try #require(laid.text("Text on the right"))
    #expect(text.x > 768, "the content moved right of the picture (\(text.x))")
    let right = try frame("![bg right](photo.png)\n\n## Left\n", images: images)
    #expect(right.imageItems.first?.destination.x == 960)
    #expect((right.text("Left")?.x ?? 2000) < 960)
  }

  @Test func percentAndStackedBackgrounds() throws {
    let sized = try frame("![bg 50%](photo.png)\n", images: images)
    let image = try #require(sized.imageItems.first)
    #expect(image.destination == Rect(x: 480, y: 180, width: 960, height: 720))
    let stacked = try frame(
      "![bg vertical](photo.png)\n![bg](photo.png)\n", images: images)
    let tops = stacked.imageItems.map(\.destination.y)
    #expect(tops == [0, 540], "one above the other")
  }

  @Test func filtersReachTheDrawListAndDropShadowIsAWarning() throws {
    let laid = try frame("![bg grayscale opacity:25%](photo.png)\n", images: images)
    #expect(laid.imageItems.first?.filters == [.grayscale(1), .opacity(0.25)])
    let result = parse("![bg drop-shadow blur](photo.png)\n")
    #expect(
      result.messages.contains { $0.contains("image filter drop-shadow is not drawn") },
      "\(result.messages)")
    #expect(!result.diagnostics.hasErrors)
  }

  /// The CSS Filter Effects formulas on a few known pixels (BGRA, straight alpha).
  @Test func filtersChangePixelsAsCSSDefinesThem() {
    func run(_ filters: [ImageFilter], _ bgra: [UInt8]) -> [UInt8] {
      var pixels = bgra
      ImageFilters.apply(filters, to: &pixels, width: bgra.count / 4, height: 1)
      return pixels
    }
    let red: [UInt8] = [0, 0, 255, 255]
    #expect(run([.grayscale(1)], red) == [54, 54, 54, 255], "0.2126 of 255")
    #expect(run([.invert(1)], red) == [255, 255, 0, 255])
    #expect(run([.opacity(0.5)], red) == [0, 0, 255, 128])
    #expect(run([.brightness(0.5)], [100, 100, 100, 255]) == [50, 50, 50, 255])
    #expect(run([.sepia(1)], [255, 255, 255, 255]) == [239, 255, 255, 255], "0.937 blue")
    #expect(run([.hueRotate(360)], red) == red, "a full turn changes nothing")
    // Grayscale, sepia and saturate fade their matrix in: none of it at 0 (at 1 for saturate).
    for none in [ImageFilter.grayscale(0), .sepia(0), .saturate(1)] {
      #expect(run([none], red) == red, "\(none)")
    }
    #expect(run([.saturate(0)], red) == [54, 54, 54, 255], "0.213 of 255")
    // A blur spreads a lone bright pixel to its neighbours and keeps the total light.
    var line = [UInt8](repeating: 0, count: 41 * 4)
    for index in 0..<41 { line[index * 4 + 3] = 255 }
    line[20 * 4 + 2] = 255
    ImageFilters.apply([.blur(3)], to: &line, width: 41, height: 1)
    #expect(line[20 * 4 + 2] < 255 && line[17 * 4 + 2] > 0, "spread out")
  }
}
