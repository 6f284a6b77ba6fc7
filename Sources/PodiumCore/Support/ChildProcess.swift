import CChildProcess
import Foundation

/// A program Podium runs (TeX, LibreOffice) that ends with Podium however Podium ends: q q,
/// SIGTERM, `kill -9` or a crash (DESIGN.md's promise). It runs under a keeper process that
/// kills its whole process group when Podium's process is gone (CChildProcess.h says how), with
/// limits on its processor time and memory set in the program itself, so that a TeX that loops
/// for ever is stopped by the kernel even when no Podium is left to stop it.
///
/// An owned handle: a program still running when its `ChildProcess` goes is killed and reaped.
public final class ChildProcess: @unchecked Sendable {
  /// What the program may take.
  public struct Limits: Sendable {
    /// Processor seconds (RLIMIT_CPU): past them the kernel stops it.
    public var processorSeconds: Int?
    /// Bytes of address space (RLIMIT_AS): past them its allocations fail.
    public var memoryBytes: Int?
    /// Its nice level: above 0 it yields the cores to the talk.
    public var nice: Int32

    public init(processorSeconds: Int? = nil, memoryBytes: Int? = nil, nice: Int32 = 0) {
      self.processorSeconds = processorSeconds
      self.memoryBytes = memoryBytes
      self.nice = nice
    }
  }

  /// How the program ended.
  public enum Ending: Equatable, Sendable {
    case exited(Int32)
    case killed(signal: Int32)

    /// Its exit code, or 128 plus the signal, as a shell writes it.
    public var code: Int32 {
      switch self {
      case .exited(let code): return code
      case .killed(let signal): return 128 + signal
      }
    }
  }

  public struct StartError: Error, CustomStringConvertible {
    public var program: String
    public var errno: Int32
    public var description: String {
      "\(program) could not be started: \(String(cString: strerror(errno)))"
    }
  }

  /// The program's process id (the leader of its own process group).
  public let pid: pid_t
  private let keeper: pid_t
  private let lock = NSLock()
  private var ended: Ending?

  /// Starts `executable` with `arguments` (without the program's name), in `directory`, its
  /// standard input, output and error on the descriptors given (nil: /dev/null; the caller
  /// keeps and closes its own). The corresponding C function is `podium_child_start`.
  public init(
    executable: String, arguments: [String], environment: [String: String]? = nil,
    directory: String? = nil, input: Int32? = nil, output: Int32? = nil, error: Int32? = nil,
    limits: Limits = Limits()
  ) throws(StartError) {
    let environment = environment ?? ProcessInfo.processInfo.environment
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp =
      environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var started = podium_child()
    let failure: Int32 = executable.withCString { path in
      argv.withUnsafeBufferPointer { argvBuffer in
        envp.withUnsafeBufferPointer { envpBuffer in
          withOptionalCString(directory) { folder in
            var options = podium_child_options(
              path: path, arguments: argvBuffer.baseAddress, environment: envpBuffer.baseAddress,
              directory: folder, input: input ?? -1, output: output ?? -1, error: error ?? -1,
              processor_seconds: limits.processorSeconds ?? 0,
              memory_bytes: limits.memoryBytes ?? 0,
              nice: limits.nice)
            return podium_child_start(&options, &started)
          }
        }
      }
    }
    guard failure == 0 else { throw StartError(program: executable, errno: failure) }
    pid = started.child
    keeper = started.keeper
  }

  deinit {
    if ended == nil {
      kill()
      _ = wait()
    }
  }

  /// Kills the program and everything in its process group. The corresponding C function is
  /// `podium_child_kill`.
  public func kill() {
    var child = podium_child(keeper: keeper, child: pid)
    podium_child_kill(&child)
  }

  /// Waits for the program to end, at most `timeout` seconds (nil: as long as it takes); nil
  /// when it is still running then. The corresponding C function is `waitpid`, of the keeper,
  /// which ends as the program does.
  @discardableResult
  public func wait(timeout: TimeInterval? = nil) -> Ending? {
    let deadline = timeout.map { Date().addingTimeInterval($0) }
    while true {
      if let ending = reap(blocking: deadline == nil) { return ending }
      if let deadline, Date() >= deadline { return nil }
      usleep(5_000)
    }
  }

  /// Whether it has ended, without waiting.
  public var hasEnded: Bool { reap(blocking: false) != nil }

  private func reap(blocking: Bool) -> Ending? {
    lock.lock()
    defer { lock.unlock() }
    if let ended { return ended }
    var status: Int32 = 0
    while true {
      let waited = waitpid(keeper, &status, blocking ? 0 : WNOHANG)
      if waited == keeper { break }
      if waited == 0 { return nil }
      if errno == EINTR { continue }
      // Reaped by someone else (a SIGCHLD handler's waitpid(-1)): its ending is unknown.
      ended = .killed(signal: SIGKILL)
      return ended
    }
    // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import.
    let signal = status & 0x7f
    ended = signal == 0 ? .exited((status >> 8) & 0xff) : .killed(signal: signal)
    return ended
  }

  /// The processor time the program has used, in seconds (user and system, from
  /// `/proc/PID/stat`); nil once it has ended or when it cannot be read.
  public var processorSeconds: Double? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { return nil }
    // After the command's name in parentheses: state is field 3, utime and stime 14 and 15.
    let fields = stat[stat.index(after: end)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
      return nil
    }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }
}

private func withOptionalCString<Result>(
  _ string: String?, _ body: (UnsafePointer<CChar>?) -> Result
) -> Result {
  guard let string else { return body(nil) }
  return string.withCString { body($0) }
}
