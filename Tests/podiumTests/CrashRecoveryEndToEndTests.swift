import Foundation
import PodiumCore
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// A crash loses nothing: `kill -9` in the middle of a talk or a rehearsal, on a real
/// two-monitor X server, and the next start takes it up (`--resume`, or the console's offer) or
/// keeps the rehearsal as a run marked interrupted.
@Suite(.serialized) struct CrashRecoveryEndToEndTests {
  /// `slides` slides; slide 5 has three build steps.
  static func deck(slides: Int = 8) -> String {
    let all = (1...slides).map { number in
      number == 5
        ? "## Five\n\n- a\n\n<!-- pause -->\n\n- b\n\n<!-- pause -->\n\n- c\n"
        : "## Slide \(number)\n"
    }
    return "---\ntheme: dark\n---\n\n" + all.joined(separator: "\n---\n\n")
  }

  /// Goes to slide 5 step 2 and blanks; returns when the clock started (when the test saw it).
  func goToFiveTwoAndBlank(_ run: PresentRun) throws -> Date {
    #expect(run.waitFor("journal") != nil, "the journal is kept")
    try run.key("Right")
    #expect(run.waitFor("show", where: { $0["slide"] as? Int == 2 }) != nil)
    let started = Date()
    try run.key("Right", "Right", "Right", "Right", "b")
    #expect(
      run.waitFor("show", where: { $0["slide"] as? Int == 5 && $0["step"] as? Int == 2 }) != nil)
    #expect(
      run.waitFor(
        "present",
        where: { $0["role"] as? String == "audience" && $0["view"] as? String == "black" })
        != nil)
    return started
  }

  /// A talk of `deck()` killed with SIGKILL at slide 5 step 2, blanked, its clock running:
  /// the deck's path, the state folder, the journal and the clock's reading at the kill.
  func crashedTalk(on server: XorgServer) throws -> (
    path: String, state: [String: String], journal: String, elapsed: Double
  ) {
    let path = try Fixtures.writeDeck(Self.deck())
    let state = ["XDG_STATE_HOME": try Fixtures.temporaryDirectory("podium-state").path]
    let run = try PresentRun(server, deck: path, environment: state)
    let started = try goToFiveTwoAndBlank(run)
    Thread.sleep(forTimeInterval: 2.5)
    let journal = try #require(run.waitFor("journal")?["path"] as? String)
    killNine(run)
    return (path, state, journal, Date().timeIntervalSince(started))
  }

  func killNine(_ run: PresentRun) {
    kill(run.process.processIdentifier, SIGKILL)
    run.process.waitUntilExit()
  }

  func audienceCentre(_ server: XorgServer) throws -> (UInt8, UInt8, UInt8) {
    Thread.sleep(forTimeInterval: 0.4)
    return try Screenshot.capture(display: server.display).pixel(x: 1920 + 960, y: 540)
  }

  /// Where the resumed talk's first frames put it, and its clock.
  func expectResumed(
    _ run: PresentRun, slide: Int, step: Int, elapsed expected: Double, clamped: Bool = false
  ) {
    let resumed = run.waitFor("resumed")
    #expect(
      resumed?["slide"] as? Int == slide && resumed?["step"] as? Int == step, "\(resumed ?? [:])")
    #expect(resumed?["blank"] as? String == "black" && resumed?["clamped"] as? Bool == clamped)
    // The journal writes the running clock once a second: at most a second is lost, and none
    // of the time Podium was down is added.
    let elapsed = resumed?["elapsed"] as? Double ?? -10
    #expect(elapsed > expected - 1.1 && elapsed < expected + 0.3, "\(elapsed) vs \(expected)")
  }

  @Test func aTalkKilledMidWayResumesWhereItWasWithResume() throws {
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let (path, state, journal, elapsed) = try crashedTalk(on: server)
    Thread.sleep(forTimeInterval: 1.5)  // down for a while: not added to the clock

    let second = try PresentRun(server, deck: path, arguments: ["--resume"], environment: state)
    expectResumed(second, slide: 5, step: 2, elapsed: elapsed)
    // Within a second of start, and from the first frame: the room never sees slide 1.
    let firstAudience = second.waitFor("present", where: { $0["role"] as? String == "audience" })
    #expect(firstAudience?["view"] as? String == "black" && firstAudience?["slide"] as? Int == 5)
    #expect((firstAudience?["t"] as? Double ?? 9) < 1, "\(firstAudience ?? [:])")
    #expect(second.waitFor("stage")?["step"] as? Int == 2)
    #expect(try audienceCentre(server) == (0, 0, 0), "still blank for the room")
    try second.key("b")
    #expect(second.presented("audience", slide: 5))
    #expect(try audienceCentre(server) != (0, 0, 0))
    try second.key("b")
    Thread.sleep(forTimeInterval: 1.2)
    killNine(second)

    // A torn last line (the crash cut a write short) and slides removed while Podium was down:
    // the torn line is skipped, the place clamps to what is left, as a reload does.
    let torn = TalkJournal.line(
      .state(JournalState(slide: 0, step: 0, elapsed: 1), spent: []),
      wall: Date().timeIntervalSince1970)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: journal))
    try handle.seekToEnd()
    try handle.write(contentsOf: torn.prefix(torn.count / 2))
    try handle.close()
    try Self.deck(slides: 3).write(toFile: path, atomically: true, encoding: .utf8)
    let third = try PresentRun(server, deck: path, arguments: ["--resume"], environment: state)
    let resumed = third.waitFor("resumed")
    #expect(resumed?["slide"] as? Int == 3 && resumed?["step"] as? Int == 1, "\(resumed ?? [:])")
    #expect(resumed?["clamped"] as? Bool == true && resumed?["blank"] as? String == "black")
    #expect((resumed?["elapsed"] as? Double ?? 0) > elapsed, "the clock went on from there")
    try third.key("q", "q")
    #expect(third.waitForExit() == 0)
    #expect(third.typedEvents().count == third.events().count, "every trace line is a TraceLine")
    #expect(try #require(TalkJournal.read(at: journal)).closed, "q q closes the journal")

    // A clean quit closed it: the next talk starts afresh, with no offer.
    let fourth = try PresentRun(server, deck: path, environment: state)
    #expect(fourth.waitFor("journal") != nil)
    #expect(!fourth.events().contains { $0["event"] as? String == "resume-offered" })
    try fourth.key("q", "q")
    #expect(fourth.waitForExit() == 0)
  }

  @Test func withoutResumeTheConsoleOffersTheTalkAndTheRoomSeesSlideOne() throws {
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let (path, state, _, elapsed) = try crashedTalk(on: server)

    let second = try PresentRun(server, deck: path, environment: state)
    let offered = second.waitFor("resume-offered")
    #expect(offered?["slide"] as? Int == 5 && offered?["step"] as? Int == 2, "\(offered ?? [:])")
    #expect(second.presented("audience", slide: 1), "the first slide until the speaker decides")
    let waiting = try Screenshot.capture(display: server.display)
    #expect(waiting.pixel(x: 1920 + 960, y: 540) != (0, 0, 0), "not blank")
    // The offer on the console, in a band above the times.
    let accent = Theme.dark.console.accent
    #expect(waiting.pixel(x: 3, y: 980) == (accent.red, accent.green, accent.blue))
    #expect(
      !second.events().contains { $0["event"] as? String == "journal" }, "the old journal is kept")
    let mark = second.events().count
    try second.key("Return")
    expectResumed(second, slide: 5, step: 2, elapsed: elapsed)
    #expect(second.waitFor("show", after: mark, where: { $0["slide"] as? Int == 5 }) != nil)
    #expect(try audienceCentre(server) == (0, 0, 0), "blank again, as it was")
    #expect(
      try Screenshot.capture(display: server.display).pixel(x: 3, y: 980) != (
        accent.red, accent.green, accent.blue
      ))
    #expect(second.waitFor("journal", after: mark) != nil, "a new journal from there")
    try second.key("q", "q")
    #expect(second.waitForExit() == 0)
  }

  @Test func aRehearsalKilledMidWayIsKeptAsAnInterruptedRun() throws {
    let server = try XorgServer(monitors: 1)
    defer { server.stop() }
    let path = try Fixtures.writeDeck(
      "# Opening\n\n---\n\n## Two\n\n---\n\n## Three\n\n---\n\n## Four\n\n---\n\n## Five\n",
      named: "talk.md")
    let state = ["XDG_STATE_HOME": try Fixtures.temporaryDirectory("podium-state").path]
    let record = RehearsalLog.defaultPath(forDeck: path)
    let first = try PresentRun(server, deck: path, command: "rehearse", environment: state)
    #expect(first.waitFor("journal") != nil)
    try first.key("Right")  // the clock starts on slide 2
    Thread.sleep(forTimeInterval: 1.0)
    try first.key("Right")
    Thread.sleep(forTimeInterval: 1.5)
    try first.key("Right")
    Thread.sleep(forTimeInterval: 2.2)
    killNine(first)
    #expect(!FileManager.default.fileExists(atPath: record), "kill -9: nothing written on quit")

    let second = try PresentRun(server, deck: path, command: "rehearse", environment: state)
    #expect(second.waitFor("show") != nil)
    let log = try RehearsalLog.read(from: record)
    let run = try #require(log.runs.first)
    #expect(log.runs.count == 1 && run.interrupted == true)
    let seconds = run.slides.map(\.seconds)
    #expect(seconds[0] == 0 && seconds[4] == 0, "\(seconds)")
    #expect(seconds[1] >= 0.9 && seconds[1] < 1.5, "\(seconds)")
    #expect(seconds[2] >= 1.4 && seconds[2] < 2.0, "\(seconds)")
    #expect(
      seconds[3] >= 1.0 && seconds[3] < 2.6,
      "the last slide, up to the journal's last line: \(seconds)")
    try second.key("q", "q")
    #expect(second.waitForExit() == 0)
    #expect(second.output().contains("Recovered an interrupted rehearsal"), "\(second.output())")
    #expect(try RehearsalLog.read(from: record).runs.count == 1, "recovered once")
    let again = try CommandRunner.podium(
      "rehearse", path, "--recover", environment: state)
    #expect(
      again.status == 0 && again.stdout.contains("No interrupted rehearsal"), "\(again.stdout)")
  }

  /// A state folder Podium cannot write: a warning on the console and on standard error, and
  /// the talk goes on.
  @Test func aReadOnlyStateFolderIsAWarningAndTheTalkGoesOn() throws {
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let folder = try Fixtures.temporaryDirectory("podium-state")
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
    defer {
      try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
    }
    // Root writes anywhere: without CAP_DAC_OVERRIDE it meets the folder's mode as a user does.
    let launcher = getuid() == 0 ? ["/usr/bin/setpriv", "--bounding-set", "-dac_override"] : []
    let path = try Fixtures.writeDeck(Self.deck())
    let run = try PresentRun(
      server, deck: path, environment: ["XDG_STATE_HOME": folder.path], launcher: launcher)
    let failed = run.waitFor("journal-failed")
    #expect(
      (failed?["message"] as? String)?.contains("Permission denied") == true, "\(failed ?? [:])")
    try run.key("Right")
    #expect(run.presented("audience", slide: 2), "the talk goes on")
    Thread.sleep(forTimeInterval: 1.2)
    #expect(
      try Screenshot.capture(display: server.display).pixel(x: 3, y: 985) == (0x5A, 0x14, 0x14),
      "the warning on the console")
    try run.key("q", "q")
    #expect(run.waitForExit() == 0)
    #expect(run.errors().contains("warning: cannot write"), "\(run.errors())")
  }

  /// `podium rehearse --recover`, with no display: a crashed rehearsal's journal becomes a run
  /// marked interrupted; a record edited into something else is reported at its line and kept
  /// aside, never overwritten.
  @Test func recoverKeepsTheRunAndSetsABrokenRecordAside() throws {
    let path = try Fixtures.writeDeck(
      "# One\n\n---\n\n## Two\n\n---\n\n## Three\n", named: "talk.md")
    let state = try Fixtures.temporaryDirectory("podium-state").path
    let journal = JournalFile(deck: path, talk: .rehearse, folder: state + "/podium")
    journal.append(
      [
        .start(
          .init(
            talk: .rehearse, deck: journal.deckPath, shape: .init(steps: [1, 1, 1], version: 1))),
        .state(
          JournalState(slide: 2, step: 0, elapsed: 7, running: true, started: true),
          spent: [.init(slide: 1, step: 0, seconds: 4), .init(slide: 2, step: 0, seconds: 3)]),
      ], wall: Date().timeIntervalSince1970)
    journal.close(ending: false)
    let record = RehearsalLog.defaultPath(forDeck: path)
    let broken =
      "{\n  \"runs\" : [\n    {\n      \"date\" : 12\n    }\n  ],\n  \"version\" : 1\n}\n"
    try broken.write(toFile: record, atomically: true, encoding: .utf8)

    let result = try CommandRunner.podium(
      "rehearse", path, "--recover", environment: ["XDG_STATE_HOME": state, "DISPLAY": ""])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("talk.rehearsal.json:4:"), "the line: \(result.stderr)")
    #expect(result.stderr.contains("kept aside as \(record).bad"), "\(result.stderr)")
    #expect(
      try String(contentsOfFile: record + ".bad", encoding: .utf8) == broken, "never overwritten")
    let log = try RehearsalLog.read(from: record)
    #expect(log.runs.count == 1 && log.runs[0].interrupted == true)
    #expect(log.runs[0].slides.map(\.seconds) == [0, 4, 3])
    #expect(log.runs[0].slides.map(\.title) == ["One", "Two", "Three"])
    let again = try CommandRunner.podium(
      "rehearse", path, "--recover", environment: ["XDG_STATE_HOME": state, "DISPLAY": ""])
    #expect(again.stdout.contains("No interrupted rehearsal"), "recovered once: \(again.stdout)")
    #expect(try RehearsalLog.read(from: record).runs.count == 1)
  }
}
