import Foundation
import Testing

@testable import PodiumCore

/// `TalkInk` keeps the draw commands and layer keys it made (`InkMemo`): what it gives back
/// follows every change of the ink, undo included, and a copy that changes its own ink does not
/// give the other its commands.
@Suite struct InkMemoTests {
  static let deck = DeckParser.parse(
    text: "# One\n\n---\n\n# Two\n", file: "memo.md", baseDirectory: "/"
  ).deck!
  static let rect = Rect(x: 0, y: 0, width: 1920, height: 1080)

  func stroke(_ ink: inout TalkInk, slide: Int, from x: Double) {
    _ = ink.apply(.pen, slide: slide, step: 0)
    _ = ink.press(InkPoint(x: x, y: 0.2), slide: slide, step: 0)
    _ = ink.move(to: InkPoint(x: x + 0.2, y: 0.4))
    _ = ink.release()
  }

  func strokes(_ ink: TalkInk, slide: Int) -> Int {
    ink.commands(slide: slide, step: 0, in: Self.rect).filter {
      if case .stroke = $0 { return true }
      return false
    }.count
  }

  @Test func commandsAndKeysFollowEveryChange() {
    var ink = TalkInk(deck: Self.deck)
    #expect(strokes(ink, slide: 0) == 0 && ink.layerKey(slide: 0, step: 0) == nil)
    stroke(&ink, slide: 0, from: 0.1)
    let one = ink.layerKey(slide: 0, step: 0)
    #expect(strokes(ink, slide: 0) == 1 && one != nil)
    #expect(ink.layerKey(slide: 0, step: 0) == one, "asked again, the same key")
    stroke(&ink, slide: 0, from: 0.5)
    #expect(strokes(ink, slide: 0) == 2 && ink.layerKey(slide: 0, step: 0) != one)
    _ = ink.apply(.undo, slide: 0, step: 0)
    #expect(strokes(ink, slide: 0) == 1 && ink.layerKey(slide: 0, step: 0) == one)
    #expect(strokes(ink, slide: 1) == 0, "the other slide has none")
    _ = ink.apply(.toggleHidden, slide: 0, step: 0)
    #expect(strokes(ink, slide: 0) == 0 && ink.layerKey(slide: 0, step: 0) == nil)
  }

  @Test func aCopyThatChangesItsInkKeepsItsOwnCommands() {
    var first = TalkInk(deck: Self.deck)
    stroke(&first, slide: 0, from: 0.1)
    #expect(strokes(first, slide: 0) == 1)
    var second = first
    var third = first
    // The same revision on two copies, with different strokes: one on each.
    stroke(&second, slide: 0, from: 0.5)
    stroke(&third, slide: 1, from: 0.5)
    #expect(strokes(second, slide: 0) == 2 && strokes(second, slide: 1) == 0)
    #expect(strokes(third, slide: 0) == 1 && strokes(third, slide: 1) == 1)
    #expect(strokes(first, slide: 0) == 1 && strokes(first, slide: 1) == 0)
    #expect(second.layerKey(slide: 0, step: 0) != third.layerKey(slide: 0, step: 0))
  }
}
