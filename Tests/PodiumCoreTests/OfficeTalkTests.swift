import Foundation
import PodiumTestSupport
import Testing

@testable import PodiumCore

/// A talk of an office deck that starts before LibreOffice has converted all of it: each part
/// replaces the deck as it comes, the console says how far it has come, and a deck saved during
/// the talk shows only once all of it is converted.
@Suite struct OfficeTalkTests {
  static let path = "/talks/deck.pptx"

  /// A deck of `count` slides of which the first `made` have their pages.
  func deck(_ count: Int, made: Int, version: String = "a") -> Deck {
    let builder = PDFDeckBuilder(
      path: "/cache/\(version).pdf",
      info: PDFDocumentInfo(pages: Array(repeating: .init(width: 960, height: 540), count: count)))
    var deck = builder.deck().0
    deck.file = Self.path
    for index in made..<count {
      deck.slides[index].pages = []
      deck.slides[index].blocks = [
        Block(
          .image(
            ImageReference(
              source: "slide \(index + 1)", alt: "Title \(index + 1)", path: nil,
              problem: "being converted by LibreOffice")), at: SourceLocation(line: 1, column: 1))
      ]
    }
    if made < count {
      deck.conversion = DeckConversion(
        progress: OfficeProgress(name: "deck.pptx", done: made, total: count),
        pending: ["/cache/\(version)-2of2.pdf"])
    }
    return deck
  }

  func edit(_ deck: Deck) -> DeckEdit {
    .loaded(
      LoadedDeck(path: Self.path, deck: deck, theme: .dark, diagnostics: []), writtenAt: 0,
      milliseconds: 1)
  }

  func status(_ talk: TalkSession) -> ConsoleStatus {
    talk.consoleStatus(
      for: talk.state, stage: Stage(mode: .extended, presenter: 0, audience: [1]),
      plan: TalkPlan(), now: 0, date: Date(), clock: DateFormatter(), displays: [])
  }

  @Test func eachPartReplacesTheDeckAtTheSamePlace() {
    var talk = TalkSession(path: Self.path, deck: deck(10, made: 2), theme: .dark)
    #expect(
      status(talk).conversion
        == ConsoleStatus.Conversion(
          "converting deck.pptx with LibreOffice: 2 of 10 slides", fraction: 0.2))
    #expect(talk.watchedFiles.contains("/cache/a-2of2.pdf"))
    _ = talk.handle(.key(Key(name: "Right")!), at: 0)
    guard case .reload = talk.apply(edit(deck(10, made: 6))) else {
      Issue.record("a part of the first conversion replaces the deck")
      return
    }
    #expect(talk.state.slide == 1)
    #expect(status(talk).conversion?.fraction == 0.6)
    _ = talk.apply(edit(deck(10, made: 10)))
    #expect(talk.deck.conversion == nil)
    #expect(status(talk).conversion == nil)
    #expect(!talk.watchedFiles.contains("/cache/a-2of2.pdf"))
  }

  @Test func aSavedDeckShowsOnceAllOfItIsConverted() {
    var talk = TalkSession(path: Self.path, deck: deck(10, made: 10), theme: .dark)
    let event = talk.apply(edit(deck(12, made: 3, version: "b")))
    #expect(event == .converting(.init(done: 3, total: 12)))
    // The room keeps the last version; the console says what is coming.
    #expect(talk.deck.slides.count == 10)
    #expect(talk.deck.slides.allSatisfy { !$0.pages.isEmpty })
    #expect(
      status(talk).conversion?.text
        == "Saved: converting deck.pptx with LibreOffice: 3 of 12 slides · the room sees the last version"
    )
    #expect(talk.savedConversion?.pending == ["/cache/b-2of2.pdf"])
    guard case .reload = talk.apply(edit(deck(12, made: 12, version: "b"))) else {
      Issue.record("the whole saved deck replaces the last version")
      return
    }
    #expect(talk.deck.slides.count == 12)
    #expect(talk.savedConversion == nil)
    #expect(status(talk).conversion == nil)
  }

  /// A version saved while the first is still converting shows once it has as many slides.
  @Test func aVersionSavedMeanwhileWaitsUntilItHasAsMuch() {
    var talk = TalkSession(path: Self.path, deck: deck(10, made: 6), theme: .dark)
    #expect(
      talk.apply(edit(deck(10, made: 0, version: "b"))) == .converting(.init(done: 0, total: 10)))
    #expect(talk.deck.slides.filter { !$0.pages.isEmpty }.count == 6)
    #expect(talk.watchedFiles.contains("/cache/b-2of2.pdf"))
    guard case .reload = talk.apply(edit(deck(10, made: 6, version: "b"))) else {
      Issue.record("the new version shows once it has as many slides")
      return
    }
    #expect(talk.deck.conversion?.pending == ["/cache/b-2of2.pdf"])
  }

  /// The console draws the line with a bar under it as long as the part done.
  @Test func theConsoleDrawsTheProgressBar() {
    let talk = TalkSession(path: Self.path, deck: deck(4, made: 1), theme: .dark)
    let frame = LayoutEngine(
      theme: .dark, measurer: FixedTextMeasurer(), images: FixedImageMeasurer()
    ).console(
      deck: talk.deck, state: talk.state, status: status(talk),
      size: PixelSize(width: 1280, height: 720)
    ).frame
    let texts = frame.snapshot
    #expect(texts.contains("converting deck.pptx with LibreOffice: 1 of 4 slides"), "\(texts)")
  }
}
