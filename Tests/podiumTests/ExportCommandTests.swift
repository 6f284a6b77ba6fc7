import Foundation
import PodiumTestSupport
import Testing

/// PNG width and height from the IHDR chunk, without decoding.
func pngSize(_ path: String) throws -> (Int, Int) {
  let data = try Data(contentsOf: URL(fileURLWithPath: path))
  #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
  func be32(_ offset: Int) -> Int {
    data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
  }
  return (be32(16), be32(20))
}

@Suite struct ExportCommandTests {
  static let deck = """
    ---
    title: Export test
    paginate: true
    ---

    # First

    ---

    ## Second

    - a
    <!-- pause -->
    - b

    ???

    Notes for the second slide.

    ---

    ## Third
    """

  func deckFolder() throws -> URL {
    let folder = try Fixtures.temporaryDirectory()
    try Self.deck.write(
      to: folder.appendingPathComponent("talk.md"), atomically: true, encoding: .utf8)
    return folder
  }

  func pngs(_ folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
      $0.hasSuffix(".png")
    }.sorted()
  }

  @Test func writesOnePNGPerSlideWithNoDisplay() throws {
    let folder = try deckFolder()
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = nil
    environment["SDL_VIDEODRIVER"] = nil
    environment["WAYLAND_DISPLAY"] = nil
    let process = Process()
    process.executableURL = CommandRunner.podium
    process.arguments = ["export", "talk.md", "-o", "out"]
    process.currentDirectoryURL = folder
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(output.hasPrefix("Exported 3 slides to out at 1920x1080 in "))
    let out = folder.appendingPathComponent("out")
    #expect(pngs(out) == ["slide-001.png", "slide-002.png", "slide-003.png"])
    #expect(try pngSize(out.appendingPathComponent("slide-001.png").path) == (1920, 1080))
  }

  @Test func stepsSlidesSizeAndNotes() throws {
    let folder = try deckFolder()
    let steps = try CommandRunner.podium(
      "export", "talk.md", "-o", "steps", "--steps", "--size", "1280x720", in: folder)
    #expect(steps.status == 0, "\(steps.stderr)")
    #expect(steps.stderr == "", "no progress bar when stderr is not a terminal")
    #expect(
      pngs(folder.appendingPathComponent("steps")) == [
        "slide-001-step-1.png", "slide-002-step-1.png", "slide-002-step-2.png",
        "slide-003-step-1.png",
      ])
    #expect(
      try pngSize(folder.appendingPathComponent("steps/slide-002-step-2.png").path) == (1280, 720))

    let some = try CommandRunner.podium(
      "export", "talk.md", "-o", "some", "--slides", "2-3", "--jobs", "1", in: folder)
    #expect(some.status == 0)
    #expect(pngs(folder.appendingPathComponent("some")) == ["slide-002.png", "slide-003.png"])

    let notes = try CommandRunner.podium("export", "talk.md", "-o", "notes", "--notes", in: folder)
    #expect(notes.status == 0)
    #expect(
      pngs(folder.appendingPathComponent("notes")) == [
        "handout-001.png", "handout-002.png", "handout-003.png",
      ])
  }

  @Test func aTerminalGetsAProgressBar() throws {
    let folder = try deckFolder()
    // script(1) gives the command a terminal, as a user's shell would.
    let command = "\(CommandRunner.podium.path) export talk.md -o tty"
    let result = try CommandRunner.run(
      URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"], in: folder)
    #expect(result.status == 0)
    #expect(result.stdout.contains("] 3/3"), "\(result.stdout)")
    #expect(result.stdout.contains("Exported 3 slides to tty"))
  }

  @Test func badOptionsAreUsageErrors() throws {
    let folder = try deckFolder()
    let size = try CommandRunner.podium("export", "talk.md", "-o", "x", "--size", "big", in: folder)
    #expect(size.status == 2)
    #expect(size.stderr.contains("--size 'big' is not WIDTHxHEIGHT"))
    let slides = try CommandRunner.podium(
      "export", "talk.md", "-o", "x", "--slides", "2-9", in: folder)
    #expect(slides.status == 2)
    #expect(slides.stderr.contains("slide 9 does not exist; the deck has 3 slides"))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x").path))
  }

  @Test func brokenDeckOrOutputIsAnErrorAndWritesNothing() throws {
    let folder = try Fixtures.temporaryDirectory()
    try "---\nduration: soon\n---\n# A\n".write(
      to: folder.appendingPathComponent("bad.md"), atomically: true, encoding: .utf8)
    let broken = try CommandRunner.podium("export", "bad.md", "-o", "out", in: folder)
    #expect(broken.status == 1)
    #expect(broken.stderr.contains("bad.md:2:11: error: duration 'soon'"))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))

    let good = try deckFolder()
    try "not a folder".write(
      to: good.appendingPathComponent("file"), atomically: true, encoding: .utf8)
    let intoFile = try CommandRunner.podium("export", "talk.md", "-o", "file", in: good)
    #expect(intoFile.status == 1)
    #expect(intoFile.stderr.contains("it is a file"))
  }

  @Test func writesOnlyInsideTheOutputFolder() throws {
    let folder = try deckFolder()
    // A deck whose image paths try to climb out changes nothing: export names its own files.
    try "# A\n\n![x](../../../etc/passwd)\n\n![bg](/tmp/../../x.png)\n".write(
      to: folder.appendingPathComponent("escape.md"), atomically: true, encoding: .utf8)
    let before = Set(try FileManager.default.subpathsOfDirectory(atPath: folder.path))
    let result = try CommandRunner.podium("export", "escape.md", "-o", "deep/out", in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let after = Set(try FileManager.default.subpathsOfDirectory(atPath: folder.path))
    #expect(after.subtracting(before) == ["deep", "deep/out", "deep/out/slide-001.png"])
  }

  @Test func everyBundledAndOwnDeckExports() throws {
    try expectExports(Fixtures.bundledDecks + Fixtures.ownDecks)
  }

  @Test(.enabled(if: Fixtures.hasCorpus, Fixtures.noCorpus))
  func everyCorpusDeckExports() throws {
    try expectExports(Fixtures.compatDecks)
  }

  func expectExports(_ decks: [URL]) throws {
    let out = try Fixtures.temporaryDirectory()
    for (index, deck) in decks.enumerated() {
      let result = try CommandRunner.podium(
        "export", deck.path, "-o", out.appendingPathComponent("\(index)").path, "--size", "640x360")
      #expect(result.status == 0, "\(deck.lastPathComponent): \(result.stderr)")
      #expect(result.stdout.hasPrefix("Exported "))
    }
  }
}
