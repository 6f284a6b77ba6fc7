import Foundation
import PodiumTestSupport
import Testing

/// TeX ends with Podium, whatever way Podium ends (issue 44): a formula that loops for ever is
/// being typeset when Podium is quit with q q, sent SIGTERM, killed with `kill -9`, or crashes
/// (SIGSEGV, the kernel's end of a crashed process); each time, TeX is gone within a second,
/// long before the 4 s TeX is given for a formula would have stopped it.
@Suite(.serialized) struct ChildProcessEndToEndTests {
  /// A formula that expands for ever, named anew each run: a kept verdict never spares TeX.
  static func looping() -> String {
    let name = "loop" + String((0..<8).map { _ in "abcdefghijklmnopqrstuvwxyz".randomElement()! })
    return "$\\def\\\(name){\\\(name)}\\\(name)$"
  }

  /// The `pdflatex` processes typesetting in `cache` (their folder is under it), with the
  /// processor seconds each has spent.
  static func texRuns(in cache: URL) -> [(pid: pid_t, seconds: Double)] {
    let root = cache.resolvingSymlinksInPath().path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return names.compactMap { name -> (pid_t, Double)? in
      guard let pid = pid_t(name),
        let command = try? String(contentsOfFile: "/proc/\(name)/comm", encoding: .utf8),
        command.hasPrefix("pdflatex"),
        let folder = try? FileManager.default.destinationOfSymbolicLink(
          atPath: "/proc/\(name)/cwd"),
        folder.hasPrefix(root),
        let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return nil }
      // After "PID (COMMAND)": the state, then utime and stime as fields 14 and 15.
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      guard fields.count > 12, fields[0] != "Z", let user = Double(fields[11]),
        let system = Double(fields[12])
      else { return nil }
      return (pid, (user + system) / Double(sysconf(Int32(_SC_CLK_TCK))))
    }
  }

  /// Waits for TeX to be well into the looping formula in `cache` (a second of processor
  /// time: past its preamble, whose output to Podium's pipe would end it by SIGPIPE once
  /// Podium is gone), then ends Podium with `end`. TeX must be gone within a second of
  /// Podium's end, long before the 4 s a formula is given; Podium must end within `within`.
  func expectTeXEndsWithPodium(
    cache: URL, within: Double = 3, end: () throws -> Void, podiumEnded: () -> Bool
  ) throws {
    let looping = eventually(timeout: 30) {
      Self.texRuns(in: cache).contains { $0.seconds >= 1 } ? true : nil
    }
    #expect(looping == true, "TeX spent a second on the formula")
    try end()
    #expect(eventually(timeout: within) { podiumEnded() ? true : nil } == true, "Podium ended")
    let gone = eventually(timeout: 1) { Self.texRuns(in: cache).isEmpty ? true : nil }
    #expect(gone == true, "TeX outlived Podium: \(Self.texRuns(in: cache))")
    for run in Self.texRuns(in: cache) { kill(run.pid, SIGKILL) }
  }

  @Test func texEndsWhenPodiumCheckIsKilledWithSIGKILL() throws {
    let cache = try Fixtures.temporaryDirectory("podium-cache")
    let deck = try Fixtures.writeDeck("# A loop\n\n\(Self.looping())\n")
    let process = Process()
    process.executableURL = CommandRunner.podium
    process.arguments = ["check", deck]
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CACHE_HOME"] = cache.path
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    try expectTeXEndsWithPodium(
      cache: cache, end: { kill(process.processIdentifier, SIGKILL) },
      podiumEnded: { !process.isRunning })
  }

  /// A talk whose deck is saved with the looping formula: TeX typesets it off the loop while
  /// the talk goes on; then the talk ends by `end`.
  func talk(ending end: (PresentRun) throws -> Void) throws {
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let cache = try Fixtures.temporaryDirectory("podium-cache")
    let path = try Fixtures.writeDeck("# One\n\n---\n\n## Two\n\nPlain text.\n")
    let run = try PresentRun(server, deck: path, environment: ["XDG_CACHE_HOME": cache.path])
    #expect(run.waitFor("show") != nil)
    try "# One\n\n---\n\n## Two\n\n\(Self.looping())\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    try expectTeXEndsWithPodium(
      cache: cache, end: { try end(run) }, podiumEnded: { !run.process.isRunning })
  }

  @Test func texEndsWhenTheTalkIsQuitWithQQ() throws {
    try talk { try $0.key("q", "q") }
  }

  @Test func texEndsWhenTheTalkIsSentSIGTERM() throws {
    try talk { $0.send(SIGTERM) }
  }

  @Test func texEndsWhenTheTalkIsKilledWithSIGKILL() throws {
    try talk { $0.killHard() }
  }

  @Test func texEndsWhenTheTalkCrashes() throws {
    try talk { $0.send(SIGSEGV) }
  }

  /// The LibreOffice processes converting into `cache` (their profile folder is under it).
  static func officeRuns(in cache: URL) -> [pid_t] {
    let root = cache.resolvingSymlinksInPath().path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return names.compactMap { name -> pid_t? in
      guard let pid = pid_t(name),
        let line = FileManager.default.contents(atPath: "/proc/\(name)/cmdline"),
        String(decoding: line, as: UTF8.self).contains("UserInstallation=file://\(root)"),
        let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
        !stat.contains(") Z ")
      else { return nil }
      return pid
    }
  }

  @Test func libreOfficeEndsWhenPodiumCheckIsKilledWithSIGKILL() throws {
    let cache = try Fixtures.temporaryDirectory("podium-cache")
    let process = Process()
    process.executableURL = CommandRunner.podium
    process.arguments = ["check", Fixtures.own.appendingPathComponent("office/talk.pptx").path]
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CACHE_HOME"] = cache.path
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // soffice.bin, started by the soffice script: the program the group kill must reach.
    let converting = eventually(timeout: 30) {
      Self.officeRuns(in: cache).count >= 2 ? true : nil
    }
    #expect(converting == true, "LibreOffice began converting")
    kill(process.processIdentifier, SIGKILL)
    let gone = eventually(timeout: 2) { Self.officeRuns(in: cache).isEmpty ? true : nil }
    #expect(gone == true, "LibreOffice outlived Podium: \(Self.officeRuns(in: cache))")
    for pid in Self.officeRuns(in: cache) { kill(pid, SIGKILL) }
  }
}
