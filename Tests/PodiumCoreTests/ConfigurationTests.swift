import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

@Suite struct ConfigurationTests {
  func write(_ text: String) throws -> String {
    let folder = try Fixtures.temporaryDirectory("podium-config")
    let path = folder.appendingPathComponent("config.yaml").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func aFullConfigurationIsRead() throws {
    let folder = try Fixtures.temporaryDirectory("podium-config")
    try "extends: dark\n".write(
      to: folder.appendingPathComponent("mine.yaml"), atomically: true, encoding: .utf8)
    let path = folder.appendingPathComponent("config.yaml").path
    try """
    # a clicker that sends j and k
    keys:
      next: [j, PageDown]
      previous: k
      black: F9
    theme: mine.yaml
    warning: 3m
    audience-display: HDMI-1
    notes-size: 1.4
    """.write(toFile: path, atomically: true, encoding: .utf8)
    let (config, diagnostics) = Configuration.load(path: path)
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    func command(_ name: String) -> PresentationCommand? {
      Key(name: name).flatMap { config.command(for: $0) }
    }
    #expect(command("J") == .next && command("k") == .previous)
    #expect(command("F9") == .toggleBlack)
    #expect(command("Right") == .next, "the defaults stay")
    #expect(config.theme == .file(path: folder.appendingPathComponent("mine.yaml").path))
    #expect(
      config.warningMinutes == 3 && config.audienceDisplay == "HDMI-1" && config.notesScale == 1.4)
    #expect(
      config.printed.contains("next: [j, pagedown]") && config.printed.contains("warning: 3m"))
  }

  @Test func noFileMeansTheDefaults() {
    let (config, diagnostics) = Configuration.load(path: "/nonexistent/podium/config.yaml")
    #expect(diagnostics.isEmpty && config == Configuration())
    #expect(config.printed.contains("no configuration file"))
  }

  @Test func badValuesAreErrorsWithTheirPlaceAndUnknownKeysWarnings() throws {
    let path = try write(
      "warning: soon\nnotes-size: 9\ntheme: purple\nkeys:\n  nxet: j\nfont-size: 3\n")
    let (_, diagnostics) = Configuration.load(path: path)
    let lines = diagnostics.map(\.description)
    #expect(
      lines.contains {
        $0.hasSuffix(":1:10: error: warning must be a length of time such as 2m or 90s, not 'soon'")
      }, "\(lines)")
    #expect(
      lines.contains { $0.contains(":2:13: error: notes-size must be a number from 0.5 to 3") })
    #expect(
      lines.contains {
        $0.contains(
          ":3:8: error: theme must be light, dark, gaia, uncover or a theme .yaml file, "
            + "not 'purple'")
      })
    #expect(
      lines.contains {
        $0.contains(":5:3: error: unknown command 'nxet' in keys; did you mean 'next'?")
      })
    #expect(lines.contains { $0.contains(":6:1: warning: unknown setting 'font-size' (ignored)") })
    #expect(diagnostics.hasErrors)
    let broken = try write("keys: [next\n")
    #expect(
      Configuration.load(path: broken).1.first?.description.contains("error: not valid YAML")
        == true)
  }

  @Test func theFileIsFoundWhereXDGSays() {
    #expect(
      Configuration.defaultPath(environment: ["XDG_CONFIG_HOME": "/etc/x", "HOME": "/home/a"])
        == "/etc/x/podium/config.yaml")
    #expect(
      Configuration.defaultPath(environment: ["HOME": "/home/a"])
        == "/home/a/.config/podium/config.yaml")
    #expect(
      Configuration.defaultPath(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/a"])
        == "/home/a/.config/podium/config.yaml")
  }

  @Test func thePreferredAudienceDisplayIsUsedWhenItIsThere() throws {
    let displays = [
      DisplayInfo(index: 0, name: "eDP-1", x: 0, y: 0, width: 1920, height: 1080, isPrimary: true),
      DisplayInfo(index: 1, name: "DP-2", x: 1920, y: 0, width: 1920, height: 1080),
      DisplayInfo(index: 2, name: "HDMI-1", x: 3840, y: 0, width: 1920, height: 1080),
    ]
    let preferring = StageOptions(preferredAudience: "HDMI-1")
    #expect(
      try StageAssignment.assign(displays, options: preferring)
        == Stage(mode: .extended, presenter: 0, audience: [2]))
    var absent = preferring
    absent.preferredAudience = "HDMI-9"
    #expect(
      try StageAssignment.assign(displays, options: absent).audience == [1, 2],
      "not there: no error, the usual roles")
    var overridden = preferring
    overridden.audienceDisplay = .name("DP-2")
    #expect(
      try StageAssignment.assign(displays, options: overridden).audience == [1],
      "the command line wins")
  }
}
