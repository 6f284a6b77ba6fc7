import Foundation

/// A session bus of the test's own: Debian's `dbus-daemon` listening on a socket in a
/// folder every user can reach (so a test can call it as `nobody`), killed when the value goes.
/// The bus is the session bus as a desktop has it: only the user who started it may connect.
/// `everyUser` lets every user connect, as a bus configured carelessly would, so a test sees
/// the talk's own check of the caller's user refuse them.
public final class SessionBus {
  /// The address for `DBUS_SESSION_BUS_ADDRESS`.
  public let address: String
  private let process: Process

  public init(everyUser: Bool = false) throws {
    let folder = try Fixtures.temporaryDirectory("podium-bus", short: true)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
    let socket = folder.appendingPathComponent("bus").path
    let config = folder.appendingPathComponent("session.conf")
    // Debian's session.conf, on our socket: EXTERNAL authentication by the caller's uid.
    try """
    <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
    <busconfig>
      <type>session</type>
      <listen>unix:path=\(socket)</listen>
      <auth>EXTERNAL</auth>
      <policy context="default">
        <allow send_destination="*" eavesdrop="true"/>
        <allow eavesdrop="true"/>
        <allow own="*"/>
        \(everyUser ? #"<allow user="*"/>"# : "")
      </policy>
    </busconfig>
    """.write(to: config, atomically: true, encoding: .utf8)
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
    process.arguments = ["--config-file=\(config.path)", "--nofork", "--print-address=1"]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    // The first line the daemon prints is its address, once it listens.
    let printed = out.firstLine()
    guard printed.hasPrefix("unix:") else {
      kill(process.processIdentifier, SIGKILL)
      throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: printed])
    }
    address = printed
    // The socket is the daemon's (root's): every user may open it, and the bus decides.
    chmod(socket, 0o777)
  }

  /// The environment of a process on this bus (and on no other, nor the user's own).
  public var environment: [String: String] {
    ["DBUS_SESSION_BUS_ADDRESS": address, "XDG_RUNTIME_DIR": ""]
  }

  /// SIGKILL: the test runner's threads block SIGTERM, and a child inherits the mask.
  public func stop() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  deinit { stop() }
}
