import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

/// `podium present --record` on a real two-monitor X server, with SDL's disk audio driver as the
/// microphone reading bursts of noise that sox made: the movie is read back with FFmpeg's own
/// ffprobe and ffmpeg, and compared with `podium export` of the same slides.
@Suite(.serialized) struct RecordingEndToEndTests {
  static let deck = """
    # Alpha

    The first slide, on a light ground.

    ---

    <!-- backgroundColor: #1d3557 -->
    <!-- color: #f1faee -->

    # Beta

    - a dark slide
    - with a list

    ---

    # Gamma

    The last slide.
    """

  /// The microphone's sound: bursts of noise of irregular lengths between silences (so that a
  /// cross-correlation has one clear peak), raw 48 kHz mono 16-bit as SDL's disk driver reads it.
  static func voice(in folder: URL, seconds: Double) throws -> (raw: String, samples: [Int16]) {
    var pieces: [String] = []
    var total = 0.0
    var seed: UInt64 = 7
    func next() -> Double {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(seed >> 33) / Double(1 << 31)
    }
    while total < seconds {
      let burst = 0.08 + next() * 0.3
      let quiet = 0.15 + next() * 0.6
      for (index, (length, noise)) in [(burst, true), (quiet, false)].enumerated() {
        let piece = folder.appendingPathComponent("piece-\(pieces.count)-\(index).wav").path
        let effect =
          noise ? ["synth", "\(length)", "whitenoise", "vol", "0.5"] : ["trim", "0", "\(length)"]
        try run("/usr/bin/sox", ["-n", "-r", "48000", "-c", "1", "-b", "16", piece] + effect)
        pieces.append(piece)
      }
      total += burst + quiet
    }
    let raw = folder.appendingPathComponent("voice.raw").path
    try run("/usr/bin/sox", pieces + ["-t", "raw", "-e", "signed-integer", raw])
    return (raw, try samples(raw))
  }

  static func run(_ tool: String, _ arguments: [String]) throws {
    let result = try CommandRunner.run(URL(fileURLWithPath: tool), arguments)
    guard result.status == 0 else {
      throw Failure(message: "\(tool) \(arguments.joined(separator: " ")): \(result.stderr)")
    }
  }

  struct Failure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  static func samples(_ raw: String) throws -> [Int16] {
    let data = try Data(contentsOf: URL(fileURLWithPath: raw))
    return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
  }

  static func probe(_ path: String) throws -> [String: Any] {
    let result = try CommandRunner.run(
      URL(fileURLWithPath: "/usr/bin/ffprobe"),
      [
        "-v", "error", "-print_format", "json", "-show_format", "-show_streams", "-show_chapters",
        path,
      ])
    guard result.status == 0,
      let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    else { throw Failure(message: "ffprobe \(path): \(result.stderr)") }
    return json
  }

  /// How far a movie plays: the time of its last picture, as ffprobe reads the packets (a
  /// Matroska file cut short has no duration in its header; players read it so).
  static func playableSeconds(_ path: String) throws -> Double {
    try pictureTimes(path).last ?? 0
  }

  /// The times of a movie's pictures in order, as ffprobe reads its packets.
  static func pictureTimes(_ path: String) throws -> [Double] {
    let result = try CommandRunner.run(
      URL(fileURLWithPath: "/usr/bin/ffprobe"),
      [
        "-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time", "-of",
        "csv=p=0", path,
      ])
    guard result.status == 0 else { throw Failure(message: "ffprobe \(path): \(result.stderr)") }
    return result.stdout.split(separator: "\n").compactMap { Double($0) }.sorted()
  }

  /// SSIM of two pictures of one size, as FFmpeg's ssim filter measures it (All:).
  static func ssim(_ a: String, _ b: String) throws -> Double {
    let result = try CommandRunner.run(
      URL(fileURLWithPath: "/usr/bin/ffmpeg"),
      ["-v", "info", "-nostdin", "-i", a, "-i", b, "-lavfi", "ssim", "-f", "null", "-"])
    guard let range = result.stderr.range(of: "All:"),
      let value = Double(result.stderr[range.upperBound...].prefix { !$0.isWhitespace })
    else { throw Failure(message: "ffmpeg ssim: \(result.stderr.suffix(400))") }
    return value
  }

