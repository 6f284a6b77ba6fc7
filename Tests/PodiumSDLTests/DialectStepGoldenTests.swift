import Foundation
import PodiumCore
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// Build steps that other tools' decks make and Podium draws: Slidev's clicks that hide again
/// (`v-click.hide`, `<v-switch>`), presenterm's incremental tables.
extension GoldenImageTests {
  static let slidevClicks = """
    ---
    layout: default
    ---

    # Clicks

    Visible from the start

    <div v-click.hide>Gone at the second click</div>

    <v-switch>

    <template #1>

    **First** of the switch

    </template>

    <template #2>

    **Second** of the switch

    </template>

    </v-switch>
    """

  private func shows(_ frame: SlideFrame, _ word: String) -> Bool {
    frame.commands.contains { if case .text(let t) = $0 { t.text.contains(word) } else { false } }
  }

  @Test func slidevClicksShowAndHideAsInSlidev() throws {
    // `v-click.hide` hides at its own click, the first; the switch's templates take the
    // second and third, each until the next.
    let (_, start) = try render(Self.slidevClicks, step: 0, size: Self.small)
    #expect(shows(start, "Gone") && !shows(start, "First") && shows(start, "Visible"))
    let (_, first) = try render(Self.slidevClicks, step: 1, size: Self.small)
    #expect(!shows(first, "Gone") && !shows(first, "First"))
    let (image, second) = try render(Self.slidevClicks, step: 2, size: Self.small)
    #expect(shows(second, "First") && !shows(second, "Second") && shows(second, "Visible"))
    let (_, third) = try render(Self.slidevClicks, step: 3, size: Self.small)
    #expect(!shows(third, "First") && shows(third, "Second"))
    try check("slidev-clicks-step2", image)
  }

  @Test func presentermIncrementalTableRowByRow() throws {
    let deck = """
      ---
      options:
        incremental_tables: true
      ---

      Results
      =======

      | Model | Score |
      |-------|-------|
      | Small | 71 |
      | Large | 88 |
      """
    let (_, before) = try render(deck, step: 0, size: Self.small)
    #expect(!shows(before, "Model") && shows(before, "Results"), "the pause before the table")
    let (image, first) = try render(deck, step: 2, size: Self.small)
    #expect(shows(first, "Small") && !shows(first, "Large"))
    try check("presenterm-incremental-table-step2", image)
  }
}
