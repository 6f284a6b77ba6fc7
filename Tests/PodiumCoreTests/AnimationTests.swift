import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

/// Animated pictures: what their headers say, and which frame shows when.
@Suite struct AnimationTests {
  static let folder = try! Fixtures.temporaryDirectory("podium-animations")

  @Test(arguments: [TestClips.AnimationFormat.gif, .png, .webp])
  func theHeadersSayHowManyFramesAndPlays(format: TestClips.AnimationFormat) throws {
    for plays in [0, 1, 3] {
      let file = try TestClips.animation(in: Self.folder, format: format, frames: 7, plays: plays)
      let header = try ImageFile.inspect(path: file.path).get()
      #expect(header.size == PixelSize(width: 160, height: 90))
      #expect(header.animation == AnimationHeader(frames: 7, plays: plays), "\(format) \(plays)")
    }
  }

  @Test func aStillPictureIsNoAnimation() throws {
    let file = Self.folder.appendingPathComponent("still.png")
    try Fixtures.onePixelPNG.write(to: file)
    #expect(try ImageFile.inspect(path: file.path).get().animation == nil)
    let gif = try TestClips.animation(in: Self.folder, format: .gif, frames: 1, plays: 1)
    #expect(try ImageFile.inspect(path: gif.path).get().animation == nil)
  }

  @Test func framesShowForTheirDelaysAsManyTimesAsThePictureSays() {
    let once = AnimationTimeline(delays: [0.1, 0.2, 0.3], plays: 1)
    #expect(once.frame(at: 0).index == 0)
    #expect(once.frame(at: 0.05) == (0, 0.05))
    #expect(once.frame(at: 0.15).index == 1)
    #expect(once.frame(at: 0.35).index == 2)
    #expect(once.frame(at: 0.6) == (2, nil), "played once, the last frame stays")
    let twice = AnimationTimeline(delays: [0.1, 0.2, 0.3], plays: 2)
    #expect(twice.frame(at: 0.65).index == 0)
    #expect(twice.frame(at: 1.25) == (2, nil))
    let forever = AnimationTimeline(delays: [0.1, 0.2, 0.3], plays: 0)
    #expect(forever.frame(at: 600.65).index == 0)
    #expect(forever.frame(at: 600.65).untilNext != nil)
    // A delay of 0 (or under 20 ms) means the default, 100 ms, as browsers take it.
    #expect(AnimationTimeline(delays: [0, 0.01, 0.05], plays: 0).delays == [0.1, 0.1, 0.05])
  }

  @Test func anAnimationTooLargeToKeepShowsItsFirstFrameWithAWarning() throws {
    // 2 frames of 8000 × 4500 would take 288 MB decoded: its header says so, without decoding.
    let big = Self.folder.appendingPathComponent("big.gif")
    var bytes = Array("GIF89a".utf8) + [0x40, 0x1F, 0x94, 0x11, 0x00, 0x00, 0x00]
    for _ in 0..<2 {
      bytes += [0x2C, 0, 0, 0, 0, 0x40, 0x1F, 0x94, 0x11, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00]
    }
    bytes += [0x3B]
    try Data(bytes).write(to: big)
    #expect(
      try ImageFile.inspect(path: big.path).get().animation == AnimationHeader(frames: 2, plays: 1))
    let result = DeckParser.parse(
      text: "![](big.gif)\n", file: "deck.md", baseDirectory: Self.folder.path)
    #expect(
      result.diagnostics.map(\.message) == [
        "animated GIF 'big.gif' has 2 frames of 8000 × 4500, 274 MB decoded; Podium plays "
          + "animations of up to 128 MB, so its first frame is shown"
      ])
    guard case .image(let image)? = result.deck?.slides.first?.blocks.first?.kind else {
      Issue.record("no image block")
      return
    }
    #expect(image.animation == nil)
  }
}
