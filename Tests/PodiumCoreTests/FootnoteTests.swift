import Foundation
import Testing

@testable import PodiumCore

/// GFM footnotes (`[^1]`, `[^1]: ...`) as the decks' own tools show them: pandoc (its
/// manual, "Footnotes"; reveal.js and beamer put a slide's notes at its end), Slidev
/// (markdown-it-footnote, each slide on its own, `[1]`) and GitHub, for Podium's own decks;
/// Marp and presenterm read none.
@Suite struct FootnoteTests {
  /// The superscript marks in a block's text.
  private func marks(_ block: Block) -> [String] {
    guard case .paragraph(let runs) = block.kind else { return [] }
    return runs.filter { $0.style.contains(.superscript) }.map(\.text)
  }

  /// A slide's blocks after its rule: its footnotes, as text, with their sizes and steps.
  private func footnotes(_ slide: Slide) -> [String] {
    guard let rule = slide.blocks.lastIndex(where: { $0.kind == .rule }) else { return [] }
    return slide.blocks[(rule + 1)...].map {
      "\($0.plainText) (\($0.fontScale), step \($0.step))"
    }
  }

  @Test func pandocPutsEachSlidesFootnotesAtItsEndNumberedThroughTheDeck() throws {
    let parsed = try deck(
      """
      ---
      title: Notes
      output: revealjs
      ---

      ## First

      A claim[^claim] and a source[^src].

      ## Second

      - Another[^third]
      - The claim again[^claim]

      [^claim]: The *claim* is
          from 2020.

          A second paragraph.

      [^src]: A source.
      [^third]: Third.

      [^unused]: Never cited.
      """)
    #expect(parsed.dialect == .pandoc)
    #expect(parsed.slides.map(\.title) == ["Notes", "First", "Second"])
    let first = parsed.slides[1]
    #expect(marks(first.blocks[1]) == ["1", "2"])
    #expect(
      footnotes(first) == [
        "1. The claim is from 2020. (0.6, step 0)", "A second paragraph. (0.6, step 0)",
        "2. A source. (0.6, step 0)",
      ])
    let second = parsed.slides[2]
    #expect(
      footnotes(second) == [
        "3. Third. (0.6, step 0)", "1. The claim is from 2020. (0.6, step 0)",
        "A second paragraph. (0.6, step 0)",
      ])
    // The definitions are not left on the last slide, and the unused one is nowhere.
    #expect(!parsed.slides.flatMap(\.blocks).contains { $0.plainText.contains("Never cited") })
  }

  /// A footnote cited only in another's text is listed after it, as pandoc and GitHub list it;
  /// two citing each other are each listed once.
  @Test func aFootnoteCitedInAnothersTextIsListedToo() throws {
    let parsed = try deck(
      """
      # Claims

      A claim[^a].

      [^a]: From a survey[^b].
      [^b]: Run in 2020, as the claim[^a] says.
      """)
    let slide = parsed.slides[0]
    #expect(marks(slide.blocks[1]) == ["1"])
    #expect(
      footnotes(slide) == [
        "1. From a survey2. (0.6, step 0)", "2. Run in 2020, as the claim1 says. (0.6, step 0)",
      ])
  }

  @Test func slidevNumbersEachSlideFromOneInBrackets() throws {
    let parsed = try deck(
      """
      ---
      highlighter: shiki
      ---

      # One

      Said[^a].

      [^a]: Where.

      ---

      # Two

      First[^b], then[^c].

      [^b]: B.
      [^c]: C.
      """)
    #expect(parsed.dialect == .slidev)
    #expect(parsed.slides.count == 2)
    #expect(marks(parsed.slides[0].blocks[1]) == ["[1]"])
    #expect(marks(parsed.slides[1].blocks[1]) == ["[1]", "[2]"])
    #expect(footnotes(parsed.slides[1]) == ["1. B. (0.6, step 0)", "2. C. (0.6, step 0)"])
  }

  @Test func podiumDecksReadThemAsGitHubDoesAndShowThemFromTheFirstStep() throws {
    let result = parse(
      """
      # Results

      <!-- pause -->

      Faster[^bench], and an unknown one[^nope].

      ???

      Say where[^where].

      [^bench]: `scripts/bench` on 2 cores.
      [^where]: The lab.
      """)
    let parsed = try #require(result.deck)
    #expect(parsed.dialect == .standard)
    let slide = try #require(parsed.slides.first)
    let paragraph = try #require(slide.blocks.first { $0.plainText.hasPrefix("Faster") })
    #expect(paragraph.step == 1 && marks(paragraph) == ["1"])
    // A citation with no definition is text, as on GitHub.
    #expect(paragraph.plainText.contains("one[^nope]."))
    #expect(footnotes(slide) == ["1. scripts/bench on 2 cores. (0.6, step 0)"])
    // The slide keeps its two steps: the footnote is no step of its own.
    #expect(slide.stepCount == 2)
    // The notes have theirs, without a rule.
    #expect(slide.notes.map(\.plainText) == ["Say where2.", "2. The lab."])
    #expect(slide.notes.last?.fontScale == 0.6)
    #expect(!result.diagnostics.contains { $0.severity == .error })
  }

  @Test func marpAndPresentermDecksShowNoFootnotesAsTheirToolsDoNot() throws {
    // Marp's markdown-it has no footnotes: `[^1]: x` is a link reference, `[^1]` its link.
    let marp = try deck(
      """
      ---
      marp: true
      ---

      # Marp

      A claim[^1].

      [^1]: https://example.org
      """)
    let marpSlide = try #require(marp.slides.first)
    #expect(marpSlide.blocks.allSatisfy { marks($0).isEmpty && $0.kind != .rule })
    #expect(marpSlide.blocks[1].plainText == "A claim^1.")
    // presenterm's comrak reads none either.
    let presenterm = try deck(
      """
      Title
      ===

      A claim[^1].

      [^1]: Where.

      <!-- end_slide -->

      Next
      ===
      """)
    #expect(presenterm.dialect == .presenterm)
    #expect(presenterm.slides.flatMap(\.blocks).allSatisfy { marks($0).isEmpty })
    #expect(!presenterm.slides.flatMap(\.blocks).contains { $0.plainText.hasPrefix("1. ") })
  }
}
