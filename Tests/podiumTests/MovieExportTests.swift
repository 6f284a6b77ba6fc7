import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

/// `podium export DECK -o talk.mp4`: the deck as a video with no display, read back with FFmpeg's
/// own ffprobe and ffmpeg and compared with `podium export` of the same slides to PNG.
@Suite struct MovieExportTests {
  static let deck = """
    ---
    marp: true
    ---

    <!-- _backgroundColor: #c81e1e -->
    # Red

    ---

    <!-- _backgroundColor: #1ec81e -->
    <!-- _transition: fade 1s -->
    # Green

    - first

    <!-- pause -->

    - second

    ---

    <!-- _backgroundColor: #1e1ec8 -->
    # Blue
    """

  func folder(_ name: String) throws -> (folder: URL, deck: String) {
    let folder = try Fixtures.temporaryDirectory("podium-movie-\(name)")
    let deck = folder.appendingPathComponent("talk.md").path
    try Self.deck.write(toFile: deck, atomically: true, encoding: .utf8)
    return (folder, deck)
  }

  func probe(_ path: String, _ entries: String) throws -> String {
    let result = try CommandRunner.run(
      URL(fileURLWithPath: "/usr/bin/ffprobe"),
      ["-v", "error", "-show_entries", entries, "-of", "csv=p=0", path])
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The mean colour of the picture at `seconds`, as ffmpeg decodes it.
  func color(_ path: String, at seconds: Double, in folder: URL) throws -> [Int] {
    let raw = folder.appendingPathComponent("pixel-\(seconds).rgb").path
    try TestClips.ffmpeg([
      "-ss", String(format: "%.3f", seconds), "-i", path, "-frames:v", "1", "-vf",
      "scale=1:1:flags=area", "-f", "rawvideo", "-pix_fmt", "rgb24", raw,
    ])
    return try [UInt8](Data(contentsOf: URL(fileURLWithPath: raw))).prefix(3).map(Int.init)
  }

  func near(_ seen: [Int], _ expected: [Int], within: Int = 16) -> Bool {
    seen.count == 3 && zip(seen, expected).allSatisfy { abs($0 - $1) <= within }
  }

  @Test func aDeckBecomesAVideoOfItsStepsWithItsTransitionsAndAChapterPerSlide() throws {
    let (folder, deck) = try folder("steps")
    let movie = folder.appendingPathComponent("talk.mp4").path
    let result = try CommandRunner.podium("export", deck, "-o", movie, "--seconds-per-slide", "2")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.contains("Exported 4 build steps") && result.stdout.contains("0:06 video"),
      "\(result.stdout)")
    #expect(
      try probe(movie, "stream=codec_name,width,height,r_frame_rate").hasPrefix(
        "h264,1920,1080,30/1"))
    let duration = Double(try probe(movie, "format=duration")) ?? 0
    #expect(abs(duration - 6) < 0.1, "\(duration) s")
    let chapters = try probe(movie, "chapter=start_time:chapter_tags=title")
    #expect(
      chapters.split(separator: "\n").map(String.init)
        == ["0.000000,1. Red", "2.000000,2. Green", "4.000000,3. Blue"], "\(chapters)")
    let vtt = try String(
      contentsOfFile: folder.appendingPathComponent("talk.chapters.vtt").path, encoding: .utf8)
    #expect(vtt.contains("00:00:04.000 --> 00:00:06.000\n3. Blue"), "\(vtt)")

    // Each slide's picture is its PNG export's, within the encoder's loss.
    let pngs = folder.appendingPathComponent("png")
    #expect(try CommandRunner.podium("export", deck, "-o", pngs.path, "--steps").status == 0)
    for (seconds, file) in [
      (1.0, "slide-001-step-1"), (2.5, "slide-002-step-1"), (3.5, "slide-002-step-2"),
      (5.7, "slide-003-step-1"),
    ] {
      let frame = folder.appendingPathComponent("at-\(seconds).png").path
      try TestClips.ffmpeg(["-ss", "\(seconds)", "-i", movie, "-frames:v", "1", frame])
      let score = try RecordingEndToEndTests.ssim(
        frame, pngs.appendingPathComponent(file + ".png").path)
      #expect(score >= 0.97, "\(file) at \(seconds) s: SSIM \(score)")
    }
    // Green's fade plays as Blue comes in: half way through, the two mixed.
    let red = [200, 30, 30]
    #expect(near(try color(movie, at: 1, in: folder), red, within: 40))
    let middle = try color(movie, at: 4.5, in: folder)
    #expect(
      middle[1] > 40 && middle[2] > 40 && middle[1] < 170 && middle[2] < 170, "mid-fade \(middle)")
  }

  @Test func theLastRehearsalTimesTheStepsAndWebMIsVP9() throws {
    let (folder, deck) = try folder("rehearsed")
    let log = RehearsalLog(runs: [
      RehearsalRun(
        date: "2026-12-03T10:00:00Z", total: 5,
        slides: [
          .init(slide: 1, title: "Red", seconds: 1, steps: [1]),
          .init(slide: 2, title: "Green", seconds: 3, steps: [1, 2]),
          .init(slide: 3, title: "Blue", seconds: 1, steps: [1]),
        ])
    ])
    try log.write(to: RehearsalLog.defaultPath(forDeck: deck))
    let movie = folder.appendingPathComponent("talk.webm").path
    let result = try CommandRunner.podium("export", deck, "-o", movie)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("the last rehearsal (4 of 4 steps)"), "\(result.stdout)")
    #expect(try probe(movie, "stream=codec_name").hasPrefix("vp9"))
    let chapters = try probe(movie, "chapter=start_time")
    #expect(chapters.split(separator: "\n").compactMap { Double($0) } == [0, 1, 4], "\(chapters)")
    let duration = Double(try probe(movie, "format=duration")) ?? 0
    #expect(abs(duration - 5) < 0.1, "\(duration) s")
  }

  @Test func aVideoNamedWrongOrAskedForPagesIsAClearError() throws {
    let (folder, deck) = try folder("errors")
    let avi = try CommandRunner.podium(
      "export", deck, "-o", folder.appendingPathComponent("talk.avi").path, "--format", "video")
    #expect(
      avi.status == 2 && avi.stderr.contains("ending in .mkv, .mp4 or .webm"), "\(avi.stderr)")
    let pages = try CommandRunner.podium(
      "export", deck, "-o", folder.appendingPathComponent("talk.mp4").path, "--handout", "3")
    #expect(
      pages.status == 2 && pages.stderr.contains("export them as PDF or PNG"), "\(pages.stderr)")
    let seconds = try CommandRunner.podium(
      "export", deck, "-o", folder.appendingPathComponent("png").path, "--seconds-per-slide", "3")
    #expect(seconds.status == 2 && seconds.stderr.contains("is for a video"), "\(seconds.stderr)")
    let unwritable = try CommandRunner.podium("export", deck, "-o", "/proc/talk.mp4")
    #expect(
      unwritable.status == 1 && unwritable.stderr.contains("/proc/talk.mp4"), "\(unwritable.stderr)"
    )
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("talk.mp4").path))
  }
}
