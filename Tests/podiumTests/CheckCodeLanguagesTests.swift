import Foundation
import PodiumTestSupport
import Testing

/// `podium check --json` lists each slide's code blocks with the language the highlighter
/// colours them as (scripts/wild-code counts them).
@Suite struct CheckCodeLanguagesTests {
  @Test func eachCodeBlockNamesItsFenceAndTheLanguageItIsColouredAs() throws {
    let path = try Fixtures.writeDeck(
      """
      # One

      ```py
      x = 1
      ```

      - item

        ```cobol
        DISPLAY 'HI'.
        ```

      ---

      # Two

      ```
      plain
      ```
      """)
    let result = try CommandRunner.podium("check", "--json", path)
    #expect(result.status == 0, "\(result.stdout)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let deck = try #require((object["decks"] as? [[String: Any]])?.first)
    let slides = try #require(deck["slideList"] as? [[String: Any]])
    let first = try #require(slides.first?["code"] as? [[String: Any]])
    #expect(first.map { $0["language"] as? String } == ["py", "cobol"])
    #expect(first.map { $0["highlightedAs"] as? String } == ["python", nil])
    #expect(first.map { $0["line"] as? Int } == [3, 9])
    let second = try #require(slides.last?["code"] as? [[String: Any]])
    #expect(second.count == 1)
    #expect(second.first?["language"] == nil)
    #expect(second.first?["highlightedAs"] == nil)
  }
}
