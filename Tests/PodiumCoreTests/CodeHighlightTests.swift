import Foundation
import Testing

@testable import PodiumCore

/// Line highlighting in code blocks, as the decks' tools step through it: presenterm's
/// `{1,3|5-7|all}` (docs/src/features/code/highlighting.md: a press a stage, the lines left out
/// without their colours) and Slidev's `{2-3|5|all}` (its line-highlighting.md: a click a stage,
/// counted with the slide's other clicks, the lines left out at 0.3 of their opacity).
@Suite struct CodeHighlightTests {
  /// A slide's first code block, and what it holds.
  static func code(in slide: Slide) -> (Block, CodeBlock)? {
    for block in slide.blocks {
      if case .code(let code) = block.kind { return (block, code) }
    }
    return nil
  }

  /// Mermaid and PlantUML fences are shown as their source, coloured, with one located warning
  /// a deck for each (issue 46, item 6): no packaged renderer draws Mermaid.
  @Test func diagramFencesAreTheirSourceWithOneWarningADeck() throws {
    let text = """
      # One

      ```mermaid
      graph TD; A-->B
      ```

      ---

      ```mermaid
      sequenceDiagram
      ```

      ```plantuml
      @startuml
      ```
      """
    let result = DeckParser.parse(text: text, file: "deck.md", baseDirectory: "/deck")
    let deck = try #require(result.deck)
    let (_, first) = try #require(Self.code(in: deck.slides[0]))
    #expect(first.language == "mermaid" && first.code == "graph TD; A-->B")
    let warnings = result.diagnostics.filter { $0.message.contains("diagrams are shown as") }
    #expect(warnings.map(\.location?.line) == [3, 13])
    #expect(warnings.allSatisfy { $0.severity == .warning })
    #expect(warnings.first?.message.hasPrefix("Mermaid diagrams") == true)
    #expect(warnings.last?.message.hasPrefix("PlantUML diagrams") == true)
  }

  @Test func rangesReadAsTheToolsReadThem() throws {
    let stages = try #require(CodeHighlight.stages("1,3|5-7|all"))
    #expect(stages.map(\.offset) == [0, 1, 2])
    #expect((1...8).filter(stages[0].highlights) == [1, 3])
    #expect((1...8).filter(stages[1].highlights) == [5, 6, 7])
    #expect((1...8).filter(stages[2].highlights) == Array(1...8))
    // To the end, `;` between items, nothing (`none`, Slidev's `hide`), and `*`.
    let open = try #require(CodeHighlight.stages("2;4-|none|hide|*"))
    #expect((1...6).filter(open[0].highlights) == [2, 4, 5, 6])
    #expect((1...6).filter(open[1].highlights).isEmpty && open[2].lines == [])
    #expect(open[3].lines == nil)
    // Slidev's options in braces are no ranges.
    #expect(CodeHighlight.stages("monaco") == nil)
    #expect(CodeHighlight.stages("lines:true") == nil)
    #expect(CodeHighlight.stages("3-1") == nil)
  }

  @Test func presentermStepsThroughItsStagesBeforeTheNextPause() throws {
    let parsed = parse(
      """
      Intro
      ===

      <!-- end_slide -->

      Walking through
      ===

      ```rust {1,3|2|all}
      fn main() {
          let x = 1;
      }
      ```

      Shown with the code.

      <!-- pause -->

      After the stages.
      """)
    let deck = try #require(parsed.deck)
    #expect(deck.dialect == .presenterm)
    #expect(parsed.messages.filter { $0.contains("highlight") }.isEmpty, "\(parsed.messages)")
    let slide = try #require(deck.slides.last)
    #expect(slide.stepCount == 4)
    let (code, block) = try #require(Self.code(in: slide))
    #expect(block.highlights.map(\.offset) == [0, 1, 2] && block.dimming == .plain)
    #expect(slide.blocks.first { $0.plainText == "Shown with the code." }?.step == code.step)
    #expect(slide.blocks.first { $0.plainText == "After the stages." }?.step == code.step + 3)
  }

