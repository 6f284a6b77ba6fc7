import Glibc

/// The talk's interface on the session bus, as `podium remote`, a stream deck's script or a
/// window manager's binding see it (after pdfpc's `io.github.pdfpc`): one talk owns the name.
public enum TalkBus {
  public static let name = "io.github.podium"
  public static let path = "/io/github/podium/Talk"
  public static let interface = "io.github.podium.Talk"
  /// Podium's own errors are named under this (`io.github.podium.Error.OutOfRange`).
  public static let errors = "io.github.podium.Error"
  /// The signal sent when the slide or its step changes: the new ones, 1-based (`uu`).
  public static let slideChanged = "SlideChanged"
  public static let methods = ["Next", "Previous", "GoTo", "Black", "State"]

  /// The session bus's address: `DBUS_SESSION_BUS_ADDRESS`, else the user's bus at
  /// `$XDG_RUNTIME_DIR/bus` when that socket is there (as libdbus looks); nil when there is
  /// none. Podium never autolaunches a bus, which would outlive the talk.
  public static func sessionAddress(
    environment: [String: String], isSocket: (String) -> Bool = TalkBus.isSocket
  ) -> String? {
    if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
    guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty,
      isSocket(runtime + "/bus")
    else { return nil }
    return "unix:path=" + runtime + "/bus"
  }

  /// Whether `path` is a socket (not followed if it is a link).
  public static func isSocket(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFSOCK
  }

  /// Why `sessionAddress` found none, for the speaker.
  public static let noSessionBus =
    "no session bus: DBUS_SESSION_BUS_ADDRESS is not set and there is no $XDG_RUNTIME_DIR/bus"
}
