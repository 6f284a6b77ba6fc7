import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

@testable import PodiumSDL

/// What the talk does with the clips of the slide on show, with players that only record what
/// they are asked (FFmpeg's own are tested in PodiumVideoTests, and on the X server).
@Suite struct TalkVideosTests {
  final class FakePlayer: ClipPlayer, @unchecked Sendable {
    var asked: [String] = []
    var position = 0.0
    let duration = 30.0
    var isPlaying = false
    let hasSound = false
    func play() {
      asked.append("play")
      isPlaying = true
    }
    func pause() {
      asked.append("pause")
      isPlaying = false
    }
    func seek(to seconds: Double) {
      asked.append("seek \(seconds)")
      position = seconds
    }
    func stop() { asked.append("stop") }
    func currentPicture() -> (any VideoPicture)? { nil }
    var nextPictureDue: Double? { nil }
    var counts: (shown: Int, dropped: Int) { (0, 0) }
    func mixSound(into samples: UnsafeMutablePointer<Int16>, frames: Int, latency: Double) {}
  }

  final class FakePlayback: VideoPlayback, @unchecked Sendable {
    var opened: [FakePlayer] = []
    func open(path: String, clip: VideoClip, sound: Bool, wake: @escaping @Sendable () -> Void)
      -> (any ClipPlayer)?
    {
      let player = FakePlayer()
      opened.append(player)
      return player
    }
    func bgraFrame(ofVideoAt path: String, at seconds: Double) -> (
      size: PixelSize, pixels: [UInt8]
    )? { nil }
    func animationFrames(ofPNGAt path: String, limit: Int) -> AnimationFrames? { nil }
  }

  func item(_ configure: (inout VideoClip) -> Void = { _ in }) -> ImageItem {
    var clip = VideoClip()
    clip.stream = VideoStream(
      width: 640, height: 360, duration: 30, frameRate: 30, codec: "h264", audioCodec: nil)
    configure(&clip)
    return ImageItem(
      path: "/talk/demo.mp4", destination: Rect(x: 0, y: 0, width: 640, height: 360), video: clip)
  }

  @Test func aClipPlaysWhileItsSlideShowsAndStartsAgainWhenItComesBack() {
    let playback = FakePlayback()
    var events: [TraceEvent] = []
    let videos = TalkVideos(playback: playback, images: ImageLibrary()) { events.append($0) }
    videos.follow(slide: 2, items: [item()], live: true)
    #expect(playback.opened.count == 1)
    #expect(playback.opened[0].asked == ["play"])
    playback.opened[0].position = 12
    videos.follow(slide: 3, items: [], live: true)
    #expect(playback.opened[0].asked == ["play", "stop"])
    videos.follow(slide: 2, items: [item()], live: true)
    #expect(playback.opened.count == 2)
    #expect(playback.opened[1].asked == ["play"], "from the start again")
    #expect(
      events.compactMap { if case .video(let video) = $0 { video.action } else { nil } } == [
        "play", "stop", "play",
      ])
  }

  @Test func aResumeClipGoesOnWhereItWasLeft() {
    let playback = FakePlayback()
    let videos = TalkVideos(playback: playback, images: ImageLibrary()) { _ in }
    let resumed = item { $0.resume = true }
    videos.follow(slide: 2, items: [resumed], live: true)
    playback.opened[0].position = 12
    videos.follow(slide: 3, items: [], live: true)
    videos.follow(slide: 2, items: [resumed], live: true)
    #expect(playback.opened[1].asked == ["seek 12.0", "play"])
  }

  @Test func blankingOrFreezingHoldsTheClipAndTheSlideBackGoesOn() {
    let playback = FakePlayback()
    let videos = TalkVideos(playback: playback, images: ImageLibrary()) { _ in }
    videos.follow(slide: 2, items: [item()], live: true)
    videos.follow(slide: 2, items: [item()], live: false)
    videos.follow(slide: 2, items: [item()], live: false)
    videos.follow(slide: 2, items: [item()], live: true)
    #expect(playback.opened.count == 1, "the same player all along")
    #expect(playback.opened[0].asked == ["play", "pause", "play"])
    // A clip that waits for `v` is not started by the slide coming back.
    let waiting = FakePlayback()
    let others = TalkVideos(playback: waiting, images: ImageLibrary()) { _ in }
    others.follow(slide: 1, items: [item { $0.autoplay = false }], live: true)
    #expect(waiting.opened[0].asked.isEmpty)
    others.handle([.playPause])
    others.handle([.seek(5)])
    others.handle([.restart])
    #expect(waiting.opened[0].asked == ["play", "seek 5.0", "seek 0.0"])
  }

  /// A move's frames go out before decoders end and start: `follow` without `finishing` takes
  /// a clip that leaves out of the pictures, the sound and the console line at once, and stops
  /// it and opens the new slide's clips only at `finishFollowing`.
  @Test func decodersEndAndStartAfterTheMovesFrames() {
    let playback = FakePlayback()
    let videos = TalkVideos(playback: playback, images: ImageLibrary()) { _ in }
    videos.follow(slide: 2, items: [item { $0.resume = true }], live: true)
    playback.opened[0].position = 12
    videos.follow(slide: 3, items: [], live: true, finishing: false)
    #expect(playback.opened[0].asked == ["play"], "not stopped yet")
    #expect(videos.consoleLine == nil)
    #expect(videos.pictures().isEmpty)
    videos.finishFollowing()
    #expect(playback.opened[0].asked == ["play", "stop"])

    videos.follow(slide: 2, items: [item { $0.resume = true }], live: true, finishing: false)
    #expect(playback.opened.count == 1, "not opened yet")
    videos.finishFollowing()
    #expect(playback.opened.count == 2)
    #expect(playback.opened[1].asked == ["seek 12.0", "play"], "where it was left")
    // Opened while the room's view is blank, a clip waits for the slide to come back.
    videos.follow(slide: 4, items: [], live: false)
    videos.follow(slide: 5, items: [item()], live: false, finishing: false)
    videos.finishFollowing()
    #expect(playback.opened.count == 3)
    #expect(playback.opened[2].asked.isEmpty)
    videos.follow(slide: 5, items: [item()], live: true)
    #expect(playback.opened[2].asked == ["play"])
  }

  @Test func theConsoleLineSaysWhereTheClipIs() {
    let playback = FakePlayback()
    let videos = TalkVideos(playback: playback, images: ImageLibrary()) { _ in }
    #expect(videos.consoleLine == nil)
    videos.follow(slide: 2, items: [item { $0.start = 10 }], live: true)
    playback.opened[0].position = 22.5
    #expect(videos.consoleLine == "▶ 0:12 / 0:30")
    videos.handle([.playPause])
    #expect(videos.consoleLine == "❚❚ 0:12 / 0:30")
  }
}
