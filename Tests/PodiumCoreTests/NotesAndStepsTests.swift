import PodiumCore
import PodiumTestSupport
import Testing

@Suite struct NotesTests {
  @Test func questionMarksStartMarkdownNotes() throws {
    let deck = try deck(
      """
      # Slide

      Visible
      ???
      Say **this** first.

      - then that

      ---

      # Next
      """)
    let slide = deck.slides[0]
    #expect(kinds(slide.blocks) == ["h1", "p"])
    #expect(slide.blocks[1].plainText == "Visible")
    #expect(kinds(slide.notes) == ["p", "ul"])
    guard case .paragraph(let runs) = slide.notes[0].kind else {
      Issue.record("notes should start with a paragraph")
      return
    }
    #expect(runs == [TextRun("Say "), TextRun("this", style: .strong), TextRun(" first.")])
    #expect(slide.notes[0].location.line == 5)
    #expect(!deck.slides[1].hasNotes)
  }

  @Test func questionMarksInsideCodeAreCode() throws {
    let deck = try deck("# A\n\n```\n???\n```\n\n    ???\n")
    #expect(deck.slides[0].notes.isEmpty)
    #expect(kinds(deck.slides[0].blocks) == ["h1", "code", "code"])
  }

  @Test func htmlCommentsAreNotesAndSpeakerNoteIsToo() throws {
    let deck = try deck(
      """
      # A

      <!-- Remember the *demo*. -->

      text <!-- an inline aside -->

      <!-- speaker_note: from presenterm -->
      """)
    let notes = deck.slides[0].notes.map(\.plainText)
    #expect(notes == ["Remember the demo.", "an inline aside", "from presenterm"])
    #expect(deck.slides[0].notes[0].location.line == 3)
    #expect(kinds(deck.slides[0].blocks) == ["h1", "p"])
    #expect(deck.slides[0].blocks[1].plainText == "text ")
  }

  @Test func questionMarksInsideACommentStayInTheComment() throws {
    let deck = try deck("# A\n\n<!--\nbefore\n???\nafter\n-->\n\nvisible\n")
    #expect(kinds(deck.slides[0].blocks) == ["h1", "p"])
    #expect(deck.slides[0].notes.map(\.plainText) == ["before ??? after"])
  }

  @Test func multilineCommentNoteKeepsItsParagraphs() throws {
    let deck = try deck("# A\n\n<!--\nFirst point.\n\nSecond point.\n-->\n")
    #expect(deck.slides[0].notes.map(\.plainText) == ["First point.", "Second point."])
  }
}

@Suite struct BuildStepTests {
  @Test func pausesSplitASlideIntoSteps() throws {
    let deck = try deck(
      """
      # Build

      first

      <!-- pause -->

      second

      <!-- pause -->

      third
      """)
    let slide = deck.slides[0]
    #expect(slide.stepCount == 3)
    #expect(slide.blocks.map(\.step) == [0, 0, 1, 2])
  }

  @Test func pausesInsideListsRevealItems() throws {
    let deck = try deck(
      """
      - one
        <!-- pause -->
      - two
        - nested
          <!-- pause -->
        - later
      """)
    let slide = deck.slides[0]
    #expect(slide.stepCount == 3)
    guard case .list(let list) = slide.blocks[0].kind else {
      Issue.record("expected a list")
      return
    }
    #expect(list.items.map(\.step) == [0, 1])
    guard case .list(let nested) = list.items[1].blocks[1].kind else {
      Issue.record("expected a nested list")
      return
    }
    #expect(nested.items.map(\.step) == [1, 2])
  }

  @Test func trailingPauseRevealsNothing() throws {
    let deck = try deck("# A\n\n<!-- pause -->\n\n---\n\n# B\n")
    #expect(deck.slides[0].stepCount == 1)
    #expect(deck.buildStepCount == 2)
  }

  @Test func incrementalListsMakeEachItemAStep() throws {
    let deck = try deck(
      """
      <!-- incremental_lists: true -->

      - a
      - b
      - c
      """)
    #expect(deck.slides[0].stepCount == 3)
  }

  @Test func pausesInNotesAreIgnored() throws {
    let deck = try deck("# A\n\n???\n\nnote\n\n<!-- pause -->\n\nmore note\n")
    #expect(deck.slides[0].stepCount == 1)
    #expect(deck.slides[0].notes.count == 2)
  }
}
