import CSDL2
import CSDL2Image
import Foundation
import PodiumCore

/// Loads deck images once and keeps them, as surfaces. Also measures them for layout.
///
/// Used from one thread.
public final class ImageLibrary: ImageMeasurer {
  /// Decoded images are kept up to this many bytes, the least recently used let go first, so a
  /// deck of a hundred photographs does not hold them all in memory.
  public static let cacheBudget = 256 * 1024 * 1024

  /// Decoded images, and nil for those that cannot be shown (so they are not tried again).
  private var surfaces = LRUCache<String, Surface?>(budget: cacheBudget)
  private var sizes: [String: PixelSize?] = [:]
  /// Animated pictures' frames (`AnimatedImages.swift`), bounded like the pictures.
  var animations = LRUCache<String, AnimatedImage?>(budget: cacheBudget)
  /// What draws pages of PDF files (PDF decks, typeset formulas); without it they are left out.
  public let pages: (any PageRasterizer)?
  /// What decodes a video's poster frame; without it a clip shows as an empty frame.
  public let videoFrames: (any VideoFrameSource)?

  public init(pages: (any PageRasterizer)? = nil, videoFrames: (any VideoFrameSource)? = nil) {
    self.pages = pages
    self.videoFrames = videoFrames
  }

  /// A page of a PDF file drawn at `size` (`item.page` of `item.path`, cropped to `item.source`),
  /// its ink in `item.tint` when it has one.
  func pagePixels(_ item: ImageItem, size: PixelSize) -> (bgra: [UInt8], opaque: Bool)? {
    guard item.page != nil, let pages, size.width > 0, size.height > 0,
      size.width <= ImageFile.maximumSide, size.height <= ImageFile.maximumSide
    else { return nil }
    guard var pixels = pages.bgraPixels(for: Self.pageRequest(item, size: size)),
      pixels.count == size.width * size.height * 4
    else { return nil }
    // An opaque page (a PDF deck's slide, a picture) is the same straight: a read of its
    // alphas, on the loop's thread, instead of a write pass (and a copy of the drawing kept).
    let opaque = item.tint == nil && Self.isOpaque(pixels)
    if !opaque { Self.straighten(&pixels, tint: item.tint) }
    // Not kept here: the window keeps the texture made from it.
    return (pixels, opaque)
  }

  /// A new surface holding straight BGRA rows of `size.width * 4` bytes.
  static func surface(bgra pixels: [UInt8], size: PixelSize) -> Surface? {
    guard let surface = try? Surface(transparentWidth: size.width, height: size.height),
      let target = surface.pointer.pointee.pixels
    else { return nil }
    let pitch = Int(surface.pointer.pointee.pitch)
    let line = size.width * 4
    pixels.withUnsafeBytes { from in
      for row in 0..<size.height {
        UnsafeMutableRawBufferPointer(start: target + row * pitch, count: line).copyMemory(
          from: UnsafeRawBufferPointer(rebasing: from[(row * line)..<((row + 1) * line)]))
      }
    }
    return surface
  }

  /// What asks the rasterizer for an item's page at `size` pixels.
  static func pageRequest(_ item: ImageItem, size: PixelSize) -> PageRequest {
    PageRequest(file: item.path, page: item.page ?? 0, size: size, crop: item.source)
  }

  /// What names a page drawn at one size in one colour, in the caches.
  static func pageKey(_ item: ImageItem, size: PixelSize) -> String {
    "\(item.path)\u{0}page \(item.page ?? 0) \(item.source.map { "\($0)" } ?? "") \(size) "
      + (item.tint.map { "\($0)" } ?? "")
  }

  /// Premultiplied BGRA made straight, as SDL blends it; with a tint, every pixel takes the
  /// tint's colour and keeps its coverage.
  static func straighten(_ pixels: inout [UInt8], tint: RGBAColor?) {
    for index in stride(from: 0, to: pixels.count - 3, by: 4) {
      let alpha = Int(pixels[index + 3])
      if let tint {
        pixels[index] = tint.blue
        pixels[index + 1] = tint.green
        pixels[index + 2] = tint.red
        pixels[index + 3] = UInt8(alpha * Int(tint.alpha) / 255)
      } else if alpha > 0 && alpha < 255 {
        for channel in 0..<3 {
          pixels[index + channel] = UInt8(min(255, Int(pixels[index + channel]) * 255 / alpha))
        }
      }
    }
  }

