import PodiumCore
import PodiumTestSupport
import Testing

@Suite struct SlideSplittingTests {
  @Test func hyphenBreaksSeparateSlidesAndOtherRulesStay() throws {
    let deck = try deck(
      """
      # One

      ***

      text

      ---

      # Two

      ___

      - - -

      # Three
      """)
    #expect(deck.dialect == .standard)
    #expect(deck.slides.count == 3)
    #expect(kinds(deck.slides[0].blocks) == ["h1", "rule", "p"])
    #expect(kinds(deck.slides[1].blocks) == ["h1", "rule"])
    #expect(deck.slides.map(\.title) == ["One", "Two", "Three"])
    #expect(deck.slides.map(\.location.line) == [1, 9, 15])
  }

  @Test func separatorRightUnderTextIsAHeadingAndAWarning() throws {
    let result = parse("# One\n\nSome text\n---\n\n# Two\n")
    #expect(result.deck?.slides.count == 1)
    #expect(
      result.messages == [
        "4:1: warning: '---' right under a line of text makes that line a heading, not a slide break; add a blank line above it to start a new slide"
      ])
    // A deliberate setext heading with a longer underline is left alone.
    #expect(parse("Heading\n-------\n\ntext\n").messages == [])
  }

  @Test func presentermDecksSplitOnEndSlideAndKeepRules() throws {
    let deck = try deck(
      """
      First
      ===

      ---

      text

      <!-- end_slide -->

      Second
      ---

      more
      """)
    #expect(deck.dialect == .presenterm)
    #expect(deck.slides.count == 2)
    #expect(kinds(deck.slides[0].blocks) == ["h1", "rule", "p"])
    #expect(kinds(deck.slides[1].blocks) == ["h2", "p"])
    #expect(
      parse("A\n---\n<!-- end_slide -->\nB\n").messages == [],
      "no separator warning in presenterm decks")
  }

  @Test func emptySlidesAtTheEndsAreNotSlides() throws {
    let deck = try deck("\n---\n\n# Only\n\n---\n\n---\n\n")
    #expect(deck.slides.count == 1)
    #expect(deck.slides[0].index == 0)
    let middle = try PodiumCoreTests.deck("# A\n\n---\n\n---\n\n# B\n")
    #expect(middle.slides.count == 3, "a blank slide between two slides is deliberate")
  }

  @Test func emptyDeckWarns() {
    let result = parse("\n\n")
    #expect(result.deck?.slides.isEmpty == true)
    #expect(result.messages == ["warning: the deck has no slides"])
  }

  @Test func titleSlidesAreRecognised() throws {
    let deck = try deck(
      """
      # Big title

      A subtitle line

      ---

      # Not a title

      - because
      - of the list

      ---

      ## Level two

      ---

      <!-- layout: center -->

      # Forced
      """)
    #expect(deck.slides.map(\.layout) == [.title, .default, .default, .center])
  }
}
