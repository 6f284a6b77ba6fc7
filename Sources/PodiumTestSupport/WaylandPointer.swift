import Foundation

/// A mouse on the Wayland rig's seat that the test moves and clicks itself, for drags such as
/// an ink stroke: `scripts/probe/wl-pointer` (a virtual pointer, built here with gcc) reading
/// `move X Y`, `down` and `up` on its standard input. sway 1.7's own cursor commands (`swaymsg
/// seat - cursor set/move/press`) give the window under a held button no motion, so a drag
/// made of them reaches a program as a click; the virtual pointer's moves are motion as a
/// mouse's are. Positions are the layout's pixels: all outputs side by side from 0,0, so the
/// first output's are its own.
///
/// The probe runs as the rig's user (`scripts/wlrig as`) for as long as this object; `stop()`
/// (or the rig stopping sway) takes the pointer away.
public final class WaylandPointer {
  private let session: RigSession

  /// Gives the rig's seat a pointer over a layout `width` x `height` pixels (every output).
  init(rig script: URL, environment: [String: String], width: Int, height: Int) throws {
    let gcc = URL(fileURLWithPath: "/usr/bin/gcc")
    guard FileManager.default.isExecutableFile(atPath: gcc.path) else {
      throw XorgServer.XorgError.notInstalled(gcc.path)
    }
    let folder = try Fixtures.temporaryDirectory("podium-wl-pointer")
    // The rig's user runs it.
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
    let binary = folder.appendingPathComponent("wl-pointer").path
    let source = Fixtures.packageRoot.appendingPathComponent("scripts/probe/wl-pointer.c").path
    let built = try CommandRunner.run(
      gcc, ["-O2", "-Wall", "-o", binary, source, "-lwayland-client"])
    guard built.status == 0 else {
      try? FileManager.default.removeItem(at: folder)
      throw XorgServer.XorgError.commandFailed("gcc wl-pointer.c", built.stderr)
    }
    session = try RigSession(
      script: script, arguments: ["as", binary, "\(width)x\(height)"], folder: folder,
      log: "wl-pointer.log", environment: environment)
    // "ready" once sway has the pointer; the probe ends, having said why, when it cannot.
    guard session.line() == "ready" else {
      let failure = session.tail()
      session.stop()
      throw XorgServer.XorgError.commandFailed("wl-pointer", failure)
    }
  }

  deinit {
    stop()
  }

  /// Takes the pointer away (the probe ends with its input). Calling it again does nothing.
  public func stop() {
    session.stop()
  }

  /// The pointer to (`x`, `y`) of the layout, as a mouse moved there: motion to the window
  /// under it, dragging with a button held.
  public func move(x: Int, y: Int) throws {
    try send("move \(x) \(y)")
  }

  /// The left button pressed.
  public func press() throws { try send("down") }

  /// The left button released.
  public func release() throws { try send("up") }

  /// A drag of the left button from one point to another in `steps` small moves, as a hand
  /// makes, each `pause` seconds after the last.
  public func drag(
    from start: (x: Int, y: Int), to end: (x: Int, y: Int), steps: Int = 20,
    pause: Double = 0.01
  ) throws {
    try move(x: start.x, y: start.y)
    try press()
    for index in 1...max(1, steps) {
      let t = Double(index) / Double(max(1, steps))
      try move(
        x: start.x + Int((Double(end.x - start.x) * t).rounded()),
        y: start.y + Int((Double(end.y - start.y) * t).rounded()))
      Thread.sleep(forTimeInterval: pause)
    }
    try release()
  }

  /// Sends one command and waits until the compositor has had it (the probe's "ok").
  private func send(_ command: String) throws {
    try session.send(command)
    let answer = session.line()
    guard answer == "ok" else {
      throw XorgServer.XorgError.commandFailed(
        "wl-pointer \(command)", answer ?? "ended: " + session.tail())
    }
  }
}