  /// The lag (seconds) at which `recorded` best matches `source`: recorded[t] ≈ source[t + lag],
  /// from the sounds' loudness in 1 ms steps, searched from -`range` to +`range`.
  static func lag(of recorded: [Int16], in source: [Int16], range: Double) -> (
    lag: Double, score: Double
  ) {
    func envelope(_ samples: [Int16]) -> [Double] {
      stride(from: 0, to: samples.count - 48, by: 48).map { start in
        var sum = 0.0
        for sample in samples[start..<start + 48] { sum += abs(Double(sample)) }
        return sum / 48
      }
    }
    let (a, b) = (envelope(recorded), envelope(source))
    let meanA = a.reduce(0, +) / Double(max(1, a.count))
    let meanB = b.reduce(0, +) / Double(max(1, b.count))
    let steps = Int(range * 1000)
    var best = (lag: 0.0, score: -Double.infinity)
    for shift in -steps...steps {
      var sum = 0.0
      var normA = 0.0
      var normB = 0.0
      for index in a.indices {
        let other = index + shift
        guard other >= 0, other < b.count else { continue }
        let (x, y) = (a[index] - meanA, b[other] - meanB)
        sum += x * y
        normA += x * x
        normB += y * y
      }
      let score = sum / max(1e-9, (normA * normB).squareRoot())
      if score > best.score { best = (Double(shift) / 1000, score) }
    }
    return best
  }

  struct Talk {
    var folder: URL
    var deck: String
    var movie: String
    var voice: (raw: String, samples: [Int16])
  }

  func talk(_ name: String, voiceSeconds: Double = 14) throws -> Talk {
    let folder = try Fixtures.temporaryDirectory("podium-record-\(name)")
    let deck = folder.appendingPathComponent("talk.md").path
    try Self.deck.write(toFile: deck, atomically: true, encoding: .utf8)
    return Talk(
      folder: folder, deck: deck, movie: folder.appendingPathComponent("talk.mkv").path,
      voice: try Self.voice(in: folder, seconds: voiceSeconds))
  }

  func environment(_ talk: Talk) -> [String: String] {
    [
      "SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILEIN": talk.voice.raw,
      "SDL_DISKAUDIOFILE": talk.folder.appendingPathComponent("out.raw").path,
    ]
  }

  /// The movie's picture `after` seconds into each chapter (at `starts`) is that slide as
  /// `podium export` draws it to PNG, within the encoder's loss: SSIM at least 0.97.
  func expectChapterPicturesAreTheExports(_ talk: Talk, starts: [Double], after: Double) throws {
    let exported = talk.folder.appendingPathComponent("export")
    let export = try CommandRunner.podium("export", talk.deck, "-o", exported.path)
    #expect(export.status == 0, "\(export.stderr)")
    for (index, start) in starts.enumerated() {
      let frame = talk.folder.appendingPathComponent("frame-\(index + 1).png").path
      try TestClips.ffmpeg([
        "-ss", String(format: "%.3f", start + after), "-i", talk.movie, "-frames:v", "1", frame,
      ])
      let reference = exported.appendingPathComponent(String(format: "slide-%03d.png", index + 1))
      let score = try Self.ssim(frame, reference.path)
      #expect(score >= 0.97, "slide \(index + 1): SSIM \(score)")
    }
  }

