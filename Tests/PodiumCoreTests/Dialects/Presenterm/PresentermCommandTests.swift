import PodiumTestSupport
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

  @Test func presentermsConfigurationIsFoundWherePresentermLooks() {
    #expect(
      PresentermConfig.defaultPath(environment: ["PRESENTERM_CONFIG_FILE": "/etc/p.yaml"])
        == "/etc/p.yaml")
    #expect(
      PresentermConfig.defaultPath(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"])
        == "/x/presenterm/config.yaml")
    #expect(
      PresentermConfig.defaultPath(environment: ["HOME": "/h"])
        == "/h/.config/presenterm/config.yaml")
  }

  /// The speaker's configuration: its options under the deck's, its default theme, its pauses.
  @Test func theConfigurationsOptionsThemeAndPausesApplyUnderTheDecks() throws {
    let files = InMemoryFiles([
      "/conf/presenterm/config.yaml": """
      options:
        incremental_lists: true
        implicit_slide_end: true
      defaults:
        theme: tokyonight-night
        incremental_lists:
          pause_before: false
      """
    ])
    let (configured, problems) = PresentermConfig.load(
      path: "/conf/presenterm/config.yaml", files: files)
    let base = try #require(configured)
    #expect(base.incrementalLists && !base.pauseBeforeLists && base.pauseAfterLists)
    #expect(base.configuredTheme == "tokyonight-night")
    // A misspelt option is named where it is written, in the configuration.
    #expect(
      problems.map(\.message) == [
        "unknown presenterm option 'implicit_slide_end' (ignored); did you mean 'implicit_slide_ends'?"
      ])
    #expect(problems.first?.location?.line == 3)
    func read(_ text: String) throws -> Deck {
      var defaults = DeckMetadata()
      defaults.presentermDefaults = base
      return try #require(
        DeckParser.parse(
          bytes: Array(text.utf8), file: "/d/deck.md", baseDirectory: "/d", files: files,
          dialect: nil, defaults: defaults
        ).deck)
    }
    let plain = try read("* a\n* b\n\n<!-- end_slide -->\n\nx\n")
    // No pause before the list (the configuration's), one after it (presenterm's default).
    #expect(plain.slides[0].stepCount == 2)
    guard case .presenterm(let style) = plain.metadata.theme else {
      Issue.record("not a presenterm theme: \(plain.metadata.theme)")
      return
    }
    #expect(style.name == "tokyonight-night")
    let own = try read(
      "---\noptions:\n  incremental_lists: false\n---\n\n* a\n* b\n\n<!-- end_slide -->\n")
    #expect(own.slides.map(\.stepCount) == [1, 1], "the deck's own option wins")
    // Without presenterm's deck, Podium's own decks never read it.
    let podium = try read("* a\n* b\n\n---\n\nx\n")
    #expect(podium.dialect == .standard && podium.slides[0].stepCount == 1)
  }
}
