import CSDL2
import CSDL2Image
import CWebPDemux
import Foundation
import PodiumCore

/// An animated picture decoded whole: each frame a surface, drawn over the frames before it as
/// the file says, with its delay in seconds.
final class AnimatedImage {
  let frames: [Surface]
  let delays: [Double]

  init(frames: [Surface], delays: [Double]) {
    self.frames = frames
    self.delays = delays
  }

  var cost: Int { frames.reduce(0) { $0 + $1.height * Int($1.pointer.pointee.pitch) } }
}

/// Animated GIFs (SDL_image), WebPs (libwebp's demuxer: SDL_image 2.6 reads only their first
/// frame, FFmpeg 5.1 none) and PNGs (FFmpeg, through `VideoFrameSource`: libpng has no APNG).
/// This is the one file that uses libwebp.
extension ImageLibrary {
  /// The frames of the animated picture at `path`, decoded once and kept; nil when it is not an
  /// animation, cannot be decoded or is too large to keep.
  func animation(at path: String) -> AnimatedImage? {
    if let kept = animations.value(forKey: path) { return kept }
    let decoded = decodeAnimation(at: path)
    animations.insert(decoded, forKey: path, cost: decoded?.cost ?? 0)
    return decoded
  }

  /// The surface of frame `index` of the animation at `path`.
  func animationFrame(at path: String, index: Int) -> Surface? {
    guard let animation = animation(at: path), animation.frames.indices.contains(index) else {
      return nil
    }
    return animation.frames[index]
  }

  private func decodeAnimation(at path: String) -> AnimatedImage? {
    guard case .success(let header) = ImageFile.inspect(path: path),
      let animation = header.animation, let size = header.size,
      animation.fits(size)
    else { return nil }
    switch header.format {
    case "GIF": return Self.gif(at: path)
    case "WebP": return Self.webp(at: path).flatMap { $0.frames.count > 1 ? $0 : nil }
    case "PNG":
      guard
        let decoded = videoFrames?.animationFrames(
          ofPNGAt: path, limit: AnimationHeader.byteLimit)
      else { return nil }
      let surfaces = decoded.frames.compactMap { Self.surface(bgra: $0, size: decoded.size) }
      guard surfaces.count == decoded.frames.count else { return nil }
      return AnimatedImage(frames: surfaces, delays: decoded.delays)
    default: return nil
    }
  }

  /// The corresponding C functions are `IMG_LoadAnimation`, `SDL_ConvertSurfaceFormat` and
  /// `IMG_FreeAnimation`.
  private static func gif(at path: String) -> AnimatedImage? {
    guard let loaded = IMG_LoadAnimation(path) else { return nil }
    defer { IMG_FreeAnimation(loaded) }
    let count = Int(loaded.pointee.count)
    guard count > 1, let frames = loaded.pointee.frames, let delays = loaded.pointee.delays else {
      return nil
    }
    var surfaces: [Surface] = []
    for index in 0..<count {
      guard let frame = frames[index],
        let copy = SDL_ConvertSurfaceFormat(frame, SDL_PIXELFORMAT_ARGB8888.rawValue, 0)
      else { return nil }
      surfaces.append(Surface(owning: copy))
    }
    return AnimatedImage(frames: surfaces, delays: (0..<count).map { Double(delays[$0]) / 1000 })
  }

  /// The first `limit` frames of an animated WebP (all of them by default); nil when none can be
  /// decoded. The corresponding C functions are `WebPAnimDecoderNew`, `WebPAnimDecoderGetInfo`,
  /// `WebPAnimDecoderGetNext` and `WebPAnimDecoderDelete`.
  static func webp(at path: String, limit: Int = .max) -> AnimatedImage? {
    guard
      case .success(let bytes) = LocalFiles().contents(
        of: path, limit: ImageFile.maximumFileSize, kind: "images")
    else { return nil }
    return bytes.withUnsafeBufferPointer { buffer -> AnimatedImage? in
      var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
      var options = WebPAnimDecoderOptions()
      guard podium_webp_anim_decoder_options_init(&options) != 0 else { return nil }
      options.color_mode = MODE_BGRA
      guard let decoder = podium_webp_anim_decoder_new(&data, &options) else { return nil }
      defer { WebPAnimDecoderDelete(decoder) }
      var info = WebPAnimInfo()
      guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { return nil }
      let size = PixelSize(width: Int(info.canvas_width), height: Int(info.canvas_height))
      var surfaces: [Surface] = []
      var delays: [Double] = []
      var previous: Int32 = 0
      while surfaces.count < limit, WebPAnimDecoderHasMoreFrames(decoder) != 0 {
        var pixels: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0, let pixels else {
          return nil
        }
        let frame = [UInt8](UnsafeBufferPointer(start: pixels, count: size.width * size.height * 4))
        guard let surface = surface(bgra: frame, size: size) else { return nil }
        surfaces.append(surface)
        delays.append(Double(timestamp - previous) / 1000)
        previous = timestamp
      }
      return surfaces.isEmpty ? nil : AnimatedImage(frames: surfaces, delays: delays)
    }
  }
}
