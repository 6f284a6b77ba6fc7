import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

@testable import PodiumOffice

/// What Podium reads from office decks' own XML (Tests/Fixtures/office, made by python-pptx and
/// LibreOffice: make-fixtures.py), and how hostile archives and XML are refused.
@Suite struct OfficeFileTests {
  static let folder = Fixtures.own.appendingPathComponent("office")
  static let pptx = folder.appendingPathComponent("talk.pptx").path
  static let odp = folder.appendingPathComponent("talk.odp").path

  @Test func aPowerPointDecksNotesHiddenSlidesAndClicks() throws {
    let info = try OfficeFile.info(of: Self.pptx, format: .pptx)
    #expect(info.slides.count == 6)
    #expect(info.slides.map(\.hidden) == [false, false, false, true, false, false])
    #expect(info.slides.map(\.clicks) == [0, 0, 0, 0, 2, 0])
    #expect(info.slides[0].notes == "Welcome everyone; this takes ten minutes.")
    // A paragraph at level 1 is a list item under the paragraph before it.
    #expect(info.slides[1].notes == "Start with Europe.\n\n- Mention the new office\n\nThen costs.")
    #expect(info.slides[2].notes.isEmpty)
    #expect(info.slides[3].notes == "The appendix slide.")
  }

  @Test func anImpressDecksNotesHiddenSlidesAndClicks() throws {
    let info = try OfficeFile.info(of: Self.odp, format: .odp)
    #expect(info.slides.count == 6)
    #expect(info.slides.map(\.hidden) == [false, false, false, true, false, false])
    #expect(info.slides.map(\.clicks) == [0, 0, 0, 0, 2, 0])
    #expect(info.slides[0].notes == "Welcome everyone; this takes ten minutes.")
    #expect(info.slides[1].notes.hasPrefix("Start with Europe."))
    #expect(info.slides[3].notes == "The appendix slide.")
  }

