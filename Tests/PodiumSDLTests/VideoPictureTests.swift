import Foundation
import PodiumCore
import PodiumSDLTestSupport
import PodiumTestSupport
import PodiumVideo
import Testing

@testable import PodiumSDL

/// A picture of one colour, in planar 4:2:0, as a decoder gives them.
final class SolidPicture: VideoPicture, @unchecked Sendable {
  let width: Int
  let height: Int
  let time = 0.0
  let half: (any VideoPicture)? = nil
  private let planes: [[UInt8]]

  init(width: Int, height: Int, y: UInt8, u: UInt8, v: UInt8) {
    self.width = width
    self.height = height
    planes = [
      [UInt8](repeating: y, count: width * height),
      [UInt8](repeating: u, count: width * height / 4),
      [UInt8](repeating: v, count: width * height / 4),
    ]
  }

  func withPlanes(
    _ body: (UnsafePointer<UInt8>, Int, UnsafePointer<UInt8>, Int, UnsafePointer<UInt8>, Int)
      -> Void
  ) {
    planes[0].withUnsafeBufferPointer { y in
      planes[1].withUnsafeBufferPointer { u in
        planes[2].withUnsafeBufferPointer { v in
          body(y.baseAddress!, width, u.baseAddress!, width / 2, v.baseAddress!, width / 2)
        }
      }
    }
  }
}

extension VideoClip {
  /// A clip whose headers say 64x36 pictures, three seconds of H.264 at 30 a second, no sound.
  static var small: VideoClip {
    var clip = VideoClip()
    clip.stream = VideoStream(
      width: 64, height: 36, duration: 3, frameRate: 30, codec: "h264", audioCodec: nil)
    return clip
  }
}

@Suite struct VideoPictureTests {
  let fonts = FontLibrary()

  /// A slide with a clip and a caption drawn over it (as over a background clip).
  func frame(size: PixelSize) -> SlideFrame {
    let clip = VideoClip.small
    let video = ImageItem(
      path: "/nowhere/clip.mp4", destination: Rect(x: 20, y: 10, width: 128, height: 72),
      video: clip)
    let slide = SlideFrame(
      size: size, slideRect: Rect(x: 0, y: 0, width: 200, height: 100),
      commands: [
        .fill(
          Rect(x: 0, y: 0, width: 200, height: 100), RGBAColor(red: 250, green: 250, blue: 250)),
        .image(video),
        .fill(Rect(x: 60, y: 40, width: 10, height: 10), RGBAColor(red: 0, green: 0, blue: 0)),
      ])
    return SlideFrame(
      size: size, slideRect: slide.slideRect,
      commands: [.layer(LayerItem(key: "slide", x: 0, y: 0, frame: slide))])
  }

  /// In place, and with layers kept as textures as a window keeps them (the layer that holds a
  /// playing clip is then drawn in place, over and over).
  @Test(arguments: [false, true])
  func aPlayingClipsPictureIsDrawnInItsPlaceUnderWhatComesAfterIt(keptLayers: Bool) throws {
    let size = PixelSize(width: 200, height: 100)
    let images = ImageLibrary()
    let canvas = try OffscreenCanvas(
      size: size, fonts: fonts, images: images, measurer: SDLTextMeasurer(library: fonts))
    if keptLayers { canvas.cacheLayers() }
    // Red in BT.601 limited range: Y 81, U 90, V 240.
    canvas.frameRenderer.livePictures = [
      "/nowhere/clip.mp4": .video(SolidPicture(width: 64, height: 36, y: 81, u: 90, v: 240))
    ]
    canvas.draw(frame(size: size))
    canvas.draw(frame(size: size))
    let inside = canvas.pixel(x: 30, y: 20)
    #expect(inside.red > 240 && inside.green < 20 && inside.blue < 20, "\(inside)")
    // What the slide draws after the clip stays over it.
    let over = canvas.pixel(x: 65, y: 45)
    #expect(over.red < 10 && over.green < 10 && over.blue < 10, "\(over)")
    // Outside the clip, the slide.
    let outside = canvas.pixel(x: 5, y: 5)
    #expect(outside.red == 250, "\(outside)")
  }

