import Foundation
import PodiumCore
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// A PDF of pictures (each page one 1920x1080 picture, as scans and photo-heavy exports are) on
/// a real two-monitor X server: the next page is drawn ahead for both windows before the key,
/// and a key is answered by one frame a window, none that changes nothing. Its pictures as
/// JPEGs, which Poppler draws, and as PNGs, which Podium decodes itself.
@Suite(.serialized) struct PagesAheadEndToEndTests {
  @Test(arguments: ["pictures.pdf", "pictures-png.pdf"])
  func aPicturePagesNextIsDrawnAheadAndAKeyIsOneFrameAWindow(file: String) throws {
    let deck = Fixtures.pdfs.appendingPathComponent(file).path
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let run = try PresentRun(server, deck: deck)
    #expect(run.presented("audience", slide: 1))
    // Before any key: the next step's frames are put into the audience's and the console's
    // caches, which a window does only once every page of the frame is drawn.
    let ahead = run.waitFor("prepared", timeout: 30) { ($0["frames"] as? Int ?? 0) >= 2 }
    #expect(ahead != nil, "slide 2 drawn ahead for both windows")
    Thread.sleep(forTimeInterval: 0.5)
    let before = run.events().count
    try run.key("Right")
    #expect(run.presented("audience", slide: 2, after: before))
    #expect(
      run.waitFor("present", after: before) {
        $0["role"] as? String == "presenter" && $0["latency_ms"] != nil
      } != nil)
    Thread.sleep(forTimeInterval: 1.0)
    let after = run.events().dropFirst(before).filter { $0["event"] as? String == "present" }
    // One frame on the audience for one key: no redraw of it when the console's pages arrive.
    #expect(after.filter { $0["role"] as? String == "audience" }.count == 1)
    // One frame answering the key on the console (the clock's second may add its own).
    #expect(
      after.filter { $0["role"] as? String == "presenter" && $0["latency_ms"] != nil }.count == 1)
    // The audience shows page 2 as Poppler draws it at the monitor's size, not a blank.
    let screen = try Screenshot.capture(display: server.display)
    let audience = screen.crop(x: 1920, y: 0, width: 1920, height: 1080)
    let shown = RGBImage(width: 1920, height: 1080, pixels: audience.pixels)
    let folder = try Fixtures.temporaryDirectory()
    func page(_ number: Int) throws -> RGBImage {
      let reference = folder.appendingPathComponent("page-\(number)").path
      let drawn = try CommandRunner.run(
        URL(fileURLWithPath: "/usr/bin/pdftocairo"),
        ["-png", "-f", "\(number)", "-l", "\(number)", "-singlefile"]
          + ["-scale-to-x", "1920", "-scale-to-y", "1080", deck, reference])
      #expect(drawn.status == 0)
      return try RGBImage(contentsOf: reference + ".png")
    }
    let difference = try #require(shown.difference(from: page(2)))
    #expect(difference.differing < 0.01, "the audience vs pdftocairo: \(difference)")
    // Not page 1 still (FFmpeg's testsrc2; page 2 is SMPTE colour bars).
    let fromFirst = try #require(shown.difference(from: page(1)))
    #expect(fromFirst.differing > 0.02, "page 2, not page 1: \(fromFirst)")
    try run.key("q", "q")
    #expect(run.waitForExit() == 0)
  }
}
