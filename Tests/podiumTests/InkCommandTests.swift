import Foundation
import PodiumCore
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// `podium export --ink` and `podium check` with an ink sidecar beside the deck.
@Suite struct InkCommandTests {
  static let deck = "# Marked up\n\nWords to underline.\n\n---\n\n# Clean\n\nNo ink here.\n"
  static let red = RGBAColor(red: 0xE5, green: 0x1E, blue: 0x1E)
  static let yellow = RGBAColor(red: 0xFF, green: 0xFF, blue: 0x00)

  /// A folder with the deck and a sidecar: a pen stroke and a highlighter on slide 1, and a
  /// stroke for a slide the deck does not have.
  func folder() throws -> URL {
    let folder = try Fixtures.temporaryDirectory()
    let deckPath = folder.appendingPathComponent("talk.md").path
    try Self.deck.write(toFile: deckPath, atomically: true, encoding: .utf8)
    let deck = try #require(DeckParser.parse(fileAt: deckPath).deck)
    let first = InkIdentity.identities(of: deck)[0]
    let sidecar = """
      podium-ink 1
      scope step
      title \(first) "Marked up"
      title cgone-0 "A slide cut since"
      stroke \(first) 0 highlighter #ffff00 0.3 0.1,0.3 0.6,0.3
      stroke \(first) 0 pen #e51e1e 0.01 0.1,0.6 0.5,0.7 0.9,0.6
      stroke cgone-0 0 pen #e51e1e 0.01 0.1,0.1 0.2,0.2

      """
    try sidecar.write(toFile: deckPath + ".ink", atomically: true, encoding: .utf8)
    return folder
  }

  func tool(_ name: String, _ arguments: [String], in folder: URL) throws -> CommandResult {
    try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/\(name)"), arguments, in: folder)
  }

  @Test func exportDrawsTheInkIntoPNGsAndAsVectorsIntoThePDF() throws {
    let folder = try folder()
    let plain = try CommandRunner.podium("export", "talk.md", "-o", "plain", in: folder)
    #expect(plain.status == 0, "\(plain.stderr)")
    let inked = try CommandRunner.podium("export", "talk.md", "-o", "inked", "--ink", in: folder)
    #expect(inked.status == 0, "\(inked.stderr)")
    func image(_ path: String) throws -> RGBImage {
      try RGBImage(contentsOf: folder.appendingPathComponent(path).path)
    }
    let without = try image("plain/slide-001.png")
    let with = try image("inked/slide-001.png")
    #expect(without.count(of: Self.red, tolerance: 8) == 0)
    #expect(with.count(of: Self.red, tolerance: 8) > 10_000, "the pen's stroke")
    #expect(with.count(of: Self.yellow, tolerance: 8) > 20_000, "the highlighter's band")
    // The highlighter multiplies: text under it stays dark.
    var dark = 0
    var stayedDark = 0
    for y in stride(from: 170, to: 480, by: 2) {
      for x in stride(from: 200, to: 1150, by: 2) {
        let before = without.pixel(x: x, y: y)
        guard Int(before.red) + Int(before.green) + Int(before.blue) < 200 else { continue }
        dark += 1
        let after = with.pixel(x: x, y: y)
        if Int(after.red) + Int(after.green) + Int(after.blue) < 250 { stayedDark += 1 }
      }
    }
    #expect(dark > 100, "text under the highlighter")
    #expect(Double(stayedDark) >= Double(dark) * 0.95, "\(stayedDark) of \(dark) stay dark")
    // The slide without ink is the same either way.
    let clean = try #require(
      try image("inked/slide-002.png").difference(from: image("plain/slide-002.png")))
    #expect(clean.differing == 0)

    // The PDF: ink as paths, no pictures; rasterised, it looks like the PNG.
    let pdf = try CommandRunner.podium("export", "talk.md", "-o", "talk.pdf", "--ink", in: folder)
    #expect(pdf.status == 0, "\(pdf.stderr)")
    let images = try tool("pdfimages", ["-list", "talk.pdf"], in: folder)
    #expect(images.stdout.split(separator: "\n").count == 2, "no pictures: \(images.stdout)")
    let raster = try tool(
      "pdftoppm",
      [
        "-png", "-f", "1", "-l", "1", "-scale-to-x", "1920", "-scale-to-y", "1080",
        "talk.pdf", "page",
      ], in: folder)
    #expect(raster.status == 0, "\(raster.stderr)")
    let page = try image("page-1.png")
    #expect(page.count(of: Self.red, tolerance: 10) > 10_000)
    let difference = try #require(page.difference(from: with))
    #expect(difference.differing < 0.01, "PDF page vs PNG: \(difference)")

    // Handouts carry it too.
    let handout = try CommandRunner.podium(
      "export", "talk.md", "-o", "handout", "--handout", "2", "--ink", in: folder)
    #expect(handout.status == 0, "\(handout.stderr)")
    #expect(try image("handout/handout-001.png").count(of: Self.red, tolerance: 10) > 1000)
  }

  @Test func checkNamesInkForSlidesThatAreGoneAndDamagedLines() throws {
    let folder = try folder()
    let checked = try CommandRunner.podium("check", "talk.md", in: folder)
    #expect(
      checked.stdout.contains(
        "talk.md.ink: warning: ink for a slide that no longer exists ('A slide cut since'): "
          + "1 stroke, kept in the sidecar"), "\(checked.stdout)")
    let path = folder.appendingPathComponent("talk.md.ink").path
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try (text + "stroke x 0 pen #e51e1e 9 0,0\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    let damaged = try CommandRunner.podium("check", "talk.md", in: folder)
    #expect(
      damaged.stdout.contains("talk.md.ink:8:24: warning: width '9' is not in 0...0.5"),
      "\(damaged.stdout)")
    // Check reads; it never moves the sidecar.
    #expect(FileManager.default.fileExists(atPath: path))
  }
}
