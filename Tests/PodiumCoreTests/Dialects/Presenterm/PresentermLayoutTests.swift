import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

/// presenterm's commands that shape a slide (its docs/src/features/commands.md and layout.md),
/// and hidden slides: parsed into blocks and directives, then laid out.
@Suite struct PresentermLayoutTests {
  // Its `end_slide` makes it a presenterm deck, and a second slide.
  static let columns = """
    Layout
    ===

    <!-- column_layout: [3, 2] -->

    <!-- column: 0 -->

    Left text

    <!-- pause -->

    * later

    <!-- column: 1 -->

    Right text

    <!-- reset_layout -->

    Below both

    <!-- end_slide -->
    """

  @Test func columnsHoldTheBlocksWrittenIntoThemAndResetGoesBackToTheSlide() throws {
    let result = parse(Self.columns)
    #expect(result.messages.isEmpty)
    let slide = try #require(result.deck?.slides.first)
    #expect(kinds(slide.blocks) == ["h1", "columns(p ul | p)", "p"])
    guard case .columns(let columns) = slide.blocks[1].kind else {
      Issue.record("no columns block")
      return
    }
    #expect(columns.widths == [3, 2])
    #expect(slide.stepCount == 2, "a pause inside a column is a build step")
    #expect(slide.blocks[1].plainText.contains("Right text"))
  }

  @Test func columnsSitSideBySideInTheirShareOfTheWidth() throws {
    let laid = try frame(Self.columns)
    let left = try #require(laid.text("Left text"))
    let right = try #require(laid.text("Right text"))
    let below = try #require(laid.text("Below both"))
    #expect(abs(left.y - right.y) < 1, "both columns start on the same line")
    let content = left.x
    // The first column is 60% of the width (less the gap): the second starts past it.
    let width = 1920 - 2 * content
    #expect(right.x > content + width * 0.6 - 1 && right.x < content + width * 0.65)
    #expect(below.y > left.y && abs(below.x - content) < 1, "after reset_layout: full width")
    let step0 = try frame(Self.columns, step: 0)
    #expect(step0.text("later") == nil, "the paused list comes with the next step")
  }

