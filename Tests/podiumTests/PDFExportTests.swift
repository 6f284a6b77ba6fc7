import Foundation
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// `podium export -o talk.pdf` read back with poppler-utils (scripts/setup --tests installs
/// them): pages rasterised by pdftoppm against the PNG export, text, fonts, metadata, outline
/// and links as other programs see them.
@Suite struct PDFExportTests {
  static let deck = """
    ---
    title: Exporting to PDF
    subtitle: Vector slides and handouts
    author: A. Speaker
    duration: 20m
    end-time: 14:45
    paginate: true
    ---

    # Exporting to PDF

    A talk about paper

    ???

    Welcome everyone.

    ---

    ## Links and steps

    - See [the manual](https://podium.example/docs?a=1&b='2')
    <!-- pause -->
    - Then **bold** and *italic* and `code`

    ???

    Mention the manual.

    ---

    ## Scripts

    日本語のテキスト · مرحبا بالعالم · Emoji 🎤 on stage
    """

  /// Runs a poppler tool (or any program) and returns what it printed.
  func tool(_ name: String, _ arguments: [String], in folder: URL? = nil) throws -> CommandResult {
    try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/\(name)"), arguments, in: folder)
  }

  func deckFolder() throws -> URL {
    let folder = try Fixtures.temporaryDirectory()
    try Self.deck.write(
      to: folder.appendingPathComponent("talk.md"), atomically: true, encoding: .utf8)
    return folder
  }

  /// `pdfinfo`'s "Key: value" lines.
  func info(_ path: String) throws -> [String: String] {
    let result = try tool("pdfinfo", [path])
    #expect(result.status == 0, "\(result.stderr)")
    var fields: [String: String] = [:]
    for line in result.stdout.split(separator: "\n") {
      guard let colon = line.firstIndex(of: ":") else { continue }
      fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(
        in: .whitespaces)
    }
    return fields
  }

  @Test func aPDFWithTextFontsMetadataOutlineLinksAndNotes() throws {
    let folder = try deckFolder()
    let result = try CommandRunner.podium("export", "talk.md", "-o", "talk.pdf", in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("Exported 3 slides to talk.pdf at 960x540 pt in "))
    let pdf = folder.appendingPathComponent("talk.pdf").path

    let fields = try info(pdf)
    #expect(fields["Pages"] == "3")
    #expect(fields["Page size"] == "960 x 540 pts")
    #expect(fields["Title"] == "Exporting to PDF")
    #expect(fields["Author"] == "A. Speaker")
    #expect(fields["Subject"] == "Vector slides and handouts")

    // Every font is embedded (a subset), with a map back to the characters.
    let fonts = try tool("pdffonts", [pdf]).stdout.split(separator: "\n").dropFirst(2)
    #expect(fonts.count >= 4, "regular, bold, italic, mono, CJK, Arabic: \(fonts)")
    for line in fonts {
      let columns = line.split(separator: " ")
      // name type... emb sub uni object ID: emb, sub and uni are the 5th to 3rd from the end.
      #expect(columns.count >= 6 && columns[columns.count - 5] == "yes", "not embedded: \(line)")
      #expect(columns[columns.count - 3] == "yes", "no ToUnicode map: \(line)")
    }

    // The text comes back in reading order, each slide on its page.
    let text = try tool("pdftotext", [pdf, "-"]).stdout
    let pages = text.split(separator: "\u{0C}", omittingEmptySubsequences: false).map(String.init)
    #expect(pages.count >= 3)
    #expect(pages[0].contains("Exporting to PDF") && pages[0].contains("A talk about paper"))
    let order = ["Links and steps", "See the manual", "Then bold and italic and code"]
    let positions = order.map { pages[1].range(of: $0)?.lowerBound }
    #expect(positions.allSatisfy { $0 != nil }, "\(pages[1])")
    #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "\(pages[1])")
    #expect(pages[1].contains("2 / 3") || pages[1].contains("2/3"), "the page number")
    #expect(pages[2].contains("日本語のテキスト"), "\(pages[2])")
    #expect(pages[2].contains("Emoji") && pages[2].contains("on stage"))

    // The outline names the slides, and the link is a link annotation.
    let xml = try tool("pdftohtml", ["-xml", "-i", "-stdout", "-q", pdf]).stdout
    #expect(xml.contains("<outline>"), "\(xml.prefix(500))")
    for (page, title) in [(1, "1. Exporting to PDF"), (2, "2. Links and steps"), (3, "3. Scripts")]
    {
      #expect(xml.contains("<item page=\"\(page)\">\(title)</item>"), "\(title)")
    }
    #expect(
      xml.contains("href=\"https://podium.example/docs?a=1&amp;b=&apos;2&apos;\"")
        || xml.contains("href=\"https://podium.example/docs?a=1&amp;b='2'\""),
      "\(xml.components(separatedBy: "href").dropFirst().prefix(3))")

