import Foundation
import PodiumCore

/// The whole X screen, as a person in the room would see it: `xwd -root`, decoded.
public struct Screenshot: Sendable {
  public var width: Int
  public var height: Int
  /// Rows of RGB bytes.
  public var pixels: [UInt8]
  /// When the screen was read, on `ProcessInfo.systemUptime`'s clock: from xwd's start to the
  /// end of its output (decoding it comes after). A test that times what it sees uses both ends.
  public var taken: ClosedRange<Double> = 0...0

  /// Captures the root window of `display` with xwd (x11-apps); `beside` is called just before
  /// xwd starts and just after its output ends, to read something else at the same moments.
  public static func capture(display: String, beside: () -> Void = {}) throws -> Screenshot {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/xwd")
    process.arguments = ["-root", "-silent", "-display", display]
    let pipe = Pipe()
    process.standardOutput = pipe
    beside()
    let start = ProcessInfo.processInfo.systemUptime
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    let end = ProcessInfo.processInfo.systemUptime
    beside()
    process.waitUntilExit()
    var screenshot = try decode(Array(data))
    screenshot.taken = start...end
    return screenshot
  }

  struct FormatError: Error, CustomStringConvertible {
    var description: String
  }

  /// Decodes an XWD ZPixmap of 24 or 32 bits per pixel with 8-bit channels.
  static func decode(_ bytes: [UInt8]) throws -> Screenshot {
    guard bytes.count >= 100 else { throw FormatError(description: "xwd output too short") }
    func field(_ index: Int) -> Int {
      bytes[index * 4..<index * 4 + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    let headerSize = field(0)
    let width = field(4)
    let height = field(5)
    let byteOrder = field(7)
    let bitsPerPixel = field(11)
    let bytesPerLine = field(12)
    let colours = field(19)
    let redMask = field(14)
    let bytesPerPixel = bitsPerPixel / 8
    guard field(2) == 2, bytesPerPixel == 3 || bytesPerPixel == 4, redMask == 0xFF0000 else {
      throw FormatError(
        description: "unsupported xwd format (\(bitsPerPixel) bits, red mask \(redMask))")
    }
    let start = headerSize + colours * 12
    guard bytes.count >= start + bytesPerLine * height else {
      throw FormatError(description: "xwd data truncated")
    }
    // Least significant byte first: B, G, R; else R, G, B after the unused bytes.
    let (red, green, blue) =
      byteOrder == 0 ? (2, 1, 0) : (bytesPerPixel - 3, bytesPerPixel - 2, bytesPerPixel - 1)
    // Through raw buffers: the tests' debug build, reading the screen while a clip plays, would
    // otherwise spend a quarter of a second a screenshot checking indices.
    let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 3) { target, count in
      bytes.withUnsafeBufferPointer { source in
        guard let from = source.baseAddress, var to = target.baseAddress else { return }
        for y in 0..<height {
          var pixel = from + start + y * bytesPerLine
          for _ in 0..<width {
            to[0] = pixel[red]
            to[1] = pixel[green]
            to[2] = pixel[blue]
            pixel += bytesPerPixel
            to += 3
          }
        }
      }
      count = width * height * 3
    }
    return Screenshot(width: width, height: height, pixels: pixels)
  }

  /// The rectangle of one monitor.
  public func crop(x: Int, y: Int, width: Int, height: Int) -> Screenshot {
    var cropped = [UInt8](repeating: 0, count: width * height * 3)
    for row in 0..<height {
      let source = ((y + row) * self.width + x) * 3
      cropped.replaceSubrange(
        row * width * 3..<(row + 1) * width * 3, with: pixels[source..<source + width * 3])
    }
    return Screenshot(width: width, height: height, pixels: cropped, taken: taken)
  }

  public func pixel(x: Int, y: Int) -> (UInt8, UInt8, UInt8) {
    let offset = (y * width + x) * 3
    return (pixels[offset], pixels[offset + 1], pixels[offset + 2])
  }
}

/// A running `podium present` and its trace, for end-to-end tests.
public final class PresentRun {
  public let process: Process
  public let tracePath: String
  public let server: any DisplayRig

  private let outputPath: String
  private let errorPath: String

  /// Runs `podium COMMAND DECK --trace ... ARGUMENTS` (`present` or `rehearse`) on `server`,
  /// through `launcher` when given (e.g. `setpriv` with its options). The talk's journal goes
  /// to a state folder of the run's own unless `environment` names one (`XDG_STATE_HOME`), so
  /// no test offers another's talk to resume.
  public init(
    _ server: any DisplayRig, deck: String, arguments: [String] = [], command: String = "present",
    environment extra: [String: String] = [:], launcher: [String] = []
  ) throws {
    self.server = server
    let folder = try Fixtures.temporaryDirectory("podium-trace")
    tracePath = folder.appendingPathComponent("trace.jsonl").path
    outputPath = folder.appendingPathComponent("output.txt").path
    errorPath = folder.appendingPathComponent("errors.txt").path
    _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
    if !server.launcher.isEmpty {
      // Podium runs as the rig's user: the trace and the journal are written by it.
      try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
    }
    process = Process()
    let podium = [CommandRunner.podium.path, command, deck, "--trace", tracePath] + arguments
    let line = launcher + server.launcher + podium
    process.executableURL = URL(fileURLWithPath: line[0])
    process.arguments = Array(line.dropFirst())
    var environment = ProcessInfo.processInfo.environment
    environment.merge(server.environment) { $1 }
    environment["XDG_STATE_HOME"] = folder.appendingPathComponent("state").path
    // The talk's own config.yaml, empty: a key that arranges the console writes the file, and
    // never the config of whoever runs the tests (a test that wants one passes it in `extra`).
    environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
    environment.merge(extra) { $1 }
    process.environment = environment
    process.standardOutput = FileHandle(forWritingAtPath: outputPath)
    process.standardError = FileHandle(forWritingAtPath: errorPath)
    try process.run()
  }