  @Test func commandsWithBadValuesAreErrorsAtTheirLine() {
    let result = parse(
      """
      <!-- column_layout: [3, x] -->
      <!-- column_layout: [2, 1] -->
      <!-- column: 2 -->
      <!-- alignment: middle -->
      <!-- font_size: 9 -->

      # A
      """)
    #expect(
      result.messages == [
        "1:1: error: column_layout needs column widths as whole numbers, e.g. [3, 2], not '[3, x]'",
        "3:1: error: column 2 is not in the layout, which has columns 0 to 1",
        "4:1: error: alignment must be left, center or right, not 'middle'",
        "5:1: error: font_size needs a size from 1 to 7, not '9'",
      ])
  }

  @Test func aColumnBeforeAnyLayoutIsAWarningAndItsContentStays() throws {
    let result = parse("<!-- column: 1 -->\n\nText\n")
    #expect(
      result.messages == [
        "1:1: warning: 'column: 1' comes before any column_layout; the content stays across the slide"
      ])
    #expect(kinds(try #require(result.deck).slides[0].blocks) == ["p"])
  }

  @Test func newLinesPushTheTextDown() throws {
    let plain = try frame("## Part\n\nFirst\n\nText\n")
    let spaced = try frame("## Part\n\nFirst\n\n<!-- new_lines: 4 -->\n\nText\n")
    func gap(_ frame: SlideFrame) throws -> Double {
      try #require(frame.text("Text")).y - #require(frame.text("First")).y
    }
    let added = try gap(spaced) - gap(plain)
    #expect(added > 150, "four lines of body text at 1080 are well over 150 pixels (\(added))")
    #expect(kinds(try deck("<!-- newline -->\n\nText\n").slides[0].blocks) == ["lines(1)", "p"])
  }

  @Test func jumpToMiddleSetsWhatFollowsInTheMiddleOfTheSlide() throws {
    let frame = try frame("<!-- jump_to_middle -->\n\nFarming potatoes\n===\n")
    let title = try #require(frame.text("Farming potatoes"))
    let middleY = title.y + title.font.size * 0.6
    let middleX = title.x + title.width / 2
    #expect(abs(middleY - 540) < 60, "vertically centred (\(middleY))")
    #expect(abs(middleX - 960) < 2, "horizontally centred (\(middleX))")
  }

  @Test func alignmentAndFontSizeHoldForTheRestOfTheSlide() throws {
    let frame = try frame(
      """
      Left

      <!-- alignment: right -->

      Right

      <!-- font_size: 2 -->

      Bigger
      """)
    let left = try #require(frame.text("Left"))
    let right = try #require(frame.text("Right"))
    let bigger = try #require(frame.text("Bigger"))
    let rightEdge = 1920 - left.x
    #expect(abs(right.x + right.width - rightEdge) < 1, "right aligned at the content's edge")
    #expect(abs(bigger.x + bigger.width - rightEdge) < 1, "still right aligned")
    #expect(abs(bigger.font.size - 2 * right.font.size) < 0.01, "font_size: 2 doubles the text")
  }

  @Test func noFooterHidesTheFooterAndPageNumberOnThatSlideOnly() throws {
    let text = """
      ---
      footer: My talk
      paginate: true
      ---

      # One

      <!-- no_footer -->

      ---

      # Two
      """
    let first = try frame(text, slide: 0)
    let second = try frame(text, slide: 1)
    #expect(first.text("My talk") == nil && first.text("1 / 2") == nil)
    #expect(second.text("My talk") != nil && second.text("2 / 2") != nil)
  }

  @Test func codeWithoutItsPanelIsOnTheSlidesBackground() throws {
    let code = "```swift\nlet x = 1\n```\n"
    func themed(_ text: String) throws -> SlideFrame {
      let deck = try layoutDeck(text)
      return try frame(text, theme: ThemeLoader.theme(for: deck.metadata.theme).0)
    }
    // presenterm's dark theme sets code on base16-eighties' panel.
    let panel = RGBAColor(red: 0x2D, green: 0x2D, blue: 0x2D)
    let with = try themed("---\noptions: {}\n---\n\n" + code)
    let without = try themed(
      "---\ntheme:\n  override:\n    code:\n      background: false\n---\n\n" + code)
    #expect(with.fills.contains { $0.1 == panel })
    #expect(!without.fills.contains { $0.1 == panel })
    #expect(without.text("let") != nil)
  }

  @Test func includeReadsAFileInPlaceWithItsOwnRelativePaths() throws {
    let files = InMemoryFiles([
      "/talk/deck.md": "# Start\n\n<!-- include: parts/middle.md -->\n\nEnd\n",
      "/talk/parts/middle.md": "Included text\n\n![chart](chart.png)\n",
      "/talk/parts/chart.png": "",
    ])
    let result = DeckParser.parse(fileAt: "/talk/deck.md", files: files)
    let slide = try #require(result.deck?.slides.first)
    #expect(kinds(slide.blocks) == ["h1", "p", "image", "p"])
    guard case .image(let image) = slide.blocks[2].kind else { return }
    #expect(image.source == "chart.png")
    #expect(image.path == nil || image.path == "/talk/parts/chart.png")
    #expect(
      result.diagnostics.allSatisfy { !$0.message.contains("include") },
      "\(result.diagnostics.map(\.message))")
  }

  @Test func includeOfAMissingFileOrItselfIsAnError() throws {
    let files = InMemoryFiles([
      "/talk/deck.md": "<!-- include: missing.md -->\n\n<!-- include: loop.md -->\n",
      "/talk/loop.md": "Loop\n\n<!-- include: loop.md -->\n",
    ])
    let messages = DeckParser.parse(fileAt: "/talk/deck.md", files: files).diagnostics.map(
      \.message)
    #expect(messages.contains { $0.hasPrefix("cannot include 'missing.md'") })
    #expect(messages.contains("'loop.md' includes itself (through 2 files)"))
  }

  // MARK: - Hidden slides

  static let hidden = """
    # One

    ---

    # Two

    <!-- skip -->

    ---

    # Three

    <!-- pause -->

    More

    ---

    <!-- skip_slide -->

    # Four
    """

  @Test func skippedSlidesAreMarkedAndListed() throws {
    let deck = try deck(Self.hidden)
    #expect(deck.hiddenSlides == [1, 3])
    #expect(deck.slides.count == 4, "a skipped slide is still in the deck")
  }

  @Test func nextAndPreviousPassOverSkippedSlidesButAJumpReachesThem() throws {
    let deck = try deck(Self.hidden)
    var state = PresentationState(
      stepCounts: deck.slides.map(\.stepCount), hidden: deck.hiddenSlides)
    state.apply(.next, at: 0)
    #expect(state.position == .init(slide: 2, step: 0), "slide 2 is skipped")
    state.apply(.next, at: 1)
    #expect(state.position == .init(slide: 2, step: 1))
    #expect(state.upcoming == nil, "the last slide is skipped: nothing comes next")
    state.apply(.previous, at: 2)
    state.apply(.previous, at: 3)
    #expect(state.position == .init(slide: 0, step: 0))
    #expect(state.history.isEmpty, "passing over a skipped slide is a step, not a jump")
    state.apply(.last, at: 4)
    #expect(state.position == .init(slide: 2, step: 1), "last is the last slide in the talk")
    state.apply(.goTo(2), at: 5)
    #expect(state.position == .init(slide: 1, step: 0), "asked for by number: shown")
  }

  @Test func theOverviewShowsSkippedSlidesGreyedAndSaysSo() throws {
    let deck = try deck(Self.hidden)
    var state = PresentationState(
      stepCounts: deck.slides.map(\.stepCount), hidden: deck.hiddenSlides)
    state.apply(.toggleOverview, at: 0)
    let console = LayoutEngine.fixedConsole(deck: deck, state: state)
    let labels = console.frame.consoleTexts
    #expect(labels.contains { $0.hasPrefix("2  (skipped) Two") })
    #expect(labels.contains { $0.hasPrefix("3  Three") })
    // A veil of the console's background, partly transparent, over each skipped thumbnail.
    let cells = Dictionary(uniqueKeysWithValues: console.overview.map { ($0.slide, $0.rect) })
    func veils(_ frame: SlideFrame, dx: Double = 0, dy: Double = 0) -> [Rect] {
      frame.commands.flatMap { command -> [Rect] in
        switch command {
        case .fill(let rect, let color) where color.alpha < 255:
          return [Rect(x: rect.x + dx, y: rect.y + dy, width: rect.width, height: rect.height)]
        case .layer(let item) where item.key.hasPrefix("console"):
          return veils(item.frame, dx: dx + item.x, dy: dy + item.y)
        default:
          return []
        }
      }
    }
    #expect(veils(console.frame) == [cells[1], cells[3]].compactMap { $0 })
  }

  @Test func exportLeavesSkippedSlidesOutUnlessAskedFor() throws {
    let deck = try deck(Self.hidden)
    func slides(_ plan: ExportPlan) -> [Int] {
      plan.shots(in: deck).map(\.slideIndex)
    }
    #expect(slides(ExportPlan()) == [0, 2])
    #expect(slides(ExportPlan(includeHidden: true)) == [0, 1, 2, 3], "--all")
    #expect(slides(ExportPlan(slideNumbers: [2, 3])) == [1, 2], "named by --slides: exported")
  }

  @Test func aTalkWhoseFirstSlideIsSkippedStartsAtTheNextOne() {
    let state = PresentationState(stepCounts: [1, 1, 1], hidden: [0])
    #expect(state.slide == 1)
  }
}