  /// What the slide draws over a playing clip is drawn over it once, whatever clips were opened
  /// before it: a half-transparent veil over the whole slide, after a clip inside a clip region.
  @Test func whatIsOverAClipIsDrawnOverItOnce() throws {
    let size = PixelSize(width: 200, height: 100)
    let clip = VideoClip.small
    let whole = Rect(x: 0, y: 0, width: 200, height: 100)
    let slide = SlideFrame(
      size: size, slideRect: whole,
      commands: [
        .fill(whole, RGBAColor(red: 0, green: 0, blue: 250)),
        .pushClip(Rect(x: 10, y: 10, width: 150, height: 80)),
        .image(
          ImageItem(
            path: "/nowhere/clip.mp4", destination: Rect(x: 20, y: 10, width: 128, height: 72),
            video: clip)),
        .popClip,
        .fill(whole, RGBAColor(red: 255, green: 255, blue: 255, alpha: 128)),
      ])
    let canvas = try OffscreenCanvas(
      size: size, fonts: fonts, images: ImageLibrary(), measurer: SDLTextMeasurer(library: fonts))
    canvas.cacheLayers()
    canvas.frameRenderer.livePictures = [
      "/nowhere/clip.mp4": .video(SolidPicture(width: 64, height: 36, y: 81, u: 90, v: 240))
    ]
    let frame = SlideFrame(
      size: size, slideRect: whole,
      commands: [.layer(LayerItem(key: "veiled", x: 0, y: 0, frame: slide))])
    canvas.draw(frame)
    canvas.draw(frame)
    // Red under half white: (255, 128, 128) give or take; blue under it: (128, 128, 252).
    let inside = canvas.pixel(x: 60, y: 40)
    #expect(abs(Int(inside.red) - 255) < 6 && abs(Int(inside.green) - 128) < 6, "\(inside)")
    let outside = canvas.pixel(x: 180, y: 95)
    #expect(abs(Int(outside.red) - 128) < 6 && Int(outside.blue) > 245, "\(outside)")
  }

  /// A background clip hides the layer that holds it: the window does not copy the layer
  /// under the picture (at 1080p, 8 MB a picture for nothing), yet shows the picture with what
  /// the slide puts over it; once the clip stops, the kept layer is copied again.
  @Test func aLayerHiddenByItsPlayingClipIsNotCopied() throws {
    let size = PixelSize(width: 200, height: 100)
    let whole = Rect(x: 0, y: 0, width: 200, height: 100)
    let clip = VideoClip.small
    let slide = SlideFrame(
      size: size, slideRect: whole,
      commands: [
        .fill(whole, RGBAColor(red: 250, green: 250, blue: 250)),
        .image(
          ImageItem(
            path: "/nowhere/clip.mp4", destination: Rect(x: -10, y: 0, width: 220, height: 100),
            video: clip)),
        .fill(Rect(x: 60, y: 40, width: 10, height: 10), RGBAColor(red: 0, green: 0, blue: 0)),
      ])
    let frame = SlideFrame(
      size: size, slideRect: whole,
      commands: [.layer(LayerItem(key: "background clip", x: 0, y: 0, frame: slide))])
    let canvas = try OffscreenCanvas(
      size: size, fonts: fonts, images: ImageLibrary(), measurer: SDLTextMeasurer(library: fonts))
    canvas.cacheLayers()
    let renderer = canvas.frameRenderer
    renderer.livePictures = [
      "/nowhere/clip.mp4": .video(SolidPicture(width: 64, height: 36, y: 81, u: 90, v: 240))
    ]
    for _ in 0..<4 { canvas.draw(frame) }
    #expect(renderer.layersHidden == 4)
    for (x, y) in [(0, 0), (199, 99), (30, 20)] {
      let pixel = canvas.pixel(x: x, y: y)
      #expect(pixel.red > 240 && pixel.green < 20 && pixel.blue < 20, "(\(x), \(y)): \(pixel)")
    }
    let over = canvas.pixel(x: 65, y: 45)
    #expect(over.red < 10 && over.green < 10 && over.blue < 10, "\(over)")
    // The clip stops: the kept layer is copied again.
    renderer.livePictures = [:]
    let reused = renderer.layersReused
    canvas.draw(frame)
    #expect(renderer.layersHidden == 4)
    #expect(renderer.layersReused > reused)
    #expect(canvas.pixel(x: 65, y: 45).red < 10)
  }

