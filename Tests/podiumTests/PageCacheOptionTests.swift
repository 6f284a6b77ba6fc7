import Foundation
import PodiumTestSupport
import Testing

/// `--page-cache MB`, the memory for a PDF's pages drawn ahead: a value out of range is refused
/// before any window opens, saying what it takes.
@Suite struct PageCacheOptionTests {
  @Test(arguments: ["0", "15", "70000"])
  func aBudgetOutOfRangeIsRefused(value: String) throws {
    let deck = Fixtures.pdfs.appendingPathComponent("pictures.pdf").path
    for command in ["present", "rehearse"] {
      let result = try CommandRunner.run(
        CommandRunner.podium, [command, deck, "--page-cache", value],
        environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
      #expect(result.status == 2, "\(command) --page-cache \(value): \(result.stderr)")
      #expect(
        result.stderr.contains("--page-cache '\(value)' is not a number of MB from 16 to 65536"),
        "\(result.stderr)")
    }
  }
}
