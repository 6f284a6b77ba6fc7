import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

/// Videos in a deck: their options, how the loader reads their headers, how layout places them
/// and the keys that drive them. FFmpeg itself is tested in PodiumVideoTests.
@Suite struct VideoDeckTests {
  static let path = "/talks/deck.md"
  static let stream = VideoStream(
    width: 1280, height: 720, duration: 42.5, frameRate: 30, codec: "h264", audioCodec: "aac")

  /// A probe that knows some files and refuses the rest, as FFmpeg would.
  struct FakeProbe: VideoProbe {
    var known: [String: VideoStream]
    func probe(path: String) -> Result<VideoStream, ImageFile.Problem> {
      if let stream = known[path] { return .success(stream) }
      return .failure(
        ImageFile.Problem(reason: "not a video", message: "is not a video FFmpeg can read"))
    }
  }

  func load(
    _ text: String,
    probe: (any VideoProbe)? = FakeProbe(known: [
      "/talks/demo.mp4": stream, "/talks/loop.webm": stream,
    ])
  ) -> LoadedDeck {
    var loader = DeckLoader(files: InMemoryFiles([Self.path: text]), math: nil)
    loader.videos = probe
    return loader.load(Self.path)
  }

  func videos(_ loaded: LoadedDeck) -> [ImageReference] {
    loaded.deck?.videos.map(\.image) ?? []
  }

  @Test func optionsComeFromTheAltTextAndAMediaFragment() {
    let (clip, caption, source, problems) = VideoClip.parse(
      alt: "Our demo loop muted resume noautoplay start:1:05 poster:2.5", source: "demo.mp4#t=,90")
    #expect(caption == "Our demo")
    #expect(source == "demo.mp4")
    #expect(problems.isEmpty)
    #expect(clip.loop && clip.muted && clip.resume && !clip.autoplay)
    #expect(clip.start == 65 && clip.end == 90)
    #expect(clip.poster == .time(2.5))
    #expect(clip.posterTime == 2.5)

    let fragment = VideoClip.parse(alt: "", source: "clip.webm#t=10,25")
    #expect(fragment.clip.start == 10 && fragment.clip.end == 25 && fragment.clip.autoplay)
    #expect(fragment.clip.posterTime == 10, "with no poster, the first frame played")

    let picture = VideoClip.parse(alt: "poster:Cover.PNG", source: "a.mp4")
    #expect(picture.clip.poster == .image(path: "Cover.PNG"), "a file name keeps its case")
  }

  @Test func badOptionsAreWarnedAboutAndLeftOut() {
    let (clip, _, _, problems) = VideoClip.parse(
      alt: "start:soon end:3", source: "a.mp4#t=9,4,2")
    #expect(clip.start == nil && clip.end == 3)
    #expect(
      problems == [
        "'start:soon' is not a time (seconds, or m:ss)",
        "media fragment '#t=9,4,2' is not '#t=START,END' in seconds",
      ])
    let backwards = VideoClip.parse(alt: "start:20 end:10", source: "a.mp4")
    #expect(backwards.clip.end == nil)
    #expect(backwards.problems.first?.hasPrefix("the clip ends") == true)

