import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

/// What `podium export -o talk.mp4` shows when (`MovieScript`), what the console says of a
/// recording (`RecordingStatus`) and where `record:` puts one.
@Suite struct MovieScriptTests {
  func deck(_ text: String) throws -> Deck {
    try #require(DeckParser.parse(bytes: Array(text.utf8), file: "d.md", baseDirectory: "/").deck)
  }

  /// Three slides, the second with a build of two steps and the third coming in with a fade.
  let text = """
    ---
    marp: true
    ---

    # One

    ---

    <!-- _transition: fade 800ms -->
    # Two

    - first

    <!-- pause -->

    - second

    ---

    # Three
    """

  func shots(_ deck: Deck) -> [SlideShot] { ExportPlan(steps: true).shots(in: deck) }

  @Test func withNoRehearsalEachSlideIsHeldItsSecondsSharedAmongItsSteps() throws {
    let deck = try deck(text)
    let steps = deck.slides.map(\.stepCount)
    let script = MovieScript(deck: deck, shots: shots(deck), rehearsal: nil, secondsPerSlide: 6)
    #expect(script.scenes.count == steps.reduce(0, +))
    // Each slide takes 6 s, whatever its steps.
    var perSlide: [Int: Double] = [:]
    for scene in script.scenes { perSlide[scene.shot.slideIndex, default: 0] += scene.seconds }
    #expect(perSlide == [0: 6, 1: 6, 2: 6])
    #expect(script.end == 18 && script.rehearsedScenes == 0)
    // Scenes follow each other with no gap.
    for (a, b) in zip(script.scenes, script.scenes.dropFirst()) {
      #expect(abs(a.start + a.seconds - b.start) < 1e-9)
    }
    // The chapters: a slide each, named by its title, where it begins.
    #expect(
      script.chapters.chapters
        == [
          .init(start: 0, title: "1. One"), .init(start: 6, title: "2. Two"),
          .init(start: 12, title: "3. Three"),
        ])
  }

  @Test func theRehearsalsTimesHoldEachStepAndTheDefaultFillsWhatItLacks() throws {
    let deck = try deck(text)
    #expect(deck.slides[1].stepCount == 2, "the list is a build")
    let run = RehearsalRun(
      date: "2026-12-03T10:00:00Z", total: 20,
      slides: [
        .init(slide: 1, title: "One", seconds: 4, steps: [4]),
        .init(slide: 2, title: "Two", seconds: 11, steps: [8, 3]),
        // Slide 3's steps were counted otherwise: the deck changed since.
        .init(slide: 3, title: "Three", seconds: 5, steps: [2, 3]),
      ])
    let script = MovieScript(deck: deck, shots: shots(deck), rehearsal: run, secondsPerSlide: nil)
    #expect(script.scenes.map(\.seconds) == [4, 8, 3, MovieScript.defaultSecondsPerSlide])
    #expect(script.rehearsedScenes == 3)
    // --seconds-per-slide wins over the rehearsal.
    let even = MovieScript(deck: deck, shots: shots(deck), rehearsal: run, secondsPerSlide: 2)
    #expect(even.scenes.map(\.seconds) == [2, 1, 1, 2] && even.rehearsedScenes == 0)
    // A step rehearsed in a blink is still seen.
    var blink = run
    blink.slides[1].steps = [10.9, 0.1]
    let shown = MovieScript(deck: deck, shots: shots(deck), rehearsal: blink, secondsPerSlide: nil)
    #expect(shown.scenes[2].seconds == MovieScript.shortestStep)
  }

  @Test func theDecksTransitionsPlayAsASlideComesInAndFitInItsScene() throws {
    let deck = try deck(text)
    let script = MovieScript(deck: deck, shots: shots(deck), rehearsal: nil, secondsPerSlide: 4)
    let plays = script.scenes.map { $0.transition.map { "\($0.effect.rawValue) \($0.seconds)" } }
    // Slide 2 sets a fade for leaving it (Marp's `_transition`): it plays as slide 3 comes in;
    // a build step plays none.
    #expect(plays == [nil, nil, nil, "fade 0.8"])
    let third = try #require(script.scenes.last?.transition)
    #expect(third.start == script.scenes[3].start)
    // A scene shorter than its transition cuts it to the scene.
    let quick = MovieScript(deck: deck, shots: shots(deck), rehearsal: nil, secondsPerSlide: 0.5)
    #expect(quick.scenes.last?.transition?.seconds == 0.5)
  }

  @Test func theConsolesRecordingLineSaysTimeSizeAndDrops() {
    var status = RecordingStatus()
    status.seconds = 83
    status.bytes = 4_718_592
    status.frames = 2490
    #expect(status.label == "● REC 1:23 · 4.5 MB")
    status.droppedFrames = 3
    #expect(status.label == "● REC 1:23 · 4.5 MB · 3 dropped")
    #expect(!status.isFallingBehind, "3 of 2493 is under 1%")
    status.droppedFrames = 40
    #expect(status.isFallingBehind)
    status.problem = "No space left on device"
    status.stopped = true
    #expect(status.label == "REC stopped: No space left on device")
    #expect(RecordingStatus.meterFraction(1) == 1 && RecordingStatus.meterFraction(0) == 0)
    #expect(abs(RecordingStatus.meterFraction(0.001) - 0) < 1e-9)
    #expect(abs(RecordingStatus.meterFraction(0.0316) - 0.5) < 0.01, "-30 dB is half way")
  }

  @Test func recordSettingsAreReadAndBadOnesAreLocatedErrors() throws {
    let (config, problems) = try Fixtures.configuration(
      "record: ~/Videos/talks\nrecord-mic: USB Audio\nrecord-size: 1280x720\n")
    #expect(problems.isEmpty, "\(problems)")
    #expect(config.recordFolder == NSHomeDirectory() + "/Videos/talks")
    #expect(config.recordMicrophone == "USB Audio")
    #expect(config.recordSize == PixelSize(width: 1280, height: 720))
    var parts = DateComponents()
    (parts.year, parts.month, parts.day, parts.hour, parts.minute) = (2026, 12, 3, 14, 5)
    let date = try #require(Calendar.current.date(from: parts))
    #expect(
      config.recordingPath(forDeck: "/talks/keynote.md", at: date)
        == NSHomeDirectory() + "/Videos/talks/keynote-2026-12-03-1405.mkv")
    #expect(config.printed.contains("record: \(NSHomeDirectory())/Videos/talks"))
    let (off, _) = try Fixtures.configuration("record: off\n")
    #expect(off.recordFolder == nil && off.recordingPath(forDeck: "a.md") == nil)
    let (_, bad) = try Fixtures.configuration("record-size: huge\nrecord: [a, b]\n")
    #expect(
      bad.map { $0.components(separatedBy: "/").last ?? $0 } == [
        "config.yaml:1:14: error: record-size must be a size such as 1920x1080, not 'huge'",
        "config.yaml:2:9: error: record must be a folder for the recordings, or off",
      ])
  }

  @Test func shiftCMovesTheCameraRoundTheCornersAndHidesIt() {
    #expect(KeyBindings().command(for: Key("c", modifiers: .shift)) == .moveCamera)
    #expect(KeyBindings.summary.contains("camera: shift+c"), "\(KeyBindings.summary)")
    var state = PresentationState(stepCounts: [1, 1])
    var seen = [state.cameraCorner]
    for _ in 0..<5 {
      let changed = state.apply(.moveCamera, at: 0)
      #expect(changed)
      seen.append(state.cameraCorner)
    }
    #expect(seen == [.bottomRight, .bottomLeft, .topLeft, .topRight, .hidden, .bottomRight])
    #expect(state.position == .init(slide: 0, step: 0), "the talk stays where it is")
    let box = PixelSize(width: 480, height: 270)
    let movie = PixelSize(width: 1920, height: 1080)
    #expect(CameraCorner.bottomRight.origin(of: box, in: movie)! == (1408, 778))
    #expect(CameraCorner.topLeft.origin(of: box, in: movie)! == (32, 32))
    #expect(CameraCorner.hidden.origin(of: box, in: movie) == nil)
  }
}
