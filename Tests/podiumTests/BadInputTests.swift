import Foundation
import PodiumCore
import PodiumSDL
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// Hostile files around a deck, through the real command: each gets a clear message and a
/// sensible exit, never a crash, a hang or gigabytes of memory. README.md's table "What Podium
/// does with bad input" lists the same cases.
@Suite struct BadInputTests {
  /// `podium` with a time limit: a hang fails the test (exit 124) instead of stalling the suite.
  func podium(_ arguments: String..., in folder: URL? = nil) throws -> CommandResult {
    try CommandRunner.run(
      URL(fileURLWithPath: "/usr/bin/timeout"), ["60", CommandRunner.podium.path] + arguments,
      in: folder)
  }

  /// A folder with `deck.md` showing `image` on its one slide.
  func deck(showing image: String) throws -> URL {
    let folder = try Fixtures.temporaryDirectory()
    try "# Figure\n\n![a figure](\(image))\n".write(
      to: folder.appendingPathComponent("deck.md"), atomically: true, encoding: .utf8)
    return folder
  }

  /// `podium check` warns about the image at its place and exits 0; `podium export` draws the
  /// slide as the room sees it: the picture's alt text in its place, as a browser shows a
  /// picture it cannot load, and no error (the placeholder naming the file is the console's).
  func expectPlaceholder(_ folder: URL, image: String, saying message: String) throws {
    let check = try podium("check", "deck.md", in: folder)
    #expect(check.status == 0, "\(check.stderr)")
    #expect(
      check.stdout.contains("deck.md:3:1: warning: image '\(image)' \(message)"), "\(check.stdout)")
    let export = try podium("export", "deck.md", "-o", "out", "--size", "640x360", in: folder)
    #expect(export.status == 0, "\(export.stderr)")
    let slide = try RGBImage(contentsOf: folder.appendingPathComponent("out/slide-001.png").path)
    #expect(
      slide.count(of: Theme.light.colors.placeholder, tolerance: 2) == 0,
      "no placeholder for the room")
    #expect(
      slide.count(of: Theme.light.colors.muted, tolerance: 40) > 20, "the alt text is drawn")
  }

  @Test func aDeckOfFiftyMegabytesIsRefusedWithItsSize() throws {
    let folder = try Fixtures.temporaryDirectory()
    let slide =
      "## A slide\n\n- a point that is not short, so that the file grows quickly\n\n---\n\n"
    var text = String(repeating: slide, count: 50 * 1024 * 1024 / slide.utf8.count)
    text += String(repeating: "x", count: 50 * 1024 * 1024 - text.utf8.count)  // exactly 50 MB
    try text.write(to: folder.appendingPathComponent("big.md"), atomically: false, encoding: .utf8)
    for arguments in [["check", "big.md"], ["export", "big.md", "-o", "out"]] {
      let result = try CommandRunner.run(CommandRunner.podium, arguments, in: folder)
      #expect(result.status == 1, "\(arguments)")
      #expect(
        (result.stdout + result.stderr).contains("'big.md' is 50 MB; decks are limited to 16 MB"),
        "\(result.stderr)")
    }
    #expect(
      !FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path),
      "nothing exported")
  }

  @Test func aFileThatIsNotAnImageGetsAPlaceholder() throws {
    let folder = try deck(showing: "notes.png")
    try "these are notes, not pixels\n".write(
      to: folder.appendingPathComponent("notes.png"), atomically: true, encoding: .utf8)
    try expectPlaceholder(folder, image: "notes.png", saying: "is not an image Podium can show")
  }

  @Test func aTruncatedPNGIsCaughtBeforeDecoding() throws {
    let folder = try deck(showing: "cut.png")
    let whole = try Data(
      contentsOf: Fixtures.packageRoot.appendingPathComponent("Decks/images/two-displays.png"))
    try whole.prefix(whole.count / 2).write(to: folder.appendingPathComponent("cut.png"))
    try expectPlaceholder(folder, image: "cut.png", saying: "is truncated or damaged")
  }

  /// A real 30000 × 30000 PNG (1-bit, 110 KB on disk, 3.6 GB as RGBA) is refused from its
  /// header, naming its size, and never decoded.
  @Test func aThirtyThousandPixelPNGIsRefusedNamingItsSize() throws {
    let folder = try deck(showing: "huge.png")
    let made = try CommandRunner.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "python3", "-c",
        """
        import struct, sys, zlib
        def chunk(kind, data):
            return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))
        side = 30000
        rows = (b'\\x00' + b'\\x00' * (side // 8)) * side
        png = b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', side, side, 1, 0, 0, 0, 0))
        png += chunk(b'IDAT', zlib.compress(rows, 9)) + chunk(b'IEND', b'')
        open(sys.argv[1], 'wb').write(png)
        """,
        folder.appendingPathComponent("huge.png").path,
      ])
    #expect(made.status == 0, "\(made.stderr)")
    let size =
      try FileManager.default.attributesOfItem(
        atPath: folder.appendingPathComponent("huge.png").path)[.size] as? Int
    #expect((size ?? 0) < 1_000_000, "a small file that decodes to gigabytes")
    try expectPlaceholder(
      folder, image: "huge.png",
      saying: "is 30000 × 30000 pixels; images are limited to 16384 on a side")
  }

  @Test func aSymbolicLinkLoopIsNamed() throws {
    let folder = try deck(showing: "loop.png")
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("loop.png").path, withDestinationPath: "back.png")
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("back.png").path, withDestinationPath: "loop.png")
    try expectPlaceholder(folder, image: "loop.png", saying: "is a loop of symbolic links")
  }

  /// Reading a FIFO would wait for a writer forever, and /dev/zero never ends: both are refused
  /// by their type, as images, themes and decks.
  @Test func aFIFOOrDevZeroIsRefusedWithoutReading() throws {
    let folder = try deck(showing: "pipe.png")
    #expect(mkfifo(folder.appendingPathComponent("pipe.png").path, 0o644) == 0)
    try expectPlaceholder(
      folder, image: "pipe.png", saying: "is not a regular file (a device, pipe or socket)")

    let zero = try deck(showing: "/dev/zero")
    try expectPlaceholder(
      zero, image: "/dev/zero", saying: "is not a regular file (a device, pipe or socket)")

    try "---\ntheme: /dev/zero\n---\n\n# Hi\n".write(
      to: zero.appendingPathComponent("themed.md"), atomically: true, encoding: .utf8)
    let theme = try podium("check", "themed.md", in: zero)
    #expect(theme.status == 1)
    #expect(
      theme.stdout.contains("cannot use theme file: '/dev/zero' is not a regular file"),
      "\(theme.stdout)")

    let deck = try podium("check", "/dev/zero")
    #expect(deck.status == 1)
    #expect(
      (deck.stdout + deck.stderr).contains("'/dev/zero' is not a regular file"), "\(deck.stdout)")
  }

  /// Nine lines of YAML aliases stand for a billion strings; used as a key, Yams would hash them
  /// one by one for longer than a talk. Anchors are refused before the YAML is read.
  @Test func billionLaughsInFrontMatterAreRefusedAtOnce() throws {
    var yaml = [
      "a: &a [\"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\"]"
    ]
    var previous = "a"
    for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
      yaml.append(
        "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ")
          + "]")
      previous = name
    }
    let folder = try Fixtures.temporaryDirectory()
    let asValue = "---\n" + yaml.joined(separator: "\n") + "\ntitle: *i\n---\n\n# Hi\n"
    let asKey = "---\n" + yaml.joined(separator: "\n") + "\n? *i\n: 1\n---\n\n# Hi\n"
    for (name, text) in [("value.md", asValue), ("key.md", asKey)] {
      try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
      let started = Date()
      let result = try podium("check", name, in: folder)
      #expect(result.status == 1, "\(name)")
      #expect(
        result.stdout.contains(
          "\(name):2:4: error: front matter: YAML anchor '&a' is not allowed here"),
        "\(result.stdout)")
      #expect(Date().timeIntervalSince(started) < 30, "refused, not expanded")
    }
  }

  /// Export writes its own file names in its own folder: a deck cannot name others, and a link
  /// planted in the folder is replaced, not followed.
  @Test func exportDoesNotFollowALinkPlantedInItsFolder() throws {
    let folder = try deck(showing: "missing.png")
    let out = folder.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    let victim = folder.appendingPathComponent("victim.txt")
    try "keep me\n".write(to: victim, atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: out.appendingPathComponent("slide-001.png").path, withDestinationPath: victim.path)
    let result = try podium("export", "deck.md", "-o", "out", in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try String(contentsOf: victim, encoding: .utf8) == "keep me\n")
    let written = try FileManager.default.attributesOfItem(
      atPath: out.appendingPathComponent("slide-001.png").path)
    #expect(written[.type] as? FileAttributeType == .typeRegular)
  }
}
