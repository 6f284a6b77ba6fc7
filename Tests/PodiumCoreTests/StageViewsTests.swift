import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

/// `--views` (a notes, timer or audience view on a display of its own) and `--share` (the
/// audience as a window for a video call): which display gets what, as displays come and go,
/// and what the views draw.
@Suite struct StageViewsTests {
  let laptop = FakeDisplayProvider.laptop
  let projector = FakeDisplayProvider.projector
  let panel = FakeDisplayProvider.panel4K

  func assign(_ displays: [DisplayInfo], views: String? = nil, share: SharedWindow? = nil)
    throws -> Stage
  {
    var options = StageOptions()
    options.views = try views.map(StageViewRequest.parse) ?? []
    options.share = share
    return try StageAssignment.assign(displays, options: options)
  }

  @Test func viewsAreParsedWithClearErrors() throws {
    #expect(
      try StageViewRequest.parse("notes@HDMI-2")
        == [StageViewRequest(kind: .notes, display: .name("HDMI-2"))])
    #expect(
      try StageViewRequest.parse("Timer@2, audience@DP-1")
        == [
          .init(kind: .timer, display: .index(2)), .init(kind: .audience, display: .name("DP-1")),
        ]
    )
    #expect(throws: StageViewError.malformed("notes")) { try StageViewRequest.parse("notes") }
    #expect(throws: StageViewError.malformed("notes@")) { try StageViewRequest.parse("notes@") }
    #expect(throws: StageViewError.unknownKind("slides@DP-1", "slides")) {
      try StageViewRequest.parse("slides@DP-1")
    }
    #expect(
      "\(StageViewError.unknownKind("slides@DP-1", "slides"))"
        == "'slides@DP-1': unknown view 'slides'; expected notes, timer or audience")
  }

  @Test func aViewTakesItsDisplayFromTheAudiencesDefaultSet() throws {
    let stage = try assign([laptop, projector, panel], views: "notes@DP-2")
    #expect(stage.mode == .extended && stage.presenter == 0 && stage.audience == [1])
    #expect(stage.views == [StageView(kind: .notes, requested: "DP-2", display: 2)])
    let windows = WindowPlacement.windows(
      for: stage, on: [laptop, projector, panel], rehearse: false)
    #expect(windows.map(\.role) == [.audience, .presenter, .notes], "the room's window first")
    let notes = try #require(windows.last)
    #expect(notes.display == 2 && notes.fullScreen)
    #expect(notes.area == DisplayInfo.Area(x: 3200, y: 0, width: 3840, height: 2160))
    #expect(stage.role(of: 2) == "notes view")
    // An index names the display as well as a name does; a timer and a copy of the room too.
    let both = try assign([laptop, projector, panel], views: "timer@2")
    #expect(both.views.first?.display == 2 && both.audience == [1])
    let copy = WindowPlacement.windows(
      for: try assign([laptop, projector, panel], views: "audience@DP-2"),
      on: [laptop, projector, panel], rehearse: false)
    #expect(copy.filter { $0.role == .audience }.map(\.display) == [1, 2])
  }

  @Test func theRoomAndTheConsoleComeFirst() throws {
    // The console's display is never a view's.
    let console = try assign([laptop, projector, panel], views: "notes@eDP-1")
    #expect(console.views.first?.display == nil)
    #expect(console.views.first?.closed == "eDP-1 has the console")
    #expect(console.audience == [1, 2])
    // Two views on one display: the first has it.
    let two = try assign([laptop, projector, panel], views: "notes@DP-2,timer@DP-2")
    #expect(two.views.map(\.display) == [2, nil])
    #expect(two.views.last?.closed == "DP-2 shows the notes view")
    // The audience named for the display: the view stays closed.
    var options = StageOptions(audienceDisplay: .name("DP-2"))
    options.views = try StageViewRequest.parse("notes@DP-2")
    let named = try StageAssignment.assign([laptop, projector, panel], options: options)
    #expect(named.audience == [2] && named.views.first?.closed == "DP-2 shows the audience")
    // Mirrored, Tab puts the console over the room's slides: a copy would show it.
    options = StageOptions(mirror: true)
    options.views = try StageViewRequest.parse("audience@HDMI-1")
    let mirrored = try StageAssignment.assign([laptop, projector], options: options)
    #expect(mirrored.mode == .mirrored && mirrored.views.first?.display == nil)
  }

  /// Hot-plug: the view closes when its display goes, and comes back with it; when the
  /// projector goes, the view's display becomes the room's (the talk must be seen), and the
  /// view returns when the projector does.
  @Test func viewsFollowDisplaysComingAndGoing() throws {
    let views = "notes@DP-2"
    let all = try assign([laptop, projector, panel], views: views)
    #expect(all.audience == [1] && all.views.first?.display == 2)
    let gone = try assign([laptop, projector], views: views)
    #expect(gone.audience == [1] && gone.views.first?.display == nil)
    #expect(gone.views.first?.closed == "DP-2 not connected")
    #expect(gone.views.first?.description == "notes: DP-2 not connected")
    #expect(
      WindowPlacement.windows(for: gone, on: [laptop, projector], rehearse: false).count == 2)
    let noProjector = try assign([laptop, panel], views: views)
    #expect(noProjector.audience == [2], "the room gets the only other display")
    #expect(noProjector.views.first?.closed == "DP-2 shows the audience")
    let back = try assign([laptop, projector, panel], views: views)
    #expect(back == all)
    // Mid-talk, with the swap key pressed, the view keeps its display.
    var state = PresentationState(stepCounts: [1, 1])
    state.apply(.swapDisplays, at: 0)
    var options = StageOptions()
    options.views = try StageViewRequest.parse(views)
    let swapped = try #require(
      try StageAssignment.assign(
        [laptop, projector, panel], options: options, state: state, midTalk: true))
    #expect(swapped.presenter == 1 && swapped.audience == [0] && swapped.views.first?.display == 2)
  }

  @Test func shareOpensAnOrdinaryWindowOfTheAskedSizeWithTheConsoleElsewhere() throws {
    // Two displays: the shared window on the primary, the console full screen on the other.
    let two = try assign([laptop, projector], share: .standard)
    #expect(two.mode == .shared && two.presenter == 1 && two.audience == [0])
    let placed = WindowPlacement.windows(for: two, on: [laptop, projector], rehearse: false)
    #expect(placed.map(\.role) == [.audience, .presenter])
    #expect(placed[0].area == DisplayInfo.Area(x: 0, y: 0, width: 1920, height: 1080))
    #expect(!placed[0].fullScreen && placed[1].fullScreen && placed[1].display == 1)
    #expect(two.role(of: 0) == "shared audience window" && two.role(of: 1) == "presenter")
    #expect(
      two.sharedSummary(displays: [laptop, projector])
        == "Share the window 'Podium: audience' (1920x1080) on eDP-1")
    // One display: the console is an ordinary window too, beside the shared one when there is
    // room for a console (640 pixels), else over it (the shared window keeps drawing under it).
    var wide = panel
    wide.isPrimary = true
    let one = try assign([wide], share: try #require(SharedWindow(parsing: "1280x720")))
    #expect(one.mode == .shared && one.presenter == 2 && one.audience == [2])
    let alone = WindowPlacement.windows(for: one, on: [wide], rehearse: false)
    #expect(alone[0].area == DisplayInfo.Area(x: 3200, y: 0, width: 1280, height: 720))
    #expect(alone[1].role == .presenter && !alone[1].fullScreen)
    #expect(alone[1].area.x >= 3200 + 1280, "beside the shared window: \(alone[1].area)")
    #expect(alone[1].area.x + alone[1].area.width <= 3200 + 3840)
    let over = WindowPlacement.windows(
      for: try assign([laptop], share: try #require(SharedWindow(parsing: "1280x720"))),
      on: [laptop], rehearse: false)
    #expect(over[1].area.x < 1280 && !over[1].fullScreen, "over it, as an ordinary window")
    #expect(over[1].area.width > 1280, "larger than the 592 pixels beside it")
    // Panels keep their space: the window starts in the usable area.
    var docked = laptop
    docked.usable = DisplayInfo.Area(x: 0, y: 32, width: 1920, height: 1048)
    let top = WindowPlacement.windows(
      for: try assign([docked], share: .standard), on: [docked], rehearse: false)
    #expect(top[0].area.y == 32)
  }

  /// The console's status line says which window to share, and where each view is.
  @Test func theConsoleSaysWhichWindowIsSharedAndWhereTheViewsAre() throws {
    let deck = try #require(parse("# One\n\n???\n\nSay hi.\n\n---\n\n# Two\n").deck)
    let talk = TalkSession(path: "/deck.md", deck: deck, theme: .dark)
    let displays = [laptop, projector]
    func audience(_ stage: Stage) -> String {
      talk.consoleStatus(
        for: talk.state, stage: stage, plan: TalkPlan(), now: 0, date: Date(),
        clock: DateFormatter(), displays: displays
      ).audience
    }
    #expect(
      audience(try assign(displays, share: .standard))
        == "Share the window 'Podium: audience' (1920x1080) on eDP-1")
    #expect(
      audience(try assign(displays, views: "timer@DP-2"))
        == "Audience on HDMI-1 · timer: DP-2 not connected")
    #expect(
      audience(try assign([laptop, projector, panel], views: "notes@DP-2"))
        == "Audience on HDMI-1 · notes on DP-2")
  }

  @Test func sharedWindowSizesAreParsed() {
    #expect(SharedWindow(parsing: "1280x720") == SharedWindow(width: 1280, height: 720))
    #expect(SharedWindow(parsing: "1920X1080") == .standard)
    for bad in ["", "1280", "x720", "axb", "100x50", "9000x720", "1280x720x3"] {
      #expect(SharedWindow(parsing: bad) == nil, "\(bad)")
    }
  }

  @Test func theConfigurationNamesViews() throws {
    let folder = try Fixtures.temporaryDirectory("podium-config")
    let path = folder.appendingPathComponent("config.yaml").path
    try "views: [notes@HDMI-2, timer@DP-1]\n".write(toFile: path, atomically: true, encoding: .utf8)
    let (config, diagnostics) = Configuration.load(path: path)
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    #expect(config.views.map(\.description) == ["notes@HDMI-2", "timer@DP-1"])
    #expect(config.printed.contains("views: [notes@HDMI-2, timer@DP-1]"))
    try "views: notes@HDMI-2\nwarning: 3m\nviews2: x\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    #expect(Configuration.load(path: path).0.views.map(\.description) == ["notes@HDMI-2"])
    try "warning: 3m\nviews: [notes@HDMI-2, clock@DP-1]\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    let (bad, problems) = Configuration.load(path: path)
    #expect(bad.views.map(\.description) == ["notes@HDMI-2"], "the good one kept")
    let error = try #require(problems.first { $0.description.contains("clock") })
    #expect(
      error.description.hasSuffix(
        "config.yaml:2:23: error: views: 'clock@DP-1': unknown view 'clock'; expected notes, timer or audience"
      ), "\(error)")
  }
}
