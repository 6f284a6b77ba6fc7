import CSDL2
import Foundation
import PodiumCore

/// What the running video driver lets a client do with its windows.
struct WindowingSystem {
  /// SDL's driver name (`x11`, `wayland`, ...).
  var driver: String

  /// The driver SDL is running. The corresponding C function is `SDL_GetCurrentVideoDriver`.
  static var current: WindowingSystem {
    WindowingSystem(driver: SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "unknown")
  }

  /// X11 honours a window's position; a Wayland compositor decides it, so a window reaches an
  /// output only by going full screen there.
  var placesWindows: Bool { driver != "wayland" }

  /// SDL's software renderer needs a window framebuffer the driver provides (X11's shared
  /// memory, the offscreen driver's surface); SDL 2's Wayland driver has none.
  var hasFramebuffer: Bool { driver != "wayland" }

  /// On XWayland the compositor manages X windows as it likes (sway tiles them on the focused
  /// output, whatever their position): only an override-redirect window, which no window
  /// manager touches, stays where it is put. The audience's window needs no keys, so it can be
  /// one; the console must take keys and stays managed.
  var isXWayland: Bool {
    driver == "x11" && VideoDriverChoice.isWaylandSession(ProcessInfo.processInfo.environment)
  }
}
