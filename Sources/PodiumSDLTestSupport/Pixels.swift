import CSDL2
import PodiumCore
import PodiumSDL

extension OffscreenCanvas {
  /// A copy of the pixels, rows packed (`pitch == width * 4`).
  public func pixelCopy() -> [UInt8] {
    let rowBytes = size.width * 4
    var copy = [UInt8](repeating: 0, count: rowBytes * size.height)
    withPixels { pixels, pitch in
      guard !pixels.isEmpty else { return }
      for row in 0..<size.height {
        let start = row * pitch
        copy.replaceSubrange(
          row * rowBytes..<(row + 1) * rowBytes, with: pixels[start..<start + rowBytes])
      }
    }
    return copy
  }

  /// The colour of one pixel.
  public func pixel(x: Int, y: Int) -> RGBAColor {
    guard x >= 0, y >= 0, x < size.width, y < size.height else {
      return RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
    }
    return withPixels { pixels, pitch in
      guard !pixels.isEmpty else { return RGBAColor(red: 0, green: 0, blue: 0, alpha: 0) }
      let offset = y * pitch + x * 4
      return RGBAColor(red: pixels[offset + 2], green: pixels[offset + 1], blue: pixels[offset])
    }
  }
}

extension Surface {
  /// One pixel's colour, in any pixel format. The corresponding C function is `SDL_GetRGBA`.
  public func pixel(x: Int, y: Int) -> RGBAColor {
    let surface = sdlSurface
    guard x >= 0, y >= 0, x < width, y < height, let pixels = surface.pointee.pixels,
      let format = surface.pointee.format
    else { return RGBAColor(red: 0, green: 0, blue: 0, alpha: 0) }
    let bytesPerPixel = Int(format.pointee.BytesPerPixel)
    let address = pixels + y * Int(surface.pointee.pitch) + x * bytesPerPixel
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
}
