import Foundation
import PodiumCore
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// PDF decks through the command line: Podium's own beamer decks (Tests/Fixtures/pdf), and PDFs made
/// here with labels, sticky notes, ten thousand pages, a password or damage.
@Suite struct PDFDeckCommandTests {
  static let pdfs = Fixtures.pdfs
  static let overlays = pdfs.appendingPathComponent("beamer-overlays.pdf").path
  static let notesRight = pdfs.appendingPathComponent("beamer-notes-right.pdf").path

  func tool(_ name: String, _ arguments: [String]) throws -> CommandResult {
    try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/\(name)"), arguments)
  }

  @Test func beamerDecksCountAsPdfpcCountsThem() throws {
    let overlays = try CommandRunner.podium("check", Self.overlays)
    #expect(overlays.status == 0)
    #expect(
      overlays.stdout.hasSuffix("5 slides, 9 build steps, 5 with notes, 0 errors, 0 warnings\n"))
    let notes = try CommandRunner.podium("check", Self.notesRight)
    #expect(notes.status == 0)
    #expect(
      notes.stdout.contains(
        "notes pages: the right half of each page is the speaker's notes (each page is twice as "
          + "wide as its slide)"), "\(notes.stdout)")
    #expect(notes.stdout.hasSuffix("5 slides, 9 build steps, 5 with notes, 0 errors, 0 warnings\n"))

    let json = try CommandRunner.podium("check", "--json", Self.overlays)
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8))
    let decks = try #require((object as? [String: Any])?["decks"] as? [[String: Any]])
    let slides = try #require(decks.first?["slideList"] as? [[String: Any]])
    #expect(slides.map { $0["pages"] as? [Int] ?? [] } == [[1], [2, 3, 4, 5], [6, 7], [8], [9]])
    #expect((slides[3]["notes"] as? String)?.hasPrefix("With h = 0.8") == true)
  }

  /// Each build step is its page as Poppler draws it: the PNG export against `pdftocairo` of
  /// the same page at the same size; with notes pages, only the slide half.
  @Test func slidesArePagesAsPopplerDrawsThem() throws {
    let out = try Fixtures.temporaryDirectory()
    for (deck, crop) in [(Self.overlays, false), (Self.notesRight, true)] {
      let folder = out.appendingPathComponent(crop ? "notes" : "overlays")
      let export = try CommandRunner.podium(
        "export", deck, "-o", folder.path, "--steps", "--slides", "2", "--size", "960x540")
      #expect(export.status == 0, "\(export.stderr)")
      // Slide 2, step 2 is page 3.
      let shown = try RGBImage(
        contentsOf: folder.appendingPathComponent("slide-002-step-2.png").path)
      var arguments = ["-png", "-f", "3", "-l", "3", "-singlefile"]
      arguments +=
        crop
        ? [
          "-scale-to-x", "1920", "-scale-to-y", "540", "-x", "0", "-y", "0", "-W", "960", "-H",
          "540",
        ]
        : ["-scale-to-x", "960", "-scale-to-y", "540"]
      let reference = folder.appendingPathComponent("reference").path
      #expect(try tool("pdftocairo", arguments + [deck, reference]).status == 0)
      let expected = try RGBImage(contentsOf: reference + ".png")
      let difference = try #require(shown.difference(from: expected))
      #expect(difference.differing < 0.005, "\(deck): \(difference)")
      // Not a blank page: the slide has its blue title bar and its text.
      #expect(
        shown.count(of: RGBAColor(red: 0x33, green: 0x33, blue: 0xB2), tolerance: 12) > 20_000)
    }
  }

  @Test func labelsAndStickyNotesOfAnyPDF() throws {
    let folder = try Fixtures.temporaryDirectory()
    let path = folder.appendingPathComponent("talk.pdf")
    try TinyPDF(pages: [
      .init(label: "i", note: "Welcome"), .init(label: "1"), .init(label: "1", grey: 0.6),
      .init(label: "2", note: "The demo"),
    ]).write(to: path)
    let check = try CommandRunner.podium("check", path.path)
    #expect(check.stdout.hasSuffix("3 slides, 4 build steps, 2 with notes, 0 errors, 0 warnings\n"))
  }

  /// A beamer-like PDF (labels 1, 2, 2, 3) with a `.pdfpc` in pdfpc's older format, as
  /// pdfpc-commands writes it: each `### N` note lands on slide N, overlays and all, and what
  /// Podium cannot keep is a warning at its line.
  @Test func olderPdfpcNotesLandOnTheirSlides() throws {
    let folder = try Fixtures.temporaryDirectory()
    try TinyPDF(pages: [.init(label: "1"), .init(label: "2"), .init(label: "2"), .init(label: "3")])
      .write(to: folder.appendingPathComponent("talk.pdf"))
    let notes =
      "[file]\ntalk.pdf\n[duration]\n15\n[end_user_slide]\n2\n[notes]\n"
      + "### 2\nThe overlays share this \\[note\\]\n### 3\n- last\n"
    try Data(notes.utf8).write(to: folder.appendingPathComponent("talk.pdfpc"))
    let path = folder.appendingPathComponent("talk.pdf").path
    let check = try CommandRunner.podium("check", path)
    #expect(check.stdout.contains("talk.pdfpc:5:1: warning: pdfpc's end slide (2) is not kept"))
    #expect(check.stdout.hasSuffix("3 slides, 4 build steps, 2 with notes, 0 errors, 1 warning\n"))
    let json = try CommandRunner.podium("check", "--json", path)
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8))
    let decks = try #require((object as? [String: Any])?["decks"] as? [[String: Any]])
    let slides = try #require(decks.first?["slideList"] as? [[String: Any]])
    #expect(
      slides.map { $0["notes"] as? String } == [nil, "The overlays share this [note]", "last"])
  }

  @Test func badPDFsGetClearErrorsAndNeverCrash() throws {
    let folder = try Fixtures.temporaryDirectory()
    func checked(_ name: String, _ extra: [String] = []) throws -> CommandResult {
      try CommandRunner.run(
        CommandRunner.podium, ["check", folder.appendingPathComponent(name).path] + extra)
    }
    try TinyPDF(pages: [.init(), .init()]).write(to: folder.appendingPathComponent("plain.pdf"))
    let encrypted = try tool(
      "qpdf",
      [
        "--encrypt", "secret", "secret", "256", "--",
        folder.appendingPathComponent("plain.pdf").path,
        folder.appendingPathComponent("locked.pdf").path,
      ])
    #expect(encrypted.status == 0, "\(encrypted.stderr)")
    let locked = try checked("locked.pdf")
    #expect(locked.status == 1)
    #expect(
      locked.stdout.contains(
        "error: locked.pdf is password-protected; give the password with --password"),
      "\(locked.stdout)")
    let wrong = try checked("locked.pdf", ["--password", "guess"])
    #expect(wrong.stdout.contains("error: the password for locked.pdf is wrong"))
    let opened = try checked("locked.pdf", ["--password", "secret"])
    #expect(opened.status == 0 && opened.stdout.contains("2 slides"), "\(opened.stdout)")

    try Data("%PDF-1.7\nthis is not a PDF at all\n%%EOF\n".utf8).write(
      to: folder.appendingPathComponent("damaged.pdf"))
    let damaged = try checked("damaged.pdf")
    #expect(damaged.status == 1)
    #expect(damaged.stdout.contains("error: cannot read the PDF: "), "\(damaged.stdout)")

    // Half a PDF, as while LaTeX writes it: not read, whatever Poppler could rebuild of it.
    let whole = try Data(contentsOf: URL(fileURLWithPath: Self.overlays))
    try whole.prefix(whole.count / 2).write(to: folder.appendingPathComponent("half.pdf"))
    let half = try checked("half.pdf")
    #expect(half.status == 1)
    #expect(
      half.stdout.contains("error: the PDF is incomplete (it does not end with %%EOF)"),
      "\(half.stdout)")

    try TinyPDF(pages: []).write(to: folder.appendingPathComponent("empty.pdf"))
    let empty = try checked("empty.pdf")
    #expect(empty.status == 1)
    #expect(
      empty.stdout.contains("error: the PDF has no pages")
        || empty.stdout.contains("error: cannot read the PDF"), "\(empty.stdout)")
  }

  /// Ten thousand pages are counted without drawing them; a page 200 inches wide is drawn at
  /// the slide's size.
  @Test func hugePDFsAreReadAndDrawnAtTheSlidesSize() throws {
    let folder = try Fixtures.temporaryDirectory()
    let many = folder.appendingPathComponent("many.pdf")
    try TinyPDF(pages: (0..<10_000).map { _ in TinyPDF.Page() }).write(to: many)
    let check = try CommandRunner.podium("check", many.path)
    #expect(check.status == 0)
    #expect(
      check.stdout.hasSuffix(
        "10000 slides, 10000 build steps, 0 with notes, 0 errors, 0 warnings\n"), "\(check.stdout)")

    let wide = folder.appendingPathComponent("wide.pdf")
    try TinyPDF(pages: [.init(width: 14_400, height: 8_100, grey: 0)]).write(to: wide)
    let out = folder.appendingPathComponent("out")
    let export = try CommandRunner.podium("export", wide.path, "-o", out.path, "--size", "640x360")
    #expect(export.status == 0, "\(export.stderr)")
    let image = try RGBImage(contentsOf: out.appendingPathComponent("slide-001.png").path)
    #expect(image.width == 640 && image.height == 360)
    // The black square in the middle third of the page, on white.
    #expect(image.count(of: RGBAColor(red: 0, green: 0, blue: 0), tolerance: 4) > 10_000)
    #expect(image.count(of: RGBAColor(red: 255, green: 255, blue: 255), tolerance: 4) > 100_000)
  }
  /// Damaged copies of a real beamer PDF (bytes overwritten in its objects, its cross-reference
  /// table, its streams; seeded, so a failure can be replayed) are read and drawn or refused
  /// with a message, never a crash.
  @Test func corruptedPDFsAreRefusedOrShownNeverACrash() throws {
    let folder = try Fixtures.temporaryDirectory()
    let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.overlays)))
    var generator = SeededGenerator(seed: 0x5EED)
    for round in 0..<24 {
      var bytes = original
      // Keep the end (%%EOF) so that the damage reaches Poppler.
      for _ in 0..<(1 + round % 6) {
        let start = Int.random(in: 16..<(bytes.count - 64), using: &generator)
        for offset in 0..<Int.random(in: 1...48, using: &generator) {
          bytes[start + offset] = UInt8.random(in: 0...255, using: &generator)
        }
      }
      let path = folder.appendingPathComponent("damaged-\(round).pdf").path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let check = try CommandRunner.podium("check", path)
      #expect(check.status == 0 || check.status == 1, "round \(round): \(check.stderr)")
      let export = try CommandRunner.podium(
        "export", path, "-o", folder.appendingPathComponent("out-\(round)").path, "--size",
        "320x180", "--steps")
      #expect(export.status == 0 || export.status == 1, "round \(round): \(export.stderr)")
    }
  }
}

/// A small, fixed pseudo-random sequence (SplitMix64), so a damaged file can be made again.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
