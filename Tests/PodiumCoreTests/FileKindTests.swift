import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

/// A file given as a deck is known by its first bytes: a deck's text, a PDF or an office deck by
/// any name, and everything else refused by what it is (issue 34).
@Suite struct FileKindTests {
  func kind(_ bytes: [UInt8], _ name: String = "deck.md") -> FileKind {
    FileKind.sniff(bytes, name: name)
  }

  @Test func textIsADeckWhateverItsName() {
    #expect(kind(Array("# Title\n\n- a point\n".utf8)) == .text)
    #expect(kind(Array("---\nmarp: true\n---\n".utf8), "slides.txt") == .text)
    #expect(kind([]) == .text)
    // UTF-8 with its byte order mark, and any script, is text.
    #expect(kind([0xEF, 0xBB, 0xBF] + Array("# Заголовок 标题".utf8)) == .text)
  }

  @Test func documentsArePresentedByTheirReaders() {
    #expect(kind(Array("%PDF-1.5\n%...".utf8), "talk.md") == .pdf)
    let zip: [UInt8] = [0x50, 0x4B, 0x03, 0x04, 20, 0]
    #expect(
      kind(zip + Array("[Content_Types].xml....ppt/slides/slide1.xml".utf8)) == .office(.pptx))
    #expect(
      kind(zip + Array("mimetypeapplication/vnd.oasis.opendocument.presentation".utf8))
        == .office(.odp))
    #expect(kind(zip + Array("Index/Document.iwa".utf8), "talk") == .office(.key))
    #expect(kind(zip + [0, 0], "talk.pptx") == .office(.pptx))
    let ole: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]
    #expect(kind(ole, "old.ppt") == .office(.ppt))
  }

  @Test(arguments: [
    ([0xFF, 0xD8, 0xFF, 0xE0] as [UInt8], "a JPEG image"),
    ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A], "a PNG image"),
    (Array("GIF89a".utf8), "a GIF image"),
    (Array("RIFF\0\0\0\0WEBPVP8 ".utf8), "a WebP image"),
    ([0, 0, 0, 0x20] + Array("ftypisom".utf8), "a video or audio file (MP4)"),
    ([0x1A, 0x45, 0xDF, 0xA3], "a video file (Matroska or WebM)"),
    ([0x1F, 0x8B, 8, 0], "a gzip archive"),
    ([0x7F, 0x45, 0x4C, 0x46, 2, 1], "a program (ELF)"),
    ([0x50, 0x4B, 0x03, 0x04] + Array("word/document.xml".utf8), "a Word document"),
    ([0x50, 0x4B, 0x03, 0x04, 0, 0], "a zip archive"),
    ([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1], "an old Microsoft Office document"),
    ([0xFF, 0xFE, 0x23, 0], "UTF-16 text (save it as UTF-8)"),
    (Array("# A\u{0}B".utf8), "a binary file"),
  ])
  func anythingElseIsRefusedByWhatItIs(bytes: [UInt8], what: String) {
    let found = kind(bytes)
    #expect(found == .other(what))
    #expect(found.refusal(of: "/talks/deck.md") == "deck.md is \(what), not a deck")
  }

  /// A zip names its entries again at its end: a .pptx whose first entries are a large
  /// thumbnail is still a PowerPoint deck by its central directory, whatever its name.
  @Test func aZipIsKnownByItsCentralDirectory() throws {
    var bytes: [UInt8] = [0x50, 0x4B, 0x03, 0x04] + Array("docProps/thumbnail.jpeg".utf8)
    bytes += [UInt8](repeating: 0x41, count: 200_000)
    bytes += Array("PK\u{1}\u{2}ppt/presentation.xml".utf8)
    let path = try Fixtures.writeDeck(bytes: bytes, named: "renamed.md")
    #expect(FileKind.sniff(fileAt: path) == .office(.pptx))
    #expect(FileKind.sniff(fileAt: "/nonexistent/deck.md") == nil)
  }
}
