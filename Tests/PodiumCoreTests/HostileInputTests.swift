import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

/// Decks made to hurt (issue 6, "Nothing breaks on stage"): lines of a million characters,
/// thousands of nesting levels, a table a thousand columns wide, decks of megabytes, and every
/// input the fuzzer (scripts/fuzz, Fuzz/deck-fuzz) found. Each one parses with a clear outcome
/// and lays out in time that grows with its size, not with its square.
///
/// Sizes are chosen so that each test takes about a second in a debug build and a quadratic
/// path would take minutes: the time limits catch a regression without timing anything.
@Suite struct HostileInputTests {
  let engine = LayoutEngine(
    theme: .light, measurer: FixedTextMeasurer(), images: FixedImageMeasurer())

  /// Lays out every build step of every slide at 1080p and returns the frames.
  func layOutEverything(_ deck: Deck, size: PixelSize = fullHD) -> [SlideFrame] {
    deck.slides.flatMap { slide in
      (0..<slide.stepCount).map { engine.layout(slide, in: deck, step: $0, size: size) }
    }
  }

  /// The widest text line of a frame, and the frame's content width, to check wrapping.
  func widest(_ frame: SlideFrame) -> Double {
    frame.texts.map(\.width).max() ?? 0
  }

  // MARK: - Huge lines

  /// The lines of a frame's text that start inside the slide's content area, and those below.
  func linesInsideAndBelow(_ frame: SlideFrame) -> (inside: [TextItem], below: [TextItem]) {
    let bottom = Double(frame.size.height) * (1 - Theme.light.margins.bottom)
    return (frame.texts.filter { $0.y < bottom }, frame.texts.filter { $0.y >= bottom })
  }

  @Test(.timeLimit(.minutes(1)))
  func aWordOfAMillionCharactersIsCutIntoLines() throws {
    let result = parse(String(repeating: "x", count: 1_000_000) + "\n")
    #expect(result.diagnostics.isEmpty)
    let parsed = try #require(result.deck)
    let frame = try #require(layOutEverything(parsed).first)
    // The word fills the slide in lines no wider than the content area; the rest is clipped
    // and reported. Lines far below the slide are not laid out at all, so the work done is
    // what can be seen, not a million characters' worth at every size.
    let (inside, below) = linesInsideAndBelow(frame)
    #expect(inside.count >= 10)
    #expect(below.count <= 2)
    #expect(inside.allSatisfy { $0.text.allSatisfy { $0 == "x" } })
    #expect(Set(inside.dropLast().map(\.text.count)).count == 1, "full lines are cut alike")
    #expect(widest(frame) <= fullHD.contentWidth)
    #expect(frame.overflow.map(\.location) == [SourceLocation(line: 1, column: 1)])
  }

  @Test(.timeLimit(.minutes(1)))
  func aParagraphOfAMillionCharactersWraps() throws {
    let parsed = try deck(String(repeating: "word ", count: 200_000) + "\n")
    let frame = try #require(layOutEverything(parsed).first)
    let (inside, below) = linesInsideAndBelow(frame)
    #expect(inside.count >= 10 && below.count <= 2)
    #expect(inside.allSatisfy { $0.text.split(separator: " ").allSatisfy { $0 == "word" } })
    #expect(widest(frame) <= fullHD.contentWidth)
    #expect(frame.overflow.count == 1)
  }

  @Test(.timeLimit(.minutes(1)))
  func codeOfAMillionCharactersIsClippedNotWrapped() throws {
    let line = String(repeating: "let x = \"a\"; ", count: 70_000)
    let wide = try #require(layOutEverything(try deck("```swift\n\(line)\n```\n")).first)
    // Code never wraps: the font shrinks to the smallest size and the line is cut off at the
    // right edge; only its start is highlighted and measured.
    #expect(wide.commands.contains { if case .pushClip = $0 { return true } else { return false } })
    #expect(wide.texts.first?.text == "let")
    #expect(wide.texts.reduce(0) { $0 + $1.text.count } <= 2_000)
    #expect(Set(wide.texts.map(\.font.size)).count == 1)
    #expect(wide.overflow.isEmpty)
    // A hundred thousand lines: those above the slide's bottom are drawn, the rest overflow.
    let lines = (0..<100_000).map { "print(\($0))" }.joined(separator: "\n")
    let tall = try #require(layOutEverything(try deck("```python\n\(lines)\n```\n")).first)
    let (inside, below) = linesInsideAndBelow(tall)
    #expect(inside.count > 10 && below.count < 50)
    #expect(tall.overflow.count == 1)
  }

