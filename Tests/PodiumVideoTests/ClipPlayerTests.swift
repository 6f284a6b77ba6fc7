import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

@testable import PodiumVideo

/// The FFmpeg player on real clips: its clock, its pictures, its keys and its sound.
@Suite(.serialized) struct ClipPlayerTests {
  static let folder = try! Fixtures.temporaryDirectory("podium-player")
  static let counter = try! TestClips.counter(in: folder, seconds: 3)

  func player(
    _ configure: (inout VideoClip) -> Void = { _ in }, sound: Bool = false
  ) throws -> any ClipPlayer {
    var clip = VideoClip()
    clip.stream = try FFmpegVideoProbe().probe(path: Self.counter.path).get()
    configure(&clip)
    let opened = FFmpegPlayback().open(
      path: Self.counter.path, clip: clip, sound: sound, wake: {})
    return try #require(opened)
  }

  /// The frame number of the picture shown now.
  func frameShown(_ player: any ClipPlayer) -> Int? {
    guard let picture = player.currentPicture() else { return nil }
    var number: Int?
    picture.withPlanes { y, pitch, _, _, _, _ in
      number = TestClips.frameNumber(width: picture.width, height: picture.height) { x, row in
        Int(y[row * pitch + x])
      }
    }
    return number
  }

  func waitForPicture(_ player: any ClipPlayer) -> Int? {
    for _ in 0..<300 {
      if let number = frameShown(player) { return number }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return nil
  }

  @Test func itShowsTheFrameTheClockIsAt() throws {
    let player = try player()
    defer { player.stop() }
    #expect(waitForPicture(player) == 0, "paused, it shows its first frame")
    #expect(player.duration > 2.9 && player.duration < 3.1)
    player.play()
    Thread.sleep(forTimeInterval: 1)
    let position = player.position
    #expect(position > 0.85 && position < 1.2, "\(position)")
    let frame = try #require(frameShown(player))
    #expect(abs(Double(frame) - position * 30) <= 3, "frame \(frame) at \(position) s")
    // Paused, the clock and the picture stay.
    player.pause()
    let paused = player.position
    Thread.sleep(forTimeInterval: 0.3)
    #expect(abs(player.position - paused) < 0.001)
    #expect(!player.isPlaying)
  }

  @Test func seekingMovesThePictureAndTheClock() throws {
    let player = try player()
    defer { player.stop() }
    _ = waitForPicture(player)
    player.seek(to: 2)
    Thread.sleep(forTimeInterval: 0.3)
    #expect(abs(player.position - 2) < 0.01)
    #expect(
      frameShown(player).map { abs($0 - 60) <= 1 } == true,
      "\(String(describing: frameShown(player)))")
  }

  /// Paused, a seek shows the picture it lands on, though that picture's time is a little after
  /// the clock's (half a frame at most), and into the clip's last moments too, whose pictures
  /// the decoder still holds when the file ends.
  @Test func aPausedSeekShowsThePictureItLandsOn() throws {
    let player = try player()
    defer { player.stop() }
    _ = waitForPicture(player)
    for (to, frames) in [(1.99, 60...60), (2.51, 75...76), (2.95, 88...89)] {
      player.seek(to: to)
      Thread.sleep(forTimeInterval: 0.3)
      let frame = frameShown(player)
      #expect(frame.map(frames.contains) == true, "at \(to) s: \(String(describing: frame))")
    }
  }

  @Test func aClipEndsOrLoopsAsItSays() throws {
    let once = try player()
    defer { once.stop() }
    once.seek(to: 2.5)
    once.play()
    Thread.sleep(forTimeInterval: 0.9)
    _ = frameShown(once)
    #expect(!once.isPlaying, "played to its end")
    #expect(abs(once.position - 3) < 0.05, "\(once.position)")
    #expect(frameShown(once) == 89, "the last frame stays")

    let looping = try player { $0.loop = true }
    defer { looping.stop() }
    looping.seek(to: 2.5)
    looping.play()
    Thread.sleep(forTimeInterval: 1)
    #expect(looping.isPlaying)
    #expect(looping.position > 0.2 && looping.position < 0.8, "\(looping.position)")
    let frame = try #require(frameShown(looping))
    #expect(frame < 25, "round again: frame \(frame)")
  }

  @Test func startAndEndCutThePartPlayed() throws {
    let player = try player {
      $0.start = 1
      $0.end = 2
    }
    defer { player.stop() }
    #expect(abs(player.duration - 1) < 0.01)
    #expect(waitForPicture(player).map { abs($0 - 30) <= 1 } == true)
    player.play()
    Thread.sleep(forTimeInterval: 1.4)
    _ = frameShown(player)
    #expect(!player.isPlaying)
    #expect(frameShown(player).map { $0 < 61 } == true)
  }

  @Test func lateLooksDropPicturesRatherThanFallBehind() throws {
    let player = try player()
    defer { player.stop() }
    _ = waitForPicture(player)
    player.play()
    for _ in 0..<5 {
      Thread.sleep(forTimeInterval: 0.2)
      let frame = try #require(frameShown(player))
      #expect(abs(Double(frame) - player.position * 30) <= 3)
    }
    let counts = player.counts
    #expect(counts.dropped > 20, "\(counts)")
    #expect(counts.shown >= 5)
  }

