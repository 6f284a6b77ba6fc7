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

  /// The 99th percentile of `values`, by nearest rank.
  static func p99(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .infinity }
    return sorted[min(sorted.count - 1, Int((0.99 * Double(sorted.count)).rounded(.up)) - 1)]
  }

  /// Slow clients (`scripts/remote-slowloris.py`, as `slowhttptest -H` attacks: headers that
  /// never end, a byte a second, reopened as soon as closed) take every place they can, with
  /// 300 connections from one address and 20 from each of 40 more (127.0.0.2 and up, as other
  /// machines on the Wi-Fi): the paired phone is answered all along (p99 within 200 ms), a
  /// phone not yet paired still gets in, and the talk's slide changes keep their p99.
  @Test func aPairedPhoneIsAnsweredWhileSlowClientsTakeEveryPlaceTheyCan() throws {
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let path = try Fixtures.writeDeck(Self.deck)
    let port = 20_000 + Int((getpid() + 7) % 20_000)
    let run = try PresentRun(
      server, deck: path, arguments: ["--remote=127.0.0.1:\(port)", "--no-transitions"])
    defer {
      kill(run.process.processIdentifier, SIGKILL)
      run.process.waitUntilExit()
    }
    #expect(run.presented("audience", slide: 1))
    let pin = try #require(
      eventually(timeout: 5) { run.errors().firstMatch(of: /PIN (\d{6})/).map { String($0.1) } })
    let base = "http://127.0.0.1:\(port)/"
    let paired = try curl(["--data", pin, base + "api/pair"])
    let token = try #require(paired.headers.firstMatch(of: /podium_token=([0-9a-f]{32})/)).1
    func phone() throws -> (status: Int, seconds: Double) {
      let result = try CommandRunner.run(
        URL(fileURLWithPath: "/usr/bin/curl"),
        [
          "-s", "-o", "/dev/null", "-w", "%{http_code} %{time_total}", "--max-time", "3", "-H",
          "X-Podium-Token: \(token)", base + "api/state",
        ])
      let fields = result.stdout.split(separator: " ")
      return (Int(fields.first ?? "") ?? 0, Double(fields.last ?? "") ?? 3)
    }
    #expect(try phone().status == 200)
    /// Slide changes by key, alternating: the audience's latency of each, from the trace.
    func slideChanges(_ count: Int) throws -> [Double] {
      let mark = run.events().count
      for index in 0..<count { try run.key(index % 2 == 0 ? "Right" : "Left") }
      Thread.sleep(forTimeInterval: 0.5)
      return run.events().dropFirst(mark).compactMap { event in
        guard event["event"] as? String == "present", event["role"] as? String == "audience"
        else { return nil }
        return event["latency_ms"] as? Double
      }
    }
    let quiet = try slideChanges(20)

    let script = Fixtures.packageRoot.appendingPathComponent("scripts/remote-slowloris.py").path
    func attack(_ connections: Int, from sources: [String]) throws -> (Process, Pipe) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
      process.arguments = [script, "127.0.0.1:\(port)", "25", "\(connections)"] + sources
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      return (process, output)
    }
    let attacks = [
      try attack(300, from: ["127.0.0.2"]),
      try attack(20, from: (3...42).map { "127.0.0.\($0)" }),
    ]
    defer { for (process, _) in attacks where process.isRunning { process.terminate() } }
    // The slow clients fill what they are let take.
    Thread.sleep(forTimeInterval: 4)
    var answers: [(status: Int, seconds: Double)] = []
    for _ in 0..<60 {
      answers.append(try phone())
      Thread.sleep(forTimeInterval: 0.1)
    }
    let newcomer = try CommandRunner.run(
      URL(fileURLWithPath: "/usr/bin/curl"),
      [
        "-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "10", "--retry", "5",
        "--retry-all-errors", "--interface", "127.0.0.99", base,
      ])
    let attacked = try slideChanges(20)
    for (process, _) in attacks { process.waitUntilExit() }
    let reports = attacks.map {
      String(decoding: $0.1.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    #expect(
      answers.allSatisfy { $0.status == 200 }, "every request answered: \(answers), \(reports)")
    let phoneP99 = Self.p99(answers.map { $0.seconds * 1000 })
    #expect(phoneP99 <= 200, "the paired phone's p99 is \(phoneP99) ms")
    #expect(newcomer.stdout == "200", "a phone not yet paired gets the page: \(newcomer.stdout)")
    // The slow clients did hold places: the attack was real.
    #expect(reports.allSatisfy { $0.contains("\"opened\"") }, "\(reports)")
    let before = Self.p99(quiet)
    let during = Self.p99(attacked)
    print(
      "slow clients: phone p99 \(phoneP99) ms over \(answers.count) requests; slide change p99 "
        + "\(before) ms quiet, \(during) ms under attack; \(reports.joined(separator: " "))")
    #expect(attacked.count >= 20, "\(attacked)")
    #expect(
      during <= max(2 * before, before + 16),
      "the talk's p99: \(before) ms, under attack \(during) ms")
  }
}
