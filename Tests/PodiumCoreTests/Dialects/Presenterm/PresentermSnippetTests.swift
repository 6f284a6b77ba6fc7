import PodiumCore
import Testing

/// presenterm's executable snippets (docs/src/features/code/execution.md): the code is shown,
/// never run; where presenterm would show the output, the speaker's notes say so, and the
/// audience sees nothing of it.
@Suite struct PresentermSnippetTests {
  @Test func anExecSnippetShowsItsCodeAndNotesWhereTheOutputWouldBe() throws {
    let result = parse("Run\n===\n\n```bash +exec\necho hello world\n```\n<!-- end_slide -->\n")
    let slide = try #require(result.deck?.slides.first)
    #expect(kinds(slide.blocks) == ["h1", "code"])
    #expect(slide.blocks[1].plainText == "echo hello world")
    #expect(
      slide.notes.map(\.plainText) == [
        "▶ Output of the bash snippet of line 4: presenterm runs it on ctrl+e and shows its output; Podium never runs code."
      ])
    #expect(
      result.messages == [
        "4:1: warning: code is shown, never run: Podium does not execute snippets ('+exec' ignored)"
      ])
  }

  /// Line highlighting (`{1,3}`, and `{1|2|all}` stepped through) and `+line_numbers` are
  /// drawn, in silence (CodeHighlightTests); braces that are no ranges are a warning at their
  /// fence, the code shown whole.
  @Test func lineHighlightingAndNumbersAreReadAndBadRangesAreWarnings() throws {
    let result = parse(
      "Code\n===\n\n```python {1|2|1-2} +line_numbers\na = 1\nb = 2\n```\n<!-- end_slide -->\n")
    let slide = try #require(result.deck?.slides.first)
    #expect(kinds(slide.blocks) == ["h1", "code"])
    #expect(slide.blocks[1].plainText == "a = 1\nb = 2")
    #expect(slide.stepCount == 3)
    #expect(result.messages.isEmpty)
    let bad = parse("Code\n===\n\n```python {1|x}\na = 1\n```\n<!-- end_slide -->\n")
    #expect(
      bad.messages == [
        "4:1: warning: line highlighting '{1|x}' is not understood: the code shows whole"
      ])
    #expect(bad.deck?.slides.first?.stepCount == 1)
  }

  @Test func exec_replaceAndImageKeepTheCodeWhereTheOutputWouldReplaceIt() throws {
    let deck = try deck(
      "```python +exec_replace\nprint('art')\n```\n\n```bash +image\ncat doge.png\n```\n<!-- end_slide -->\n"
    )
    let slide = deck.slides[0]
    #expect(kinds(slide.blocks) == ["code", "code"])
    #expect(slide.notes.count == 2)
    #expect(slide.notes[0].plainText.contains("instead of the code"))
    #expect(slide.notes[1].plainText.contains("the image it prints"))
  }

  @Test func snippetOutputPutsTheNoteWhereTheOutputGoes() throws {
    let result = parse(
      """
      ```bash +exec +id:foo
      echo hellow world
      ```

      <!-- end_slide -->

      <!-- snippet_output: foo -->

      <!-- snippet_output: bar -->
      """)
    let deck = try #require(result.deck)
    #expect(deck.slides[0].notes.isEmpty, "an +id snippet's output shows at its snippet_output")
    #expect(
      deck.slides[1].notes.map(\.plainText) == [
        "▶ Output of the bash snippet of line 1: presenterm shows its output here; Podium never runs code."
      ])
    #expect(deck.slides[1].blocks.isEmpty, "the audience sees nothing of it")
    #expect(
      result.messages.contains(
        "9:1: warning: snippet_output 'bar' names no '+id:bar' snippet before it (ignored)"))
  }

  @Test func plainSnippetsAndRenderedOnesAreNotRuns() throws {
    let deck = try deck("```rust +line_numbers\nfn main() {}\n```\n<!-- end_slide -->\n")
    #expect(deck.slides[0].notes.isEmpty)
  }
}
