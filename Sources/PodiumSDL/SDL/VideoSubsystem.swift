import CSDL2
import Foundation
import PodiumCore

/// SDL's video subsystem, initialised for as long as this object lives.
///
/// SDL's video state is global: keep one `VideoSubsystem` at a time (the presenter and export
/// each own one for the program's life).
public final class VideoSubsystem {
  /// The driver SDL chose (`x11`, `dummy`, `offscreen`, ...).
  public let driver: String

  /// How the driver is named to people: `x11 (XWayland)` on a Wayland session.
  public let description: String

  /// Starts video with `driver`, or when nil the session's best (`VideoDriverChoice`: native
  /// Wayland on a Wayland session), else SDL's choice (`SDL_VIDEODRIVER`, else the best
  /// available). The corresponding C function is `SDL_VideoInit`.
  public init(driver: String? = nil) throws {
    let environment = ProcessInfo.processInfo.environment
    var status: Int32 = -1
    if let driver {
      // SDL's dummy and offscreen drivers count as available only when the hint names them.
      SDL_SetHint(SDL_HINT_VIDEODRIVER, driver)
      status = driver.withCString { SDL_VideoInit($0) }
    } else {
      for preferred in VideoDriverChoice.preferred(environment: environment) where status != 0 {
        status = preferred.withCString { SDL_VideoInit($0) }
      }
      if status != 0 { status = SDL_VideoInit(nil) }
    }
    guard status == 0 else { throw SDLError.last("SDL_VideoInit") }
    self.driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "unknown"
    description = VideoDriverChoice.describe(self.driver, environment: environment)
  }

  deinit {
    SDL_VideoQuit()
  }

  /// How many displays the driver reports. The corresponding C function is
  /// `SDL_GetNumVideoDisplays`.
  public func displayCount() throws -> Int {
    Int(try sdlCall("SDL_GetNumVideoDisplays") { SDL_GetNumVideoDisplays() })
  }
}
