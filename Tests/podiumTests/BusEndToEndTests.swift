import Foundation
import PodiumTestSupport
import Testing

/// `podium remote` against `podium present` on a real two-monitor X server and a session bus
/// of the test's own (`dbus-daemon`): the commands move the talk exactly as its keys do (the
/// same trace), `state` reads it, bad commands fail clearly, and another user reaches nothing.
@Suite(.serialized) struct BusEndToEndTests {
  /// Ten slides; the third has notes.
  static let deck = (1...10).map { number in
    "## Slide \(number)" + (number == 3 ? "\n\n???\n\nMention the budget." : "")
  }.joined(separator: "\n\n---\n\n")

  /// `podium remote ARGUMENTS` on `bus`, as `nobody` when `asNobody`.
  func remote(_ arguments: [String], bus: SessionBus, asNobody: Bool = false) throws
    -> CommandResult
  {
    let podium = [CommandRunner.podium.path, "remote"] + arguments
    guard asNobody else {
      return try CommandRunner.run(
        CommandRunner.podium, Array(podium.dropFirst()), environment: bus.environment)
    }
    return try CommandRunner.run(
      URL(fileURLWithPath: "/usr/bin/setpriv"),
      ["--reuid=65534", "--regid=65534", "--clear-groups", "--"] + podium,
      environment: bus.environment)
  }

  /// Runs `body` with a talk on a new X server and a bus of its own (`SessionBus(everyUser:)`),
  /// once its service owns the name and the room shows slide 1; all three end after it.
  func withTalk(
    everyUser: Bool = false, _ body: (PresentRun, SessionBus, XorgServer) throws -> Void
  ) throws {
    let bus = try SessionBus(everyUser: everyUser)
    defer { bus.stop() }
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let path = try Fixtures.writeDeck(Self.deck)
    let run = try PresentRun(
      server, deck: path, arguments: ["--no-transitions"], environment: bus.environment)
    defer {
      kill(run.process.processIdentifier, SIGKILL)
      run.process.waitUntilExit()
    }
    let owned = run.waitFor("bus") { $0["name"] as? String == "io.github.podium" }
    #expect(owned != nil, "\(run.events().filter { $0["event"] as? String == "bus" })")
    #expect(run.presented("audience", slide: 1))
    try body(run, bus, server)
  }

  /// The talk's places shown (`show`) and the audience's frames (view, slide, step) after
  /// event `mark`; a frame the same as the one before is left out (keys typed one at a time may
  /// redraw a window in between, where the bus's command is one turn).
  func moves(_ run: PresentRun, after mark: Int) -> [String] {
    let all = run.events().dropFirst(mark).compactMap { event -> String? in
      switch event["event"] as? String ?? "" {
      case "show":
        return "show \(event["slide"] ?? "?").\(event["step"] ?? "?")"
      case "present" where event["role"] as? String == "audience":
        return "audience \(event["view"] ?? "?") \(event["slide"] ?? "?").\(event["step"] ?? "?")"
      default:
        return nil
      }
    }
    return all.enumerated().filter { $0.offset == 0 || all[$0.offset - 1] != $0.element }
      .map(\.element)
  }

  @Test func theCommandsMoveTheTalkAsItsKeysDo() throws {
    try withTalk { run, bus, _ in try commandsMoveTheTalkAsKeys(run, bus: bus) }
  }

  func commandsMoveTheTalkAsKeys(_ run: PresentRun, bus: SessionBus) throws {
    // By keys first: Right, Left, 3 Enter, b, b; then back to slide 1.
    var mark = run.events().count
    try run.key("Right", "Left", "3", "Return", "b", "b")
    Thread.sleep(forTimeInterval: 0.8)
    let byKeys = moves(run, after: mark)
    mark = run.events().count
    try run.key("Home")
    #expect(run.presented("audience", slide: 1, after: mark))
    Thread.sleep(forTimeInterval: 0.3)

    // The same from outside, one command at a time, each answered before the next.
    mark = run.events().count
    for command in [["next"], ["prev"], ["goto", "3"], ["black"], ["black"]] {
      let before = run.events().count
      let result = try remote(command, bus: bus)
      #expect(result.status == 0, "podium remote \(command): \(result.stderr)")
      #expect(result.stdout.isEmpty && result.stderr.isEmpty, "\(result)")
      let taken = run.waitFor("bus", after: before) {
        $0["command"] as? String == command.joined(separator: " ") && $0["refused"] == nil
          && $0["uid"] as? Int == Int(getuid())
      }
      #expect(taken != nil, "the trace has the command \(command)")
      let frame = run.waitFor("present", after: before) { $0["role"] as? String == "audience" }
      #expect(frame?["latency_ms"] != nil, "measured as an input is: \(frame ?? [:])")
    }
    Thread.sleep(forTimeInterval: 0.5)
    let byBus = moves(run, after: mark)
    #expect(byBus == byKeys, "by the bus \(byBus), by keys \(byKeys)")
    #expect(byKeys.contains { $0.hasPrefix("audience black") }, "\(byKeys)")

    // The state, as JSON and as a speaker reads it, black again for it.
    let blacked = run.events().count
    _ = try remote(["black"], bus: bus)
    #expect(run.waitFor("present", after: blacked) { $0["view"] as? String == "black" } != nil)
    let json = try remote(["state", "--json"], bus: bus)
    #expect(json.status == 0, "\(json.stderr)")
    let state = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(state["slide"] as? Int == 3 && state["slides"] as? Int == 10, "\(state)")
    #expect(state["step"] as? Int == 1 && state["steps"] as? Int == 1, "\(state)")
    #expect(state["notes"] as? [String] == ["Mention the budget."], "\(state)")
    #expect((state["elapsed"] as? String)?.contains(":") == true, "\(state)")
    #expect(state["black"] as? Bool == true, "\(state)")
    let text = try remote(["state"], bus: bus)
    #expect(text.stdout.hasPrefix("slide 3 of 10, step 1 of 1\nelapsed "), "\(text.stdout)")
    #expect(text.stdout.contains("the room's screen: black\nnotes:\n  Mention the budget."))

    // Bad commands: a clear error and a non-zero exit; the talk does not move.
    mark = run.events().count
    let far = try remote(["goto", "999"], bus: bus)
    #expect(far.status == 1)
    #expect(
      far.stderr
        == "podium remote goto: slide 999 is not in the deck: it has 10 slides (1 to 10)\n")
    // `podium` made that call itself (its quick path); podium-app, the whole of Podium, says
    // the same word for word.
    let app = try CommandRunner.run(
      CommandRunner.productsDirectory.appendingPathComponent("podium-app"),
      ["remote", "goto", "999"], environment: bus.environment)
    #expect(app.status == 1)
    #expect(app.stderr == far.stderr)
    let unknown = try remote(["fly"], bus: bus)
    #expect(unknown.status == 2, "a usage error: \(unknown.stderr)")
    #expect(unknown.stderr.contains("fly"), "\(unknown.stderr)")
    let word = try remote(["goto", "three"], bus: bus)
    #expect(word.status == 2, "\(word.stderr)")
    #expect(word.stderr.contains("three"), "\(word.stderr)")

