import CSDL2
import PodiumCore

/// The displays SDL sees. Needs a started `VideoSubsystem`.
public struct SDLDisplayProvider: DisplayProvider {
  public init() {}

  /// The corresponding C functions are `SDL_GetNumVideoDisplays`, `SDL_GetDisplayName`,
  /// `SDL_GetDisplayBounds`, `SDL_GetDisplayUsableBounds`, `SDL_GetDisplayDPI` and `SDL_GetCurrentDisplayMode`.
  public func displays() -> [DisplayInfo] {
    let count = Int(SDL_GetNumVideoDisplays())
    guard count > 0 else { return [] }
    var result: [DisplayInfo] = []
    for index in 0..<count {
      var bounds = SDL_Rect()
      guard SDL_GetDisplayBounds(Int32(index), &bounds) == 0 else { continue }
      let name = Self.name(of: index)
      var horizontal: Float = 0
      let dpi: Double? =
        SDL_GetDisplayDPI(Int32(index), nil, &horizontal, nil) == 0 && horizontal > 0
        ? Double(horizontal) : nil
      var mode = SDL_DisplayMode()
      let refresh: Int? =
        SDL_GetCurrentDisplayMode(Int32(index), &mode) == 0 && mode.refresh_rate > 0
        ? Int(mode.refresh_rate) : nil
      var usable = SDL_Rect()
      let usableArea: DisplayInfo.Area? =
        SDL_GetDisplayUsableBounds(Int32(index), &usable) == 0 && usable.w > 0 && usable.h > 0
        ? DisplayInfo.Area(
          x: Int(usable.x), y: Int(usable.y), width: Int(usable.w), height: Int(usable.h))
        : nil
      // SDL lists the X server's primary output first.
      result.append(
        DisplayInfo(
          index: index, name: name, x: Int(bounds.x), y: Int(bounds.y), width: Int(bounds.w),
          height: Int(bounds.h), dpi: dpi, refreshRate: refresh, isPrimary: index == 0,
          usable: usableArea))
    }
    // Wayland has no primary output, and SDL 2 names its displays by description: take the
    // compositor's names and scales, and the built-in panel as the primary.
    guard WindowingSystem.current.driver == "wayland" else { return result }
    return OutputIdentity.choosePrimary(OutputIdentity.name(result, from: WaylandOutputs.list()))
  }

  /// The output name of display `index`, such as `HDMI-1`. The corresponding C function is
  /// `SDL_GetDisplayName`.
  static func name(of index: Int) -> String {
    SDL_GetDisplayName(Int32(index)).map { String(cString: $0) } ?? "display \(index)"
  }
}
