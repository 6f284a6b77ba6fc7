import Foundation
import PodiumCore
import PodiumSDL
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// Whiteboard pages on a real two-monitor X server: Shift+W puts a white page after the slide
/// and the room sees it, the pen is in hand at once, a drag draws on it; with the sidecar's
/// write held back (`PODIUM_TEST_INK_WRITE_DELAY`) the page and its ink are in the journal,
/// so after `kill -9` a `--resume` talk is back on the page with its ink, and the room's page
/// equals `podium export --ink` of it. Shift+B on it is a black page after it, and again a
/// way back.
@Suite(.serialized) struct WhiteboardEndToEndTests {
  let ink = InkEndToEndTests()
  static let white = RGBAColor(red: 255, green: 255, blue: 255)
  static let black = RGBAColor(red: 0, green: 0, blue: 0)

  /// The share of the audience's pixels that are `color`.
  func share(of color: RGBAColor, _ server: XorgServer) throws -> Double {
    let image = try ink.audience(server)
    return Double(image.count(of: color, tolerance: 4)) / Double(image.width * image.height)
  }

  @Test func aPageDrawnOnSurvivesKillAndResumeAndIsInTheExport() throws {
    let deckPath = try Fixtures.writeDeck(InkEndToEndTests.deckText, named: "board.md")
    let sidecar = deckPath + ".ink"
    let state = try Fixtures.temporaryDirectory("podium-state")
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let run = try PresentRun(
      server, deck: deckPath,
      environment: ["XDG_STATE_HOME": state.path, "PODIUM_TEST_INK_WRITE_DELAY": "60"])
    #expect(run.waitFor("show") != nil, "\(run.errors())")
    #expect(run.presented("audience", slide: 1))
    #expect(try share(of: Self.black, server) < 0.98, "the slide before the page")

    var mark = run.events().count
    try run.key("shift+w")
    #expect(run.presented("audience", slide: 2, after: mark), "the page is slide 2 of 3")
    let added = try #require(run.waitFor("board", after: mark), "the trace's line")
    #expect(added["action"] as? String == "added" && added["board"] as? String == "board-1")
    #expect(added["steps"] as? [Int] == [2, 1, 1] && added["slide"] as? Int == 2)
    let blank = eventually(timeout: 5) { () -> Double? in
      let white = try? share(of: Self.white, server)
      return (white ?? 0) > 0.999 ? white : nil
    }
    #expect(blank != nil, "the room sees a white page, nothing on it")
    // The pen is in hand: a drag draws at once.
    let view = try ink.consoleView(deckPath)
    try ink.drag(
      server, view: view, from: SlidePoint(x: 0.2, y: 0.3), to: SlidePoint(x: 0.7, y: 0.6))
    #expect(ink.waitForRed(server, atLeast: 2000) >= 2000, "the stroke on the room's page")
    // The journal has the page and the stroke; the sidecar's write is held back.
    let journalled = ink.journal(under: state, containing: "stroke board-1 ")
    #expect(journalled?.contains("board board-1 ") == true, "the page in the journal")
    kill(run.process.processIdentifier, SIGKILL)
    _ = run.waitForExit()
    #expect(!FileManager.default.fileExists(atPath: sidecar), "killed before the sidecar")

    let again = try PresentRun(
      server, deck: deckPath, arguments: ["--resume"],
      environment: ["XDG_STATE_HOME": state.path])
    #expect(again.waitFor("show") != nil, "\(again.errors())")
    #expect(again.waitFor("resumed") != nil, "the journal taken up")
    #expect(again.presented("audience", slide: 2), "back on the page")
    #expect(ink.waitForRed(server, atLeast: 2000) >= 2000, "its ink after kill -9 and --resume")
    let kept = eventually(timeout: 5) { () -> String? in
      let text = try? String(contentsOfFile: sidecar, encoding: .utf8)
      return text?.contains("stroke board-1 ") == true ? text : nil
    }
    #expect(kept?.contains("\nboard board-1 ") == true, "the sidecar keeps the page")
    #expect(
      try String(contentsOfFile: deckPath, encoding: .utf8) == InkEndToEndTests.deckText,
      "never the deck")

    // The room's page equals `podium export --ink` of it.
    let out = try Fixtures.temporaryDirectory()
    let export = try CommandRunner.podium(
      "export", deckPath, "-o", out.path, "--slides", "2", "--ink")
    #expect(export.status == 0, "\(export.stderr)")
    let expected = try RGBImage(contentsOf: out.appendingPathComponent("slide-002.png").path)
    #expect(ink.redPixels(expected) > 2000, "the export has the page's ink")
    let shown = try ink.audience(server)
    let difference = try #require(shown.difference(from: expected))
    #expect(difference.differing < 0.003, "audience vs export --ink: \(difference)")
    // Without --ink the export is the deck's: no page.
    let plain = try Fixtures.temporaryDirectory()
    let deckOnly = try CommandRunner.podium("export", deckPath, "-o", plain.path)
    #expect(deckOnly.status == 0)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: plain.path).sorted() == [
        "slide-001.png", "slide-002.png",
      ])

    // Shift+B on the page: a black page after it; again, while empty, back to the white one.
    mark = again.events().count
    try again.key("shift+b")
    #expect(again.presented("audience", slide: 3, after: mark))
    let dark = eventually(timeout: 5) { () -> Double? in
      let black = try? share(of: Self.black, server)
      return (black ?? 0) > 0.999 ? black : nil
    }
    #expect(dark != nil, "the room sees a black page")
    mark = again.events().count
    try again.key("shift+b")
    #expect(again.presented("audience", slide: 2, after: mark), "the empty page went")
    #expect(
      again.waitFor("board", after: mark) { $0["action"] as? String == "removed" } != nil,
      "the trace says the page went")
    #expect(ink.waitForRed(server, atLeast: 2000) >= 2000, "back on the white page and its ink")
    try again.key("q", "q")
    #expect(again.waitForExit() == 0)
  }
}