  @Test func aRecordedTalkHasTheRoomsSlidesTheVoiceAndAChapterPerSlide() throws {
    let talk = try talk("whole")
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let run = try PresentRun(
      server, deck: talk.deck, arguments: ["--record", talk.movie],
      environment: environment(talk))
    #expect(run.presented("audience", slide: 1))
    Thread.sleep(forTimeInterval: 2.5)
    for slide in 2...3 {
      let before = run.events().count
      try run.key("Right")
      #expect(run.presented("audience", slide: slide, after: before))
      Thread.sleep(forTimeInterval: 2.5)
    }
    try run.key("q", "q")
    #expect(run.waitForExit(timeout: 20) == 0, "\(run.errors())")
    #expect(run.errors().contains("recorded \(talk.movie)"), "\(run.errors())")

    let probe = try Self.probe(talk.movie)
    let streams = probe["streams"] as? [[String: Any]] ?? []
    let video = try #require(streams.first { $0["codec_type"] as? String == "video" })
    #expect(video["width"] as? Int == 1920 && video["height"] as? Int == 1080)
    #expect(streams.contains { $0["codec_type"] as? String == "audio" }, "\(streams)")

    // The chapters are the slide changes the trace saw, named by the slides' titles, at the
    // times the room saw them from the movie's zero (the trace's `recording started` line).
    let events = run.events()
    let started = try #require(
      events.first { $0["event"] as? String == "recording" && $0["started"] as? Bool == true })
    let zero = try #require(started["t"] as? Double)
    let shown = (1...3).compactMap { slide in
      events.first {
        $0["event"] as? String == "present" && $0["role"] as? String == "audience"
          && $0["slide"] as? Int == slide
      }?["t"] as? Double
    }
    let chapters = probe["chapters"] as? [[String: Any]] ?? []
    let titles = chapters.compactMap { ($0["tags"] as? [String: Any])?["title"] as? String }
    #expect(titles == ["1. Alpha", "2. Beta", "3. Gamma"], "\(chapters)")
    let starts = chapters.compactMap { ($0["start_time"] as? String).flatMap(Double.init) }
    #expect(starts.count == 3 && shown.count == 3)
    for (start, seen) in zip(starts.dropFirst(), shown.dropFirst()) {
      #expect(
        abs(start - (seen - zero)) < 0.1, "chapter at \(start), slide shown at \(seen - zero)")
    }
    let vtt = try String(
      contentsOfFile: MovieChapters.path(besideMovie: talk.movie), encoding: .utf8)
    #expect(
      vtt.hasPrefix("WEBVTT") && vtt.contains("2. Beta") && vtt.contains("3. Gamma"), "\(vtt)")

    // Each chapter's picture is the slide as podium export draws it, within the encoder's loss.
    try expectChapterPicturesAreTheExports(talk, starts: starts, after: 1.2)

    // The sound is the microphone's, where the recording says it began: the movie's sound
    // matches the WAV at the offset the trace gives, within 40 ms.
    let sound = talk.folder.appendingPathComponent("movie.raw").path
    try TestClips.ffmpeg([
      "-i", talk.movie, "-vn", "-ac", "1", "-ar", "48000", "-f", "s16le", sound,
    ])
    let recorded = try Self.samples(sound)
    let offset = try #require(started["sound_offset"] as? Double, "\(started)")
    // recorded[t] = voice[t - offset]: the voice's zero lies `offset` from the movie's.
    let excerpt = Array(recorded.prefix(48_000 * 6))
    let found = Self.lag(of: excerpt, in: talk.voice.samples, range: 3)
    #expect(found.score > 0.8, "the movie's sound is not the microphone's: \(found)")
    print(
      "recording: the sound lies \(Int(((found.lag + offset) * 1000).rounded())) ms from where the trace puts it (correlation \(found.score))"
    )
    #expect(
      abs(found.lag - -offset) <= 0.04,
      "the sound lies \(found.lag) s into the voice; the trace says \(-offset)")
  }

  /// A rehearsal has no room: its recording is the slides drawn offscreen as the room would
  /// see them, at 1920x1080, never the console it shows.
  @Test func aRehearsalIsRecordedAsTheRoomWouldSeeIt() throws {
    let talk = try talk("rehearsal", voiceSeconds: 8)
    let server = try XorgServer(monitors: 1)
    defer { server.stop() }
    let run = try PresentRun(
      server, deck: talk.deck, arguments: ["--record", talk.movie], command: "rehearse",
      environment: environment(talk))
    #expect(run.waitFor("recording") { $0["started"] as? Bool == true } != nil, "\(run.errors())")
    for _ in 2...3 {
      Thread.sleep(forTimeInterval: 1.5)
      let before = run.events().count
      try run.key("Right")
      #expect(run.waitFor("recording", after: before) { $0["chapter"] != nil } != nil)
    }
    Thread.sleep(forTimeInterval: 1.5)
    try run.key("q", "q")
    #expect(run.waitForExit(timeout: 20) == 0, "\(run.errors())")
    let probe = try Self.probe(talk.movie)
    let streams = probe["streams"] as? [[String: Any]] ?? []
    let video = try #require(streams.first { $0["codec_type"] as? String == "video" })
    #expect(video["width"] as? Int == 1920 && video["height"] as? Int == 1080)
    let chapters = probe["chapters"] as? [[String: Any]] ?? []
    let starts = chapters.compactMap { ($0["start_time"] as? String).flatMap(Double.init) }
    #expect(starts.count == 3, "\(chapters)")
    try expectChapterPicturesAreTheExports(talk, starts: starts, after: 0.8)
  }

  @Test func aTalkKilledMidwayLeavesAMovieThatPlaysToWithinTwoSecondsOfTheKill() throws {
    let talk = try talk("killed", voiceSeconds: 10)
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let run = try PresentRun(
      server, deck: talk.deck, arguments: ["--record", talk.movie],
      environment: environment(talk))
    #expect(run.presented("audience", slide: 1))
    let started = try #require(
      run.waitFor("recording") { $0["started"] as? Bool == true }?["t"] as? Double)
    try run.key("Right")
    Thread.sleep(forTimeInterval: 5)
    let killedAt = run.events().last?["t"] as? Double ?? 0
    run.killHard()
    _ = run.waitForExit()
    let probe = try Self.probe(talk.movie)
    #expect((probe["streams"] as? [Any])?.count == 2, "\(probe)")
    let times = try Self.pictureTimes(talk.movie)
    let duration = times.last ?? 0
    #expect(
      duration >= killedAt - started - 2,
      "the movie plays \(duration) s; the talk was killed \(killedAt - started) s in")
    // A still slide is held, its picture written again once a second, not 30 times.
    let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
    #expect(
      times.count < Int(duration * 5) + 3 && (gaps.max() ?? 0) <= 1.05,
      "\(times.count) pictures in \(duration) s, the longest gap \(gaps.max() ?? 0) s")
    // It plays: every frame up to the end decodes.
    let decoded = try CommandRunner.run(
      URL(fileURLWithPath: "/usr/bin/ffmpeg"),
      ["-v", "error", "-nostdin", "-i", talk.movie, "-f", "null", "-"])
    #expect(decoded.status == 0, "\(decoded.stderr)")
  }

  @Test func aMissingMicrophoneRecordsTheSlidesAloneAndTheTalkGoesOn() throws {
    let talk = try talk("no-mic", voiceSeconds: 1)
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let run = try PresentRun(
      server, deck: talk.deck, arguments: ["--record", talk.movie, "--mic", "No Such Microphone"],
      environment: environment(talk))
    #expect(run.presented("audience", slide: 1))
    let before = run.events().count
    try run.key("Right")
    #expect(run.presented("audience", slide: 2, after: before))
    Thread.sleep(forTimeInterval: 1.5)
    try run.key("q", "q")
    #expect(run.waitForExit(timeout: 20) == 0, "\(run.errors())")
    #expect(
      run.errors().contains("the recording has no sound")
        && run.errors().contains("No Such Microphone"), "\(run.errors())")
    let streams = try Self.probe(talk.movie)["streams"] as? [[String: Any]] ?? []
    #expect(streams.map { $0["codec_type"] as? String } == ["video"], "\(streams)")
  }

  @Test func aRecordingThatCannotStartIsAMessageAndTheTalkGoesOn() throws {
    let talk = try talk("cannot-start", voiceSeconds: 1)
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let run = try PresentRun(
      server, deck: talk.deck, arguments: ["--record", "/proc/talk.mkv"],
      environment: environment(talk))
    #expect(run.presented("audience", slide: 1))
    let before = run.events().count
    try run.key("Right")
    #expect(run.presented("audience", slide: 2, after: before))
    try run.key("q", "q")
    #expect(run.waitForExit(timeout: 20) == 0, "\(run.errors())")
    #expect(
      run.errors().contains("warning: the talk is not recorded: cannot write '/proc/talk.mkv"),
      "\(run.errors())")
    #expect(!run.events().contains { $0["event"] as? String == "recording" })
  }

  /// A recording onto a disk that fills (a 400 kB tmpfs of a mount namespace of the talk's own):
  /// the recording stops with the reason on the console and in the trace, the file keeps what
  /// was written, and the talk goes on.
  @Test func aFullDiskStopsTheRecordingNotTheTalk() throws {
    let talk = try talk("full-disk", voiceSeconds: 30)
    let disk = talk.folder.appendingPathComponent("disk")
    try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
    let movie = disk.appendingPathComponent("talk.mkv").path
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    // unshare: a mount seen by the talk alone (as an unprivileged user, in a user namespace).
    let namespace = getuid() == 0 ? ["-m"] : ["-Urm"]
    let launcher =
      ["/usr/bin/unshare"] + namespace + [
        "--propagation", "private", "/bin/sh", "-c",
        "mount -t tmpfs -o size=400k tmpfs \"$0\" && exec \"$@\"", disk.path,
      ]
    let run = try PresentRun(
      server, deck: talk.deck, arguments: ["--record", movie, "--record-size", "1920x1080"],
      environment: environment(talk), launcher: launcher)
    #expect(run.presented("audience", slide: 1), "\(run.errors())")
    let problem = run.waitFor("recording", timeout: 60) { $0["problem"] != nil }
    #expect(
      (problem?["problem"] as? String)?.lowercased().contains("space") == true,
      "\(String(describing: problem))")
    // What was written plays, read through the talk's own view of the disk (unshare and sh
    // exec the talk: the process started is Podium).
    let inside = "/proc/\(run.process.processIdentifier)/root\(movie)"
    let seconds = try Self.playableSeconds(inside)
    #expect(seconds >= 1, "the full disk's file plays \(seconds) s")
    let before = run.events().count
    try run.key("Right")
    #expect(run.presented("audience", slide: 2, after: before), "the talk goes on")
    try run.key("q", "q")
    #expect(run.waitForExit(timeout: 20) == 0, "\(run.errors())")
    #expect(run.errors().contains("it stopped early"), "\(run.errors())")
  }

  /// The mean colour of a 24-pixel square centred at (`x`, `y`), four times a second through
  /// the movie.
  static func colors(_ movie: String, x: Int, y: Int, in folder: URL) throws -> [[Int]] {
    let raw = folder.appendingPathComponent("squares-\(x)-\(y).rgb").path
    try TestClips.ffmpeg([
      "-i", movie, "-vf", "fps=4,crop=24:24:\(x - 12):\(y - 12),scale=1:1:flags=area", "-f",
      "rawvideo", "-pix_fmt", "rgb24", raw,
    ])
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: raw))).map(Int.init)
    return stride(from: 0, to: bytes.count - 2, by: 3).map { Array(bytes[$0..<$0 + 3]) }
  }

  static func isMagenta(_ color: [Int]) -> Bool {
    color.count == 3 && color[0] > 200 && color[1] < 60 && color[2] > 200
  }

  /// `--camera` with a clip FFmpeg made for the camera (six seconds of magenta): the speaker in
  /// the bottom-right quarter-width box, Shift+C moves it to the bottom left, and when the
  /// camera goes (the clip ends) the box goes, the trace says why once, and the talk and the
  /// recording go on.
  @Test func theCameraSitsInACornerShiftCMovesItAndItsLossIsSaid() throws {
    let talk = try talk("camera", voiceSeconds: 1)
    let camera = talk.folder.appendingPathComponent("camera.mp4").path
    try TestClips.ffmpeg([
      "-f", "lavfi", "-i", "color=c=0xff00ff:s=640x360:r=30:d=6", "-c:v", "libx264", "-pix_fmt",
      "yuv420p", camera,
    ])
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let run = try PresentRun(
      server, deck: talk.deck,
      arguments: ["--record", talk.movie, "--camera", camera, "--mic", "none"],
      environment: environment(talk))
    #expect(run.presented("audience", slide: 1))
    let zero = try #require(
      run.waitFor("recording") { $0["started"] as? Bool == true }?["t"] as? Double)
    Thread.sleep(forTimeInterval: 1.5)
    var before = run.events().count
    try run.key("shift+c")
    // The move is an input the windows answer: its time is that of their answer.
    let answer = run.waitFor("present", after: before) { $0["latency_ms"] != nil }
    let movedAt = try #require(answer?["t"] as? Double) - zero
    let stopped = run.waitFor("recording", timeout: 20) {
      ($0["problem"] as? String)?.contains("camera stopped") == true
    }
    #expect(stopped?["problem"] as? String == "the camera stopped: it ended")
    let stoppedAt = (stopped?["t"] as? Double ?? 0) - zero
    Thread.sleep(forTimeInterval: 1.5)
    before = run.events().count
    try run.key("Right")
    #expect(run.presented("audience", slide: 2, after: before), "the talk goes on")
    Thread.sleep(forTimeInterval: 1)
    try run.key("q", "q")
    #expect(run.waitForExit(timeout: 20) == 0, "\(run.errors())")
    #expect(run.errors().contains("and the camera \(camera)"), "\(run.errors())")
    #expect(
      run.events().filter { ($0["problem"] as? String)?.contains("camera") == true }.count == 1,
      "the camera's end is said once")

    // A quarter of 1920 wide (480 x 270, the camera's shape), 32 pixels (3%) from the edges.
    // Where the camera is, four times a second through the movie: the bottom right, then the
    // bottom left from the move on, then nowhere once it stopped, and never anywhere else.
    let (right, left, bottom) = (1920 - 32 - 240, 32 + 240, 1080 - 32 - 135)
    let corners = [right, left, 200].map { x in
      (try? Self.colors(talk.movie, x: x, y: x == 200 ? 200 : bottom, in: talk.folder)) ?? []
    }
    let seen = zip(corners[0], corners[1]).map { colors -> String in
      switch (Self.isMagenta(colors.0), Self.isMagenta(colors.1)) {
      case (true, false): "right"
      case (false, true): "left"
      case (false, false): "none"
      case (true, true): "both"
      }
    }
    let runs = seen.reduce(into: [String]()) { runs, place in
      if runs.last != place { runs.append(place) }
    }
    // (The camera's first picture may come a moment after the movie's.)
    #expect(Array(runs.drop { $0 == "none" }) == ["right", "left", "none"], "\(seen)")
    // The picture changes corner when the windows answered Shift+C (a frame, and the recording's
    // thread, later at most), and is gone no later than the trace says the camera stopped.
    let switched = Double(seen.firstIndex(of: "left") ?? 0) / 4
    #expect(switched >= movedAt - 0.3 && switched <= movedAt + 2, "moved at \(movedAt) s: \(seen)")
    let gone = Double(seen.lastIndex(of: "left") ?? 0) / 4
    #expect(gone <= stoppedAt + 0.3, "the camera stopped at \(stoppedAt) s: \(seen)")
    // Around the box the slide is as it was: away from the corners, never the camera.
    #expect(!corners[2].contains(where: Self.isMagenta) && !corners[2].isEmpty)
  }
}
