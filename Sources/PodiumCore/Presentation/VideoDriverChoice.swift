/// Which of SDL's video drivers a talk asks for first, from the session's environment: a pure
/// function, so the choice is tested without a display server.
///
/// SDL 2 tries X11 before Wayland, so on a Wayland desktop it would go through XWayland, where
/// the compositor places the windows and an audience window cannot be sent to the projector.
/// Native Wayland lets a window go full screen on a chosen output: Podium asks for it first
/// when the session is Wayland, and SDL's own order follows if it fails. `SDL_VIDEODRIVER`
/// always wins.
public enum VideoDriverChoice {
  /// The drivers to try in order; empty means SDL's own choice.
  public static func preferred(environment: [String: String]) -> [String] {
    if let named = environment["SDL_VIDEODRIVER"], !named.isEmpty { return [] }
    return isWaylandSession(environment) ? ["wayland"] : []
  }

  /// How the trace and `podium displays` name a driver: `x11` on a Wayland session is XWayland.
  public static func describe(_ driver: String, environment: [String: String]) -> String {
    guard driver == "x11" else { return driver }
    return isWaylandSession(environment) ? "x11 (XWayland)" : driver
  }

  /// A Wayland desktop session: a compositor's socket, or the login manager says so.
  public static func isWaylandSession(_ environment: [String: String]) -> Bool {
    environment["WAYLAND_DISPLAY"].map { !$0.isEmpty } ?? false
      || environment["XDG_SESSION_TYPE"] == "wayland"
  }
}
