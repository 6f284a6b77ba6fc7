import Foundation
import PodiumTestSupport
import Testing

/// `podium check` on a Marp deck written as decks in the wild are (issue 27): it opens with no
/// error, and `--json` says what Marp would number and animate.
@Suite struct MarpCheckCommandTests {
  static let deck = """
    ---
    marp: true
    theme: h2
    backgroundColor: #fff
    paginate: true
    _paginate: skip
    transition: fade 0.8s
    size: 4K
    ---

    # Title

    ---

    <!-- _class: resistor-series -->
    <!-- _paginate: hold -->

    ## Held

    ---

    ## Three
    """

  @Test func aWildMarpDeckOpensWithWarningsOnly() throws {
    let folder = try Fixtures.temporaryDirectory()
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("themes"), withIntermediateDirectories: true)
    try "/* @theme h2 */\n@import 'uncover';\nsection { color: #123; text-shadow: 0 0 1px red; }\n"
      .write(
        to: folder.appendingPathComponent("themes/h2.css"), atomically: true, encoding: .utf8)
    try Self.deck.write(
      to: folder.appendingPathComponent("talk.md"), atomically: true, encoding: .utf8)
    let result = try CommandRunner.podium("check", "talk.md", in: folder)
    #expect(result.status == 0, "\(result.stdout)")
    // The theme's CSS sets a colour Podium carries out and a property it names as not.
    #expect(
      result.stdout.contains(
        "talk.md:3:8: warning: CSS property 'text-shadow' in its theme's CSS is not carried out by Podium"
      ))
    #expect(
      result.stdout.contains("talk.md: 3 slides, 3 build steps, 0 with notes, 0 errors, 2 warnings")
    )

    let json = try CommandRunner.podium("check", "--json", "talk.md", in: folder)
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let deck = try #require((root["decks"] as? [[String: Any]])?.first)
    #expect(deck["marp"] as? Bool == true)
    let slides = try #require(deck["slideList"] as? [[String: Any]])
    #expect(slides.map { $0["page"] as? Int } == [1, 1, 2])
    #expect(slides.map { $0["layout"] as? String } == ["default", "default", "default"])
    #expect(slides.allSatisfy { $0["transition"] as? String == "fade 0.8s" })
  }
}