  // MARK: - Deep nesting

  /// The text items of a frame lie inside the slide: deep nesting narrows the text, it never
  /// pushes it off the slide or gives it a negative width.
  func expectInsideTheSlide(
    _ frame: SlideFrame, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    for item in frame.texts {
      #expect(
        item.width >= 0 && item.x >= 0 && item.x + item.width <= Double(frame.size.width) + 0.5,
        "\(item.text) at x \(item.x), width \(item.width)", sourceLocation: sourceLocation)
    }
  }

  /// How many lists or quotes are nested in the first block.
  func nestingDepth(_ block: Block) -> Int {
    switch block.kind {
    case .list(let list): return 1 + (list.items.flatMap(\.blocks).map(nestingDepth).max() ?? 0)
    case .quote(let quote): return 1 + (quote.blocks.map(nestingDepth).max() ?? 0)
    default: return 0
    }
  }

  /// 512 KB, or twice that under AddressSanitizer (scripts/sanitize), which pads every stack
  /// frame: SlideBuilder.appendInline's debug frame grows from 5.9 KB to 10.7 KB, and 64 of them
  /// (CommonMarkConverter.maximumDepth) no longer fit in 512 KB. (Release: 1.1 KB.)
  static let smallStack = 512 * 1024 * (dlsym(nil, "__asan_init") == nil ? 1 : 2)

  /// Parses and lays out `text` on a thread with a 512 KB stack (`smallStack`), the smallest any
  /// thread gets by default (Podium parses on the main thread's 8 MB): recursion over nesting
  /// stays shallow.
  func parseAndLayOutOnASmallStack(_ text: String) async -> Int {
    await withCheckedContinuation { (done: CheckedContinuation<Int, Never>) in
      let thread = Thread {
        let result = DeckParser.parse(text: text, file: "deck.md", baseDirectory: "/nonexistent")
        let engine = LayoutEngine(
          theme: .light, measurer: FixedTextMeasurer(), images: FixedImageMeasurer())
        let frames = result.deck.map { deck in
          deck.slides.map { engine.layout($0, in: deck, step: $0.stepCount - 1, size: fullHD) }
        }
        done.resume(returning: frames?.count ?? -1)
      }
      thread.stackSize = Self.smallStack
      thread.start()
    }
  }

  @Test func deepNestingNeedsLittleStack() async {
    let deep = [
      String(repeating: "- ", count: 10_000) + "x",
      String(repeating: "> ", count: 10_000) + "x",
      String(repeating: "1. ", count: 10_000) + "x",
      String(repeating: "*", count: 10_000) + "x" + String(repeating: "*", count: 10_000),
      String(repeating: "![", count: 5_000) + "x" + String(repeating: "](i.png)", count: 5_000),
      String(repeating: "[", count: 5_000) + "x" + String(repeating: "](u)", count: 5_000),
      String(repeating: "> - ", count: 5_000) + "x",
      "---\ntitle: " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        + "\n---\n\n# x",
    ]
    for text in deep {
      #expect(await parseAndLayOutOnASmallStack(text + "\n") == 1)
    }
  }

  /// Inline HTML nested as deep as it is kept (32 elements in a block, 16 open across blocks,
  /// each with a box of its own), and far deeper, parsed and laid out on a small stack.
  @Test func deepHTMLNeedsLittleStack() async {
    let box = "<div style=\"background: #eee; font-size: 90%\">"
    let deep = [
      String(repeating: box, count: 31) + "x",
      String(repeating: box + "\n\n", count: 40) + "x",
      String(repeating: box, count: 3_000) + "x",
      String(repeating: "<span style=\"color:red\">a", count: 20_000),
      String(repeating: "<b><i>", count: 5_000) + "x",
      String(repeating: "</div>", count: 10_000) + "\n\nx",
    ]
    for text in deep {
      #expect(await parseAndLayOutOnASmallStack(text + "\n") == 1)
    }
  }

  @Test func tenThousandNestedListsAreFlattenedPastSixteenLevels() throws {
    let result = parse(String(repeating: "- ", count: 10_000) + "deep\n")
    #expect(
      result.messages == [
        "1:33: warning: lists and quotes nested deeper than 16 levels are shown flattened, as plain text"
      ])
    let deck = try #require(result.deck)
    let block = try #require(deck.slides.first?.blocks.first)
    #expect(nestingDepth(block) == 16)
    #expect(block.plainText == "deep")
    for size in [fullHD, PixelSize(width: 1024, height: 768)] {
      let frame = try #require(layOutEverything(deck, size: size).first)
      #expect(frame.text("deep") != nil)
      expectInsideTheSlide(frame)
    }
  }

  @Test func tenThousandNestedQuotesAreFlattenedPastSixteenLevels() throws {
    let result = parse(String(repeating: ">", count: 10_000) + " deep\n")
    #expect(
      result.messages == [
        "1:17: warning: lists and quotes nested deeper than 16 levels are shown flattened, as plain text"
      ])
    let deck = try #require(result.deck)
    let block = try #require(deck.slides.first?.blocks.first)
    #expect(nestingDepth(block) == 16)
    #expect(block.plainText == "deep")
    let frame = try #require(layOutEverything(deck).first)
    #expect(frame.text("deep") != nil)
    expectInsideTheSlide(frame)
  }

  @Test func listsIndentedFortyLevelsKeepSixteenAndShowTheRestAsText() throws {
    let text = (0..<40).map { String(repeating: "  ", count: $0) + "- level \($0)" }
      .joined(separator: "\n")
    let result = parse(text + "\n")
    #expect(
      result.messages == [
        "17:33: warning: lists and quotes nested deeper than 16 levels are shown flattened, as plain text"
      ])
    let deck = try #require(result.deck)
    let block = try #require(deck.slides.first?.blocks.first)
    #expect(nestingDepth(block) == 16)
    #expect(
      block.plainText.hasSuffix(
        "level 15 level 16 level 17"
          + (18..<40).map { " level \($0)" }.joined()))
    // Two columns leave half the width; sixteen levels still fit in it.
    let twoColumns = try PodiumCoreTests.deck(
      "<!-- layout: two-column -->\n\n" + text + "\n\nOther column\n")
    for frame in layOutEverything(twoColumns) { expectInsideTheSlide(frame) }
  }

  @Test func tenThousandNestedEmphasesAndImagesBecomePlainText() throws {
    let warning = "warning: formatting nested this deep is shown as plain text"
    let emphases =
      String(repeating: "*", count: 10_000) + "x" + String(repeating: "*", count: 10_000)
    let underscores =
      String(repeating: "_a ", count: 3_000) + "x" + String(repeating: " a_", count: 3_000)
    for text in [emphases, underscores] {
      let result = parse(text + "\n")
      #expect(result.messages.count == 1, "\(result.messages)")
      #expect(result.messages.first?.hasSuffix(warning) == true, "\(result.messages)")
      let parsed = try #require(result.deck)
      let frame = try #require(layOutEverything(parsed).first)
      #expect(parsed.slides.first?.blocks.first?.plainText.contains("x") == true)
      #expect(!frame.texts.isEmpty)
    }
    // Images in the alt text of images: the outer image keeps all the text as its alt.
    let images =
      String(repeating: "![", count: 5_000) + "x" + String(repeating: "](i.png)", count: 5_000)
    let parsed = try deck(images + "\n")
    #expect(parsed.slides.first?.blocks.map(\.plainText) == ["x"])
    #expect(layOutEverything(parsed).count == 1)
  }

  // MARK: - Wide tables

  @Test func aTableOfAThousandColumnsLaysOutWithAWarning() throws {
    let columns = 0..<1_000
    let row = { (prefix: String) in
      "|" + columns.map { "\(prefix)\($0)" }.joined(separator: "|") + "|\n"
    }
    let text = row("h") + "|" + columns.map { _ in "---" }.joined(separator: "|") + "|\n" + row("v")
    let result = parse(text)
    #expect(
      result.messages == [
        "1:1: warning: table has 1000 columns; past about 20 a slide squeezes them too narrow to read"
      ])
    let deck = try #require(result.deck)
    guard case .table(let table) = deck.slides.first?.blocks.first?.kind else {
      Issue.record("no table")
      return
    }
    #expect(table.header.count == 1_000 && table.rows.map(\.count) == [1_000])
    let frame = try #require(layOutEverything(deck).first)
    expectInsideTheSlide(frame)
    // Every cell is there, one character a line in columns under two pixels wide.
    #expect(frame.texts.map(\.text).joined().count == row("h").count + row("v").count - 2_004)
  }

  @Test(.timeLimit(.minutes(1)))
  func aTableRowOfAHundredThousandPipesParsesInAMoment() throws {
    // cmark-gfm's table extension walks a row's list of cells for each cell it appends: this row
    // took minutes. Past 1,024 cells a row's pipes are escaped, so they are text, not cells.
    let pipes = String(repeating: "|", count: 100_000)
    let parsed = try deck("| a | b |\n|---|---|\n| 1 | 2 |\n\(pipes)\n")
    guard case .table(let table) = parsed.slides.first?.blocks.first?.kind else {
      Issue.record("no table")
      return
    }
    #expect(table.header.map(\.plainText) == ["a", "b"])
    #expect(table.rows.map { $0.map(\.plainText) } == [["1", "2"], ["", ""]])
    #expect(layOutEverything(parsed).count == 1)
  }

  @Test func pipesInCodeAndTheFirstThousandCellsOfARowAreKept() throws {
    let pipes = String(repeating: "|", count: 3_000)
    let row = "|" + (0..<1_100).map { "\($0)" }.joined(separator: "|") + "|"
    let parsed = try deck("```\n\(pipes)\n```\n\n| a | b |\n|---|---|\n\(row)\n")
    #expect(parsed.slides.first?.blocks.first?.plainText == pipes)
    guard case .table(let table) = parsed.slides.first?.blocks.last?.kind else {
      Issue.record("no table")
      return
    }
    // Cells past the header's two are dropped, as GFM says; the escaped pipes change nothing.
    #expect(table.rows.map { $0.map(\.plainText) } == [["0", "1"]])
  }

  // MARK: - E-mail addresses

  func runs(_ deck: Deck) -> [TextRun] {
    deck.slides.flatMap(\.blocks).flatMap { block -> [TextRun] in
      if case .paragraph(let runs) = block.kind { return runs } else { return [] }
    }
  }

  @Test(.timeLimit(.minutes(1)))
  func aLineOfSixtyFourThousandAddressesIsPlainText() throws {
    // cmark-gfm's autolink extension copies the rest of the line for every address it finds:
    // this line took 10 s, and four times that at twice the length. Such a line is read without
    // autolinks; ordinary lines keep them.
    let line = String(repeating: "write to someone@example.com or ", count: 64_000)
    let long = try deck(line + "\n")
    #expect(runs(long).allSatisfy { !$0.style.contains(.link) })
    #expect(runs(long).map(\.text.count).reduce(0, +) == line.count - 1)
    let short = try deck("write to someone@example.com or www.example.com\n")
    #expect(
      runs(short).filter { $0.style.contains(.link) }.map(\.text) == [
        "someone@example.com", "www.example.com",
      ])
  }

  // MARK: - Large decks

  @Test(.timeLimit(.minutes(1)))
  func aMegabyteOfSlideSeparatorsIsAnEmptyDeck() {
    // Dropping the empty slides one at a time from the front used to take minutes.
    let result = parse(String(repeating: "---\n\n", count: 200_000))
    #expect(result.messages == ["warning: the deck has no slides"])
    #expect(result.deck?.slides.isEmpty == true)
  }

  @Test(.timeLimit(.minutes(1)))
  func aLargeDeckParsesAndLaysOutSlideBySlide() throws {
    // 1.5 MB here; 15 MB (the largest deck DeckSource reads is 16 MB) is measured by
    // `deck-fuzz` in the report of issue 6. Every slide has notes, so the `???` pass runs too.
    let slide = """
      ## Slide N

      - a point with a few words
      - another, **strong** and `code`

      A paragraph of ordinary text that runs onto a second line of the slide at most sizes.

      ???
      What to say.

      ---


      """
    let count = 10_000
    let result = parse(String(repeating: slide, count: count))
    #expect(result.diagnostics.isEmpty)
    let deck = try #require(result.deck)
    #expect(deck.slides.count == count)
    #expect(deck.slides.last?.location == SourceLocation(line: 12 * (count - 1) + 1, column: 1))
    #expect(deck.slides.last?.notes.map(\.plainText) == ["What to say."])
    for index in [0, count / 2, count - 1] {
      let frame = engine.layout(deck.slides[index], in: deck, step: 0, size: fullHD)
      #expect(frame.overflow.isEmpty && frame.texts.count > 4)
    }
  }
}

extension PixelSize {
  /// The width of the content area inside the light theme's margins.
  var contentWidth: Double { Double(width) * (1 - 2 * Theme.light.margins.horizontal) }
}