    // pdfpc's notes file beside the PDF: notes per page, the duration and the end time.
    let notes = try Data(contentsOf: folder.appendingPathComponent("talk.pdfpc"))
    let object = try #require(try JSONSerialization.jsonObject(with: notes) as? [String: Any])
    #expect(object["pdfpcFormat"] as? Int == 2)
    #expect(object["duration"] as? Int == 20)
    #expect(object["endTime"] as? String == "14:45")
    let entries = try #require(object["pages"] as? [[String: Any]])
    #expect(entries.count == 3)
    #expect(entries[0]["note"] as? String == "Welcome everyone.")
    #expect(entries[1]["note"] as? String == "Mention the manual.")
    #expect(entries[2]["note"] == nil)
  }

  @Test func stepsMakePagesAndHandoutsArePortraitPaper() throws {
    let folder = try deckFolder()
    let steps = try CommandRunner.podium(
      "export", "talk.md", "-o", "steps.pdf", "--steps", in: folder)
    #expect(steps.status == 0, "\(steps.stderr)")
    #expect(try info(folder.appendingPathComponent("steps.pdf").path)["Pages"] == "4")
    let notes = try JSONSerialization.jsonObject(
      with: Data(contentsOf: folder.appendingPathComponent("steps.pdfpc")))
    let pages = try #require((notes as? [String: Any])?["pages"] as? [[String: Any]])
    #expect(pages.map { $0["label"] as? String } == ["Slide 1", "Slide 2", "Slide 2", "Slide 3"])
    #expect(pages.map { $0["overlay"] as? Int } == [0, 0, 1, 0])
    // The PDF's own page labels say the same: presented, it has the deck's slides and steps.
    let markdown = try CommandRunner.podium("check", "talk.md", in: folder)
    let exported = try CommandRunner.podium("check", "steps.pdf", "--strict", in: folder)
    #expect(exported.status == 0, "\(exported.stdout)")
    #expect(
      markdown.stdout.split(separator: ":").last?.prefix(28)
        == exported.stdout.split(separator: ":").last?.prefix(28), "\(exported.stdout)")

    for (perPage, paper, expected) in [
      ("1", "a4", ("3", "595.276 x 841.89 pts (A4)")),
      ("3", "letter", ("1", "612 x 792 pts (letter)")),
      ("6", "a4", ("1", "595.276 x 841.89 pts (A4)")),
    ] {
      let name = "handout-\(perPage).pdf"
      let result = try CommandRunner.podium(
        "export", "talk.md", "-o", name, "--handout", perPage, "--paper", paper, in: folder)
      #expect(result.status == 0, "\(result.stderr)")
      let fields = try info(folder.appendingPathComponent(name).path)
      #expect(fields["Pages"] == expected.0, "\(perPage) a page")
      #expect(fields["Page size"] == expected.1, "\(perPage) a page")
    }
    // --steps and --notes combine: a handout page per build step.
    let both = try CommandRunner.podium(
      "export", "talk.md", "-o", "both.pdf", "--steps", "--notes", in: folder)
    #expect(both.status == 0, "\(both.stderr)")
    #expect(try info(folder.appendingPathComponent("both.pdf").path)["Pages"] == "4")
    #expect(
      !FileManager.default.fileExists(atPath: folder.appendingPathComponent("both.pdfpc").path))
  }

  /// Pictures go in once each at their own resolution, however many slides show them; a JPEG
  /// passes through as it is, still compressed (`pdfimages -list` and `-j` read them back).
  @Test func eachPictureIsEmbeddedOnceAndAJPEGAsItIs() throws {
    let folder = try Fixtures.temporaryDirectory()
    let jpeg = Fixtures.packageRoot.appendingPathComponent(
      "Tests/podiumTests/__Fixtures__/gradient.jpg")
    let png = Fixtures.packageRoot.appendingPathComponent("Decks/images/two-displays.png")
    try FileManager.default.copyItem(at: jpeg, to: folder.appendingPathComponent("photo.jpg"))
    try FileManager.default.copyItem(at: png, to: folder.appendingPathComponent("chart.png"))
    try """
    # A

    ![photo](photo.jpg)

    ---

    # B

    ![photo](photo.jpg)

    ---

    ![bg](chart.png)

    # C

    ---

    # D

    ![chart](chart.png)
    """.write(to: folder.appendingPathComponent("talk.md"), atomically: true, encoding: .utf8)
    let export = try CommandRunner.podium("export", "talk.md", "-o", "talk.pdf", in: folder)
    #expect(export.status == 0, "\(export.stderr)")
    let list = try tool("pdfimages", ["-list", "talk.pdf"], in: folder)
    // page num type width height color comp bpc enc interp object ID ...
    let rows = list.stdout.split(separator: "\n").dropFirst(2).map {
      $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    }
    #expect(rows.count == 4, "four pictures drawn: \(list.stdout)")
    let jpegRows = rows.filter { $0.count > 10 && $0[8] == "jpeg" }
    let otherRows = rows.filter { $0.count > 10 && $0[8] != "jpeg" }
    #expect(jpegRows.count == 2 && otherRows.count == 2)
    #expect(Set(jpegRows.map { $0[10] }).count == 1, "the JPEG is one object, drawn twice")
    #expect(Set(otherRows.map { $0[10] }).count == 1, "the PNG is one object, drawn twice")
    #expect(otherRows.allSatisfy { $0[3] == "1200" && $0[4] == "675" }, "at its own resolution")
    let extracted = try tool(
      "pdfimages", ["-j", "-f", "1", "-l", "1", "talk.pdf", "x"], in: folder)
    #expect(extracted.status == 0)
    #expect(
      try Data(contentsOf: folder.appendingPathComponent("x-000.jpg")) == Data(contentsOf: jpeg),
      "the JPEG's bytes pass through unchanged")
  }

  /// Issue 12's exactness: each PDF page rasterised at the PNG's size matches the PNG export of
  /// the same slide; text antialiasing differs, layout, colours and positions may not.
  @Test func pdfPagesMatchThePNGExportOfEveryDeck() throws {
    let decks = Fixtures.bundledDecks + Fixtures.ownDecks
    #expect(decks.count >= 5)
    try expectPDFPagesMatchPNGs(of: decks)
  }

  @Test(.enabled(if: Fixtures.hasCorpus, Fixtures.noCorpus))
  func corpusPDFPagesMatchThePNGExport() throws {
    try expectPDFPagesMatchPNGs(of: Fixtures.compatDecks)
  }

  func expectPDFPagesMatchPNGs(of decks: [URL]) throws {
    for deck in decks {
      // The first, a middle and the last slide: a few pages per deck keep the test quick.
      let count = try slideCount(deck)
      try expectPDFPagesMatchPNGs(deck, slides: Array(Set([1, (count + 1) / 2, count])).sorted())
    }
  }

  /// The PDF shapes each run with the script FontLibrary gave it: Devanagari's reordered vowel
  /// sign, Thai's marks, Korean, joined Arabic beside Hebrew and FriBidi's order land on the
  /// PNG's pixels.
  @Test func pdfPagesMatchThePNGsInEveryScript() throws {
    let folder = try Fixtures.temporaryDirectory()
    let deck = folder.appendingPathComponent("scripts.md")
    try """
    # हिन्दी · ภาษาไทย · 한국어

    ## مرحبا بالعالم שלום עולם

    نكتب البرامج بلغة Swift 6 كل يوم (حقًا)
    """.write(to: deck, atomically: true, encoding: .utf8)
    let pages = try expectPDFPagesMatchPNGs(deck, slides: [1])
    // Two blank pages would match too: the slide has its three lines of dark text.
    let pixels = try #require(pages.first).pixels
    let ink = stride(from: 0, to: pixels.count, by: 3).filter {
      max(pixels[$0], pixels[$0 + 1], pixels[$0 + 2]) < 90
    }
    #expect(ink.count > 2_000)
  }

  /// Inline HTML's colours, bands, key caps, boxes and absolutely placed boxes are fills and
  /// text in the draw list: the PDF draws them where the PNG does.
  @Test func pdfPagesMatchThePNGsOfInlineHTML() throws {
    let deck = Fixtures.packageRoot.appendingPathComponent(
      "Tests/PodiumSDLTests/Fixtures/html/html.md")
    let pages = try expectPDFPagesMatchPNGs(deck, slides: [1, 2, 3, 4])
    // Not blank pages: the first has its red span, the third its pink absolute box.
    func count(_ image: RGBImage, _ color: (Int, Int, Int)) -> Int {
      stride(from: 0, to: image.pixels.count, by: 3).filter {
        abs(Int(image.pixels[$0]) - color.0) < 30 && abs(Int(image.pixels[$0 + 1]) - color.1) < 30
          && abs(Int(image.pixels[$0 + 2]) - color.2) < 30
      }.count
    }
    #expect(pages.count == 4)
    #expect(count(pages[0], (255, 0, 0)) > 50)
    #expect(count(pages[2], (252, 228, 236)) > 2_000)
  }

  /// Exports `chosen` slides of `deck` to PDF and PNG and compares each page; returns the PNGs.
  @discardableResult
  func expectPDFPagesMatchPNGs(
    _ deck: URL, slides chosen: [Int], environment: [String: String] = [:]
  ) throws -> [RGBImage] {
    let out = try Fixtures.temporaryDirectory()
    let selection = chosen.map(String.init).joined(separator: ",")
    let pdf = out.appendingPathComponent("deck.pdf").path
    let exported = try CommandRunner.podium(
      "export", deck.path, "-o", pdf, "--size", "640x360", "--slides", selection,
      environment: environment)
    #expect(exported.status == 0, "\(deck.lastPathComponent): \(exported.stderr)")
    // The PNGs at the page's own shape (a 4:3 deck's page is 4:3).
    let points = try #require(info(pdf)["Page size"]?.split(separator: " "))
    let width = Int((Double(points[0]) ?? 0) * 2)
    let height = Int((Double(points[2]) ?? 0) * 2)
    let png = try CommandRunner.podium(
      "export", deck.path, "-o", out.appendingPathComponent("png").path, "--size",
      "\(width)x\(height)", "--slides", selection, environment: environment)
    #expect(png.status == 0, "\(png.stderr)")
    let raster = try tool(
      "pdftoppm",
      [
        "-png", "-scale-to-x", "\(width)", "-scale-to-y", "\(height)", pdf,
        out.appendingPathComponent("page").path,
      ])
    #expect(raster.status == 0, "\(raster.stderr)")
    let rasters = try FileManager.default.contentsOfDirectory(atPath: out.path)
      .filter { $0.hasPrefix("page-") }.sorted()
    #expect(rasters.count == chosen.count, "\(deck.lastPathComponent): \(rasters)")
    var previous: RGBImage?
    var images: [RGBImage] = []
    for (page, slide) in zip(rasters, chosen) {
      let fromPDF = try RGBImage(contentsOf: out.appendingPathComponent(page).path)
      let fromPNG = try RGBImage(
        contentsOf: out.appendingPathComponent("png/slide-\(String(format: "%03d", slide)).png")
          .path)
      let difference = try #require(fromPDF.difference(from: fromPNG))
      let beyond = try #require(fromPDF.differenceBeyondOnePixel(from: fromPNG))
      let name = "\(deck.lastPathComponent) slide \(slide)"
      #expect(
        beyond < 0.002 && difference.mean < 3.2,
        "\(name): \(String(format: "%.3f%% of pixels differ beyond a pixel's antialiasing, mean %.2f", beyond * 100, difference.mean)); files in \(out.path)"
      )
      // Measured here: at most 0.09% beyond a pixel and a mean of 2.8 (a page of small dark
      // text on a light ground); a line of text one pixel lower is 0.25%, two pixels to the
      // side 1.8%. The comparison can fail: a page is far from another slide's image.
      if let previous, previous != fromPNG,
        let other = fromPDF.differenceBeyondOnePixel(from: previous)
      {
        #expect(other > 0.002, "\(name) is told apart from the slide before")
      }
      previous = fromPNG
      images.append(fromPNG)
    }
    return images
  }

  func slideCount(_ deck: URL) throws -> Int {
    let result = try CommandRunner.podium("check", deck.path)
    // "deck.md: 12 slides, ..." is check's summary line.
    let line = result.stdout.split(separator: "\n").first { $0.contains(" slide") } ?? ""
    let words = line.split(separator: " ")
    guard let index = words.firstIndex(where: { $0.hasPrefix("slide") }), index > 0,
      let count = Int(words[index - 1])
    else {
      Issue.record("no slide count in: \(result.stdout)")
      return 1
    }
    return count
  }

  /// Formulas go into the PDF as TeX drew them, vectors and extractable text, not pictures; the
  /// page matches the PNG export, where they are drawn from the same page.
  @Test func formulasAreVectorsInTheTextsColour() throws {
    let folder = try Fixtures.temporaryDirectory()
    let deck = folder.appendingPathComponent("math.md")
    try #"""
    ---
    theme: dark
    ---

    # Euler

    The identity $e^{i\pi} + 1 = 0$ holds.

    $$
    \sum_{k=1}^{n} k = \frac{n(n+1)}{2}
    $$
    """#.write(to: deck, atomically: true, encoding: .utf8)
    let environment = ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path]
    let images = try expectPDFPagesMatchPNGs(deck, slides: [1], environment: environment)
    // White formulas on the dark ground: the page is not the background alone.
    #expect(images.first.map { $0.pixels.contains(where: { $0 > 200 }) } == true)
    let pdf = folder.appendingPathComponent("math.pdf").path
    let exported = try CommandRunner.podium(
      "export", deck.path, "-o", pdf, environment: environment)
    #expect(exported.status == 0, "\(exported.stderr)")
    // No picture of the formulas: they are drawn as TeX's glyph outlines, which stay text.
    let pictures = try tool("pdfimages", ["-list", pdf]).stdout
    #expect(pictures.split(separator: "\n").count == 2, "\(pictures)")
    let text = try tool("pdftotext", [pdf, "-"]).stdout
    #expect(text.contains("The identity") && text.contains("= 0"), "\(text)")
  }

  @Test func badOutputsFailClearlyAndLeaveNoHalfFile() throws {
    let folder = try deckFolder()
    try "not a folder".write(
      to: folder.appendingPathComponent("file"), atomically: true, encoding: .utf8)
    let underFile = try CommandRunner.podium("export", "talk.md", "-o", "file/talk.pdf", in: folder)
    #expect(underFile.status == 1)
    #expect(
      underFile.stderr.contains("podium export: cannot write 'file/talk.pdf'"),
      "\(underFile.stderr)")

    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("dir.pdf"), withIntermediateDirectories: true)
    let intoFolder = try CommandRunner.podium("export", "talk.md", "-o", "dir.pdf", in: folder)
    #expect(intoFolder.status == 1)
    #expect(intoFolder.stderr.contains("cannot write 'dir.pdf': it is a folder"))

    let usage = [
      (["--handout", "4"], "--handout '4' is not 1, 2, 3 or 6"),
      (["--paper", "b5"], "--paper 'b5' is not a4 or letter"),
      (["--format", "svg"], "svg"),
      (["--notes", "--handout", "6"], "--notes is --handout 1"),
    ]
    for (arguments, message) in usage {
      let result = try CommandRunner.run(
        CommandRunner.podium, ["export", "talk.md", "-o", "x.pdf"] + arguments, in: folder)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.stderr.contains(message), "\(result.stderr)")
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(Set(left) == ["talk.md", "file", "dir.pdf"], "nothing else written: \(left)")
  }

  @Test func anInterruptedExportLeavesNoPartialPDF() throws {
    let folder = try Fixtures.temporaryDirectory()
    let slides = (1...400).map { "## Slide \($0)\n\n- a point\n- another point\n" }
    try slides.joined(separator: "\n---\n\n").write(
      to: folder.appendingPathComponent("long.md"), atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = CommandRunner.podium
    process.arguments = ["export", "long.md", "-o", "long.pdf"]
    process.currentDirectoryURL = folder
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Interrupted while it writes (or just after it finished, on a fast machine).
    var waited = 0
    while waited < 100,
      !((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).contains(
        where: { $0.hasSuffix(".part") })
    {
      usleep(20_000)
      waited += 1
    }
    process.interrupt()
    process.waitUntilExit()
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(!left.contains { $0.hasSuffix(".part") }, "\(left)")
    if left.contains("long.pdf") {
      #expect(try info(folder.appendingPathComponent("long.pdf").path)["Pages"] == "400")
      try PDFValidity.expectValid(folder.appendingPathComponent("long.pdf").path)
    } else {
      #expect(process.terminationStatus != 0)
    }
  }
}
