import PodiumCore
import Testing

/// presenterm's `options:` in the front matter (its docs/src/configuration/options.md and
/// `OptionsConfig` in src/config.rs), each with the example its documentation gives.
@Suite struct PresentermOptionsTests {
  @Test func implicitSlideEndsSplitBeforeEachSlideTitle() throws {
    let split = try deck(
      """
      ---
      options:
        implicit_slide_ends: true
      ---

      Tasty vegetables
      ================

      * Potato

      Awful vegetables
      ================

      * Lettuce
      """)
    #expect(split.dialect == .presenterm)
    #expect(split.slides.map(\.title) == ["Tasty vegetables", "Awful vegetables"])
    #expect(split.slides.allSatisfy { $0.blocks.first?.role == .slideTitle })
    // Without the option the same deck is one slide, as in presenterm.
    let plain = try deck(
      "---\nevent: x\n---\n\nA\n===\n\n* one\n\nB\n===\n\n* two\n<!-- end_slide -->\nC\n")
    #expect(plain.slides.count == 3, "introduction, A and B together, C")
  }

  @Test func aCommentBeforeATitleStartsNoEmptySlide() throws {
    let deck = try deck(
      "---\noptions:\n  implicit_slide_ends: true\n---\n\n<!-- speaker_note: hi -->\n\nOne\n===\n\nx\n\nTwo\n===\n"
    )
    #expect(deck.slides.map(\.title) == ["One", "Two"])
  }

  @Test func endSlideShorthandMakesThematicBreaksEndSlides() throws {
    let shorthand = try deck(
      "---\noptions:\n  end_slide_shorthand: true\n---\n\nthis is a slide\n\n---------------------\n\nthis is another slide\n"
    )
    #expect(shorthand.slides.map(\.title) == ["this is a slide", "this is another slide"])
    let without = try deck("---\nevent: E\n---\n\nthis\n\n***\n\nthat\n<!-- end_slide -->\n")
    #expect(without.slides.count == 3, "the introduction, one slide with a rule, an empty one")
    #expect(kinds(without.slides[1].blocks) == ["p", "rule", "p"])
  }

  @Test func h1SlideTitlesMakeTheFirstH1TheTitle() throws {
    let titles = try deck(
      "---\noptions:\n    h1_slide_titles: true\n---\n\n# title\n\n# not the first, so no title\n")
    let roles = titles.slides[0].blocks.map(\.role)
    #expect(roles == [.slideTitle, nil])
    let implicit = try deck(
      "---\noptions:\n  h1_slide_titles: true\n  implicit_slide_ends: true\n---\n\n# One\n\nx\n\n# Two\n\ny\n"
    )
    #expect(implicit.slides.map(\.title) == ["One", "Two"])
  }

  @Test func commandPrefixMakesOtherCommentsTheAuthorsOwn() throws {
    let result = parse(
      """
      ---
      options:
        command_prefix: "cmd:"
      ---

      <!-- remember to say "potato here" -->

      Tasty vegetables
      ================

      * Potato

      <!-- cmd:pause -->

      **That's it!**

      <!-- cmd:end_slide -->

      <!-- end_slide -->

      Last
      """)
    let deck = try #require(result.deck)
    #expect(deck.slides.count == 2, "the unprefixed end_slide is not a command")
    #expect(deck.slides[0].stepCount == 2)
    #expect(deck.slides[0].notes.isEmpty, "the plain comment is not a note")
    #expect(result.messages.isEmpty, "\(result.messages)")
  }

  @Test func incrementalListsShowAnItemAStep() throws {
    let deck = try deck(
      "---\noptions:\n  incremental_lists: true\n---\n\n* pauses\n* in\n* between\n")
    // presenterm pauses before the list too (`pause_before_incremental_lists`): the slide
    // opens with none of it.
    #expect(deck.slides[0].stepCount == 4)
  }

  @Test func listItemNewlinesSpaceTheItems() throws {
    let option = try deck("---\noptions:\n    list_item_newlines: 2\n---\n\n* a\n* b\n")
    let comment = try deck(
      "<!-- list_item_newlines: 2 -->\n\n* a\n* b\n\n<!-- end_slide -->\n\n* c\n* d\n")
    for (slide, tight) in [
      (option.slides[0], false), (comment.slides[0], false), (comment.slides[1], true),
    ] {
      guard case .list(let list) = slide.blocks.last?.kind else {
        Issue.record("no list")
        continue
      }
      #expect(list.tight == tight)
    }
  }

  @Test func strictFrontMatterParsingFalseTakesOtherToolsKeysSilently() {
    let strict = parse("---\npotato: 42\nevent: E\n---\n\n# Hi\n")
    #expect(strict.messages.contains { $0.contains("unknown front-matter key 'potato'") })
    let loose = parse(
      "---\npotato: 42\noptions:\n  strict_front_matter_parsing: false\n---\n\n# Hi\n")
    #expect(loose.messages.isEmpty, "\(loose.messages)")
  }

  @Test func imageAttributesPrefixSizesImages() throws {
    let standard = try deck("---\nevent: E\n---\n\n![image:width:50%](pic.png)\n")
    let empty = try deck(
      "---\noptions:\n  image_attributes_prefix: \"\"\n---\n\n![w:25%](pic.png)\n")
    for (deck, share) in [(standard, 0.5), (empty, 0.25)] {
      guard case .image(let image) = deck.slides.last?.blocks.first?.kind else {
        Issue.record("no image")
        continue
      }
      let width = try #require(image.width)
      #expect(abs(width - share * 16 / 9) < 1e-9, "a share of the slide's width")
      #expect(image.alt.isEmpty)
    }
  }

  @Test func autoRenderLanguagesRenderWithoutTheAttribute() throws {
    let deck = try deck(
      "---\noptions:\n  auto_render_languages:\n    - latex\n---\n\n```latex\n\\\\frac{1}{2}\n```\n"
    )
    guard case .paragraph(let runs) = deck.slides.last?.blocks.first?.kind else {
      Issue.record("not a formula")
      return
    }
    #expect(runs.first?.style.contains(.math) == true)
  }

  @Test func unknownOptionsAreAWarningNamingTheKey() {
    let result = parse(
      "---\noptions:\n  implicit_slide_end: true\n  potato: 1\n  incremental_lists: maybe\n---\n\nx\n"
    )
    #expect(
      result.messages == [
        "3:3: warning: unknown presenterm option 'implicit_slide_end' (ignored); did you mean 'implicit_slide_ends'?",
        "4:3: warning: unknown presenterm option 'potato' (ignored)",
        "5:22: warning: option 'incremental_lists' must be true or false (ignored)",
      ])
  }
}