  /// The sound is the clip's 440 Hz tone, and it is the clock: no sound taken, no time passes.
  @Test func theSoundIsTheToneAndTheClock() throws {
    let player = try player(sound: true)
    defer { player.stop() }
    #expect(player.hasSound)
    _ = waitForPicture(player)
    player.play()
    Thread.sleep(forTimeInterval: 0.3)
    #expect(player.position < 0.05, "no device took sound yet: \(player.position)")
    // A device of 1024-frame buffers, as SDL's is, for one second.
    let rate = VideoPlaybackFormat.sampleRate
    var heard: [Int16] = []
    var buffer = [Int16](repeating: 0, count: 2048)
    while heard.count < rate * 2 {
      for index in buffer.indices { buffer[index] = 0 }
      buffer.withUnsafeMutableBufferPointer {
        player.mixSound(into: $0.baseAddress!, frames: 1024, latency: 0.04)
      }
      heard += buffer
      Thread.sleep(forTimeInterval: 1024 / Double(rate))
    }
    let left = stride(from: 0, to: heard.count, by: 2).map { Int(heard[$0]) }
    let crossings = zip(left, left.dropFirst()).filter { $0 < 0 && $1 >= 0 }.count
    // 440 rising zero crossings a second, give or take the first buffers' wait for the decoder.
    #expect(crossings > 400 && crossings <= 441, "\(crossings)")
    // ffmpeg's sine source is an eighth of full scale: 4096.
    #expect((left.map(abs).max() ?? 0) > 3500, "loud enough to be the tone")
    let position = player.position
    #expect(position > 0.9 && position < 1.05, "the clock follows the sound: \(position)")
  }

  /// What the device is given when the clip starts or goes on (after a pause or a seek) is heard
  /// after what it holds already: the clock waits where the clip went on until then, never going
  /// back by the device's latency.
  @Test func theClockWaitsForTheSoundRatherThanGoingBack() throws {
    let player = try player(sound: true)
    defer { player.stop() }
    _ = waitForPicture(player)
    var buffer = [Int16](repeating: 0, count: 2048)
    let rate = Double(VideoPlaybackFormat.sampleRate)
    /// The device takes `count` buffers of 1024 frames, in real time, and the clock's positions
    /// after each.
    func take(_ count: Int) -> [Double] {
      (0..<count).map { _ in
        buffer.withUnsafeMutableBufferPointer {
          player.mixSound(into: $0.baseAddress!, frames: 1024, latency: 0.04)
        }
        Thread.sleep(forTimeInterval: 1024 / rate)
        return player.position
      }
    }
    player.play()
    let starting = take(20)
    #expect(starting.first == 0 && starting == starting.sorted(), "\(starting)")
    player.pause()
    let paused = player.position
    #expect(paused > 0.2, "\(paused)")
    player.play()
    let goingOn = take(6)
    #expect(goingOn.allSatisfy { $0 >= paused } && goingOn == goingOn.sorted(), "\(goingOn)")
    #expect((goingOn.last ?? 0) > paused + 0.05, "\(goingOn)")
    player.seek(to: 2)
    let sought = take(6)
    #expect(sought.allSatisfy { $0 >= 2 } && sought == sought.sorted(), "\(sought)")
  }

  /// A clip cut short after its headers (its index at the front, as `-movflags +faststart`
  /// writes it) plays what is there and stops on its last whole picture.
  @Test func aClipCutShortPlaysWhatIsThere() throws {
    let folder = try Fixtures.temporaryDirectory("podium-cut-clip")
    let whole = folder.appendingPathComponent("whole.mp4")
    try TestClips.ffmpeg([
      "-i", Self.counter.path, "-c", "copy", "-movflags", "+faststart", whole.path,
    ])
    let bytes = try Data(contentsOf: whole)
    let cut = folder.appendingPathComponent("cut.mp4")
    try bytes.prefix(bytes.count / 2).write(to: cut)
    var clip = VideoClip()
    clip.stream = try FFmpegVideoProbe().probe(path: cut.path).get()
    #expect((clip.stream?.duration ?? 0) > 2.9, "the headers still say 3 s")
    let opened = FFmpegPlayback().open(path: cut.path, clip: clip, sound: true, wake: {})
    let player = try #require(opened)
    defer { player.stop() }
    _ = waitForPicture(player)
    player.play()
    var last = 0
    for _ in 0..<25 {
      Thread.sleep(forTimeInterval: 0.1)
      // No device takes the sound here: the clock is the sound's, so move it along as one would.
      var buffer = [Int16](repeating: 0, count: 9600)
      buffer.withUnsafeMutableBufferPointer {
        player.mixSound(into: $0.baseAddress!, frames: 4800, latency: 0)
      }
      last = frameShown(player) ?? last
    }
    #expect(last > 10 && last < 80, "it showed what was there, up to frame \(last)")
    let held = frameShown(player)
    Thread.sleep(forTimeInterval: 0.3)
    #expect(frameShown(player) == held, "and stays on its last picture")
  }
}
