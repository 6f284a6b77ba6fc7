import CSDL2
import CSDL2Image
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

  /// One pixel's colour, in any pixel format. The corresponding C function is `SDL_GetRGBA`.
  public func pixel(x: Int, y: Int) -> RGBAColor {
    guard x >= 0, y >= 0, x < width, y < height, let pixels = pointer.pointee.pixels,
      let format = pointer.pointee.format
    else { return RGBAColor(red: 0, green: 0, blue: 0, alpha: 0) }
    let bytesPerPixel = Int(format.pointee.BytesPerPixel)
    let address = pixels + y * Int(pointer.pointee.pitch) + x * bytesPerPixel
    var value: UInt32 = 0
    withUnsafeMutableBytes(of: &value) { raw in
      raw.copyMemory(from: UnsafeRawBufferPointer(start: address, count: min(4, bytesPerPixel)))
    }
    var red: UInt8 = 0
    var green: UInt8 = 0
    var blue: UInt8 = 0
    var alpha: UInt8 = 0
    SDL_GetRGBA(value, format, &red, &green, &blue, &alpha)
    return RGBAColor(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// Saves the surface as PNG, to look at. The corresponding C function is `IMG_SavePNG`.
  public func savePNG(path: String) throws {
    guard IMG_SavePNG(pointer, path) == 0 else { throw SDLError.last("IMG_SavePNG") }
  }
}