    let loaded = load("# Clip\n\n![start:soon](demo.mp4)\n")
    #expect(
      loaded.diagnostics.map(\.description) == [
        "\(Self.path):3:1: warning: video 'demo.mp4': 'start:soon' is not a time (seconds, or m:ss)"
      ])
  }

  @Test func theLoaderReadsEachClipsHeadersAndSaysWhatCannotPlay() {
    let loaded = load(
      """
      # Clips

      ![Demo loop](demo.mp4)

      - ![](broken.mp4)

      ---

      ![bg](loop.webm#t=3)
      """)
    let found = videos(loaded)
    #expect(found.map(\.source) == ["demo.mp4", "broken.mp4", "loop.webm"])
    #expect(found[0].video?.stream == Self.stream && found[0].video?.loop == true)
    #expect(found[0].alt == "Demo")
    #expect(found[1].video?.stream == nil && found[1].problem == "not a video")
    #expect(found[2].video?.start == 3)
    #expect(
      loaded.diagnostics.map(\.description) == [
        "\(Self.path):5:3: warning: video 'broken.mp4' is not a video FFmpeg can read"
      ])
    #expect(loaded.deck?.hasMotion == true)
    // Live reload watches the clips (the one in a list too).
    #expect(
      Set(loaded.watchedFiles).isSuperset(of: [
        "/talks/demo.mp4", "/talks/broken.mp4", "/talks/loop.webm",
      ]))
  }

  @Test func withoutVideoSupportEachClipIsAPlaceholderWithAWarning() {
    let loaded = load("![](demo.mp4)\n", probe: nil)
    #expect(videos(loaded).first?.problem == "video not supported")
    #expect(
      loaded.diagnostics.map(\.message) == ["video 'demo.mp4' cannot be played: no video support"])
    #expect(loaded.deck?.hasMotion == false)
  }

  @Test func aClipIsLaidOutLikeAnImageOfItsStreamsSize() throws {
    let loaded = load("# Clip\n\n![](demo.mp4)\n\n---\n\n![bg](loop.webm)\n\n# Over it\n")
    let deck = try #require(loaded.deck)
    let engine = LayoutEngine(
      theme: .light, measurer: FixedTextMeasurer(), images: FixedImageMeasurer())
    let size = PixelSize(width: 1920, height: 1080)
    let first = engine.layout(deck.slides[0], in: deck, step: 0, size: size)
    let clip = try #require(first.videoItems.first)
    #expect(clip.path == "/talks/demo.mp4")
    #expect(abs(clip.destination.width / clip.destination.height - 16.0 / 9) < 0.01)
    #expect(clip.picturePath == "/talks/demo.mp4#t=0.0")
    // A background clip covers the slide, under the heading drawn after it.
    let second = engine.layout(deck.slides[1], in: deck, step: 0, size: size)
    let background = try #require(second.videoItems.first)
    #expect(background.destination.width == 1920 && background.destination.height == 1080)
    let order = second.commands.map { command -> String in
      switch command {
      case .image: return "image"
      case .text: return "text"
      default: return "other"
      }
    }
    let imageAt = try #require(order.firstIndex(of: "image"))
    #expect(order.lastIndex(of: "text").map { $0 > imageAt } == true)
  }

  @Test func aPosterPictureIsCheckedAndDrawnInsteadOfAFrame() throws {
    var files = InMemoryFiles([
      Self.path: "![poster:cover.png](demo.mp4)\n\n![poster:gone.png](demo.mp4)\n"
    ])
    files.files["/talks/cover.png"] = Array(Fixtures.onePixelPNG)
    var loader = DeckLoader(files: files, math: nil)
    loader.videos = FakeProbe(known: ["/talks/demo.mp4": Self.stream])
    let loaded = loader.load(Self.path)
    let found = videos(loaded)
    #expect(found.first?.video?.posterImage == "/talks/cover.png")
    #expect(found.last?.video?.poster == nil)
    #expect(
      loaded.diagnostics.map(\.message) == [
        "poster 'gone.png' of video 'demo.mp4' not found; its first frame is shown"
      ])
    #expect(loaded.watchedFiles.contains("/talks/cover.png"))
    var item = ImageItem(
      path: "/talks/demo.mp4", destination: Rect(x: 0, y: 0, width: 1, height: 1))
    item.video = found.first?.video
    #expect(item.picturePath == "/talks/cover.png")
    #expect(VideoClip.frame(named: "/talks/demo.mp4#t=2.5")! == ("/talks/demo.mp4", 2.5))
    #expect(VideoClip.frame(named: "/talks/cover.png") == nil)
  }

  @Test func theSpeakersVideoKeysGoToTheClipsAndNotToTheSlides() throws {
    let loaded = load("# One\n\n![](demo.mp4)\n\n---\n\n# Two\n")
    var session = TalkSession(path: Self.path, deck: try #require(loaded.deck), theme: .light)
    func press(_ name: String, _ modifiers: Key.Modifiers = []) -> TalkSession.Outcome {
      let key = Key(name: name)!
      return session.handle(.key(Key(key.code, modifiers: modifiers)), at: 0)
    }
    _ = press("v")
    _ = press("Right", .shift)
    _ = press("Left", .shift)
    _ = press("0")
    #expect(session.takeVideoCommands() == [.playPause, .seek(5), .seek(-5), .restart])
    #expect(session.takeVideoCommands().isEmpty)
    #expect(session.state.slide == 0, "Shift+arrows seek; they do not change slides")
    // Typing a slide number: its 0 is a digit, not the clip's start.
    _ = press("2")
    _ = press("0")
    #expect(session.state.jumpEntry == "20")
    #expect(session.takeVideoCommands().isEmpty)
    // The configuration names them too.
    #expect(Configuration.commandNames.contains { $0 == ("video", .video(.playPause)) })
    #expect(Configuration.commandNames.contains { $0 == ("video-start", .video(.restart)) })
  }

  /// The console shows the clip keys on the slides the room sees with a clip, whether it plays
  /// yet or not: a console drawn ahead for such a slide, before its clip has a line, has the
  /// slide part (the layer kept as a texture) of the one shown once it plays.
  @Test func theClipKeysFollowTheRoomsSlideNotThePlayer() throws {
    let loaded = load("# One\n\n---\n\n# Two\n\n![](demo.mp4)\n\n---\n\n![](missing.mp4)\n")
    var session = TalkSession(path: Self.path, deck: try #require(loaded.deck), theme: .dark)
    let engine = LayoutEngine(
      theme: .dark, measurer: FixedTextMeasurer(), images: FixedImageMeasurer())
    func console(_ line: String?) -> (videoKeys: Bool, layer: String?) {
      var status = session.consoleStatus(
        for: session.state, stage: Stage(mode: .extended, presenter: 0, audience: [1]),
        plan: TalkPlan(), now: 0, date: Date(), clock: DateFormatter(), displays: [])
      status.video = line
      let frame = engine.console(
        deck: session.deck, state: session.state, status: status,
        size: PixelSize(width: 1920, height: 1080)
      ).frame
      guard case .layer(let layer)? = frame.commands.first else { return (status.videoKeys, nil) }
      return (status.videoKeys, layer.key)
    }
    #expect(console(nil).videoKeys == false)
    _ = session.handle(.key(Key(name: "Right")!), at: 0)
    let ahead = console(nil)
    #expect(ahead.videoKeys)
    #expect(ahead.layer != nil && ahead.layer == console("▶ 0:12 / 0:30").layer)
    _ = session.handle(.key(Key(name: "Right")!), at: 0)
    #expect(console(nil).videoKeys == false, "a clip that cannot play has no keys")
  }
}
