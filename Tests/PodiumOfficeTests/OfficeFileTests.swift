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

  /// A step's copy of the deck hides the shapes of later clicks and keeps everything else.
  @Test func aStepsCopyHidesTheShapesOfLaterClicks() throws {
    let folder = try Fixtures.temporaryDirectory()
    for step in 0...2 {
      let copy = folder.appendingPathComponent("step\(step).pptx").path
      try OfficeFile.writeStep(step, of: Self.pptx, to: copy)
      let zip = try ZipArchive(path: copy)
      #expect(zip.names == (try ZipArchive(path: Self.pptx)).names)
      let slide = try OfficeFile.xml("ppt/slides/slide5.xml", in: zip)
      let hidden = slide.descendants("p:cNvPr").filter { $0.attributes["hidden"] == "1" }
        .compactMap { $0.attributes["name"] }
      #expect(hidden == Array(["TextBox 2", "TextBox 3"].dropFirst(step)), "step \(step)")
      // The copy reads as the same deck.
      #expect(try OfficeFile.info(of: copy, format: .pptx).slides.count == 6)
    }
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
