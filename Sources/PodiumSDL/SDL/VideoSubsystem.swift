import CSDL2

/// SDL's video subsystem, initialised for as long as this object lives.
///
/// SDL's video state is global: keep one `VideoSubsystem` at a time (the presenter and export
/// each own one for the program's life).
public final class VideoSubsystem {
  /// The driver SDL chose (`x11`, `dummy`, `offscreen`, ...).
  public let driver: String

  /// Starts video with `driver`, or SDL's choice (`SDL_VIDEODRIVER`, else the best available)
  /// when nil. The corresponding C function is `SDL_VideoInit`.
  public init(driver: String? = nil) throws {
    let status: Int32
    if let driver {
      // SDL's dummy and offscreen drivers count as available only when the hint names them.
      SDL_SetHint(SDL_HINT_VIDEODRIVER, driver)
      status = driver.withCString { SDL_VideoInit($0) }
    } else {
      status = SDL_VideoInit(nil)
    }
    guard status == 0 else { throw SDLError.last("SDL_VideoInit") }
    self.driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "unknown"
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
