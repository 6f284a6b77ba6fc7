import Foundation

/// A CSS filter on an image, as Marp's image syntax writes them (`![bg blur sepia:50%](x.jpg)`):
/// the CSS Filter Effects functions, with Marp's defaults for a bare keyword.
public enum ImageFilter: Hashable, Sendable {
  /// A Gaussian blur whose radius is this fraction of the slide's height (Marp: 10px of 720).
  case blur(Double)
  case brightness(Double)
  case contrast(Double)
  case grayscale(Double)
  /// Degrees around the colour wheel.
  case hueRotate(Double)
  case invert(Double)
  case opacity(Double)
  case saturate(Double)
  case sepia(Double)

  /// `blur`, `sepia:50%`, `hue-rotate:90deg`, `blur:20px`; nil for a word that names no filter
  /// or a value that is not a number.
  public init?(keyword: String) {
    // `:` alone, or `:50%`, names nothing: the split keeps the empty name instead of dropping it.
    let parts = keyword.lowercased().split(
      separator: ":", maxSplits: 1, omittingEmptySubsequences: false
    ).map(String.init)
    guard let name = parts.first, !name.isEmpty else { return nil }
    let raw = parts.count > 1 ? parts[1] : nil
    func amount(_ fallback: Double) -> Double? {
      guard let raw else { return fallback }
      if raw.hasSuffix("%") { return Double(raw.dropLast()).map { $0 / 100 } }
      return Double(raw)
    }
    switch name {
    case "blur":
      let pixels = raw.map { $0.hasSuffix("px") ? String($0.dropLast(2)) : $0 }
      guard let value = pixels.map(Double.init) ?? 10 else { return nil }
      self = .blur(value / 720)
    case "brightness":
      guard let value = amount(1.5) else { return nil }
      self = .brightness(value)
    case "contrast":
      guard let value = amount(2) else { return nil }
      self = .contrast(value)
    case "grayscale":
      guard let value = amount(1) else { return nil }
      self = .grayscale(value)
    case "hue-rotate":
      let degrees = raw.map { $0.hasSuffix("deg") ? String($0.dropLast(3)) : $0 }
      guard let value = degrees.map(Double.init) ?? 180 else { return nil }
      self = .hueRotate(value)
    case "invert":
      guard let value = amount(1) else { return nil }
      self = .invert(value)
    case "opacity":
      guard let value = amount(0.5) else { return nil }
      self = .opacity(value)
    case "saturate":
      guard let value = amount(2) else { return nil }
      self = .saturate(value)
    case "sepia":
      guard let value = amount(1) else { return nil }
      self = .sepia(value)
    default: return nil
    }
  }

  /// How the draw list's text snapshot and the image caches name it.
  public var name: String {
    switch self {
    case .blur(let v): return "blur(\(v))"
    case .brightness(let v): return "brightness(\(v))"
    case .contrast(let v): return "contrast(\(v))"
    case .grayscale(let v): return "grayscale(\(v))"
    case .hueRotate(let v): return "hue-rotate(\(v))"
    case .invert(let v): return "invert(\(v))"
    case .opacity(let v): return "opacity(\(v))"
    case .saturate(let v): return "saturate(\(v))"
    case .sepia(let v): return "sepia(\(v))"
    }
  }
}
