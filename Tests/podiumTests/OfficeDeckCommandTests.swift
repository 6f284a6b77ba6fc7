import Foundation
import PodiumCore
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// Office decks through the command line (issue 34): PowerPoint and Impress files converted by
/// LibreOffice, their notes and hidden slides from the file, click steps as build steps; and
/// files that are not decks at all, refused by what they are.
@Suite(.serialized) struct OfficeDeckCommandTests {
  static let office = Fixtures.own.appendingPathComponent("office")
  /// One cache for the suite: each deck is converted once.
  static let cache: [String: String] = {
    let folder = (try? Fixtures.temporaryDirectory("podium-cache"))?.path ?? NSTemporaryDirectory()
    return ["XDG_CACHE_HOME": folder]
  }()

  func deck(_ name: String) -> String { Self.office.appendingPathComponent(name).path }

  @Test func aPowerPointDeckCountsItsSlidesStepsAndNotes() throws {
    let check = try CommandRunner.podium("check", deck("talk.pptx"), environment: Self.cache)
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    // Slide 4 is hidden in PowerPoint; slide 5's two shapes enter on click: three steps.
    #expect(
      check.stdout.hasSuffix(
        "6 slides (1 skipped: 4), 8 build steps, 3 with notes, 0 errors, 0 warnings\n"),
      "\(check.stdout)")
    let json = try CommandRunner.podium(
      "check", "--json", deck("talk.pptx"), environment: Self.cache)
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8))
    let decks = try #require((object as? [String: Any])?["decks"] as? [[String: Any]])
    let slides = try #require(decks.first?["slideList"] as? [[String: Any]])
    #expect(slides.map { $0["steps"] as? Int } == [1, 1, 1, 1, 3, 1])
    #expect(slides[0]["notes"] as? String == "Welcome everyone; this takes ten minutes.")
    #expect((slides[1]["notes"] as? String)?.hasPrefix("Start with Europe.") == true)
    #expect(slides[3]["skipped"] as? Bool == true)
  }

  @Test func anImpressDeckShowsItsClickSlidesWhole() throws {
    let check = try CommandRunner.podium("check", deck("talk.odp"), environment: Self.cache)
    #expect(check.status == 0)
    #expect(check.stdout.contains("warning: 1 slide has shapes that enter on click"))
    #expect(
      check.stdout.hasSuffix(
        "6 slides (1 skipped: 4), 6 build steps, 3 with notes, 0 errors, 1 warning\n"),
      "\(check.stdout)")
  }

  /// The slides are LibreOffice's own drawing of the deck: Podium's PNG of the picture slide
  /// against LibreOffice's own PDF of the file, rasterised by pdftocairo at the same size.
  @Test func slidesAreLibreOfficesOwnPages() throws {
    let out = try Fixtures.temporaryDirectory()
    let export = try CommandRunner.podium(
      "export", deck("talk.pptx"), "-o", out.path, "--slides", "3", "--size", "960x540",
      environment: Self.cache)
    #expect(export.status == 0, "\(export.stderr)")
    let shown = try RGBImage(contentsOf: out.appendingPathComponent("slide-003.png").path)
    let own = out.appendingPathComponent("own")
    let converted = try CommandRunner.run(
      URL(fileURLWithPath: "/usr/bin/soffice"),
      [
        "--headless", "--norestore", "-env:UserInstallation=file://" + own.path + "/profile",
        "--convert-to", "pdf", "--outdir", own.path, deck("talk.pptx"),
      ])
    #expect(converted.status == 0)
    let reference = own.appendingPathComponent("page").path
    let drawn = try CommandRunner.run(
      URL(fileURLWithPath: "/usr/bin/pdftocairo"),
      [
        "-png", "-f", "3", "-l", "3", "-singlefile", "-scale-to-x", "960", "-scale-to-y", "540",
        own.appendingPathComponent("talk.pdf").path, reference,
      ])
    #expect(drawn.status == 0)
    let expected = try RGBImage(contentsOf: reference + ".png")
    let difference = try #require(shown.difference(from: expected))
    #expect(difference.differing < 0.005, "\(difference)")
    // Not a blank page: the chart's blue bands are there.
    #expect(
      shown.count(of: RGBAColor(red: 0x2E, green: 0x86, blue: 0xC1), tolerance: 8) > 20_000)
  }

  /// Each click step is LibreOffice's own drawing of the slide as it is then: the whole slide's
  /// last step against LibreOffice's own PDF of the file, pixel for pixel; before the clicks
  /// neither box, after the first click the red one only.
  @Test func clickStepsAreLibreOfficesOwnPages() throws {
    let out = try Fixtures.temporaryDirectory()
    let export = try CommandRunner.podium(
      "export", deck("talk.pptx"), "-o", out.path, "--slides", "5", "--steps", "--size",
      "960x540", environment: Self.cache)
    #expect(export.status == 0, "\(export.stderr)")
    let own = out.appendingPathComponent("own")
    let converted = try CommandRunner.run(
      URL(fileURLWithPath: "/usr/bin/soffice"),
      [
        "--headless", "--norestore", "-env:UserInstallation=file://" + own.path + "/profile",
        "--convert-to", "pdf", "--outdir", own.path, deck("talk.pptx"),
      ])
    #expect(converted.status == 0)
    let reference = own.appendingPathComponent("page").path
    let drawn = try CommandRunner.run(
      URL(fileURLWithPath: "/usr/bin/pdftocairo"),
      [
        // LibreOffice's own export leaves the hidden slide 4 out: slide 5 is its page 4.
        "-png", "-f", "4", "-l", "4", "-singlefile", "-scale-to-x", "960", "-scale-to-y", "540",
        own.appendingPathComponent("talk.pdf").path, reference,
      ])
    #expect(drawn.status == 0)
    let red = RGBAColor(red: 0xC0, green: 0x39, blue: 0x2B)
    let green = RGBAColor(red: 0x27, green: 0xAE, blue: 0x60)
    var shown: [RGBImage] = []
    for step in 1...3 {
      shown.append(
        try RGBImage(contentsOf: out.appendingPathComponent("slide-005-step-\(step).png").path))
    }
    let whole = try #require(
      shown.last?.difference(from: try RGBImage(contentsOf: reference + ".png")))
    #expect(whole.differing < 0.005, "\(whole)")
    #expect(shown[0].count(of: red, tolerance: 8) < 100)
    #expect(shown[0].count(of: green, tolerance: 8) < 100)
    #expect(shown[1].count(of: red, tolerance: 8) > 2_000)
    #expect(shown[1].count(of: green, tolerance: 8) < 100)
    #expect(shown[2].count(of: green, tolerance: 8) > 2_000)
  }

  @Test func aFileThatIsNoDeckIsRefusedByWhatItIs() throws {
    let folder = try Fixtures.temporaryDirectory()
    let cases: [(String, [UInt8], String)] = [
      ("photo.md", [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 7, count: 64), "a JPEG image"),
      ("slides.md", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG image"),
      ("talk.md", [0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0, count: 40), "a zip archive"),
      ("notes.md", Array("# A\u{0}\u{1}\u{2}".utf8), "a binary file"),
      ("wide.md", [0xFF, 0xFE, 0x23, 0x00], "UTF-16 text (save it as UTF-8)"),
    ]
    for (name, bytes, what) in cases {
      let path = folder.appendingPathComponent(name)
      try Data(bytes).write(to: path)
      let check = try CommandRunner.podium("check", path.path)
      #expect(check.status == 1, "\(name)")
      #expect(check.stdout.contains("error: \(name) is \(what), not a deck"), "\(check.stdout)")
      let export = try CommandRunner.podium("export", path.path, "-o", folder.path + "/out")
      #expect(export.status == 1)
    }
  }

  /// A PDF by another name is still a PDF.
  @Test func aPDFByAnotherNameIsShownAsAPDF() throws {
    let folder = try Fixtures.temporaryDirectory()
    let renamed = folder.appendingPathComponent("slides.md")
    try FileManager.default.copyItem(
      at: Fixtures.pdfs.appendingPathComponent("beamer-overlays.pdf"), to: renamed)
    let check = try CommandRunner.podium("check", renamed.path)
    #expect(check.status == 0)
    #expect(check.stdout.hasSuffix("5 slides, 9 build steps, 0 with notes, 0 errors, 0 warnings\n"))
  }
}
