import Foundation
import PodiumTestSupport
import Testing

@testable import PodiumCore

/// The programs Podium runs (TeX, LibreOffice) under their keeper: limits set in the program
/// itself, its whole process group killed with it, its ending told as it was. That they end
/// with Podium itself, however it ends, is `ChildProcessEndToEndTests` (podiumTests).
@Suite struct ChildProcessTests {
  func sh(_ script: String, limits: ChildProcess.Limits = .init(), output: Int32? = nil) throws
    -> ChildProcess
  {
    try ChildProcess(
      executable: "/bin/sh", arguments: ["-c", script], output: output, limits: limits)
  }

  /// Whether process `pid` is alive (and not a zombie).
  static func isAlive(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    return !stat[stat.index(after: close)...].hasPrefix(" Z")
  }

  @Test func anExitCodeAndAKillingSignalAreToldAsTheyWere() throws {
    #expect(try sh("exit 0").wait() == .exited(0))
    #expect(try sh("exit 42").wait() == .exited(42))
    #expect(try sh("kill -TERM $$").wait() == .killed(signal: SIGTERM))
    #expect(try sh("kill -TERM $$").wait()?.code == 128 + SIGTERM)
  }

  @Test func aProgramThatCannotRunIsAnErrorAtOnce() {
    #expect(throws: ChildProcess.StartError.self) {
      try ChildProcess(executable: "/no/such/program", arguments: [])
    }
    do {
      _ = try ChildProcess(executable: "/etc/hostname", arguments: [])
      Issue.record("a file that is no program started")
    } catch {
      #expect(error.description.contains("/etc/hostname could not be started"))
    }
  }

  @Test func itsOutputGoesWhereItIsSentAndItRunsInItsFolder() throws {
    let folder = try Fixtures.temporaryDirectory("podium-child")
    let log = folder.appendingPathComponent("log.txt").path
    let output = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    defer { close(output) }
    let process = try ChildProcess(
      executable: "/bin/sh", arguments: ["-c", "pwd; echo \"$PODIUM_CHILD_TEST\"; cat"],
      environment: ["PODIUM_CHILD_TEST": "seen", "PATH": "/usr/bin:/bin"],
      directory: folder.path, output: output)
    #expect(process.wait(timeout: 10) == .exited(0), "cat reads /dev/null and ends")
    let text = try String(contentsOfFile: log, encoding: .utf8)
    #expect(text == "\(folder.resolvingSymlinksInPath().path)\nseen\n")
  }

  @Test func theProcessorLimitStopsAProgramThatNeverEnds() throws {
    let started = Date()
    let process = try sh("while :; do :; done", limits: .init(processorSeconds: 1))
    let ending = process.wait(timeout: 20)
    #expect(ending == .killed(signal: SIGXCPU) || ending == .killed(signal: SIGKILL), "\(ending!)")
    #expect(Date().timeIntervalSince(started) < 15)
  }

  @Test func theMemoryLimitRefusesWhatIsOverIt() throws {
    // 64 MB of address space: Python itself starts in it, a 256 MB string does not fit.
    let process = try ChildProcess(
      executable: "/usr/bin/python3",
      arguments: [
        "-c", "import sys\ntry:\n x = bytearray(256 << 20)\nexcept MemoryError:\n sys.exit(3)",
      ],
      limits: .init(memoryBytes: 64 << 20))
    #expect(process.wait(timeout: 20) == .exited(3))
  }

  @Test func killingItEndsEveryProcessOfItsGroup() throws {
    let folder = try Fixtures.temporaryDirectory("podium-child")
    let pids = folder.appendingPathComponent("pids").path
    // A script that starts a helper and waits, as soffice starts soffice.bin.
    let process = try sh("sleep 60 & echo $! > \(pids); wait")
    let helper = try #require(
      eventually(timeout: 5) { () -> pid_t? in
        (try? String(contentsOfFile: pids, encoding: .utf8)).flatMap {
          pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
      })
    #expect(Self.isAlive(helper))
    process.kill()
    #expect(process.wait(timeout: 5) == .killed(signal: SIGKILL))
    #expect(eventually(timeout: 2) { Self.isAlive(helper) ? nil : true } == true)
  }

  @Test func whatItLeavesBehindInItsGroupGoesWhenItEnds() throws {
    let folder = try Fixtures.temporaryDirectory("podium-child")
    let pids = folder.appendingPathComponent("pids").path
    let process = try sh("sleep 60 & echo $! > \(pids); exit 0")
    #expect(process.wait(timeout: 5) == .exited(0))
    let helper = try #require(
      pid_t(
        try String(contentsOfFile: pids, encoding: .utf8).trimmingCharacters(
          in: .whitespacesAndNewlines)))
    #expect(eventually(timeout: 2) { Self.isAlive(helper) ? nil : true } == true)
  }

  @Test func aProgramStillRunningWhenItsHandleGoesIsKilled() throws {
    var pid: pid_t = 0
    do {
      let process = try sh("sleep 60")
      pid = process.pid
      #expect(Self.isAlive(pid))
    }
    #expect(eventually(timeout: 2) { Self.isAlive(pid) ? nil : true } == true)
  }

  @Test func itsProcessorTimeIsRead() throws {
    let process = try sh("i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done; sleep 5")
    defer { process.kill() }
    let spent = eventually(timeout: 10) { () -> Double? in
      guard let seconds = process.processorSeconds, seconds > 0.1 else { return nil }
      return seconds
    }
    #expect(spent != nil, "a busy loop's processor time shows in /proc")
  }
}
