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

  @Test func mdpDecksUseEveryBreakAndCentreArrows() throws {
    let deck = try deck(
      """
      %title: An mdp deck
      %author: Someone
      %date: 2016-02-07

      -> # Centred title <-

      text

      *****

      -> plain centred <-

      second-level
      ------------

      ---

      third
      """)
    #expect(deck.dialect == .mdp)
    #expect(deck.metadata.title == "An mdp deck")
    #expect(deck.metadata.author == "Someone")
    #expect(deck.metadata.date == "2016-02-07")
    #expect(deck.slides.count == 3)
    let first = deck.slides[0].blocks
    #expect(kinds(first) == ["h1", "p"])
    #expect(first[0].alignment == .center)
    #expect(first[0].plainText == "Centred title")
    // Columns point at the original text, before the arrows were removed.
    #expect(first[0].location == PodiumCore.SourceLocation(line: 5, column: 4))
    #expect(first[1].alignment == .natural)
    let second = deck.slides[1].blocks
    #expect(kinds(second) == ["p", "h2"])
    #expect(second[0].alignment == .center)
    #expect(second[0].plainText == "plain centred")
    // mdp shows each source line as a line.
    let lines = try PodiumCoreTests.deck(
      "%title: x\n\nnext slide   Enter\nprevious     Backspace\n")
    #expect(lines.slides[0].blocks[0].plainText == "next slide   Enter\nprevious     Backspace")
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
