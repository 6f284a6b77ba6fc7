import Foundation

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

/// Ends a rig's `serve` process (`scripts/xrig`, `scripts/wlrig`) the way both rigs expect:
/// closing its standard input asks it to stop its server; SIGTERM (its trap stops the server
/// too) if it is still running after 5 s. Then removes the rig's `folder`. Does nothing for a
/// rig already ended.
func stopRig(_ rig: Process, requests: Pipe, folder: URL) {
  guard rig.isRunning else { return }
  try? requests.fileHandleForWriting.close()
  for _ in 0..<100 where rig.isRunning {
    Thread.sleep(forTimeInterval: 0.05)
  }
  if rig.isRunning { rig.terminate() }
  rig.waitUntilExit()
  try? FileManager.default.removeItem(at: folder)
}