  /// A frame answering a key keeps the picture the clip's texture has (`holdsPictures`), and
  /// the next frame takes the new one.
  @Test func aFrameAnsweringAKeyKeepsTheClipsPicture() throws {
    let size = PixelSize(width: 200, height: 100)
    let canvas = try OffscreenCanvas(
      size: size, fonts: fonts, images: ImageLibrary(), measurer: SDLTextMeasurer(library: fonts))
    let renderer = canvas.frameRenderer
    let path = "/nowhere/clip.mp4"
    renderer.livePictures = [
      path: .video(SolidPicture(width: 64, height: 36, y: 81, u: 90, v: 240))
    ]
    canvas.draw(frame(size: size))
    #expect(canvas.pixel(x: 30, y: 20).red > 240, "red")
    renderer.livePictures = [
      path: .video(SolidPicture(width: 64, height: 36, y: 41, u: 240, v: 110))
    ]
    renderer.holdsPictures = true
    canvas.draw(frame(size: size))
    let held = canvas.pixel(x: 30, y: 20)
    #expect(held.red > 240 && held.blue < 20, "still red: \(held)")
    renderer.holdsPictures = false
    canvas.draw(frame(size: size))
    let taken = canvas.pixel(x: 30, y: 20)
    #expect(taken.blue > 240 && taken.red < 20, "blue: \(taken)")
  }

  @Test func aClipNotPlayingShowsNoPictureOfItsOwn() throws {
    let size = PixelSize(width: 200, height: 100)
    let canvas = try OffscreenCanvas(
      size: size, fonts: fonts, images: ImageLibrary(), measurer: SDLTextMeasurer(library: fonts))
    canvas.draw(frame(size: size))
    // No poster source and not playing: the slide's own background shows through.
    let inside = canvas.pixel(x: 30, y: 20)
    #expect(inside.red == 250 && inside.green == 250, "\(inside)")
  }

  /// A clip decoded by FFmpeg and drawn through a window's YUV texture: FFmpeg's testsrc2
  /// pattern keeps its colour bars (red, green, blue... from the left), at any size.
  @Test(arguments: [PixelSize(width: 640, height: 360), PixelSize(width: 960, height: 540)])
  func aDecodedPictureKeepsItsColours(size: PixelSize) throws {
    let folder = try Fixtures.temporaryDirectory("podium-decoded")
    let path = try TestClips.pattern(in: folder, seconds: 1).path
    var clip = VideoClip()
    clip.stream = try FFmpegVideoProbe().probe(path: path).get()
    let opened = FFmpegPlayback().open(path: path, clip: clip, sound: false, wake: {})
    let player = try #require(opened)
    defer { player.stop() }
    var picture: (any VideoPicture)?
    for _ in 0..<300 where picture == nil {
      picture = player.currentPicture()
      Thread.sleep(forTimeInterval: 0.01)
    }
    let canvas = try OffscreenCanvas(
      size: size, fonts: fonts, images: ImageLibrary(), measurer: SDLTextMeasurer(library: fonts))
    canvas.cacheLayers()
    let whole = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
    canvas.frameRenderer.livePictures = [path: .video(try #require(picture))]
    canvas.draw(
      SlideFrame(
        size: size, slideRect: whole,
        commands: [.image(ImageItem(path: path, destination: whole, video: clip))]))
    // testsrc2's bars, near the bottom (below its moving parts): red, then
    // green, yellow, blue, magenta, cyan.
    let expected: [(Int, Int, Int)] = [
      (255, 0, 0), (0, 255, 0), (255, 255, 0), (0, 0, 255), (255, 0, 255), (0, 255, 255),
    ]
    for (bar, colour) in expected.enumerated() {
      let x = (2 * bar + 1) * size.width / 12
      let pixel = canvas.pixel(x: x, y: size.height * 97 / 100)
      let off = [
        abs(Int(pixel.red) - colour.0), abs(Int(pixel.green) - colour.1),
        abs(Int(pixel.blue) - colour.2),
      ]
      #expect(off.max()! < 40, "bar \(bar) at x \(x): \(pixel)")
    }
  }
}
