import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

@Suite struct SourceReadingTests {
  @Test func missingFileIsAnErrorWithoutADeck() {
    let result = DeckParser.parse(fileAt: "/nonexistent/talk.md")
    #expect(result.deck == nil)
    #expect(
      result.diagnostics.map(\.description) == [
        "/nonexistent/talk.md: error: no such file: '/nonexistent/talk.md'"
      ])
  }

  @Test func directoryIsAnError() throws {
    let folder = try Fixtures.temporaryDirectory()
    let result = DeckParser.parse(fileAt: folder.path)
    #expect(result.deck == nil)
    #expect(result.messages == ["error: '\(folder.path)' is a directory, not a deck file"])
  }

  @Test func fifoIsRefusedInsteadOfBlocking() throws {
    let folder = try Fixtures.temporaryDirectory()
    let fifo = folder.appendingPathComponent("talk.md").path
    #expect(mkfifo(fifo, 0o644) == 0)
    let result = DeckParser.parse(fileAt: fifo)
    #expect(result.deck == nil)
    #expect(
      result.messages == ["error: '\(fifo)' is not a regular file (a device, pipe or socket)"])
  }

  @Test func invalidUTF8IsAWarningAtTheFirstBadByteAndTheDeckLoads() throws {
    var bytes = Array("# Title\n\nok line\nbad: ".utf8)
    bytes += [0xC3, 0x28]  // a two-byte lead followed by an ASCII byte
    bytes += Array(" after\n\n---\n\n# Second \u{e9}".utf8)
    bytes += [0xFF, UInt8(ascii: "\n")]
    let path = try Fixtures.writeDeck(bytes: bytes)
    let result = DeckParser.parse(fileAt: path)
    #expect(
      result.messages == [
        "4:6: warning: invalid UTF-8 (the first bad byte is here); bad bytes are shown as \u{FFFD}"
      ])
    let deck = try #require(result.deck)
    #expect(deck.slides.count == 2)
    #expect(deck.slides[0].blocks[1].plainText == "ok line bad: \u{FFFD}( after")
    #expect(deck.slides[1].title == "Second \u{e9}\u{FFFD}")
  }

  @Test func byteOrderMarkAndCRLFKeepLineNumbers() throws {
    let text =
      "\u{FEFF}---\r\ntitle: T\r\n---\r\n\r\n# One\r\n\r\n---\r\n\r\n# Two\r\n<!-- layout: nope -->\r\n"
    let path = try Fixtures.writeDeck(text)
    let result = DeckParser.parse(fileAt: path)
    #expect(result.deck?.metadata.title == "T")
    #expect(result.deck?.slides.map(\.title) == ["One", "Two"])
    #expect(result.deck?.slides.map(\.location.line) == [5, 9])
    #expect(
      result.messages == [
        "10:1: error: unknown layout 'nope'; expected default, title, center, two-column, image-left, image-right"
      ])
  }

  @Test func diagnosticsComeInFileOrder() {
    let result = DeckParser.parse(
      text: "# A\n\n![x](a.png)\n\ntext\n---\n", file: "deck.md", baseDirectory: "/nonexistent")
    #expect(result.diagnostics.compactMap(\.location?.line) == [3, 6])
  }

  @Test func imagePathsResolveAgainstTheDeckFolder() throws {
    let folder = try Fixtures.temporaryDirectory()
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("img"), withIntermediateDirectories: true)
    try Fixtures.onePixelPNG.write(to: folder.appendingPathComponent("img/a.png"))
    let deckPath = folder.appendingPathComponent("talk.md").path
    try "![a](img/a.png)\n![b](img/b.png)\n".write(
      toFile: deckPath, atomically: true, encoding: .utf8)
    let result = DeckParser.parse(fileAt: deckPath)
    #expect(
      result.diagnostics.map(\.description) == [
        "\(deckPath):2:1: warning: image 'img/b.png' not found"
      ])
  }
}
