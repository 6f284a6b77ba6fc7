import Foundation

/// Marp's image filters done on pixels, the same for the screen and the PDF: the colour
/// matrices and formulas of the CSS Filter Effects specification, and a Gaussian blur made of
/// three box blurs. Pixels are straight (not premultiplied) BGRA, four bytes each.
public enum ImageFilters {
  /// Applies `filters` in order to `pixels` of `width` x `height`. A blur's radius, a fraction of
  /// the slide's height, is taken of the image's height: a background fills the slide's.
  public static func apply(
    _ filters: [ImageFilter], to pixels: inout [UInt8], width: Int, height: Int
  ) {
    guard width > 0, height > 0, pixels.count >= width * height * 4 else { return }
    for filter in filters {
      switch filter {
      case .blur(let fraction):
        blur(&pixels, width: width, height: height, radius: fraction * Double(height))
      case .opacity(let amount):
        let factor = min(1, max(0, amount))
        for index in stride(from: 3, to: width * height * 4, by: 4) {
          pixels[index] = UInt8((Double(pixels[index]) * factor).rounded())
        }
      default:
        let matrix = Self.matrix(filter)
        recolour(&pixels, count: width * height, matrix: matrix)
      }
    }
  }

  /// A 3x3 colour matrix faded toward the colours as they are, as CSS defines grayscale, sepia
  /// and saturate: `full` at 0, the identity at 1 (`full + (I - full) * share`), as a 3x4
  /// matrix.
  private static func fading(_ full: [[Double]], by share: Double) -> [Double] {
    var matrix: [Double] = []
    for row in 0..<3 {
      for column in 0..<3 {
        let value = full[row][column]
        let identity: Double = row == column ? 1 : 0
        matrix.append(value + (identity - value) * share)
      }
      matrix.append(0)
    }
    return matrix
  }

  /// A 3x4 matrix on (r, g, b, 1) in 0...1: the CSS definitions of each filter.
  static func matrix(_ filter: ImageFilter) -> [Double] {
    switch filter {
    case .grayscale(let a):
      return fading(
        Array(repeating: [0.2126, 0.7152, 0.0722], count: 3), by: 1 - min(1, max(0, a)))
    case .sepia(let a):
      return fading(
        [[0.393, 0.769, 0.189], [0.349, 0.686, 0.168], [0.272, 0.534, 0.131]],
        by: 1 - min(1, max(0, a)))
    case .saturate(let s):
      return fading(Array(repeating: [0.213, 0.715, 0.072], count: 3), by: s)
    case .hueRotate(let degrees):
      let a = degrees * .pi / 180
      let c = cos(a)
      let s = sin(a)
      return [
        0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715,
        0.072 - c * 0.072 + s * 0.928, 0,
        0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140,
        0.072 - c * 0.072 - s * 0.283, 0,
        0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715,
        0.072 + c * 0.928 + s * 0.072, 0,
      ]
    case .invert(let a):
      let k = min(1, max(0, a))
      let d = 1 - 2 * k
      return [d, 0, 0, k, 0, d, 0, k, 0, 0, d, k]
    case .brightness(let b):
      return [b, 0, 0, 0, 0, b, 0, 0, 0, 0, b, 0]
    case .contrast(let c):
      let o = 0.5 - 0.5 * c
      return [c, 0, 0, o, 0, c, 0, o, 0, 0, c, o]
    case .blur, .opacity:
      return [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]
    }
  }

  private static func recolour(_ pixels: inout [UInt8], count: Int, matrix m: [Double]) {
    pixels.withUnsafeMutableBufferPointer { bytes in
      for pixel in 0..<count {
        let i = pixel * 4
        let b = Double(bytes[i]) / 255
        let g = Double(bytes[i + 1]) / 255
        let r = Double(bytes[i + 2]) / 255
        func channel(_ row: Int) -> UInt8 {
          let value = m[row * 4] * r + m[row * 4 + 1] * g + m[row * 4 + 2] * b + m[row * 4 + 3]
          return UInt8((min(1, max(0, value)) * 255).rounded())
        }
        bytes[i + 2] = channel(0)
        bytes[i + 1] = channel(1)
        bytes[i] = channel(2)
      }
    }
  }

  /// A Gaussian blur of standard deviation `radius` pixels, as three box blurs each way (on
  /// premultiplied values, so transparent edges do not bleed black).
  private static func blur(_ pixels: inout [UInt8], width: Int, height: Int, radius: Double) {
    guard radius >= 0.5 else { return }
    // Box widths whose three passes approximate the Gaussian (the usual 'boxes for Gauss').
    let box = max(1, Int((radius * (12.0 / 3 + 1).squareRoot() / 2).rounded()))
    var values = [Double](repeating: 0, count: width * height * 4)
    for pixel in 0..<(width * height) {
      let alpha = Double(pixels[pixel * 4 + 3]) / 255
      for channel in 0..<3 {
        values[pixel * 4 + channel] = Double(pixels[pixel * 4 + channel]) * alpha
      }
      values[pixel * 4 + 3] = Double(pixels[pixel * 4 + 3])
    }
    var scratch = values
    for _ in 0..<3 {
      boxPass(&values, into: &scratch, lines: height, length: width, step: 1, stride: width, box)
      boxPass(&scratch, into: &values, lines: width, length: height, step: width, stride: 1, box)
    }
    for pixel in 0..<(width * height) {
      let alpha = values[pixel * 4 + 3]
      pixels[pixel * 4 + 3] = UInt8(min(255, max(0, alpha.rounded())))
      for channel in 0..<3 {
        let straight = alpha > 0 ? values[pixel * 4 + channel] / (alpha / 255) : 0
        pixels[pixel * 4 + channel] = UInt8(min(255, max(0, straight.rounded())))
      }
    }
  }

  /// One box blur of half-width `box` along each line, edges clamped.
  private static func boxPass(
    _ source: inout [Double], into target: inout [Double], lines: Int, length: Int, step: Int,
    stride: Int, _ box: Int
  ) {
    let span = Double(2 * box + 1)
    for line in 0..<lines {
      let start = line * stride
      for channel in 0..<4 {
        func at(_ k: Int) -> Double {
          source[(start + min(length - 1, max(0, k)) * step) * 4 + channel]
        }
        var sum = 0.0
        for k in -box...box { sum += at(k) }
        for k in 0..<length {
          target[(start + k * step) * 4 + channel] = sum / span
          sum += at(k + box + 1) - at(k - box)
        }
      }
    }
  }

}
