import Testing

@testable import PodiumCore

/// presenterm's comment commands as its builder carries them out (src/presentation/builder/
/// comment.rs, list.rs, table.rs, mod.rs `terminate_slide`): skipped slides, builds of lists
/// and tables, and the comments it ignores.
@Suite struct PresentermCommandTests {
  @Test func skippedSlidesAreNeitherShownNorCounted() throws {
    let parsed = try deck(
      """
      One
      ===

      <!-- end_slide -->

      <!-- skip_slide -->

      Two
      ===

      <!-- end_slide -->

      Three
      ===
      """)
    #expect(parsed.dialect == .presenterm)
    #expect(parsed.slides.map(\.title) == ["One", "Three"])
    #expect(parsed.slides.map(\.index) == [0, 1])
  }

  @Test func incrementalListsPauseBeforeAndAfterAndNestedItemsAreStepsToo() throws {
    let parsed = try deck(
      """
      Steps
      =====

      <!-- incremental_lists: true -->

      * a
          * a1
      * b

      After the list.

      <!-- incremental_lists: false -->

      * c
      * d

      <!-- end_slide -->
      """)
    #expect(parsed.dialect == .presenterm)
    let slide = try #require(parsed.slides.first)
    // Before: the title alone; a, a1 and b a step each; the text after the pause after them
    // (the list itself is at the step before its items).
    #expect(slide.blocks.map(\.step) == [0, 0, 4, 4])
    guard case .list(let list) = slide.blocks[1].kind,
      case .list(let nested)? = list.items.first?.blocks.last?.kind
    else {
      Issue.record("no nested list: \(slide.blocks.map(\.kind))")
      return
    }
    #expect(list.items.map(\.step) == [1, 3] && nested.items.map(\.step) == [2])
    #expect(slide.stepCount == 5)
  }

  @Test func incrementalTablesShowARowAStep() throws {
    let parsed = try deck(
      """
      ---
      options:
        incremental_tables: true
      ---

      | a | b |
      |---|---|
      | 1 | 2 |
      | 3 | 4 |

      <!-- end_slide -->

      <!-- incremental_tables: false -->

      | c |
      |---|
      | 5 |
      """)
    guard case .table(let table) = parsed.slides[0].blocks.first?.kind else {
      Issue.record("no table")
      return
    }
    // A pause before the table (its header), one before each row; the pause after reveals
    // nothing at the end of the slide.
    #expect(parsed.slides[0].blocks.first?.step == 1 && table.rowSteps == [2, 3])
    #expect(parsed.slides.map(\.stepCount) == [4, 1])
  }

  @Test func commentsThatAreNoCommandAreTheAuthors() throws {
    let result = parse(
      """
      Title
      =====

      <!--
      A comment of several lines: presenterm ignores it.
      -->

      <!-- comment: for the author -->
      <!-- vim: set spell: -->
      <!-- // also for the author -->
      <!-- speaker_note: Say hello. -->
      <!-- pasue -->

      <!-- end_slide -->
      """)
    let deck = try #require(result.deck)
    #expect(deck.slides[0].notes.map(\.plainText) == ["Say hello."])
    #expect(
      result.diagnostics.map(\.message) == [
        "'pasue' is not a presenterm command (presenterm refuses the deck); ignored"
      ])
  }
}
