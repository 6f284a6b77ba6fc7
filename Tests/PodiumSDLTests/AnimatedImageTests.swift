import Foundation
import PodiumCore
import PodiumSDLTestSupport
import PodiumTestSupport
import PodiumVideo
import Testing

@testable import PodiumSDL

/// Animated GIFs (SDL_image), WebPs (libwebp) and PNGs (FFmpeg) decoded frame by frame.
@Suite struct AnimatedImageTests {
  static let folder = try! Fixtures.temporaryDirectory("podium-animated")

  @Test(arguments: [TestClips.AnimationFormat.gif, .png, .webp])
  func everyFrameIsDecodedWithItsDelay(format: TestClips.AnimationFormat) throws {
    let file = try TestClips.animation(in: Self.folder, format: format, frames: 7, plays: 0)
    let images = ImageLibrary(videoFrames: FFmpegVideoFrames())
    let animation = try #require(images.animation(at: file.path))
    #expect(animation.frames.count == 7)
    #expect(animation.delays.allSatisfy { abs($0 - 0.1) < 0.011 }, "\(animation.delays)")
    for (index, frame) in animation.frames.enumerated() {
      let number = TestClips.frameNumber(width: frame.width, height: frame.height) { x, y in
        let pixel = frame.pixel(x: x, y: y)
        return (Int(pixel.red) + Int(pixel.green) + Int(pixel.blue)) / 3
      }
      #expect(number == index, "\(format) frame \(index)")
    }
    // The still picture an export shows is the first frame.
    let still = try #require(images.surface(at: file.path))
    let first = TestClips.frameNumber(width: still.width, height: still.height) { x, y in
      Int(still.pixel(x: x, y: y).green)
    }
    #expect(first == 0)
  }

  @Test func aStillPictureHasNoFramesToPlay() throws {
    let file = Self.folder.appendingPathComponent("still.png")
    try Fixtures.onePixelPNG.write(to: file)
    #expect(ImageLibrary().animation(at: file.path) == nil)
  }
}
