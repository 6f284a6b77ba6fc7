import Foundation
import PodiumCore
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// `podium fetch` and `podium check --fetch` as a user runs them, against a server on loopback,
/// then `podium export` drawing the fetched image with no network.
@Suite struct FetchCommandTests {
  static let red = RGBAColor(red: 0xE0, green: 0x20, blue: 0x1C)

  /// A served folder with a red picture; the deck in a folder of its own; a cache of its own.
  func setUp() throws -> (server: LoopbackServer, deck: URL, environment: [String: String]) {
    let served = try Fixtures.temporaryDirectory("podium-served")
    try FileManager.default.copyItem(
      at: Fixtures.packageRoot.appendingPathComponent("Tests/PodiumFetchTests/Fixtures/red.png"),
      to: served.appendingPathComponent("red.png"))
    let server = try LoopbackServer(serving: served)
    let folder = try Fixtures.temporaryDirectory("podium-deck")
    let deck = folder.appendingPathComponent("talk.md")
    try """
    ---
    marp: true
    ---

    # Remote

    ![w:400](\(server.url("red.png")))
    """.write(to: deck, atomically: true, encoding: .utf8)
    let cache = try Fixtures.temporaryDirectory("podium-cache")
    return (server, deck, ["XDG_CACHE_HOME": cache.path])
  }

  func redPixels(exporting deck: URL, environment: [String: String]) throws -> Int {
    let out = try Fixtures.temporaryDirectory("podium-out")
    let export = try CommandRunner.podium(
      "export", deck.path, "-o", out.path, "--size", "640x360", environment: environment)
    #expect(export.status == 0, "\(export.stderr)")
    return try RGBImage(contentsOf: out.appendingPathComponent("slide-001.png").path)
      .count(of: Self.red, tolerance: 8)
  }

  @Test func fetchPrintsEachAddressAndTheTalkShowsItOffline() throws {
    let (server, deck, environment) = try setUp()
    // Not fetched: nothing where the picture goes, and one warning naming the command.
    #expect(try redPixels(exporting: deck, environment: environment) == 0)
    let before = try CommandRunner.podium("check", deck.path, environment: environment)
    #expect(before.stdout.contains("warning: a remote image not fetched"))
    #expect(before.stdout.contains("run 'podium fetch talk.md'"))

    let fetch = try CommandRunner.podium("fetch", deck.path, environment: environment)
    #expect(fetch.status == 0, "\(fetch.stdout)\(fetch.stderr)")
    #expect(
      fetch.stdout.contains("talk.md:7:1: \(server.url("red.png")): fetched (PNG, 220 bytes)"))
    #expect(fetch.stdout.contains("1 remote image, 1 fetched, 0 in the cache, 0 failed"))

    let after = try CommandRunner.podium("check", deck.path, environment: environment)
    #expect(after.status == 0)
    #expect(!after.stdout.contains("not fetched"), "\(after.stdout)")
    let json = try CommandRunner.podium("check", "--json", deck.path, environment: environment)
    let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let decks = try #require(report?["decks"] as? [[String: Any]])
    let remote = try #require(decks.first?["remoteImages"] as? [[String: Any]])
    #expect(remote.count == 1)
    #expect(remote.first?["url"] as? String == server.url("red.png"))
    #expect(remote.first?["fetched"] as? Bool == true)
    #expect(remote.first?["line"] as? Int == 7)
    // Drawn from the cache at 400 px of 1280 wide: 200 x 112 at 640 x 360.
    #expect(try redPixels(exporting: deck, environment: environment) > 15_000)
    #expect(server.requests == ["/red.png"], "export and check never reach the network")
    // Fetched once; --refresh asks again.
    let again = try CommandRunner.podium("fetch", deck.path, environment: environment)
    #expect(again.stdout.contains("red.png: in the cache already"))
    #expect(server.requests.count == 1)
    let refresh = try CommandRunner.podium(
      "fetch", "--refresh", deck.path, environment: environment)
    #expect(refresh.stdout.contains("fetched (PNG, 220 bytes)"))
    #expect(server.requests == ["/red.png", "/red.png"])
  }

  @Test func failuresExitOneAndCheckFetchFetchesFirst() throws {
    let (server, deck, environment) = try setUp()
    let missing = deck.deletingLastPathComponent().appendingPathComponent("missing.md")
    try "# Gone\n\n![](\(server.url("gone.png")))\n".write(
      to: missing, atomically: true, encoding: .utf8)
    let fetch = try CommandRunner.podium("fetch", missing.path, environment: environment)
    #expect(fetch.status == 1)
    #expect(fetch.stdout.contains("missing.md:3:1: error: \(server.url("gone.png")): HTTP 404"))

    let check = try CommandRunner.podium("check", "--fetch", deck.path, environment: environment)
    #expect(check.status == 0, "\(check.stdout)")
    #expect(check.stdout.contains("fetched (PNG, 220 bytes)"))
    #expect(!check.stdout.contains("not fetched"), "checked after fetching: \(check.stdout)")

    let usage = try CommandRunner.podium("fetch", deck.path, "--timeout", "0")
    #expect(usage.status == 2)
    #expect(usage.stderr.contains("--timeout '0.0' is not between 0 and 600 seconds."))
  }
}
