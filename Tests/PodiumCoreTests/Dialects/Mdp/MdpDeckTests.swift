import Foundation
import PodiumTestSupport
import Testing

@testable import PodiumCore

/// mdp's decks (Dialects/Mdp): `%` metadata lines, every thematic break a slide break,
/// `-> centred <-` lines, `^` and `<br>` pauses.
@Suite struct MdpDeckTests {
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

  @Test func mdpCaretsAndBreaksArePauses() throws {
    let deck = try deck(
      """
      %title: x

      Agenda
      <br>
      * major
      <br>
          * minor
      ^
      * major
      """)
    #expect(deck.slides[0].stepCount == 4)
    #expect(!deck.slides[0].blocks.map(\.plainText).joined().contains("^"))
    #expect(!deck.slides[0].blocks.map(\.plainText).joined().contains("<br>"))
  }
}
