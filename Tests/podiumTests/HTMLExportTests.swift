import Foundation
import PodiumTestSupport
import Testing

/// `podium export -o talk.html`: one page holding every build step as SVG, the notes and the
/// script, with nothing to fetch. The page in a real browser (keys, notes, the hash, pixels
/// against the PNG export) is scripts/html-export-test.py's, which scripts/test runs.
@Suite struct HTMLExportTests {
  /// Five slides shown (one skipped), one of them with three build steps, notes, a picture and
  /// code; the browser test exports the same deck.
  static let deck = Fixtures.packageRoot.appendingPathComponent(
    "Tests/Fixtures/html-export/talk.md")

  /// Every `id="..."` in `text`.
  static func ids(in text: String) -> [String] {
    text.components(separatedBy: " id=\"").dropFirst().compactMap {
      $0.split(separator: "\"", maxSplits: 1).first.map(String.init)
    }
  }

  /// The `data-slide` and `data-step` of each step's section.
  static func steps(in html: String) -> [String] {
    html.components(separatedBy: "<section class=\"step\" data-slide=\"").dropFirst().map {
      let fields = $0.components(separatedBy: "\"")
      return "\(fields[0]).\(fields.count > 2 ? fields[2] : "?")"
    }
  }

  @Test func onePageWithEveryStepTheNotesAndNothingToFetch() throws {
    let folder = try Fixtures.temporaryDirectory()
    let result = try CommandRunner.podium(
      "export", Self.deck.path, "-o", "talk.html", "--size", "1280x720", in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.hasPrefix("Exported 7 build steps to talk.html at 1280x720 in "),
      "\(result.stdout)")
    #expect(result.stdout.contains("5 slides in one page"), "\(result.stdout)")
    let html = try String(
      contentsOf: folder.appendingPathComponent("talk.html"), encoding: .utf8)
    #expect(html.hasPrefix("<!doctype html>"))
    #expect(html.contains("<title>Sharing a talk</title>"))
    #expect(Self.steps(in: html) == ["1.1", "2.1", "2.2", "2.3", "3.1", "4.1", "6.1"])
    // The notes, as text; the skipped slide is not there.
    #expect(html.contains("<p>Welcome: the notes of slide one.</p>"))
    #expect(html.contains("<p>Notes of slide two: 2 &lt; 3 &amp; more.</p>"))
    #expect(!html.contains("data-slide=\"5\""))
    // Nothing from the network: no address but the page's own ids and data, a policy that
    // forbids fetching, the script inline.
    #expect(html.contains("default-src 'none'"))
    #expect(!html.contains(" src="), "no <script src> or <img src>")
    // The one address is the last slide's link, a link over its words that opens a new tab.
    let link = "https://podium.example/docs?a=1&amp;b=2"
    #expect(html.contains("<a href=\"\(link)\" target=\"_blank\" rel=\"noopener\"><rect "))
    #expect(html.components(separatedBy: "://").count == 2, "one address")
    for reference in html.components(separatedBy: "href=\"").dropFirst() {
      #expect(
        reference.hasPrefix("#") || reference.hasPrefix("data:") || reference.hasPrefix(link),
        "\(reference.prefix(40))")
    }
    // The picture once, every id once, every reference to one that is there.
    #expect(html.components(separatedBy: "data:image/png;base64,").count == 2)
    let ids = Self.ids(in: html)
    #expect(Set(ids).count == ids.count, "an id given twice")
    let known = Set(ids)
    for marker in ["href=\"#", "url(#"] {
      for piece in html.components(separatedBy: marker).dropFirst() {
        let name = String(piece.prefix { $0 != "\"" && $0 != ")" })
        #expect(known.contains(name), "#\(name) refers to nothing")
      }
    }
    // Text as glyph outlines, each used where it stands.
    #expect(html.components(separatedBy: "<use href=\"#g").count > 200)
    #expect(html.utf8.count < 1_500_000, "\(html.utf8.count) bytes")

    // --all takes the skipped slide too; --slides some.
    let all = try CommandRunner.podium(
      "export", Self.deck.path, "-o", "all.html", "--all", "--size", "640x360", in: folder)
    #expect(all.status == 0, "\(all.stderr)")
    let allHTML = try String(contentsOf: folder.appendingPathComponent("all.html"), encoding: .utf8)
    #expect(Self.steps(in: allHTML).count == 8)
    let some = try CommandRunner.podium(
      "export", Self.deck.path, "-o", "some.htm", "--slides", "2", in: folder)
    #expect(some.status == 0, "\(some.stderr)")
    #expect(some.stdout.hasPrefix("Exported 3 build steps to some.htm at 1920x1080"))
  }

  /// A PDF deck (beamer's overlays) is its pages drawn as vectors: 9 build steps of 5 slides,
  /// with pdfpc's notes.
  @Test func aPDFDeckIsItsPagesAsVectors() throws {
    let folder = try Fixtures.temporaryDirectory()
    let pdf = Fixtures.pdfs.appendingPathComponent("beamer-overlays.pdf").path
    let result = try CommandRunner.podium("export", pdf, "-o", "beamer.html", in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("Exported 9 build steps to beamer.html"), "\(result.stdout)")
    let html = try String(
      contentsOf: folder.appendingPathComponent("beamer.html"), encoding: .utf8)
    #expect(Self.steps(in: html).count == 9)
    #expect(html.contains("With h = 0.8"), "the notes")
    #expect(html.contains("<use href=\"#g"), "the pages' text as glyph outlines")
    // No page as a picture: the one picture is the soft mask of the title page's shaded box,
    // which Poppler hands cairo as a mask.
    #expect(html.components(separatedBy: "<image ").count - 1 <= 1, "no page as a picture")
    #expect(html.components(separatedBy: "<section ").count - 1 == 9)
  }

  @Test func badOutputsFailClearlyAndLeaveNothing() throws {
    let folder = try Fixtures.temporaryDirectory()
    try "not a folder".write(
      to: folder.appendingPathComponent("file"), atomically: true, encoding: .utf8)
    let underFile = try CommandRunner.podium(
      "export", Self.deck.path, "-o", "file/talk.html", in: folder)
    #expect(underFile.status == 1)
    #expect(
      underFile.stderr.contains("podium export: cannot write 'file/talk.html': ")
        && underFile.stderr.contains("is not a folder"), "\(underFile.stderr)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("dir.html"), withIntermediateDirectories: true)
    let intoFolder = try CommandRunner.podium(
      "export", Self.deck.path, "-o", "dir.html", in: folder)
    #expect(intoFolder.status == 1)
    #expect(
      intoFolder.stderr.contains("cannot write 'dir.html': it is a folder"), "\(intoFolder.stderr)")
    // A folder no one can write into, even root: /proc.
    let unwritable = try CommandRunner.podium(
      "export", Self.deck.path, "-o", "/proc/talk.html", in: folder)
    #expect(unwritable.status == 1)
    #expect(
      unwritable.stderr.contains("podium export: cannot write '/proc/talk.html': "),
      "\(unwritable.stderr)")
    #expect(!unwritable.stdout.contains("Exported"))
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(left.sorted() == ["dir.html", "file"], "\(left)")

    for arguments in [["--handout", "3"], ["--notes"]] {
      let result = try CommandRunner.run(
        CommandRunner.podium, ["export", Self.deck.path, "-o", "x.html"] + arguments, in: folder)
      #expect(result.status == 2, "\(arguments)")
      #expect(
        result.stderr.contains("--handout and --notes make pages: export them as PDF or PNG."),
        "\(result.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.html").path))
  }
}
