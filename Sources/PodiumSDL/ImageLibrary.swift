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

  /// Decoded images are kept up to this many bytes; past it the cache starts again, so a deck
  /// of a hundred photographs does not hold them all in memory.
  public static let cacheBudget = 256 * 1024 * 1024

  private var surfaces: [String: Surface?] = [:]
  private var cachedBytes = 0
  private var sizes: [String: PixelSize?] = [:]

  public init() {}

  /// The image's size in pixels, or nil if it cannot be read.
  public func size(ofImageAt path: String) -> PixelSize? {
    if let known = sizes[path] { return known }
    let size = surface(at: path).map { PixelSize(width: $0.width, height: $0.height) }
    sizes[path] = size
    return size
  }

  /// Forgets every image and size: files may have changed on disk.
  public func removeAll() {
    surfaces.removeAll()
    sizes.removeAll()
    cachedBytes = 0
  }

  /// The decoded image, or nil when it is missing, unreadable or too large. The corresponding
  /// C function is `IMG_Load`.
  func surface(at path: String) -> Surface? {
    if let cached = surfaces[path] { return cached }
    let loaded = load(path)
    let bytes = loaded.map { $0.height * Int($0.pointer.pointee.pitch) } ?? 0
    if cachedBytes + bytes > Self.cacheBudget {
      surfaces.removeAll(keepingCapacity: true)
      cachedBytes = 0
    }
    surfaces[path] = loaded
    cachedBytes += bytes
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
