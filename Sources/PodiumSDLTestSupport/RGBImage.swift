import CSDL2
import CSDL2Image
import PodiumCore
import PodiumSDL

/// A decoded image as packed 8-bit RGB, for comparing renders with golden images.
public struct RGBImage: Hashable, Sendable {
  public var width: Int
  public var height: Int
  /// Rows of `width * 3` bytes.
  public var pixels: [UInt8]

  public init(width: Int, height: Int, pixels: [UInt8]) {
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// Decodes a PNG (or any format SDL_image reads). The corresponding C functions are
  /// `IMG_Load` and `SDL_ConvertSurfaceFormat`.
  public init(contentsOf path: String) throws {
    guard let loaded = IMG_Load(path) else { throw SDLError.last("IMG_Load") }
    defer { SDL_FreeSurface(loaded) }
    guard let converted = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGB24.rawValue, 0)
    else { throw SDLError.last("SDL_ConvertSurfaceFormat") }
    defer { SDL_FreeSurface(converted) }
    self.init(copying: converted)
  }

  /// The canvas's current pixels.
  public init(_ canvas: OffscreenCanvas) {
    let bgrx = canvas.pixelCopy()
    var rgb = [UInt8](repeating: 0, count: canvas.size.width * canvas.size.height * 3)
    for index in 0..<(canvas.size.width * canvas.size.height) {
      rgb[index * 3] = bgrx[index * 4 + 2]
      rgb[index * 3 + 1] = bgrx[index * 4 + 1]
      rgb[index * 3 + 2] = bgrx[index * 4]
    }
    self.init(width: canvas.size.width, height: canvas.size.height, pixels: rgb)
  }

  private init(copying surface: UnsafeMutablePointer<SDL_Surface>) {
    let width = Int(surface.pointee.w)
    let height = Int(surface.pointee.h)
    let pitch = Int(surface.pointee.pitch)
    var rgb = [UInt8](repeating: 0, count: width * height * 3)
    if let source = surface.pointee.pixels {
      let bytes = source.assumingMemoryBound(to: UInt8.self)
      for row in 0..<height {
        for column in 0..<(width * 3) {
          rgb[row * width * 3 + column] = bytes[row * pitch + column]
        }
      }
    }
    self.init(width: width, height: height, pixels: rgb)
  }

  public func pixel(x: Int, y: Int) -> RGBAColor {
    let offset = (y * width + x) * 3
    return RGBAColor(red: pixels[offset], green: pixels[offset + 1], blue: pixels[offset + 2])
  }

  /// How far `other` is from this image: the share of pixels whose largest channel difference
  /// exceeds `threshold`, and the mean absolute difference per channel. Nil when sizes differ.
  public func difference(from other: RGBImage, threshold: Int = 40) -> (
    differing: Double, mean: Double
  )? {
    guard width == other.width, height == other.height else { return nil }
    var differing = 0
    var total = 0
    for index in stride(from: 0, to: pixels.count, by: 3) {
      var largest = 0
      for channel in 0..<3 {
        let delta = abs(Int(pixels[index + channel]) - Int(other.pixels[index + channel]))
        total += delta
        largest = max(largest, delta)
      }
      if largest > threshold { differing += 1 }
    }
    let count = Double(width * height)
    return (Double(differing) / count, Double(total) / (count * 3))
  }

  /// The share of pixels, of either image, that the other image cannot explain within one pixel:
  /// a pixel passes when each channel lies between the darkest and lightest of the other image's
  /// pixels at its place and around it (give or take `threshold`). Two renderers' antialiasing
  /// of an edge, a pixel sharper or softer, passes; anything moved by more, recoloured, missing
  /// or added is counted. Nil when sizes differ.
  public func differenceBeyondOnePixel(from other: RGBImage, threshold: Int = 24) -> Double? {
    guard width == other.width, height == other.height, width > 2, height > 2 else { return nil }
    func unexplained(_ a: [UInt8], by b: [UInt8]) -> Int {
      a.withUnsafeBufferPointer { a in
        b.withUnsafeBufferPointer { b in
          var count = 0
          for y in 0..<height {
            for x in 0..<width {
              let offset = (y * width + x) * 3
              for channel in 0..<3 {
                var low = 255
                var high = 0
                for ny in max(0, y - 1)...min(height - 1, y + 1) {
                  for nx in max(0, x - 1)...min(width - 1, x + 1) {
                    let value = Int(b[(ny * width + nx) * 3 + channel])
                    low = min(low, value)
                    high = max(high, value)
                  }
                }
                let value = Int(a[offset + channel])
                if value < low - threshold || value > high + threshold {
                  count += 1
                  break
                }
              }
            }
          }
          return count
        }
      }
    }
    let total = unexplained(pixels, by: other.pixels) + unexplained(other.pixels, by: pixels)
    return Double(total) / Double(2 * width * height)
  }

  /// How many pixels are within `tolerance` of `color` in every channel.
  public func count(of color: RGBAColor, tolerance: Int = 24) -> Int {
    var matches = 0
    for index in stride(from: 0, to: pixels.count, by: 3)
    where abs(Int(pixels[index]) - Int(color.red)) <= tolerance
      && abs(Int(pixels[index + 1]) - Int(color.green)) <= tolerance
      && abs(Int(pixels[index + 2]) - Int(color.blue)) <= tolerance
    {
      matches += 1
    }
    return matches
  }
}
