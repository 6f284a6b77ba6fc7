import Foundation

/// One X window's own pixels, read as a video call's screen share reads them: the window is
/// redirected off screen through the Composite extension (`scripts/xcomposite-hold`), so
/// `xwd -id` gets what the program drew even where another window covers it. (A covered
/// window's pixels are not in the root window's image, and without the redirection X keeps none
/// for it.)
public final class WindowContents {
  public let server: XorgServer
  /// The X window's id, `0x2a00007`.
  public let id: String
  private let hold: Process
  private let input = Pipe()

  static let script = Fixtures.packageRoot.appendingPathComponent("scripts/xcomposite-hold")

  /// Redirects the window titled exactly `title` (found with `xdotool search --name`), waiting
  /// up to `timeout` seconds for it to be mapped.
  public init(server: XorgServer, title: String, timeout: Double = 15) throws {
    self.server = server
    let pattern = "^" + NSRegularExpression.escapedPattern(for: title) + "$"
    guard
      let found = eventually(
        timeout: timeout,
        {
          try? server.run("/usr/bin/xdotool", ["search", "--onlyvisible", "--name", pattern])
            .stdout.split(separator: "\n").first.map(String.init)
        })
    else { throw XorgServer.XorgError.commandFailed("xdotool search --name '\(title)'", "none") }
    id = found
    hold = Process()
    hold.executableURL = Self.script
    hold.arguments = [id]
    var environment = ProcessInfo.processInfo.environment
    environment.merge(server.environment) { $1 }
    hold.environment = environment
    let output = Pipe()
    hold.standardInput = input
    hold.standardOutput = output
    try hold.run()
    let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
    guard line.contains("XCOMPOSITE_REDIRECTED") else {
      throw XorgServer.XorgError.commandFailed("scripts/xcomposite-hold \(id)", line)
    }
  }

  deinit {
    release()
  }

  /// Ends the redirection; the window is drawn on screen as before.
  public func release() {
    guard hold.isRunning else { return }
    try? input.fileHandleForWriting.close()
    hold.waitUntilExit()
  }

  /// The window's pixels now: `xwd -id`, decoded.
  public func capture() throws -> Screenshot {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/xwd")
    process.arguments = ["-id", id, "-silent", "-display", server.display]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return try Screenshot.decode(Array(data))
  }
}
