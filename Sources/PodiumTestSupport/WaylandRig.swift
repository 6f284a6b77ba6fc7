import Foundation

/// A real Wayland compositor, sway on wlroots' headless backend, with two or more outputs
/// (HEADLESS-1, HEADLESS-2, ...) and XWayland, as docs/TESTING.md ("The Wayland rig")
/// describes: the end-to-end tests start one, plug, unplug and resize its outputs, screenshot
/// them and type keys, and stop it.
///
/// The compositor is the project's one Wayland test rig, `scripts/wlrig` (the soak uses it
/// too): this class runs `scripts/wlrig serve` and keeps its standard input open; closing it
/// stops sway, so a test process that crashes takes its compositor with it. sway will not run
/// as root: the rig runs it, and Podium under test (`launcher`), as an unprivileged user.
/// Needs sway, grim, wtype and xwayland (`scripts/setup --tests` installs them).
public final class WaylandRig: DisplayRig {
  /// How Podium reaches the compositor: SDL's native Wayland driver, or X11 through XWayland.
  public enum Driver: String, Sendable, CaseIterable {
    case wayland
    case xwayland = "x11"
  }

  /// The compositor: sway (wlroots) for everything, GNOME's mutter for a smoke test (it takes
  /// no swaymsg, grim or wtype: no plugging, screenshots or keys).
  public enum Compositor: Sendable {
    case sway, mutter
  }

  public let driver: Driver
  /// The rig's `WLRIG_` variables: what `scripts/wlrig` needs to act on this session.
  public let variables: [String: String]
  private let rig: RigSession
  /// The seat's keyboards held since (`holdKeyboard()`), ended with the rig.
  private var keyboards: [Process] = []
  private var folder: URL { rig.folder }
  /// The outputs side by side as they started: the layout a pointer moves over.
  private let layout: (width: Int, height: Int)

  static let script = Fixtures.packageRoot.appendingPathComponent("scripts/wlrig")

  /// Starts sway with `outputs` outputs side by side, each `width`x`height`. Without `scanout`
  /// sway composites every frame (`scripts/wlrig --no-scanout`), as a session with a `pointer()`
  /// needs.
  public init(
    driver: Driver = .wayland, compositor: Compositor = .sway, outputs: Int = 2,
    width: Int = 1920, height: Int = 1080, scanout: Bool = true
  ) throws {
    let tools =
      compositor == .sway
      ? ["/usr/bin/sway", "/usr/bin/grim", "/usr/bin/wtype", "/usr/bin/Xwayland"]
      : ["/usr/bin/mutter", "/usr/bin/dbus-run-session"]
    for tool in tools where !FileManager.default.isExecutableFile(atPath: tool) {
      throw XorgServer.XorgError.notInstalled(tool)
    }
    self.driver = driver
    layout = (outputs * width, height)
    // A short name: sway's IPC socket lies three folders down and a socket's path has at most
    // 107 bytes, also when $TMPDIR is a folder of its own (scripts/test gives the suite one).
    let folder = try Fixtures.temporaryDirectory("podium-wlrig", short: true)
    var arguments = [
      "serve", "--outputs", "\(outputs)", "--size", "\(width)x\(height)", "--dir",
      folder.appendingPathComponent("session").path,
    ]
    if driver == .xwayland { arguments.append("--no-keyboard") }
    if compositor == .mutter { arguments.append("--mutter") }
    if !scanout { arguments.append("--no-scanout") }
    rig = try RigSession(
      script: Self.script, arguments: arguments, folder: folder, log: "wlrig.log")
    let variables = RigSession.variables(rig.reply(until: "WLRIG_READY") ?? [])
    guard variables["WLRIG_WAYLAND_DISPLAY"] != nil else {
      let failure = rig.tail()
      rig.stop()
      throw XorgServer.XorgError.didNotStart("sway: " + failure)
    }
    self.variables = variables
  }

  deinit {
    stop()
  }

  /// Stops sway (the rig does, once its standard input closes). Calling it again does nothing.
  public func stop() {
    rig.stop()
    for keyboard in keyboards where keyboard.isRunning { keyboard.terminate() }
    keyboards.removeAll()
  }

