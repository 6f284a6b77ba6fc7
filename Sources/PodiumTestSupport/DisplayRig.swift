/// A display server a test starts for a real `podium present` (`PresentRun`): an X server
/// (`XorgServer`) or a Wayland compositor (`WaylandRig`).
public protocol DisplayRig: AnyObject {
  /// The variables Podium needs to reach it (DISPLAY, WAYLAND_DISPLAY, SDL_VIDEODRIVER, ...).
  var environment: [String: String] { get }
  /// What Podium's command line starts with: empty, or how the rig runs programs as its user.
  var launcher: [String] { get }
  /// Types the key `name` (an X keysym name: `Right`, `q`) to the focused window.
  func key(_ name: String) throws
}
