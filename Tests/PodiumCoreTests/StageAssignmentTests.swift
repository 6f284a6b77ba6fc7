import PodiumCore
import PodiumTestSupport
import Testing

@Suite struct StageAssignmentTests {
  let laptop = FakeDisplayProvider.laptop
  let projector = FakeDisplayProvider.projector
  let panel = FakeDisplayProvider.panel4K

  func assign(_ displays: [DisplayInfo], _ options: StageOptions = StageOptions()) throws -> Stage {
    try StageAssignment.assign(FakeDisplayProvider(displays).displays(), options: options)
  }

  @Test func oneDisplayMirrors() throws {
    #expect(try assign([laptop]) == Stage(mode: .mirrored, presenter: 0, audience: []))
  }

  @Test func twoDisplaysExtendWithTheConsoleOnThePrimary() throws {
    #expect(try assign([laptop, projector]) == Stage(mode: .extended, presenter: 0, audience: [1]))
    // The primary flag decides, not the order.
    var second = projector
    second.isPrimary = true
    var first = laptop
    first.isPrimary = false
    #expect(try assign([first, second]) == Stage(mode: .extended, presenter: 1, audience: [0]))
    // With no primary at all, the first display takes the console.
    first.isPrimary = false
    second.isPrimary = false
    #expect(try assign([first, second]).presenter == 0)
  }

  @Test func threeDisplaysPutTheAudienceOnEveryOther() throws {
    #expect(
      try assign([laptop, projector, panel])
        == Stage(mode: .extended, presenter: 0, audience: [1, 2]))
    let chosen = try assign(
      [laptop, projector, panel], StageOptions(audienceDisplay: .name("DP-2")))
    #expect(chosen == Stage(mode: .extended, presenter: 0, audience: [2]))
  }

  @Test func optionsPickDisplaysByIndexOrName() throws {
    #expect(
      try assign([laptop, projector], StageOptions(presenterDisplay: .index(1)))
        == Stage(mode: .extended, presenter: 1, audience: [0]))
    #expect(
      try assign([laptop, projector], StageOptions(audienceDisplay: DisplaySelector("hdmi-1")))
        == Stage(mode: .extended, presenter: 0, audience: [1]))
    // The audience on the primary sends the console to the other display.
    #expect(
      try assign([laptop, projector], StageOptions(audienceDisplay: .index(0)))
        == Stage(mode: .extended, presenter: 1, audience: [0]))
    #expect(DisplaySelector("2") == .index(2))
    #expect(DisplaySelector("HDMI-1") == .name("HDMI-1"))
  }

  @Test func swapMirrorAndWindowed() throws {
    #expect(
      try assign([laptop, projector], StageOptions(swap: true))
        == Stage(mode: .extended, presenter: 1, audience: [0]))
    #expect(
      try assign([laptop, projector, panel], StageOptions(swap: true))
        == Stage(mode: .extended, presenter: 1, audience: [0, 2]))
    #expect(
      try assign([laptop, projector], StageOptions(mirror: true))
        == Stage(mode: .mirrored, presenter: 0, audience: []))
    #expect(
      try assign([laptop, projector], StageOptions(windowed: true))
        == Stage(mode: .windowed, presenter: 0, audience: []))
    // Swapping with one display changes nothing.
    #expect(
      try assign([laptop], StageOptions(swap: true))
        == Stage(mode: .mirrored, presenter: 0, audience: []))
  }

  @Test func unknownDisplaysAreClearErrors() {
    #expect(
      throws: StageError.displayNotFound(
        option: "--audience-display", selector: .name("HDMI-9"),
        available: ["0 (eDP-1 1920x1080)", "1 (HDMI-1 1280x720)"])
    ) {
      try assign([laptop, projector], StageOptions(audienceDisplay: .name("HDMI-9")))
    }
    #expect(
      throws: StageError.displayNotFound(
        option: "--presenter-display", selector: .index(5), available: ["0 (eDP-1 1920x1080)"])
    ) {
      try assign([laptop], StageOptions(presenterDisplay: .index(5)))
    }
    #expect(throws: StageError.sameDisplay(.index(1))) {
      try assign(
        [laptop, projector], StageOptions(presenterDisplay: .index(1), audienceDisplay: .index(1)))
    }
    #expect(throws: StageError.noDisplays) { try assign([]) }
    #expect(
      StageError.displayNotFound(
        option: "--audience-display", selector: .name("X"), available: ["0 (a 1x1)"]
      ).description == "--audience-display 'X': no such display; available: 0 (a 1x1)")
  }

  @Test func hotPlugSequenceKeepsRolesSensible() throws {
    // Projector unplugged mid-talk, then plugged back, then a second projector added.
    let sequence: [[DisplayInfo]] = [
      [laptop, projector], [laptop], [laptop, projector], [laptop, projector, panel],
    ]
    let stages = try sequence.map { try assign($0) }
    #expect(stages.map(\.mode) == [.extended, .mirrored, .extended, .extended])
    #expect(stages.map(\.presenter) == [0, 0, 0, 0])
    #expect(stages.map(\.audience) == [[1], [], [1], [1, 2]])
  }

  @Test func rolesAreNamedForPodiumDisplays() throws {
    let stage = try assign([laptop, projector, panel], StageOptions(audienceDisplay: .index(1)))
    #expect([0, 1, 2].map(stage.role(of:)) == ["presenter", "audience", "unused"])
    #expect(try assign([laptop]).role(of: 0) == "mirrored (audience view; Tab for the console)")
  }
}