  /// Whether every pixel of BGRA rows is opaque.
  static func isOpaque(_ pixels: [UInt8]) -> Bool {
    pixels.withUnsafeBytes { bytes in
      // Eight pixels at a time: their alphas ANDed stay 0xFF only if all are.
      let words = bytes.count / 32
      var all: UInt64 = ~0
      for index in 0..<(words * 4) {
        all &= bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
      }
      guard all & 0xFF00_0000_FF00_0000 == 0xFF00_0000_FF00_0000 else { return false }
      for index in stride(from: words * 32 + 3, to: bytes.count, by: 4) where bytes[index] != 255 {
        return false
      }
      return true
    }
  }

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
    animations.removeAll()
  }

  /// The decoded image, or nil when it is missing, unreadable or too large. The corresponding
  /// C function is `IMG_Load`.
  func surface(at path: String) -> Surface? {
    if let cached = surfaces.value(forKey: path) { return cached }
    let loaded = load(path)
    let bytes = loaded.map { $0.height * Int($0.pointer.pointee.pitch) } ?? 0
    surfaces.insert(loaded, forKey: path, cost: bytes)
    return loaded
  }

  /// Decodes the image after its header passed `ImageFile`'s checks (a regular file, an image,
  /// not truncated, not too large), which the file may have stopped passing since the deck was
  /// read. Formats whose header Podium does not read are checked for size after decoding.
  private func load(_ path: String) -> Surface? {
    if let (clip, seconds) = VideoClip.frame(named: path) {
      return videoFrames?.bgraFrame(ofVideoAt: clip, at: seconds).flatMap {
        Self.surface(bgra: $0.pixels, size: $0.size)
      }
    }
    guard case .success(let header) = ImageFile.inspect(path: path) else { return nil }
    guard let raw = IMG_Load(path) else {
      // SDL_image 2.6 reads no animated WebP: its first frame (that one only), from libwebp's
      // demuxer.
      guard header.format == "WebP", header.animation != nil,
        let first = Self.webp(at: path, limit: 1)?.frames.first
      else { return nil }
      return first
    }
    let surface = Surface(owning: raw)
    guard surface.width <= ImageFile.maximumSide, surface.height <= ImageFile.maximumSide,
      surface.width * surface.height <= ImageFile.maximumPixels
    else { return nil }
    return surface
  }
}

extension ImageLibrary: ImagePixelSource {
  /// The decoded image as BGRA (cairo's `CAIRO_FORMAT_ARGB32` on a little-endian machine, SDL's
  /// `SDL_PIXELFORMAT_ARGB8888`), with Marp's `filters` drawn on it; premultiplied for cairo,
  /// straight for SDL. The corresponding C functions are `SDL_ConvertSurfaceFormat` and
  /// `SDL_PremultiplyAlpha`.
  public func bgraPixels(ofImageAt path: String, filters: [ImageFilter], premultiplied: Bool)
    -> (size: PixelSize, pixels: [UInt8])?
  {
    guard let surface = surface(at: path),
      let converted = SDL_ConvertSurfaceFormat(
        surface.pointer, SDL_PIXELFORMAT_ARGB8888.rawValue, 0)
    else { return nil }
    defer { SDL_FreeSurface(converted) }
    let width = Int(converted.pointee.w)
    let height = Int(converted.pointee.h)
    let pitch = Int(converted.pointee.pitch)
    guard let source = converted.pointee.pixels, width > 0, height > 0 else { return nil }
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    pixels.withUnsafeMutableBytes { target in
      for row in 0..<height {
        UnsafeMutableRawBufferPointer(rebasing: target[(row * width * 4)..<((row + 1) * width * 4)])
          .copyMemory(from: UnsafeRawBufferPointer(start: source + row * pitch, count: width * 4))
      }
    }
    ImageFilters.apply(filters, to: &pixels, width: width, height: height)
    if premultiplied {
      var straight = pixels
      let status = straight.withUnsafeMutableBytes { from in
        pixels.withUnsafeMutableBytes { to in
          SDL_PremultiplyAlpha(
            Int32(width), Int32(height), SDL_PIXELFORMAT_ARGB8888.rawValue, from.baseAddress,
            Int32(width * 4), SDL_PIXELFORMAT_ARGB8888.rawValue, to.baseAddress, Int32(width * 4))
        }
      }
      guard status == 0 else { return nil }
    }
    return (PixelSize(width: width, height: height), pixels)
  }

  /// The image with Marp's `filters` drawn on it, kept like the image itself.
  func surface(at path: String, filters: [ImageFilter]) -> Surface? {
    guard !filters.isEmpty else { return surface(at: path) }
    let key = path + "\u{0}" + filters.map(\.name).joined(separator: " ")
    if let cached = surfaces.value(forKey: key) { return cached }
    let made = bgraPixels(ofImageAt: path, filters: filters, premultiplied: false).flatMap {
      Self.surface(bgra: $0.pixels, size: $0.size)
    }
    surfaces.insert(made, forKey: key, cost: made.map { $0.width * $0.height * 4 } ?? 0)
    return made
  }
}
