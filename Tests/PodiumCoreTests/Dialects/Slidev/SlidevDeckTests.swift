import Foundation
import PodiumTestSupport
import Testing

@testable import PodiumCore

/// Slidev decks (its "Syntax guide", "Layouts" and "Animations", and `@slidev/parser`): slides
/// and their front matter, layouts, clicks, notes and imports, counted as Slidev counts them.
@Suite struct SlidevDeckTests {
  private func read(_ text: String, files: [String: String] = [:]) -> DeckParseResult {
    var memory = InMemoryFiles(files)
    memory["/talk/slides.md"] = text
    return DeckParser.parse(
      text: text, file: "/talk/slides.md", baseDirectory: "/talk", files: memory)
  }

  /// A deck as `npm init slidev` starts one, cut down.
  static let starter = """
    ---
    theme: seriph
    title: Welcome to Slidev
    class: text-center
    transition: slide-left
    mdc: true
    ---

    # Welcome to Slidev

    Presentation slides for developers

    <div class="pt-12">
      <span class="px-2 py-1 rounded">Press Space for next page</span>
    </div>

    <!-- An author's comment -->

    <!--
    The last comment block of each slide is its notes.
    -->

    ---
    transition: fade-out
    ---
    # What is Slidev?
    - **Text-based**
    ---
    layout: two-cols
    ---

    # Left

    Left text

    ::right::

    Right text

    ---
    layout: intro-fancy
    class: text-3xl text-right op-50
    ---

    # A theme's layout

    ---
    hide: true
    ---

    # Hidden

    ---
    src: ./pages/more.md
    ---

    ---
    layout: end
    ---

    # The end
    """

