import CSDL2
import CSDL2Image
import Foundation
import PodiumCore

/// Loads deck images once and keeps them, as surfaces. Also measures them for layout.
///
/// Used from one thread.
public final class ImageLibrary: ImageMeasurer {
  /// Images larger than this on a side are refused rather than decoded into gigabytes.
  public static let maximumSide = 16_384
  /// Image files larger than this are not read at all.
  public static let maximumFileSize = 128 * 1024 * 1024

  private var surfaces: [String: Surface?] = [:]

  public init() {}

  /// The image's size in pixels, or nil if it cannot be read.
  public func size(ofImageAt path: String) -> PixelSize? {
    guard let surface = surface(at: path) else { return nil }
    return PixelSize(width: surface.width, height: surface.height)
  }

  /// The decoded image, or nil when it is missing, unreadable or too large. The corresponding
  /// C function is `IMG_Load`.
  func surface(at path: String) -> Surface? {
    if let cached = surfaces[path] { return cached }
    let loaded = load(path)
    surfaces[path] = loaded
    return loaded
  }

  private func load(_ path: String) -> Surface? {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
      Int(info.st_size) <= Self.maximumFileSize
    else { return nil }
    guard let raw = IMG_Load(path) else { return nil }
    let surface = Surface(owning: raw)
    guard surface.width <= Self.maximumSide, surface.height <= Self.maximumSide else { return nil }
    return surface
  }
}