  /// What the command printed on standard output so far.
  public func output() -> String {
    (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
  }

  /// What the command printed on standard error so far.
  public func errors() -> String {
    (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
  }

  deinit {
    if process.isRunning { process.terminate() }
  }

  /// The trace so far, one dictionary per line.
  public func events() -> [[String: Any]] {
    guard let text = try? String(contentsOfFile: tracePath, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  /// The trace so far, read with the schema the talk writes (`TraceLine`); a line it does not
  /// know is left out, so a test comparing counts catches it.
  public func typedEvents() -> [TraceLine] {
    guard let text = try? String(contentsOfFile: tracePath, encoding: .utf8) else { return [] }
    let decoder = JSONDecoder()
    return text.split(separator: "\n").compactMap {
      try? decoder.decode(TraceLine.self, from: Data($0.utf8))
    }
  }

  /// Waits up to `timeout` seconds for an event matching `predicate` after the first `after`
  /// events, and returns it.
  @discardableResult
  public func waitFor(
    _ name: String, after: Int = 0, timeout: Double = 15,
    where predicate: ([String: Any]) -> Bool = { _ in true }
  ) -> [String: Any]? {
    eventually(timeout: timeout) {
      events().dropFirst(after).first { ($0["event"] as? String) == name && predicate($0) }
    }
  }

  /// Waits (as `waitFor`) until the window of `role` has presented `slide` (1-based).
  public func presented(_ role: String, slide: Int, after: Int = 0) -> Bool {
    waitFor("present", after: after) {
      $0["role"] as? String == role && $0["slide"] as? Int == slide
    } != nil
  }

  /// Sends keys to the focused window, as a keyboard or clicker would (see `DisplayRig.key`).
  public func key(_ names: String...) throws {
    for name in names {
      try server.key(name)
      Thread.sleep(forTimeInterval: 0.15)
    }
  }

  /// Moves the pointer to (`x`, `y`) on the desktop and clicks `button` (1 left, 3 right, 4
  /// and 5 the wheel), as a mouse or a clicker in mouse mode would. X servers only.
  public func click(x: Int, y: Int, button: Int = 1) throws {
    guard let server = server as? XorgServer else { return }
    _ = try server.run("/usr/bin/xdotool", ["mousemove", "\(x)", "\(y)", "click", "\(button)"])
    Thread.sleep(forTimeInterval: 0.15)
  }

  /// `kill -9` of the talk itself. Through a launcher (the Wayland rig's `scripts/wlrig as`
  /// runs `runuser`, which passes signals on to Podium but cannot pass on a SIGKILL) the process
  /// this run started is not Podium: the signal goes to the first process named `podium` among
  /// it and its descendants (`/proc`), as `kill -9 PID` of the talk would. The launcher then
  /// has nothing left to pass on and goes the same way, so `waitForExit` never waits on it.
  public func killHard() {
    let root = process.processIdentifier
    if send(SIGKILL) != root { kill(root, SIGKILL) }
  }

  /// Sends `signal` to the talk itself (the first process named `podium` from the one this run
  /// started, as `killHard` finds it): SIGTERM as a session's end sends it, SIGSEGV as a crash
  /// ends a process. Returns the process it went to.
  @discardableResult
  public func send(_ signal: Int32) -> Int32 {
    let root = process.processIdentifier
    var children: [Int32: [Int32]] = [:]
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    for name in names {
      guard let pid = Int32(name),
        let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { continue }
      // After "PID (COMMAND) STATE": the parent's id.
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      if fields.count > 1, let parent = Int32(fields[1]) {
        children[parent, default: []].append(pid)
      }
    }
    var queue = [root]
    while !queue.isEmpty {
      let pid = queue.removeFirst()
      let command = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
      // `podium` runs `podium-app` in its own process (execv), which takes that name.
      let name = command.trimmingCharacters(in: .whitespacesAndNewlines)
      if name == "podium" || name == "podium-app" {
        kill(pid, signal)
        return pid
      }
      queue += children[pid] ?? []
    }
    kill(root, signal)
    return root
  }

  /// Waits for the process to end, up to `timeout` seconds; returns its status or nil.
  public func waitForExit(timeout: Double = 10) -> Int32? {
    eventually(timeout: timeout) { process.isRunning ? nil : process.terminationStatus }
  }
}