  @Test func slidevCountsItsStagesWithTheSlidesOtherClicks() throws {
    let parsed = parse(
      """
      ---
      highlighter: shiki
      ---

      # Steps

      <v-click>

      First

      </v-click>

      ```ts {1|2|all}
      const a = 1
      const b = 2
      ```
      """)
    let deck = try #require(parsed.deck)
    #expect(deck.dialect == .slidev)
    let slide = deck.slides[0]
    // The `<v-click>` is click 1, the code's second and third ranges clicks 2 and 3.
    #expect(slide.stepCount == 4)
    let (code, block) = try #require(Self.code(in: slide))
    #expect(code.step == 0 && block.dimming == .faded)
    #expect(block.highlights.map(\.offset) == [0, 2, 3])
  }

  /// What the room sees at each step: the stage's lines in their colours, the others faded.
  @Test func eachStepShowsItsStagesLinesHighlightedAndTheOthersDimmed() throws {
    let text = """
      ---
      highlighter: shiki
      ---

      # Steps

      ```ts {1|2}
      const first = 1
      const second = 2
      ```
      """
    let deck = try layoutDeck(text)
    let engine = layoutEngine(theme: .light, images: [:])
    func alphas(at step: Int) -> [String: UInt8] {
      let frame = engine.layout(deck.slides[0], in: deck, step: step, size: fullHD)
      var alphas: [String: UInt8] = [:]
      for item in frame.texts {
        let name = item.text.trimmingCharacters(in: .whitespaces)
        guard name == "first" || name == "second" else { continue }
        #expect(alphas[name] == nil, "\(name) drawn twice at step \(step)")
        alphas[name] = item.color.alpha
      }
      return alphas
    }
    #expect(deck.slides[0].stepCount == 2)
    #expect(alphas(at: 0) == ["first": 255, "second": 77])
    #expect(alphas(at: 1) == ["first": 77, "second": 255])
  }

  /// Numbered lines as each tool asks for them, the numbers in a gutter before the code.
  @Test func linesAreNumberedAsEachToolAsks() throws {
    func firstNumber(_ text: String) throws -> Int? {
      let deck = try deck(text)
      let code = deck.slides.flatMap(\.blocks).compactMap { block -> CodeBlock? in
        if case .code(let code) = block.kind { return code } else { return nil }
      }
      return try #require(code.first).firstLineNumber
    }
    let presenterm = "Intro\n===\n\n<!-- end_slide -->\n\n```rust +line_numbers\nfn a() {}\n```\n"
    #expect(try firstNumber(presenterm) == 1)
    let slidev =
      "---\nhighlighter: shiki\n---\n\n# A\n\n```ts {1|2}{lines:true,startLine:5}\na\nb\n```\n"
    #expect(try firstNumber(slidev) == 5)
    let pandoc =
      "---\ntitle: T\noutput: revealjs\n---\n\n## A\n\n```{.haskell .numberLines startFrom=\"100\"}\nx = 1\n```\n"
    #expect(try firstNumber(pandoc) == 100)
    #expect(try firstNumber("# A\n\n```ts\na\n```\n") == nil)
    // pandoc's fence names its language among the classes.
    let parsed = try deck(pandoc)
    let language = parsed.slides.flatMap(\.blocks).compactMap { block -> String? in
      if case .code(let code) = block.kind { return code.language } else { return nil }
    }
    #expect(language == ["haskell"])
    // Laid out: the numbers in a gutter, right-aligned, before the code.
    let laid = try layoutDeck(slidev)
    let frame = layoutEngine().layout(laid.slides[0], in: laid, step: 0, size: fullHD)
    let five = try #require(frame.text("5"))
    let six = try #require(frame.text("6"))
    let a = try #require(frame.text("a"))
    #expect(five.x + five.width < a.x && six.y > five.y)
  }

  /// Where the tools read no highlighting (Marp, pandoc, Podium's own decks), braces stay as
  /// they were: the code shows whole in one step.
  @Test func otherDecksShowTheCodeWhole() throws {
    let deck = try deck(
      """
      # Code

      ```ts {1|2}
      const a = 1
      const b = 2
      ```
      """)
    #expect(deck.slides[0].stepCount == 1)
    #expect(try #require(Self.code(in: deck.slides[0])).1.highlights.isEmpty)
  }
}
