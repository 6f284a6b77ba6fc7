import Foundation

/// A display server a test starts for a real `podium present` (`PresentRun`): an X server
/// (`XorgServer`) or a Wayland compositor (`WaylandRig`).
public protocol DisplayRig: AnyObject {
  /// The variables Podium needs to reach it (DISPLAY, WAYLAND_DISPLAY, SDL_VIDEODRIVER, ...).
  var environment: [String: String] { get }
  /// What Podium's command line starts with: empty, or how the rig runs programs as its user.
  var launcher: [String] { get }
  /// Types the key `name` (an X keysym name: `Right`, `q`) to the focused window.
  func key(_ name: String) throws
}

/// A rig's `serve` process (`scripts/xrig serve`, `scripts/wlrig serve`), which both rigs run
/// the same way: its standard input kept open (closing it stops the rig's server, so a test
/// process that crashes takes its server with it), its standard error in `log` in the rig's
/// `folder`, and its replies read a line at a time. A probe that the tests talk to a line at a
/// time on the rig (`WaylandPointer`) runs the same way.
final class RigSession {
  let folder: URL
  let log: URL
  private let process = Process()
  private let requests = Pipe()
  private let replies = Pipe()
  /// What the rig printed and nobody has read yet.
  private var unread = Data()

  init(
    script: URL, arguments: [String], folder: URL, log name: String,
    environment: [String: String] = [:]
  ) throws {
    self.folder = folder
    log = folder.appendingPathComponent(name)
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    process.executableURL = script
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardInput = requests
    process.standardOutput = replies
    process.standardError = try FileHandle(forWritingTo: log)
    try process.run()
  }

  /// The lines the rig prints up to the line `marker`, or nil if it ended first (the rigs bound
  /// their own waits, so this does not block for long).
  func reply(until marker: String) -> [String]? {
    var lines: [String] = []
    while let line = line() {
      if line == marker { return lines }
      lines.append(line)
    }
    return nil
  }

  /// The next line the rig prints, or nil if it ended first.
  func line() -> String? {
    let newline = UInt8(ascii: "\n")
    while true {
      if let end = unread.firstIndex(of: newline) {
        let line = String(decoding: unread[unread.startIndex..<end], as: UTF8.self)
        unread = Data(unread[(end + 1)...])
        return line
      }
      let chunk = replies.fileHandleForReading.availableData
      if chunk.isEmpty { return nil }
      unread.append(chunk)
    }
  }

  /// The `NAME=value` lines of a reply.
  static func variables(_ lines: [String]) -> [String: String] {
    var variables: [String: String] = [:]
    for line in lines {
      guard let equals = line.firstIndex(of: "=") else { continue }
      variables[String(line[..<equals])] = String(line[line.index(after: equals)...])
    }
    return variables
  }

  /// Sends the rig one command line.
  func send(_ command: String) throws {
    try requests.fileHandleForWriting.write(contentsOf: Data((command + "\n").utf8))
  }

  /// The last 2,000 characters of a file of the rig's (its log by default), for an error.
  func tail(_ file: URL? = nil) -> String {
    let text = (try? String(contentsOf: file ?? log, encoding: .utf8)) ?? ""
    return String(text.suffix(2000))
  }

  /// Ends the rig the way both expect: closing its standard input asks it to stop its server;
  /// SIGTERM (its trap stops the server too) if it is still running after 5 s. Then removes the
  /// rig's `folder`. Calling it again does nothing.
  func stop() {
    if process.isRunning {
      try? requests.fileHandleForWriting.close()
      for _ in 0..<100 where process.isRunning {
        Thread.sleep(forTimeInterval: 0.05)
      }
      if process.isRunning { process.terminate() }
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: folder)
  }
}
