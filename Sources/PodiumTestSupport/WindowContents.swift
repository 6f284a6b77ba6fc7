import Foundation

/// One X window's own pixels, read as a video call's screen share reads them: the window is
/// redirected off screen through the Composite extension and read from its pixmap
/// (`scripts/xcomposite-hold`), so the pixels are what the program drew even where another
/// window covers it. (A covered window's pixels are not in the root window's image, and
/// `xwd -id` reads the screen's.)
public final class WindowContents {
  public let server: XorgServer
  /// The X window's id, `0x2a00007`.
  public let id: String
  private let hold: Process
  private let input = Pipe()
  private let output = Pipe()
  /// What the helper wrote and this has not read yet.
  private var pending = Data()

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
    hold.standardInput = input
    hold.standardOutput = output
    try hold.run()
    let line = readLine()
    guard line == "XCOMPOSITE_REDIRECTED" else {
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

  /// The window's pixels now, from its pixmap.
  public func capture() throws -> Screenshot {
    input.fileHandleForWriting.write(Data("grab\n".utf8))
    let header = readLine().split(separator: " ")
    guard header.count == 3, header[0] == "XCOMPOSITE_IMAGE", let width = Int(header[1]),
      let height = Int(header[2])
    else {
      throw XorgServer.XorgError.commandFailed(
        "scripts/xcomposite-hold \(id)", header.joined(separator: " "))
    }
    let pixels = read(count: width * height * 3)
    guard pixels.count == width * height * 3 else {
      throw XorgServer.XorgError.commandFailed("scripts/xcomposite-hold \(id)", "image cut short")
    }
    return Screenshot(width: width, height: height, pixels: [UInt8](pixels))
  }

  /// The helper's next line, without its newline; empty when it ended.
  private func readLine() -> String {
    while !pending.contains(UInt8(ascii: "\n")) {
      let more = output.fileHandleForReading.availableData
      if more.isEmpty { break }
      pending += more
    }
    let end = pending.firstIndex(of: UInt8(ascii: "\n")) ?? pending.endIndex
    let line = String(decoding: pending[pending.startIndex..<end], as: UTF8.self)
    pending = Data(pending[min(pending.endIndex, end + 1)...])
    return line
  }

  /// The helper's next `count` bytes (fewer when it ended).
  private func read(count: Int) -> Data {
    while pending.count < count {
      let more = output.fileHandleForReading.availableData
      if more.isEmpty { break }
      pending += more
    }
    let taken = pending.prefix(count)
    pending = Data(pending.dropFirst(count))
    return Data(taken)
  }
}