  /// The speaker's words stay words: Markdown's characters in notes are escaped, levels become
  /// nested items, line breaks stay.
  @Test func notesAreTheSpeakersTextNotMarkdown() {
    let text = OfficeFile.markdown([
      (0, "Use *stars* and # signs"), (1, "first"), (2, "deeper"), (0, "- not a list\nnext"),
      (0, "1. not numbered"), (0, "   "),
    ])
    #expect(
      text
        == "Use \\*stars\\* and \\# signs\n\n- first\n  - deeper\n\n\\- not a list  \nnext\n\n"
        + "1\\. not numbered")
    let parsed = DeckParser.parse(text: text, file: "notes", baseDirectory: "/")
    let shown = parsed.deck?.slides.flatMap(\.blocks).map(\.plainText) ?? []
    #expect(shown.first == "Use *stars* and # signs")
  }

  /// The stepped copy of the whole deck: slide 5 before each of its clicks, with the shapes of
  /// later clicks hidden, then whole; everything else as it was.
  @Test func aSteppedCopyHasASlidePerClick() throws {
    let zip = try ZipArchive(path: Self.pptx)
    let slides = try OfficeFile.steppedSlides(zip, stepped: true)
    #expect(slides.map(\.clicks.count) == [0, 0, 0, 0, 2, 0])
    let copy = try Fixtures.temporaryDirectory().appendingPathComponent("all.pptx").path
    try OfficeFile.writeStepped(zip, slides: slides, range: 0..<6, to: copy)
    let made = try ZipArchive(path: copy)
    let info = try OfficeFile.presentation(made)
    #expect(info.slides.count == 8)
    #expect(info.slides.map(\.hidden) == [false, false, false, true, false, false, false, false])
    // The copies have no notes of their own; the slide keeps its own.
    #expect(info.slides[0].notes == "Welcome everyone; this takes ten minutes.")
    #expect(info.slides[5].notes.isEmpty && info.slides[6].notes.isEmpty)
    let parts = try OfficeFile.slideParts(made)
    for (position, hidden) in [(4, ["TextBox 2", "TextBox 3"]), (5, ["TextBox 3"]), (6, [])] {
      let slide = try OfficeFile.xml(parts[position], in: made)
      let names = slide.descendants("p:cNvPr").filter { $0.attributes["hidden"] == "1" }
        .compactMap { $0.attributes["name"] }
      #expect(names == hidden, "slide \(position + 1) of the copy")
      #expect(info.slides[position].title == "Two steps")
    }
    #expect(Set(made.names).isSuperset(of: try ZipArchive(path: Self.pptx).names))
  }

  /// A part of the deck holds its slides only: the others, and the picture only they show, are
  /// left out, and what the kept slides use stays.
  @Test func aPartOfTheDeckLeavesOutTheOtherSlides() throws {
    let zip = try ZipArchive(path: Self.pptx)
    let slides = try OfficeFile.steppedSlides(zip, stepped: true)
    let copy = try Fixtures.temporaryDirectory().appendingPathComponent("part.pptx").path
    try OfficeFile.writeStepped(zip, slides: slides, range: 3..<5, to: copy)
    let made = try ZipArchive(path: copy)
    let info = try OfficeFile.presentation(made)
    #expect(info.slides.map(\.title) == ["Backup numbers", "Two steps", "Two steps", "Two steps"])
    #expect(info.slides[0].notes == "The appendix slide.")
    #expect(!made.contains("ppt/slides/slide3.xml"))
    #expect(!made.names.contains { $0.hasPrefix("ppt/media/") }, "\(made.names)")
    #expect(
      made.contains("ppt/slides/slide4.xml") && made.contains("ppt/slideLayouts/slideLayout6.xml"))
    let types = try OfficeFile.xml("[Content_Types].xml", in: made)
    let named = Set(types.descendants("Override").compactMap { $0.attributes["PartName"] })
    #expect(!named.contains("/ppt/slides/slide1.xml"))
    #expect(named.contains("/ppt/slides/podium-5-step0.xml"))
  }

  /// The families a deck names: its theme's (python-pptx's default theme is Calibri's), once.
  @Test func theFontsADeckNames() throws {
    let info = try OfficeFile.info(of: Self.pptx, format: .pptx)
    let calibri = try #require(info.fonts.first { $0.family == "Calibri" })
    #expect(calibri.role == .latin)
    #expect(calibri.part.hasPrefix("ppt/theme/"))
    #expect(Set(info.fonts.map { $0.family.lowercased() }).count == info.fonts.count)
    #expect(!info.fonts.contains { $0.family.hasPrefix("+") || $0.family.isEmpty })
  }

  @Test func exitAndEmphasisEffectsAreCountedNotPlayed() throws {
    let xml = """
      <p:sld xmlns:p="urn:p"><p:timing><p:tnLst><p:par><p:cTn id="1" nodeType="tmRoot">\
      <p:childTnLst><p:seq><p:cTn id="2" nodeType="mainSeq"><p:childTnLst>\
      <p:par><p:cTn id="3"><p:childTnLst><p:par><p:cTn id="4"><p:childTnLst>\
      <p:par><p:cTn id="5" presetClass="exit" nodeType="clickEffect"><p:childTnLst><p:set><p:cBhvr>\
      <p:tgtEl><p:spTgt spid="4"/></p:tgtEl></p:cBhvr></p:set></p:childTnLst></p:cTn></p:par>\
      <p:par><p:cTn id="6" presetClass="emph" nodeType="withEffect"/></p:par>\
      </p:childTnLst></p:cTn></p:par></p:childTnLst></p:cTn></p:par>\
      </p:childTnLst></p:cTn></p:seq></p:childTnLst></p:cTn></p:par></p:tnLst></p:timing></p:sld>
      """
    let root = try XMLElement.parse(Array(xml.utf8), name: "slide.xml")
    #expect(OfficeFile.clicks(of: root).isEmpty)
    #expect(OfficeFile.unplayedEffects(of: root) == 2)
  }

  /// The faces with the same widths that LibreOffice draws in an author's place.
  @Test func metricTwins() {
    func twin(_ family: String, _ role: NamedFont.Role = .latin) -> String? {
      NamedFont(family: family, role: role, part: "p").twin?.family
    }
    #expect(twin("Calibri") == "Carlito")
    #expect(twin("calibri light") == "Carlito")
    #expect(twin("Cambria") == "Caladea")
    #expect(twin("Arial") == "Liberation Sans")
    #expect(twin("Times New Roman") == "Liberation Serif")
    #expect(twin("Courier New") == "Liberation Mono")
    #expect(twin("Consolas") == nil)
    #expect(twin("Segoe UI") == nil)
    #expect(twin("等线") == "Noto Sans CJK SC")
    #expect(twin("ＭＳ 明朝") == "Noto Serif CJK JP")
    #expect(twin("ＭＳ Ｐゴシック") == "Noto Sans CJK JP")
    #expect(twin("Yu Gothic", .eastAsian) == "Noto Sans CJK JP")
    #expect(twin("맑은 고딕") == "Noto Sans CJK KR")
    #expect(twin("PMingLiU", .eastAsian) == "Noto Serif CJK TC")
  }

  /// Parts: the first two slides, then about a part's pages each, a slide never split.
  @Test func partsStartSmallAndKeepSlidesWhole() {
    #expect(
      OfficeConversionPlan.ranges(pages: [1, 1, 1, 1, 3, 1], first: 2, perPart: 16) == [
        0..<2, 2..<6,
      ])
    #expect(
      OfficeConversionPlan.ranges(pages: [5, 1, 10, 10, 1, 1, 20, 1], first: 2, perPart: 16) == [
        0..<2, 2..<4, 4..<7, 7..<8,
      ])
    #expect(OfficeConversionPlan.ranges(pages: [4], first: 2, perPart: 16) == [0..<1])
    #expect(OfficeConversionPlan.ranges(pages: [], first: 2, perPart: 16) == [0..<0])
  }

  /// With two LibreOffices the parts after the first come in pairs of about equal pages, so
  /// that each LibreOffice converts half the deck (a defence of 64 slides and 156 pages).
  @Test func partsShareThePagesEvenlyAmongTheLibreOffices() {
    var pages = [Int](repeating: 1, count: 64)
    for (slide, steps) in [(5, 12), (9, 20), (20, 8), (33, 30), (40, 10), (55, 12)] {
      pages[slide] += steps
    }
    #expect(pages.reduce(0, +) == 156)
    let ranges = OfficeConversionPlan.ranges(pages: pages, first: 2, perPart: 32, workers: 2)
    #expect(ranges.first == 0..<2)
    #expect(ranges.last?.upperBound == 64)
    #expect((ranges.count - 1) % 2 == 0, "parts after the first in pairs: \(ranges)")
    let sizes = ranges.map { range in range.map { pages[$0] }.reduce(0, +) }
    let workers = OfficeConversionPlan.deal(sizes, workers: 2)
    #expect(workers.first?.first == 0, "the first slides first")
    #expect(workers.flatMap { $0 }.sorted() == Array(ranges.indices))
    #expect(workers.allSatisfy { $0 == $0.sorted() }, "each in the deck's order")
    let share = workers.map { $0.map { sizes[$0] }.reduce(0, +) }
    // A slide of 31 steps is one lump: the halves are as even as whole slides allow.
    #expect(abs(share[0] - share[1]) <= 31, "pages per LibreOffice: \(share), parts \(sizes)")
    #expect(OfficeConversionPlan.deal([0, 0, 0], workers: 2) == [[0, 2], [1]], "pages unknown")
    #expect(
      OfficeConversionPlan.deal([3, 27, 24, 28, 23, 26, 25], workers: 2)
        .map { $0.map { [3, 27, 24, 28, 23, 26, 25][$0] }.reduce(0, +) } == [76, 80])
  }

  // MARK: - Hostile files

  func archive(_ entries: [(String, [UInt8])]) throws -> String {
    let path = try Fixtures.temporaryDirectory().appendingPathComponent("deck.pptx").path
    try ZipArchive.write(entries.map { (name: $0.0, bytes: $0.1) }, to: path)
    return path
  }

  @Test func aZipBombIsRefusedByWhatItInflatesTo() throws {
    // 40 MB of spaces inflate from a few kilobytes: more than a part may be.
    let bomb = try archive([
      ("ppt/presentation.xml", Array("<a>".utf8) + [UInt8](repeating: 32, count: 40 << 20))
    ])
    #expect((try? Data(contentsOf: URL(fileURLWithPath: bomb)).count) ?? 0 < 1 << 20)
    #expect(throws: OfficeProblem.self) { try OfficeFile.info(of: bomb, format: .pptx) }
    do {
      _ = try OfficeFile.info(of: bomb, format: .pptx)
    } catch {
      #expect(error.message.contains("more than"), "\(error.message)")
    }
  }

  @Test func namesThatClimbOutOfTheArchiveWriteNothing() throws {
    let before = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
    let path = try archive([
      ("../../../evil.xml", Array("<x/>".utf8)), ("ppt/presentation.xml", Array("<p/>".utf8)),
    ])
    let info = try OfficeFile.info(of: path, format: .pptx)
    #expect(info.slides.isEmpty)
    let after = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
    #expect(!after.contains("evil.xml"))
    #expect(Set(after).subtracting(before).allSatisfy { $0.hasPrefix("podium-test") })
  }

  @Test func aCutOrForeignArchiveIsAClearError() throws {
    let whole = try Data(contentsOf: URL(fileURLWithPath: Self.pptx))
    let cut = try Fixtures.writeDeck(bytes: [UInt8](whole.prefix(whole.count / 2)), named: "c.pptx")
    #expect {
      try OfficeFile.info(of: cut, format: .pptx)
    } throws: { error in
      (error as? OfficeProblem)?.message.hasPrefix("not a readable zip archive") == true
    }
    let empty = try archive([("mimetype", Array("text/plain".utf8))])
    #expect {
      try OfficeFile.info(of: empty, format: .pptx)
    } throws: { error in
      (error as? OfficeProblem)?.message == "ppt/presentation.xml is missing from the archive"
    }
  }

  /// A billion laughs: entities are never expanded, so the document is refused or read without
  /// them, never grown to gigabytes.
  @Test func anEntityBombIsNotExpanded() throws {
    var doctype = "<!DOCTYPE p [<!ENTITY l0 \"ha\">"
    for level in 1...10 {
      doctype += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">"
    }
    doctype += "]>"
    let xml =
      "<?xml version=\"1.0\"?>" + doctype
      + "<p:presentation xmlns:p=\"urn:p\" xmlns:r=\"urn:r\"><p:sldIdLst>"
      + "<p:sldId id=\"1\" r:id=\"&l10;\"/></p:sldIdLst></p:presentation>"
    do {
      let root = try XMLElement.parse(Array(xml.utf8), name: "bomb.xml")
      let id = root.descendants("p:sldId").first?.attributes["r:id"] ?? ""
      #expect(id.count < 1000, "an entity was expanded to \(id.count) characters")
    } catch {
      #expect(error.message.contains("bomb.xml"))
    }
  }
}
