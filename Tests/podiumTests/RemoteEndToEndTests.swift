import Foundation
import PodiumCore
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// `podium present --remote` on a real two-monitor X server: a phone's tap (a POST, as its page
/// sends) drives the talk exactly as a key does: the same trace, the audience's pixels, the
/// journal; the console shows the pairing card until Shift+R.
@Suite(.serialized) struct RemoteEndToEndTests {
  static let deck = """
    ---
    theme: dark
    ---

    ## One

    ---

    ## Two

    ---

    ## Three
    """

  /// curl's status code and headers for one request.
  func curl(_ arguments: [String]) throws -> (status: Int, headers: String) {
    let result = try CommandRunner.run(
      URL(fileURLWithPath: "/usr/bin/curl"),
      ["-s", "-D", "-", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "5"] + arguments)
    let status = Int(result.stdout.suffix(3)) ?? 0
    return (status, result.stdout)
  }

  @Test func aTapDrivesTheTalkAsAKeyDoes() throws {
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let path = try Fixtures.writeDeck(Self.deck)
    let port = 20_000 + Int(getpid() % 20_000)
    let run = try PresentRun(
      server, deck: path, arguments: ["--remote=127.0.0.1:\(port)", "--no-transitions"])
    defer {
      kill(run.process.processIdentifier, SIGKILL)
      run.process.waitUntilExit()
    }
    let journal = try #require(run.waitFor("journal")?["path"] as? String)
    #expect(run.presented("audience", slide: 1))
    let pin = try #require(
      eventually(timeout: 5) { () -> String? in
        let found = run.errors().firstMatch(of: /PIN (\d{6})/)
        return found.map { String($0.1) }
      })
    #expect(!run.errors().contains("?t="), "the token is never printed")
    let base = "http://127.0.0.1:\(port)/"
    #expect(try curl(["--data", "next", base + "api/command"]).status == 401)
    let paired = try curl(["--data", pin, base + "api/pair"])
    #expect(paired.status == 200)
    let token = try #require(paired.headers.firstMatch(of: /podium_token=([0-9a-f]{32})/)).1
    func audience() throws -> [UInt8] {
      try Screenshot.capture(display: server.display).crop(x: 1920, y: 0, width: 1920, height: 1080)
        .pixels
    }
    let before = try audience()
    let tap = try curl(["-H", "X-Podium-Token: \(token)", "--data", "next", base + "api/command"])
    #expect(tap.status == 204)
    // The tap is an input as a key is: a show, the audience's frame with its latency.
    #expect(run.waitFor("show", where: { $0["slide"] as? Int == 2 }) != nil)
    let frame = run.waitFor(
      "present", where: { $0["role"] as? String == "audience" && $0["slide"] as? Int == 2 })
    #expect(frame?["latency_ms"] != nil, "\(frame ?? [:])")
    let after = eventually(timeout: 3) { () -> [UInt8]? in
      let pixels = try audience()
      return pixels == before ? nil : pixels
    }
    #expect(after != nil, "the audience's pixels changed")
    // Journalled like a key: the journal says slide 2 (0-based 1).
    #expect(
      eventually(timeout: 3) { TalkJournal.read(at: journal)?.state?.slide == 1 ? true : nil }
        != nil)
    // Black from the phone: the room goes black.
    _ = try curl(["-H", "X-Podium-Token: \(token)", "--data", "black", base + "api/command"])
    #expect(
      run.waitFor(
        "present",
        where: { $0["role"] as? String == "audience" && $0["view"] as? String == "black" }) != nil)
    // The same key bindings: the state the phone reads says so.
    let state = eventually(timeout: 3) { () -> String? in
      let reply = try CommandRunner.run(
        URL(fileURLWithPath: "/usr/bin/curl"),
        ["-s", "-H", "X-Podium-Token: \(token)", base + "api/state"]
      ).stdout
      return reply.contains(#""black":true"#) ? reply : nil
    }
    #expect(state?.contains(#""slide":2"#) == true, "\(state ?? "no state")")
  }
}
