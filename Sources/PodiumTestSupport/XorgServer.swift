import Foundation

/// A real X server with the dummy video driver and several monitors (RandR outputs DUMMY0,
/// DUMMY1, ...), as docs/TESTING.md describes: the end-to-end tests start one, plug and unplug its
/// outputs, and stop it.
///
/// The server is the project's one X test rig, `scripts/xrig` (the soak and the presenting
/// benchmark use it too): this class runs `scripts/xrig serve` and keeps its standard input
/// open; closing it stops the server, so a test process that crashes takes its server with it.
/// Needs xserver-xorg-core, xserver-xorg-video-dummy, x11-xserver-utils and x11-utils
/// (`scripts/setup --tests` installs them).
public final class XorgServer: DisplayRig {
  public enum XorgError: Error, CustomStringConvertible {
    case notInstalled(String)
    case didNotStart(String)
    case commandFailed(String, String)

    public var description: String {
      switch self {
      case .notInstalled(let tool): return "\(tool) is not installed; run scripts/setup --tests"
      case .didNotStart(let log): return "Xorg did not start:\n\(log)"
      case .commandFailed(let command, let output): return "\(command) failed: \(output)"
      }
    }
  }

  /// `:N`, for `DISPLAY`.
  public let display: String
  /// `scripts/xrig serve`, the parent of Xorg and of the window manager.
  private let rig: RigSession

  static let script = Fixtures.packageRoot.appendingPathComponent("scripts/xrig")

  /// Starts the server with `monitors` outputs switched on, side by side, each `width`x`height`;
  /// DUMMY0 is the primary.
  public init(monitors: Int = 2, width: Int = 1920, height: Int = 1080) throws {
    for tool in ["/usr/bin/Xorg", "/usr/bin/xrandr", "/usr/bin/xdpyinfo", Self.script.path]
    where !FileManager.default.isExecutableFile(atPath: tool) {
      throw XorgError.notInstalled(tool)
    }
    let folder = try Fixtures.temporaryDirectory("podium-xorg")
    rig = try RigSession(
      script: Self.script,
      arguments: [
        "serve", "--monitors", "\(monitors)", "--size", "\(width)x\(height)", "--dir",
        folder.path,
      ], folder: folder, log: "xrig.log")
    guard
      let number = rig.reply(until: "XRIG_READY")?.first(where: { $0.hasPrefix("XRIG_DISPLAY=") })
    else {
      let failure = rig.tail() + "\n" + rig.tail(folder.appendingPathComponent("Xorg.log"))
      rig.stop()
      throw XorgError.didNotStart(failure)
    }
    display = String(number.dropFirst("XRIG_DISPLAY=".count))
  }

  deinit {
    stop()
  }

  /// Stops the server: the rig ends the window manager and Xorg (SIGKILL for a server that
  /// hangs on SIGTERM) once its standard input closes. Calling it again does nothing.
  public func stop() {
    rig.stop()
  }

  /// Starts openbox on this server, as a user's desktop would have a window manager.
  public func startWindowManager() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openbox") else {
      throw XorgError.notInstalled("/usr/bin/openbox")
    }
    try rig.send("wm")
    guard rig.reply(until: "XRIG_OK") != nil else {
      throw XorgError.commandFailed("xrig wm", rig.tail())
    }
  }

  /// Lets `output` use the mode `width`x`height`, defining it first if the server lacks it.
  public func addMode(width: Int, height: Int, to output: String) throws {
    try xrig(["addmode", output, "\(width)x\(height)"])
  }

  /// Switches an output off as if its cable were pulled (SDL sees it disconnect).
  public func unplug(_ output: String) throws {
    try xrig(["unplug", output])
  }

  /// Plugs an output back in to the right of `neighbour`.
  public func plug(
    _ output: String, width: Int = 1920, height: Int = 1080, rightOf neighbour: String
  ) throws {
    try xrig(["plug", output, "\(width)x\(height)", neighbour])
  }

  @discardableResult
  public func xrandr(_ arguments: [String]) throws -> String {
    let result = try run("/usr/bin/xrandr", ["-display", display] + arguments)
    guard result.status == 0 else {
      throw XorgError.commandFailed("xrandr \(arguments.joined(separator: " "))", result.stderr)
    }
    return result.stdout
  }

  /// Runs a program against this server (DISPLAY set, no SDL driver override).
  public func run(_ path: String, _ arguments: [String], in directory: URL? = nil) throws
    -> CommandResult
  {
    try CommandRunner.run(
      URL(fileURLWithPath: path), arguments, in: directory,
      environment: ["DISPLAY": display, "SDL_VIDEODRIVER": "x11"])
  }

  public var environment: [String: String] { ["DISPLAY": display, "SDL_VIDEODRIVER": "x11"] }
  public var launcher: [String] { [] }

  /// Sends a key with xdotool (XTEST) to the focused window.
  public func key(_ name: String) throws {
    _ = try run("/usr/bin/xdotool", ["key", name])
  }

  /// One of the rig's display commands (plug, unplug, mode, addmode) on this server.
  private func xrig(_ arguments: [String]) throws {
    let result = try run(Self.script.path, arguments)
    guard result.status == 0 else {
      throw XorgError.commandFailed("xrig \(arguments.joined(separator: " "))", result.stderr)
    }
  }
}
