import Foundation

/// A real X server with the dummy video driver and several monitors (RandR outputs DUMMY0,
/// DUMMY1, ...), as TESTING.md describes: the end-to-end tests start one, plug and unplug its
/// outputs, and stop it. Needs xserver-xorg-core, xserver-xorg-video-dummy, x11-xserver-utils
/// and x11-utils (`scripts/setup --tests` installs them).
public final class XorgServer {
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
  private let process: Process
  private var windowManager: Process?
  private let folder: URL
  private var definedModes: Set<String> = []

  /// Starts the server with `monitors` outputs switched on, side by side, each `width`x`height`;
  /// DUMMY0 is the primary.
  public init(monitors: Int = 2, width: Int = 1920, height: Int = 1080) throws {
    for tool in ["/usr/bin/Xorg", "/usr/bin/xrandr", "/usr/bin/xdpyinfo"]
    where !FileManager.default.isExecutableFile(atPath: tool) {
      throw XorgError.notInstalled(tool)
    }
    folder = try Fixtures.temporaryDirectory("podium-xorg")
    let config = folder.appendingPathComponent("xorg.conf")
    try """
      Section "Device"
        Identifier "dummy"
        Driver "dummy"
        VideoRam 256000
      EndSection
      Section "Screen"
        Identifier "screen"
        Device "dummy"
        DefaultDepth 24
        SubSection "Display"
          Depth 24
          Virtual 8000 2200
        EndSubSection
      EndSection
      """.write(to: config, atomically: true, encoding: .utf8)
    // A display number nobody uses: tests run in parallel, and a developer may have :0.
    var number = 60 + Int.random(in: 0..<200)
    while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
      || FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock")
    {
      number += 1
    }
    display = ":\(number)"
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/Xorg")
    process.arguments = [
      display, "-config", config.path, "-noreset", "-nolisten", "tcp", "-logfile",
      folder.appendingPathComponent("Xorg.log").path,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    var ready = false
    for _ in 0..<100 {
      if (try? run("/usr/bin/xdpyinfo", ["-display", display]))?.status == 0 {
        ready = true
        break
      }
      Thread.sleep(forTimeInterval: 0.1)
    }
    guard ready else {
      let log = (try? String(contentsOf: folder.appendingPathComponent("Xorg.log"), encoding: .utf8)) ?? ""
      stop()
      throw XorgError.didNotStart(String(log.suffix(2000)))
    }
    var arguments: [String] = []
    for index in 0..<monitors {
      try addMode(width: width, height: height, to: "DUMMY\(index)")
      arguments += ["--output", "DUMMY\(index)", "--mode", "\(width)x\(height)"]
      arguments += index == 0 ? ["--pos", "0x0", "--primary"] : ["--right-of", "DUMMY\(index - 1)"]
    }
    try xrandr(arguments)
    try xrandr(["-q"])  // outputs count as connected only after a full query
  }

  deinit {
    stop()
  }

  /// Stops the server: SIGTERM, and SIGKILL if it is still there a second later (the dummy
  /// server can hang on SIGTERM).
  public func stop() {
    if let manager = windowManager, manager.isRunning {
      // openbox can ignore SIGTERM while it holds the display; it has nothing to save here.
      kill(manager.processIdentifier, SIGKILL)
      manager.waitUntilExit()
    }
    guard process.isRunning else { return }
    process.terminate()
    for _ in 0..<20 where process.isRunning {
      Thread.sleep(forTimeInterval: 0.05)
    }
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
    }
    process.waitUntilExit()
    try? FileManager.default.removeItem(atPath: "/tmp/.X\(display.dropFirst())-lock")
    try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(display.dropFirst())")
  }

  /// Starts openbox on this server, as a user's desktop would have a window manager.
  public func startWindowManager() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openbox") else {
      throw XorgError.notInstalled("/usr/bin/openbox")
    }
    let manager = Process()
    manager.executableURL = URL(fileURLWithPath: "/usr/bin/openbox")
    manager.arguments = ["--sm-disable"]
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display
    manager.environment = environment
    manager.standardOutput = FileHandle.nullDevice
    manager.standardError = FileHandle.nullDevice
    try manager.run()
    windowManager = manager
    // openbox takes over the root window within a moment; wait until it owns the WM selection.
    for _ in 0..<50 {
      let result = try run("/usr/bin/xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"])
      if result.stdout.contains("window id") { break }
      Thread.sleep(forTimeInterval: 0.1)
    }
  }

  /// Defines the mode with `cvt`'s timings if needed and lets `output` use it.
  public func addMode(width: Int, height: Int, to output: String) throws {
    let name = "\(width)x\(height)"
    if !definedModes.contains(name) {
      let timings = Self.modeline(width: width, height: height)
      try xrandr(["--newmode", name] + timings)
      definedModes.insert(name)
    }
    try xrandr(["--addmode", output, name])
  }

  /// Switches an output off as if its cable were pulled (SDL sees it disconnect).
  public func unplug(_ output: String) throws {
    try xrandr(["--output", output, "--off", "--set", "non-desktop", "1"])
  }

  /// Plugs an output back in to the right of `neighbour`.
  public func plug(_ output: String, width: Int = 1920, height: Int = 1080, rightOf neighbour: String) throws {
    try xrandr(["--output", output, "--set", "non-desktop", "0", "--mode", "\(width)x\(height)", "--right-of", neighbour])
    try xrandr(["-q"])
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
  public func run(_ path: String, _ arguments: [String], in directory: URL? = nil) throws -> CommandResult {
    try CommandRunner.run(
      URL(fileURLWithPath: path), arguments, in: directory,
      environment: ["DISPLAY": display, "SDL_VIDEODRIVER": "x11"])
  }

  /// CVT reduced-blanking-free timings, as `cvt W H` prints them, for the sizes tests use.
  static func modeline(width: Int, height: Int) -> [String] {
    switch (width, height) {
    case (1920, 1080): return "148.50 1920 2008 2052 2200 1080 1084 1089 1125 +hsync +vsync".split(separator: " ").map(String.init)
    case (1280, 720): return "74.50 1280 1344 1472 1664 720 723 728 748 -hsync +vsync".split(separator: " ").map(String.init)
    case (1024, 768): return "63.50 1024 1072 1176 1328 768 771 775 798 -hsync +vsync".split(separator: " ").map(String.init)
    case (3840, 2160): return "712.75 3840 4160 4576 5312 2160 2163 2168 2237 -hsync +vsync".split(separator: " ").map(String.init)
    default:
      // A generic 60 Hz timing: blanking of 25% horizontally, 5% vertically.
      let totalWidth = width * 5 / 4
      let totalHeight = height * 21 / 20
      let clock = Double(totalWidth * totalHeight * 60) / 1_000_000
      return [
        String(format: "%.2f", clock), "\(width)", "\(width + 48)", "\(width + 80)", "\(totalWidth)",
        "\(height)", "\(height + 3)", "\(height + 8)", "\(totalHeight)", "-hsync", "+vsync",
      ]
    }
  }
}
