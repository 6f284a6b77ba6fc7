import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

@testable import PodiumVideo

/// Movies written with FFmpeg's encoders, read back with FFmpeg's own ffprobe and ffmpeg.
@Suite struct MovieWriterTests {
  static let folder = try! Fixtures.temporaryDirectory("podium-movie")
  static let colors: [(r: UInt8, g: UInt8, b: UInt8)] = [
    (200, 30, 30), (30, 200, 30), (30, 30, 200),
  ]

  /// A picture of one colour, `XRGB8888` as Podium draws.
  static func picture(_ color: (r: UInt8, g: UInt8, b: UInt8), width: Int, height: Int) -> [UInt8] {
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for index in stride(from: 0, to: pixels.count, by: 4) {
      (pixels[index], pixels[index + 1], pixels[index + 2]) = (color.b, color.g, color.r)
    }
    return pixels
  }

  static func ffprobe(_ arguments: [String]) throws -> String {
    let result = try CommandRunner.run(
      URL(fileURLWithPath: "/usr/bin/ffprobe"), ["-v", "error"] + arguments)
    #expect(result.status == 0, "ffprobe: \(result.stderr)")
    return result.stdout
  }

  /// The mean colour of the movie's picture at `seconds`, decoded by ffmpeg.
  static func color(of path: String, at seconds: Double) throws -> [Int] {
    let raw = folder.appendingPathComponent("pixel-\(UUID().uuidString).rgb").path
    try TestClips.ffmpeg([
      "-ss", String(format: "%.3f", seconds), "-i", path, "-frames:v", "1", "-vf",
      "scale=1:1:flags=area", "-f", "rawvideo", "-pix_fmt", "rgb24", raw,
    ])
    defer { unlink(raw) }
    return try [UInt8](Data(contentsOf: URL(fileURLWithPath: raw))).prefix(3).map(Int.init)
  }

  /// Writes three coloured slides of a second each with a tone under them and a chapter per
  /// slide.
  func writeMovie(_ name: String, finish: Bool = true) throws -> (path: String, writer: MovieWriter)
  {
    let path = Self.folder.appendingPathComponent(name).path
    unlink(path)
    let (width, height) = (320, 180)
    let writer = try MovieWriter(
      MovieWriter.Settings(
        path: path, size: PixelSize(width: width, height: height), framesPerSecond: 30,
        sound: (rate: 48000, channels: 1)))
    var tone = [Int16](repeating: 0, count: 48000)
    for index in tone.indices {
      tone[index] = Int16(8000 * sin(Double(index) * 2 * .pi * 440 / 48000))
    }
    for (slide, color) in Self.colors.enumerated() {
      let pixels = Self.picture(color, width: width, height: height)
      writer.addChapter(
        title: "Slide \(slide + 1): \(["Intro", "Middle", "End"][slide])", start: Double(slide))
      for frame in 0..<30 {
        try pixels.withUnsafeBytes {
          try writer.addPicture(
            bgrx: $0, width: width, height: height, pitch: width * 4,
            index: Int64(slide * 30 + frame))
        }
      }
      try tone.withUnsafeBufferPointer { try writer.addSound($0) }
    }
    if finish { try writer.finish(end: 3) }
    return (path, writer)
  }

