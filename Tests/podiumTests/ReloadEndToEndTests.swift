import Foundation
import PodiumCore
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// Nothing the speaker saves can stall the talk (issue 33), on a real two-monitor X server: an
/// edit that TeX spends seconds over is read off the talk's loop while keys go on being
/// answered, and a formula that TeX never finishes or that ends it spoils no other formula.
@Suite(.serialized) struct ReloadEndToEndTests {
  /// Four slides; the second holds a good formula beside `second`, the third `third`.
  func deck(second: String, third: String) -> String {
    let slides = [
      "# One\n", "## Two\n\nMass and energy: $E=mc^2$\n\n\(second)\n",
      "## Three\n\n\(third)\n", "## Four\n\n- the end\n",
    ]
    return "---\ntheme: light\n---\n\n" + slides.joined(separator: "\n---\n\n")
  }

  @Test func aFormulaTeXNeverFinishesNeitherStallsTheTalkNorSpoilsTheOthers() throws {
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    // A cache of this run's own, and a macro name of its own: nothing set aside before helps.
    let cache = try Fixtures.temporaryDirectory("podium-cache")
    let environment = ["XDG_CACHE_HOME": cache.path]
    let name = "loop" + String((0..<8).map { _ in "abcdefghijklmnopqrstuvwxyz".randomElement()! })
    let looping = "$\\def\\\(name){\\\(name)}\\\(name)$"
    let path = try Fixtures.writeDeck(deck(second: "Plain text.", third: "Sum: $a+b$"))
    let run = try PresentRun(server, deck: path, environment: environment)
    #expect(run.waitFor("show") != nil)
    try run.key("Right", "Right")
    #expect(run.presented("audience", slide: 3))
    Thread.sleep(forTimeInterval: 0.5)
    let before = try Screenshot.capture(display: server.display)
      .crop(x: 1920, y: 0, width: 1920, height: 1080)

    // Saved: a formula TeX never finishes on the slide on show, and beside the good formula of
    // slide two one whose fatal error (a file that is not there) ends TeX's run.
    let mark = run.events().count
    try deck(second: "$$\\input{nofile}$$", third: "Sum: \(looping)")
      .write(toFile: path, atomically: true, encoding: .utf8)
    Thread.sleep(forTimeInterval: 1)
    // While TeX runs (at least the 4 s the looping formula is given), the talk answers keys
    // with the deck it has: the old slide three is still on the audience.
    let during = try Screenshot.capture(display: server.display)
      .crop(x: 1920, y: 0, width: 1920, height: 1080)
    #expect(during.pixels == before.pixels, "the old version of the slide until the new is read")
    let pressed = run.events().count
    try run.key("Left")
    try run.key("Right")
    try run.key("Left")
    #expect(run.waitFor("show", after: pressed, timeout: 2) { $0["slide"] as? Int == 2 } != nil)
    let reloaded = run.waitFor("reload", after: mark, timeout: 30)
    #expect(reloaded?["version"] as? Int == 2)
    let events = Array(run.events().dropFirst(mark))
    let reloadAt = try #require(events.firstIndex { $0["event"] as? String == "reload" })
    let shows = events[..<reloadAt].filter { $0["event"] as? String == "show" }
    #expect(shows.count == 3, "the three keys were answered before the edit was read: \(shows)")
    let stalls = events.filter { $0["event"] as? String == "stall" }
    #expect(
      !stalls.contains { ($0["ms"] as? Double ?? 0) > 1000 }, "the loop never waited: \(stalls)")
    #expect((reloaded?["ms"] as? Double ?? 0) > 3000, "TeX's time went by off the loop")

    // Each formula with its own reason; the good one set.
    let check = try CommandRunner.podium("check", path, environment: environment)
    let warnings = check.stdout.split(separator: "\n").filter { $0.contains("formula") }
    #expect(warnings.count == 2, "\(check.stdout)")
    #expect(warnings.contains { $0.contains("deck.md:13:") && $0.contains("nofile.tex") })
    let looped = warnings.filter { $0.contains("did not finish it within 4 s") }
    #expect(looped.count == 1 && looped[0].contains("deck.md:19:"), "\(warnings)")
    #expect(!check.stdout.contains("E=mc"))

    // The audience shows what export draws from the same cache: slide three with the formula
    // as its TeX source, slide two with E = mc² typeset.
    try run.key("Right")
    #expect(run.presented("audience", slide: 3, after: reloadAt + mark))
    Thread.sleep(forTimeInterval: 0.5)
    let out = try Fixtures.temporaryDirectory()
    let export = try CommandRunner.podium(
      "export", path, "-o", out.path, environment: environment)
    #expect(export.status == 0, "\(export.stderr)")
    func audienceMatches(slide: Int) throws -> [UInt8] {
      let expected = try RGBImage(
        contentsOf: out.appendingPathComponent(String(format: "slide-%03d.png", slide)).path)
      let shot = try Screenshot.capture(display: server.display)
        .crop(x: 1920, y: 0, width: 1920, height: 1080)
      let shown = RGBImage(width: 1920, height: 1080, pixels: shot.pixels)
      #expect(try #require(shown.difference(from: expected)).differing < 0.002, "slide \(slide)")
      return shot.pixels
    }
    #expect(try audienceMatches(slide: 3) != before.pixels, "the new version: the formula's source")
    let back = run.events().count
    try run.key("Left")
    #expect(run.presented("audience", slide: 2, after: back))
    Thread.sleep(forTimeInterval: 0.5)
    _ = try audienceMatches(slide: 2)
    try run.key("q", "q")
    #expect(run.waitForExit() == 0)
  }
}