  @Test func slidesFrontMatterLayoutsAndNotesAreSlidevs() throws {
    let result = read(
      Self.starter, files: ["/talk/pages/more.md": "# More one\n\n---\n\n# More two\n"])
    let deck = try #require(result.deck)
    #expect(deck.dialect == .slidev)
    // The hidden slide is left out and the import brings two: Slidev's eight.
    #expect(
      deck.slides.map(\.title) == [
        "Welcome to Slidev", "What is Slidev?", "Left", "A theme's layout", "More one",
        "More two", "The end",
      ])
    let first = deck.slides[0]
    #expect(first.layout == .title)
    #expect(
      first.blocks.map(\.plainText) == [
        "Welcome to Slidev", "Presentation slides for developers", "Press Space for next page",
      ])
    #expect(first.blocks.allSatisfy { $0.alignment == .center })
    #expect(first.notes.map(\.plainText) == ["The last comment block of each slide is its notes."])
    // `---` right under a list item still separates, as in Slidev.
    #expect(deck.slides[1].blocks.map(\.plainText) == ["What is Slidev?", "Text-based"])
    guard case .columns(let columns) = deck.slides[2].blocks.first?.kind else {
      Issue.record("no columns: \(deck.slides[2].blocks.map(\.kind))")
      return
    }
    #expect(
      columns.columns.map { $0.map(\.plainText) } == [["Left", "Left text"], ["Right text"]])
    let themed = deck.slides[3]
    #expect(themed.layout == .default && themed.blocks[0].alignment == .right)
    #expect(themed.blocks[0].fontScale == 1.875)
    #expect(deck.slides[6].layout == .title && deck.slides[4].layout == .default)
    // An unknown layout is a warning at its front matter, never an error; a class never is.
    #expect(!result.hasErrors)
    let messages = result.diagnostics.map { "\($0.location?.line ?? 0): \($0.message)" }
    #expect(
      messages.contains {
        $0.hasPrefix("41: unknown layout 'intro-fancy'")
      }, "\(messages)")
    #expect(
      !messages.contains { $0.contains("HTML is not rendered") || $0.contains("right under") })
  }

  @Test func clicksAreBuildSteps() throws {
    let deck = try #require(
      read(
        """
        ---
        layout: default
        ---

        # Clicks

        <v-click>

        Hello

        </v-click>

        <v-clicks>

        - one
        - two
        - three

        </v-clicks>

        <div v-click>Appears</div>

        <v-switch>
          <template #1>First</template>

          <template #2>Second</template>
        </v-switch>

        <Tweet id="20" />

        <Tweet id="21" />
        """
      ).deck)
    // v-click 1, v-clicks 2 to 4, the div 5, the switch's templates 6 and 7 (a switch of two
    // slots takes two clicks): seven clicks, eight steps.
    #expect(deck.slides.count == 1 && deck.slides[0].stepCount == 8)
    #expect(deck.slides[0].blocks.map(\.step) == [0, 1, 2, 5, 6, 7])
    #expect(deck.slides[0].blocks.map(\.hiddenFrom) == [nil, nil, nil, nil, 7, 8])
  }

  /// A component's tag written over several lines, as formatters leave them: read whole, its
  /// `v-click` a click, never shown as text.
  @Test func aTagOverSeveralLinesIsOneTag() throws {
    let result = read(
      """
      ---
      layout: default
      ---

      # Adapting

      <Block
        class="p-5"
        v-click
      >

      How can we adapt detection algorithms?

      </Block>
      """)
    let deck = try #require(result.deck)
    #expect(deck.slides.count == 1 && deck.slides[0].stepCount == 2)
    let texts = deck.slides[0].blocks.map(\.plainText)
    #expect(texts == ["Adapting", "How can we adapt detection algorithms?"])
    #expect(deck.slides[0].blocks.map(\.step) == [0, 1])
    #expect(!texts.joined().contains("<") && !texts.joined().contains("v-click"))
    #expect(result.diagnostics.contains { $0.message.contains("Vue component <Block>") })
  }

  /// Slidev's snippet import (`<<< @/snippets/external.ts#snippet`, in the starter deck) is not
  /// read: the line is left out, with a warning at it, never shown on the slide.
  @Test func aSnippetImportIsLeftOutWithAWarning() throws {
    let result = read(
      "---\nlayout: cover\n---\n\n# Code\n\n<<< @/snippets/external.ts#snippet\n\nAfter\n")
    let deck = try #require(result.deck)
    #expect(deck.slides[0].blocks.map(\.plainText) == ["Code", "After"])
    let warned = try #require(result.diagnostics.first { $0.message.hasPrefix("code snippet") })
    #expect(warned.location?.line == 7)
    #expect(
      warned.message
        == "code snippet '@/snippets/external.ts#snippet' is not imported: the line is left out")
  }

  @Test func clickMarkersInNotesAreNumbered() throws {
    let deck = try #require(
      read(
        """
        ---
        layout: center
        ---

        # Steps

        <!--
        Before any click.

        [click] After the first.

        [click:3] After the third.
        -->
        """
      ).deck)
    #expect(
      deck.slides[0].notes.map(\.plainText) == [
        "Before any click.", "[click 1] After the first.", "[click 3] After the third.",
      ])
  }

  @Test func importsAreRelativeAndLoopsAreCaught() throws {
    let loop = read(
      "---\nlayout: cover\n---\n\n# A\n\n---\nsrc: ./again.md\n---\n",
      files: ["/talk/again.md": "---\nsrc: ./slides.md\n---\n"])
    // The deck itself is the chain's first file: the loop is found in the file it imports.
    #expect(
      loop.diagnostics.filter { $0.severity == .warning && $0.message.contains("imports") }.map(
        \.message) == [
          "'./slides.md' imports a file that imports it (through 1 other file); the slide is left out"
        ])
    #expect(!loop.diagnostics.contains { $0.severity == .error })
    #expect(loop.deck?.slides.map(\.title) == ["A"])
    // A file that is not there: Slidev loads the other slides, and so does Podium, saying where.
    let missing = read(
      "---\nlayout: cover\n---\n\n# A\n\n---\nsrc: ./pages/missing.md\n---\n\n---\n\n# C\n")
    #expect(missing.deck?.slides.map(\.title) == ["A", "C"])
    #expect(!missing.diagnostics.contains { $0.severity == .error })
    let said = try #require(missing.diagnostics.first { $0.message.hasPrefix("cannot import") })
    #expect(said.severity == .warning)
    #expect(said.location?.line == 8)
    #expect(said.message.hasSuffix("the slide is left out"))
    // A slide that imports another file says Slidev, with no layout anywhere.
    let imports = read(
      "---\ntheme: seriph\n---\n\n# Hello\n\n---\nsrc: ./pages/b.md\n---\n\n---\n\n# Bye\n",
      files: ["/talk/pages/b.md": "# B\n"])
    #expect(imports.deck?.dialect == .slidev)
    #expect(imports.deck?.slides.map(\.title) == ["Hello", "B", "Bye"])
    let outside = read(
      "---\nlayout: cover\n---\n\n# A\n\n---\nsrc: ../shared/b.md#2\n---\n",
      files: ["/shared/b.md": "# B1\n\n---\n\n# B2\n"])
    #expect(outside.deck?.slides.map(\.title) == ["A", "B2"])
    #expect(outside.diagnostics.contains { $0.message.contains("outside the deck's folder") })
  }

  @Test func marpDecksWithTransitionsOrHeadingDividersAreMarps() throws {
    // `transition:` is both Marp's and Slidev's; `paginate:` is Marp's alone.
    let marp = read("---\ntransition: fade\npaginate: true\n---\n\n# A\n\n---\n\n# B\n")
    #expect(marp.deck?.dialect == .standard)
    // A titled deck of headings is pandoc's unless Marp's headingDivider splits it.
    let divided = read(
      "---\ntitle: T\nauthor: A\nheadingDivider: 2\n---\n\n# A\n\ntext\n\n## B\n\ntext\n\n"
        + "## C\n\ntext\n\n## D\n\ntext\n")
    #expect(divided.deck?.dialect == .standard)
    #expect(divided.deck?.slides.count == 4)
  }

  @Test func marpDecksNamedSlidesAreNotSlidevs() throws {
    let marp = read("---\nmarp: true\ntheme: gaia\n---\n\n# A\n\n---\n\n# B\n")
    #expect(marp.deck?.dialect == .standard)
  }
}
