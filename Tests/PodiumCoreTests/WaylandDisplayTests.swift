import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

/// Wayland's part of choosing displays: the driver for the session, output names for SDL's
/// displays, and the primary where the compositor has none.
@Suite struct WaylandDisplayTests {
  func display(_ index: Int, _ name: String, x: Int = 0) -> DisplayInfo {
    DisplayInfo(index: index, name: name, x: x, y: 0, width: 1920, height: 1080)
  }

  @Test func aWaylandSessionAsksForNativeWaylandAndSDLVideoDriverWins() {
    #expect(
      VideoDriverChoice.preferred(environment: ["WAYLAND_DISPLAY": "wayland-0"]) == ["wayland"])
    #expect(
      VideoDriverChoice.preferred(environment: ["XDG_SESSION_TYPE": "wayland"]) == ["wayland"])
    #expect(VideoDriverChoice.preferred(environment: ["DISPLAY": ":0"]).isEmpty)
    #expect(
      VideoDriverChoice.preferred(
        environment: ["WAYLAND_DISPLAY": "wayland-0", "SDL_VIDEODRIVER": "x11"]
      ).isEmpty)
    #expect(
      VideoDriverChoice.describe("x11", environment: ["WAYLAND_DISPLAY": "wayland-0"])
        == "x11 (XWayland)")
    #expect(VideoDriverChoice.describe("x11", environment: ["DISPLAY": ":0"]) == "x11")
    #expect(VideoDriverChoice.describe("wayland", environment: [:]) == "wayland")
  }

  @Test func displaysTakeTheOutputNamesByDescriptionThenByPlace() {
    let sdl = [display(0, "Built-in display"), display(1, "Dell U2720Q", x: 1920)]
    let outputs = [
      OutputIdentity(name: "HDMI-A-1", description: "Dell U2720Q", scale: 2),
      OutputIdentity(name: "eDP-1", description: "Built-in display", scale: 1),
    ]
    let named = OutputIdentity.name(sdl, from: outputs)
    #expect(named.map(\.name) == ["eDP-1", "HDMI-A-1"])
    #expect(named.map(\.scale) == [1, 2])
    // Two identical monitors: the same description twice, matched in order.
    let twins = OutputIdentity.name(
      [display(0, "Dell"), display(1, "Dell")],
      from: [
        OutputIdentity(name: "DP-1", description: "Dell", scale: 1),
        OutputIdentity(name: "DP-2", description: "Dell", scale: 1),
      ])
    #expect(twins.map(\.name) == ["DP-1", "DP-2"])
    // An output the compositor does not describe keeps SDL's name.
    let unknown = OutputIdentity.name([display(0, "Headless output 1")], from: [])
    #expect(unknown.map(\.name) == ["Headless output 1"] && unknown[0].scale == nil)
  }

  @Test func theBuiltInPanelIsThePrimaryElseTheFirstOutput() throws {
    let docked = OutputIdentity.choosePrimary([display(0, "HDMI-A-1"), display(1, "eDP-1")])
    #expect(docked.map(\.isPrimary) == [false, true])
    let old = OutputIdentity.choosePrimary([display(0, "VGA-1"), display(1, "LVDS-1")])
    #expect(old.map(\.isPrimary) == [false, true])
    let desk = OutputIdentity.choosePrimary([display(0, "DP-1"), display(1, "HDMI-A-1")])
    #expect(desk.map(\.isPrimary) == [true, false])
    // The roles follow: the console on the laptop's panel, the slides on the projector.
    let stage = try StageAssignment.assign(docked, options: StageOptions())
    #expect(stage.presenter == 1 && stage.audience == [0])
  }

  /// The console names the projector as the compositor does (`HEADLESS-2`), not by the
  /// description SDL 2 gives a Wayland display ("Headless output 2").
  @Test func theConsoleNamesTheAudiencesOutputByItsName() throws {
    let sdl = [display(0, "Headless output 1"), display(1, "Headless output 2", x: 1920)]
    let outputs = [
      OutputIdentity(name: "HEADLESS-1", description: "Headless output 1", scale: 1),
      OutputIdentity(name: "HEADLESS-2", description: "Headless output 2", scale: 1),
    ]
    let loaded = DeckLoader(files: InMemoryFiles(["/t.md": "# One\n\n---\n\n# Two\n"]))
      .load("/t.md")
    let talk = TalkSession(path: "/t.md", deck: try #require(loaded.deck), theme: loaded.theme)
    let stage = Stage(mode: .extended, presenter: 0, audience: [1])
    func audience(_ displays: [DisplayInfo]) -> String {
      talk.consoleStatus(
        for: talk.state, stage: stage, plan: TalkPlan(), now: 0, date: Date(),
        clock: DateFormatter(), displays: displays
      ).audience
    }
    #expect(audience(OutputIdentity.name(sdl, from: outputs)) == "Audience on HEADLESS-2")
    #expect(audience(sdl) == "Audience on Headless output 2")
    #expect(audience([]) == "Audience on display 1")
  }
}
