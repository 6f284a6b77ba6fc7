import PodiumCore
import Testing

/// presenterm's introduction slide (its src/presentation/builder/frontmatter.rs,
/// `push_intro_slide`; docs/src/features/introduction.md, "Introduction slide"): made from the
/// front matter's title, sub title, event, location, date and authors, counted like any slide.
@Suite struct PresentermIntroTests {
  static let everything = """
    ---
    title: "My _first_ presentation"
    sub_title: (in presenterm!)
    event: RustConf
    location: Montreal
    date: 2025-06-01
    authors:
      - Alice
      - Bob
    ---

    First slide
    ===

    Hello

    <!-- end_slide -->

    Second
    ===
    """

  @Test func everyKeyIsALineOfTheIntroductionSlideInPresentermsOrder() throws {
    let deck = try deck(Self.everything)
    #expect(deck.dialect == .presenterm)
    #expect(deck.slides.count == 3, "the introduction slide and the two the deck writes")
    let intro = deck.slides[0]
    #expect(
      kinds(intro.blocks) == [
        "fromMiddle", "h1", "p", "lines(1)", "p", "p", "p", "bottom", "p", "p",
      ])
    #expect(
      intro.blocks.compactMap(\.role) == [
        .introTitle, .introSubtitle, .introEvent, .introLocation, .introDate, .introAuthor,
        .introAuthor,
      ])
    #expect(
      intro.blocks.map(\.plainText).filter { !$0.isEmpty } == [
        "My first presentation", "(in presenterm!)", "RustConf", "Montreal", "2025-06-01", "Alice",
        "Bob",
      ])
    // The title is Markdown, as presenterm reads it.
    guard case .heading(_, let runs) = intro.blocks[1].kind else {
      Issue.record("no title heading")
      return
    }
    #expect(runs.contains { $0.text == "first" && $0.style.contains(.emphasis) })
    #expect(intro.title == "My first presentation")
    #expect(deck.slides[1].title == "First slide")
    #expect(deck.slides.map(\.index) == [0, 1, 2])
  }

  @Test func aFrontMatterWithoutThoseKeysMakesNoIntroductionSlide() throws {
    let themed = try deck(
      "---\ntheme:\n  name: dark\n---\n\nOnly\n===\n\n<!-- end_slide -->\n\nTwo\n")
    #expect(themed.slides.count == 2)
    #expect(themed.slides[0].title == "Only")
    let titled = try deck("---\ntitle: Alone\n---\n\nBody\n\n<!-- end_slide -->\n\nTwo\n")
    #expect(titled.slides.count == 3)
    #expect(kinds(titled.slides[0].blocks) == ["fromMiddle", "h1"])
  }

  @Test func onlyPresentermDecksGetOne() throws {
    // A Marp deck's title is metadata, not a slide.
    let marp = try deck("---\nmarp: true\ntitle: Talk\nauthor: Me\n---\n\n# One\n\n---\n\n# Two\n")
    #expect(marp.dialect == .standard)
    #expect(marp.slides.count == 2)
  }

  @Test func authorsStandUnderTheRestOrAtTheBottomAsTheThemeSays() throws {
    let deck = try deck("---\ntitle: T\nauthor: Ann\n---\n\nx\n<!-- end_slide -->\n")
    #expect(kinds(deck.slides[0].blocks) == ["fromMiddle", "h1", "bottom", "p"])
    let engine = layoutEngine(theme: .dark, images: [:])
    let frame = engine.layout(deck.slides[0], in: deck, step: 0, size: fullHD)
    let title = try #require(frame.texts.first { $0.text == "T" })
    let author = try #require(frame.text("Ann"))
    #expect(title.y >= 1080 / 2 - 1, "the title starts at the middle, as presenterm jumps there")
    #expect(author.y > 1080 * 0.8, "page_bottom: the author at the bottom (\(author.y))")
    #expect(abs((author.x + author.width / 2) - 960) < 2, "centred")

  }

  @Test func aTrailingEndSlideIsAnEmptySlideAsInPresenterm() throws {
    let deck = try deck("---\nauthor: Bob\n---\n\nOne\n\n<!-- end_slide -->\n")
    #expect(deck.slides.count == 3)
    #expect(deck.slides[2].blocks.isEmpty)
  }

  @Test func authorAndAuthorsTogetherAreAWarning() {
    let result = parse("---\nauthor: A\nauthors: [B, C]\n---\n\nx\n<!-- end_slide -->\ny\n")
    #expect(result.messages.contains { $0.hasPrefix("3:10: warning: both 'author' and 'authors'") })
    #expect(result.deck?.slides[0].blocks.map(\.plainText).suffix(3) == ["A", "B", "C"])
  }
}
