import Foundation
import PodiumTestSupport
import Testing

/// Shell completion comes from swift-argument-parser, from the same definitions as --help.
@Suite struct CompletionTests {
  @Test(arguments: ["bash", "zsh", "fish"])
  func completionScriptsKnowEveryCommandAndOption(shell: String) throws {
    let result = try CommandRunner.podium("--generate-completion-script", shell)
    #expect(result.status == 0)
    // fish names options without their dashes.
    for word in [
      "present", "rehearse", "export", "check", "displays", "audience-display", "record",
      "resume", "resume-clock", "recover",
    ] {
      #expect(result.stdout.contains(word), "\(shell) completion lacks \(word)")
    }
  }
}
