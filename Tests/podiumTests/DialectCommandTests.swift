import Foundation
import PodiumTestSupport
import Testing

/// `--dialect` and the dialect `podium check --json` names: pandoc's and Slidev's decks through
/// the command line.
@Suite struct DialectCommandTests {
  @Test func dialectIsFoundOrToldAndNamedInTheReport() throws {
    let folder = try Fixtures.temporaryDirectory()
    let deck = folder.appendingPathComponent("talk.md")
    // Two sections and no separator: one slide to Podium, two to pandoc.
    try Data("# Intro\n\nWhy.\n\n# Method\n\nHow.\n".utf8).write(to: deck)
    func report(_ extra: [String]) throws -> (dialect: String?, slides: Int?) {
      let run = try CommandRunner.run(
        CommandRunner.podium, ["check", "--json"] + extra + [deck.path])
      let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
      let first = ((object as? [String: Any])?["decks"] as? [[String: Any]])?.first
      return (first?["dialect"] as? String, first?["slides"] as? Int)
    }
    let found = try report([])
    #expect(found.dialect == "standard" && found.slides == 1)
    let told = try report(["--dialect", "pandoc"])
    #expect(told.dialect == "pandoc" && told.slides == 2)
    let slidev = try report(["--dialect", "slidev"])
    #expect(slidev.dialect == "slidev" && slidev.slides == 1)

    let wrong = try CommandRunner.podium("check", "--dialect", "keynote", deck.path)
    #expect(wrong.status == 2)
    #expect(wrong.stderr.contains("--dialect 'keynote' is not podium, pandoc or slidev."))
  }
}