  /// Gives the seat a keyboard again, as the rig starts with one, before another talk starts in
  /// the same session. Each `key` is typed by a wtype keyboard of its own that goes when it has
  /// typed, and sway 1.7 then leaves the seat with none: a program started after that gets its
  /// first keymap only with its first key, and SDL 2.26 crashed in xkbcommon on it (libsdl-org/
  /// SDL#9022; the rig's `serve` says more). This keyboard, like the rig's, presses Shift and
  /// sleeps until sway goes.
  public func holdKeyboard() throws {
    let keyboard = Process()
    keyboard.executableURL = Self.script
    keyboard.arguments = ["as", "wtype", "-P", "Shift_L", "-p", "Shift_L", "-s", "2000000000"]
    keyboard.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    keyboard.standardInput = FileHandle.nullDevice
    keyboard.standardOutput = FileHandle.nullDevice
    keyboard.standardError = FileHandle.nullDevice
    try keyboard.run()
    keyboards.append(keyboard)
    // Its Shift reaches sway before the program does.
    Thread.sleep(forTimeInterval: 0.3)
  }

  /// What Podium's environment needs for this session and driver (`scripts/wlrig as` adds the
  /// runtime folder, the sockets and the X display).
  public var environment: [String: String] {
    variables.merging(["SDL_VIDEODRIVER": driver.rawValue]) { $1 }
  }

  /// Podium runs as the rig's user, as sway does: XWayland lets only that user connect.
  public var launcher: [String] { [Self.script.path, "as"] }

  /// Types keys as a keyboard would: wtype's virtual keyboard for native Wayland windows;
  /// xdotool's XTEST for XWayland ones, since wtype's keymap of its own, new with every
  /// call, reaches X clients with keycodes SDL's X11 driver reads as other keys (so the rig
  /// starts with no keyboard of wtype's for XWayland).
  public func key(_ name: String) throws {
    switch driver {
    case .wayland: try wlrig(["key", name])
    case .xwayland: try wlrig(["as", "xdotool", "key", name])
    }
  }

  /// A mouse on the seat that the test moves and clicks (`WaylandPointer`), over the outputs
  /// the rig started with. Start the rig with `scanout: false` for it: with a pointer on the
  /// seat, sway 1.7 scanning a full-screen window out directly repaints that output for the
  /// window's new frames only while the cursor is over it (docs/TESTING.md, "The Wayland rig").
  public func pointer() throws -> WaylandPointer {
    try WaylandPointer(
      rig: Self.script, environment: environment, width: layout.width, height: layout.height)
  }

  /// A screenshot of one output (grim), as the room sees it: the path of a PNG that lasts as
  /// long as the rig.
  public func screenshot(_ output: String) throws -> String {
    let file = folder.appendingPathComponent("shot-\(UUID().uuidString).png")
    try wlrig(["shot", output, file.path])
    return file.path
  }

  /// Adds an output (sway names it HEADLESS-3, HEADLESS-4, ...), as if a cable were plugged.
  public func plug() throws { try wlrig(["plug"]) }
  /// Switches an output back on.
  public func enable(_ output: String) throws { try wlrig(["enable", output]) }
  /// Switches an output off, as if its cable were pulled (sway 1.7 has no unplug).
  public func unplug(_ output: String) throws { try wlrig(["unplug", output]) }
  /// Another resolution (and scale) for an output.
  public func mode(_ output: String, width: Int, height: Int, scale: Int = 1) throws {
    try wlrig(["mode", output, "\(width)x\(height)", "\(scale)"])
  }

  /// Runs `podium ARGUMENTS` on this session as the rig's user.
  public func podium(_ arguments: String...) throws -> CommandResult {
    try CommandRunner.run(
      Self.script, ["as", CommandRunner.podium.path] + arguments, environment: environment)
  }

  private func wlrig(_ arguments: [String]) throws {
    let result = try CommandRunner.run(Self.script, arguments, environment: environment)
    guard result.status == 0 else {
      throw XorgServer.XorgError.commandFailed(
        "wlrig \(arguments.joined(separator: " "))", result.stderr)
    }
  }
}
