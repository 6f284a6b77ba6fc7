import Foundation
import PodiumCore
import PodiumSDL
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// The ink in the crash journal, on a real two-monitor X server: with the sidecar's write held
/// back (`PODIUM_TEST_INK_WRITE_DELAY`, test-only), a stroke is in the journal the moment the
/// pen comes up, and after `kill -9` a `--resume` talk shows it and writes the sidecar.
@Suite(.serialized) struct InkJournalEndToEndTests {
  let ink = InkEndToEndTests()

  @Test func aStrokeWhoseSidecarWriteWasCutShortComesBackWithResume() throws {
    let deckPath = try Fixtures.writeDeck(InkEndToEndTests.deckText, named: "journalled.md")
    let sidecar = deckPath + ".ink"
    let state = try Fixtures.temporaryDirectory("podium-state")
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let run = try PresentRun(
      server, deck: deckPath,
      environment: ["XDG_STATE_HOME": state.path, "PODIUM_TEST_INK_WRITE_DELAY": "60"])
    #expect(run.waitFor("show") != nil, "\(run.errors())")
    let view = try ink.consoleView(deckPath)
    try run.key("d")
    try ink.drag(
      server, view: view, from: SlidePoint(x: 0.2, y: 0.7), to: SlidePoint(x: 0.8, y: 0.8))
    #expect(ink.waitForRed(server, atLeast: 2000) >= 2000, "the stroke on the audience")
    // The journal has the stroke as soon as the pen is up; the sidecar does not yet.
    let journalled = ink.journal(under: state, containing: "\"k\":\"ink\"")
    #expect(journalled?.contains("stroke ") == true, "an ink line in the journal")
    #expect(!FileManager.default.fileExists(atPath: sidecar), "the sidecar's write held back")

    kill(run.process.processIdentifier, SIGKILL)
    _ = run.waitForExit()
    #expect(!FileManager.default.fileExists(atPath: sidecar), "killed before the sidecar")
    let again = try PresentRun(
      server, deck: deckPath, arguments: ["--resume"],
      environment: ["XDG_STATE_HOME": state.path])
    #expect(again.waitFor("show") != nil, "\(again.errors())")
    #expect(again.waitFor("resumed") != nil, "the journal taken up")
    #expect(ink.waitForRed(server, atLeast: 2000) >= 2000, "the journal's stroke after --resume")
    // The resumed talk writes the sidecar, so the ink is kept beside the deck again.
    let kept = eventually(timeout: 5) { () -> String? in
      let text = try? String(contentsOfFile: sidecar, encoding: .utf8)
      return text?.contains("stroke ") == true ? text : nil
    }
    #expect(kept != nil, "the sidecar written by the resumed talk")
    try again.key("q", "q")
    #expect(again.waitForExit() == 0)
  }
}
