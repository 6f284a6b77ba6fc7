import Foundation
import PodiumTestSupport
import Testing

@Suite struct ConfigCommandTests {
  func home(_ config: String?) throws -> [String: String] {
    try Fixtures.configurationHome(config)
  }

  @Test func printShowsTheEffectiveConfiguration() throws {
    let result = try CommandRunner.podium(
      "config", "--print", environment: try home("keys:\n  next: j\nwarning: 90s\n"))
    #expect(result.status == 0)
    #expect(
      result.stdout.contains("warning: 1m30s") && result.stdout.contains("next: [j]"),
      "\(result.stdout)")
    let none = try CommandRunner.podium("config", "--print", environment: try home(nil))
    #expect(none.status == 0 && none.stdout.contains("no configuration file"))
  }

  @Test func aBadConfigurationStopsEveryCommandWithItsPlace() throws {
    let environment = try home("notes-size: huge\n")
    let check = try CommandRunner.podium("config", environment: environment)
    #expect(check.status == 1)
    #expect(
      check.stderr.contains("podium/config.yaml:1:13: error: notes-size must be a number"),
      "\(check.stderr)")
    var headless = environment
    headless["DISPLAY"] = ""
    let present = try CommandRunner.podium(
      "present", Fixtures.tour,
      environment: headless)
    #expect(present.status == 1 && present.stderr.contains("config.yaml:1:13"), "\(present.stderr)")
  }
}

@Suite struct TalkOptionTests {
  @Test(arguments: ["present", "rehearse"])
  func badLengthsOfTimeAreUsageErrors(command: String) throws {
    let deck = Fixtures.tour
    let duration = try CommandRunner.podium(command, deck, "--duration", "soon")
    #expect(
      duration.status == 2 && duration.stderr.contains("--duration 'soon' is not a length of time"))
    let warning = try CommandRunner.podium(command, deck, "--warning", "later")
    #expect(
      warning.status == 2 && warning.stderr.contains("--warning 'later' is not a length of time"))
  }
}
