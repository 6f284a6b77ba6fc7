import CSDL2
import PodiumCore

/// An owned `SDL_Surface`: pixels in memory, freed with this object.
public final class Surface {
  let pointer: UnsafeMutablePointer<SDL_Surface>

  /// Takes ownership of `pointer`; the corresponding C function, called on release, is
  /// `SDL_FreeSurface`.
  init(owning pointer: UnsafeMutablePointer<SDL_Surface>) {
    self.pointer = pointer
  }

  /// A transparent 32-bit ARGB surface. The corresponding C function is
  /// `SDL_CreateRGBSurfaceWithFormat`.
  convenience init(transparentWidth width: Int, height: Int) throws {
    guard
      let raw = SDL_CreateRGBSurfaceWithFormat(
        0, Int32(max(1, width)), Int32(max(1, height)), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
    else { throw SDLError.last("SDL_CreateRGBSurfaceWithFormat") }
    self.init(owning: raw)
  }

  deinit {
    SDL_FreeSurface(pointer)
  }

  public var width: Int { Int(pointer.pointee.w) }
  public var height: Int { Int(pointer.pointee.h) }

  /// The surface itself, for code that reads its pixels (the tests' helpers).
  public var sdlSurface: UnsafeMutablePointer<SDL_Surface> { pointer }
}