    // Another user: the session bus itself lets them in no further than its door.
    let nobody = try remote(["next"], bus: bus, asNobody: true)
    #expect(nobody.status == 1, "\(nobody)")
    #expect(
      nobody.stderr.hasPrefix("podium remote next: cannot reach the session bus"), "\(nobody)")
    Thread.sleep(forTimeInterval: 1.2)
    #expect(moves(run, after: mark).filter { $0.hasPrefix("show") } == [], "the talk stayed")
    let refused = run.events().dropFirst(mark).filter {
      $0["event"] as? String == "bus" && $0["refused"] != nil
    }
    // Refused twice: podium's call and podium-app's.
    #expect(refused.map { $0["command"] as? String } == ["goto 999", "goto 999"], "\(refused)")
  }

  /// On a bus that lets every user connect, the talk's own check of the caller's user refuses
  /// `nobody`; a second talk on the bus says the name is taken, and the first keeps it.
  @Test func anotherUserIsRefusedByTheTalkItselfAndASecondTalkSaysTheNameIsTaken() throws {
    try withTalk(everyUser: true) { run, bus, server in
      try refusesAnotherUserAndASecondTalk(run, bus: bus, server: server)
    }
  }

  func refusesAnotherUserAndASecondTalk(_ run: PresentRun, bus: SessionBus, server: XorgServer)
    throws
  {
    let mark = run.events().count
    let nobody = try remote(["next"], bus: bus, asNobody: true)
    #expect(nobody.status == 1, "\(nobody)")
    #expect(
      nobody.stderr
        == "podium remote next: uid 65534 may not drive this talk: it is uid \(getuid())'s\n")
    let state = try remote(["state"], bus: bus, asNobody: true)
    #expect(state.status == 1 && state.stdout.isEmpty, "nor read it: \(state)")
    let refused = run.waitFor("bus", after: mark) { $0["uid"] as? Int == 65534 }
    #expect(
      refused?["refused"] as? String == "uid 65534 may not drive this talk: it is uid \(getuid())'s"
    )
    Thread.sleep(forTimeInterval: 0.5)
    #expect(moves(run, after: mark).filter { $0.hasPrefix("show") } == [], "the talk stayed")

    let second = try PresentRun(
      server, deck: try Fixtures.writeDeck(Self.deck), environment: bus.environment)
    defer {
      kill(second.process.processIdentifier, SIGKILL)
      second.process.waitUntilExit()
    }
    let taken = second.waitFor("bus") { $0["problem"] != nil }
    #expect((taken?["problem"] as? String)?.hasPrefix("another talk owns io.github.podium") == true)
    #expect(
      eventually(timeout: 5) {
        second.errors().contains(
          "podium present: warning: podium remote cannot reach this talk: another talk owns")
          ? true : nil
      } != nil, "\(second.errors())")
    let next = try remote(["next"], bus: bus)
    #expect(next.status == 0, "\(next.stderr)")
    #expect(run.presented("audience", slide: 2, after: mark), "the first talk moved")
  }

  /// No session bus at all: the talk goes on (keys move it), the trace says why there is no
  /// service, the terminal stays quiet, and `podium remote` says there is no bus.
  @Test func withNoSessionBusTheTalkGoesOn() throws {
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let runtime = try Fixtures.temporaryDirectory().path
    let none = ["DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": runtime]
    let run = try PresentRun(
      server, deck: try Fixtures.writeDeck(Self.deck), environment: none)
    defer {
      kill(run.process.processIdentifier, SIGKILL)
      run.process.waitUntilExit()
    }
    let problem = run.waitFor("bus")?["problem"] as? String
    #expect(problem?.hasPrefix("no session bus: DBUS_SESSION_BUS_ADDRESS is not set") == true)
    #expect(run.presented("audience", slide: 1))
    try run.key("Right")
    #expect(run.presented("audience", slide: 2))
    #expect(!run.errors().contains("podium remote"), "\(run.errors())")
    let result = try CommandRunner.run(CommandRunner.podium, ["remote", "next"], environment: none)
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("podium remote next: no session bus: "), "\(result.stderr)")
  }
}
