import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

@testable import PodiumVideo

/// FFmpeg reading real clips made by the `ffmpeg` command: headers, posters, and what it refuses.
@Suite(.serialized) struct VideoFileTests {
  static let folder = try! Fixtures.temporaryDirectory("podium-clips")
  static let counter = try! TestClips.counter(in: folder, seconds: 3)
  static let webm = try! TestClips.counter(in: folder, seconds: 2, codec: .vp9, tone: false)

  @Test func theHeadersGiveSizeLengthRateAndCodecs() throws {
    let mp4 = try FFmpegVideoProbe().probe(path: Self.counter.path).get()
    #expect(mp4.width == 320 && mp4.height == 180)
    #expect(abs(mp4.duration - 3) < 0.1, "\(mp4.duration)")
    #expect(abs(mp4.frameRate - 30) < 0.01)
    #expect(mp4.codec == "h264" && mp4.audioCodec == "aac")
    let webm = try FFmpegVideoProbe().probe(path: Self.webm.path).get()
    #expect(webm.codec == "vp9" && webm.audioCodec == nil)
    #expect(abs(webm.duration - 2) < 0.1, "\(webm.duration)")
  }

  @Test func aPosterIsTheFrameAtItsTime() throws {
    for (seconds, frame) in [(0.0, 0), (1.0, 30), (2.5, 75)] {
      let (size, pixels) = try #require(
        FFmpegVideoFrames().bgraFrame(ofVideoAt: Self.counter.path, at: seconds))
      #expect(size.width == 320 && size.height == 180)
      let number = TestClips.frameNumber(width: 320, height: 180) { x, y in
        Int(pixels[(y * 320 + x) * 4 + 1])  // green, in BGRA
      }
      #expect(number == frame, "at \(seconds) s")
    }
  }

  @Test func whatIsNotAPlayableClipIsRefusedWithItsReason() throws {
    let folder = try Fixtures.temporaryDirectory("podium-bad-clips")
    func problem(_ path: String, probe: FFmpegVideoProbe = FFmpegVideoProbe()) -> ImageFile.Problem?
    {
      if case .failure(let problem) = probe.probe(path: path) { return problem }
      return nil
    }
    #expect(problem(folder.appendingPathComponent("missing.mp4").path)?.reason == "video not found")
    let empty = folder.appendingPathComponent("empty.mp4")
    #expect(FileManager.default.createFile(atPath: empty.path, contents: Data()))
    #expect(problem(empty.path)?.message == "is empty")
    let text = folder.appendingPathComponent("notes.mp4")
    try Data("not a video at all\n".utf8).write(to: text)
    #expect(problem(text.path)?.reason == "not a video")
    // Cut in half: an MP4 written by ffmpeg keeps its index at the end, so nothing is left to play.
    let cut = folder.appendingPathComponent("cut.mp4")
    let whole = try Data(contentsOf: Self.counter)
    try whole.prefix(whole.count / 2).write(to: cut)
    #expect(problem(cut.path)?.reason == "not a video")
    #expect(problem(folder.path)?.reason == "not a video")
    // A FIFO would block FFmpeg: refused by its type, at once.
    let fifo = folder.appendingPathComponent("fifo.mp4").path
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(problem(fifo)?.message.contains("not a regular file") == true)
    // Too large and too long, against lowered limits (an 8K or ten-hour clip is too big to make
    // here; the limits are the same code).
    var strict = FFmpegVideoProbe()
    strict.maximumPixels = 320 * 100
    #expect(problem(Self.counter.path, probe: strict)?.reason == "video too large")
    strict = FFmpegVideoProbe()
    strict.maximumDuration = 2
    #expect(problem(Self.counter.path, probe: strict)?.reason == "video too long")
    #expect(
      problem(Self.counter.path, probe: strict)?.message
        == "is 0:03 long; Podium plays clips up to 0:02")
  }

  @Test func anEightKClipIsRefusedFromItsHeaders() throws {
    let folder = try Fixtures.temporaryDirectory("podium-8k")
    let clip = try TestClips.pattern(
      in: folder, name: "8k.mp4", seconds: 0.04, width: 7680, height: 4320, rate: 25)
    guard case .failure(let problem) = FFmpegVideoProbe().probe(path: clip.path) else {
      Issue.record("an 8K clip was accepted")
      return
    }
    #expect(problem.reason == "video too large")
    #expect(problem.message.hasPrefix("is 7680 x 4320"))
  }

  /// Matroska and QuickTime holding H.264, and WebM holding AV1 (dav1d): headers and posters.
  @Test func otherContainersAndAV1() throws {
    let folder = try Fixtures.temporaryDirectory("podium-containers")
    var clips: [(URL, String)] = []
    for container in ["mkv", "mov"] {
      let file = folder.appendingPathComponent("counter.\(container)")
      try TestClips.ffmpeg(["-i", Self.counter.path, "-c", "copy", file.path])
      clips.append((file, "h264"))
    }
    let av1 = folder.appendingPathComponent("counter-av1.webm")
    try TestClips.ffmpeg([
      "-i", Self.counter.path, "-an", "-c:v", "libsvtav1", "-preset", "12", "-crf", "20",
      av1.path,
    ])
    clips.append((av1, "av1"))
    for (file, codec) in clips {
      let stream = try FFmpegVideoProbe().probe(path: file.path).get()
      #expect(stream.codec == codec && stream.width == 320, "\(file.lastPathComponent)")
      let (size, pixels) = try #require(
        FFmpegVideoFrames().bgraFrame(ofVideoAt: file.path, at: 1))
      let number = TestClips.frameNumber(width: size.width, height: size.height) { x, y in
        Int(pixels[(y * size.width + x) * 4 + 1])
      }
      // The frame the file's own clock shows at 1 s: Matroska keeps the encoder's 21 ms of
      // delay before the first frame, so there it is frame 29 (at 0.988 s).
      #expect(
        number.map { abs($0 - 30) <= 1 } == true,
        "\(file.lastPathComponent): frame \(String(describing: number))")
    }
  }
}
