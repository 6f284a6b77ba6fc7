import PodiumCore
import PodiumTestSupport
import Testing

@Suite struct ScaleTests {
  @Test func twoThousandSlideDeck() throws {
    let text = Fixtures.largeDeck(slides: 2_000)
    let result = DeckParser.parse(text: text, file: "large.md", baseDirectory: "/")
    #expect(result.diagnostics.isEmpty)
    let deck = try #require(result.deck)
    #expect(deck.slides.count == 2_000)
    #expect(deck.slidesWithNotes == 2_000)
    #expect(deck.buildStepCount == 2_500)
    #expect(deck.slides[1_999].title == "Slide 2000")
    #expect(deck.slides.map(\.index) == Array(0..<2_000))
  }
}