  @Test(arguments: ["talk.mkv", "talk.mp4"])
  func aMovieHasItsPicturesSoundAndChapters(name: String) throws {
    let (path, writer) = try writeMovie(name)
    #expect(writer.videoEncoder == "libx264")
    let streams = try Self.ffprobe([
      "-show_entries", "stream=codec_type,codec_name,width,height", "-of", "csv=p=0", path,
    ])
    #expect(streams.contains("h264,video,320,180") || streams.contains("h264,320,180,video"))
    #expect(streams.contains("aac"), "\(streams)")
    // One picture stream and one of sound, each with what was written: three seconds of tone.
    #expect(
      streams.split(separator: "\n").filter { $0.contains("video") || $0.contains("audio") }.count
        == 2, "\(streams)")
    let sound = Self.folder.appendingPathComponent("\(name).raw").path
    try TestClips.ffmpeg(["-i", path, "-vn", "-f", "s16le", "-ac", "1", "-ar", "48000", sound])
    let soundBytes = (try? FileManager.default.attributesOfItem(atPath: sound)[.size] as? Int) ?? 0
    #expect(abs(Double(soundBytes ?? 0) / 96_000 - 3) < 0.1, "\(soundBytes ?? 0) bytes of sound")
    let duration =
      Double(
        try Self.ffprobe(["-show_entries", "format=duration", "-of", "csv=p=0", path])
          .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    #expect(abs(duration - 3) < 0.15, "duration \(duration)")
    let chapters = try Self.ffprobe([
      "-show_chapters", "-of", "csv=p=0", path,
    ])
    let lines = chapters.split(separator: "\n")
    #expect(lines.count == 3, "\(chapters)")
    #expect(chapters.contains("Slide 2: Middle"))
    for (slide, color) in Self.colors.enumerated() {
      let seen = try Self.color(of: path, at: Double(slide) + 0.5)
      let expected = [Int(color.r), Int(color.g), Int(color.b)]
      #expect(zip(seen, expected).allSatisfy { abs($0 - $1) <= 12 }, "slide \(slide + 1): \(seen)")
    }
  }

  /// A Matroska file whose writer never finished (the process killed) still plays what was
  /// written, up to its last second.
  @Test func aMatroskaFileCutShortPlaysUpToItsLastSecond() throws {
    let (path, writer) = try writeMovie("cut.mkv", finish: false)
    // What is on disk now is what `kill -9` would leave.
    let copy = Self.folder.appendingPathComponent("cut-copy.mkv").path
    unlink(copy)
    try FileManager.default.copyItem(atPath: path, toPath: copy)
    _ = writer
    let last =
      try Self.ffprobe([
        "-select_streams", "v", "-show_entries", "packet=pts_time", "-of", "csv=p=0", copy,
      ]).split(separator: "\n").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }.max()
      ?? 0
    #expect(last >= 1.9, "the cut file plays to \(last) s of 3")
    let seen = try Self.color(of: copy, at: 1.5)
    #expect(abs(seen[1] - 200) <= 12, "\(seen)")
  }

  @Test func aNameItCannotWriteIsAClearError() throws {
    #expect(throws: MovieWriter.WriteError.self) {
      _ = try MovieWriter(
        MovieWriter.Settings(
          path: "/tmp/talk.avi", size: PixelSize(width: 64, height: 36), sound: nil))
    }
    let error =
      (try? MovieWriter(
        MovieWriter.Settings(
          path: "/tmp/talk.avi", size: PixelSize(width: 64, height: 36), sound: nil))).map { _ in ""
      }
    #expect(error == nil)
    do {
      _ = try MovieWriter(
        MovieWriter.Settings(
          path: "/nonexistent-folder/talk.mkv", size: PixelSize(width: 64, height: 36), sound: nil))
      Issue.record("a movie in a missing folder was opened")
    } catch {
      #expect("\(error)".contains("/nonexistent-folder/talk.mkv"), "\(error)")
    }
  }

  @Test func chaptersAsWebVTT() {
    var chapters = MovieChapters()
    chapters.add("Intro", at: 0)
    chapters.add("Why --> now", at: 62.5)
    chapters.add("Why now", at: 62.5)
    chapters.add("End", at: 3725.25)
    #expect(
      chapters.webVTT(end: 3800) == """
        WEBVTT

        1
        00:00:00.000 --> 00:01:02.500
        Intro

        2
        00:01:02.500 --> 01:02:05.250
        Why now

        3
        01:02:05.250 --> 01:03:20.000
        End

        """)
  }
}
