import Foundation
import PodiumTestSupport
import Testing

@testable import PodiumCore

/// Slidev's clicks as its client counts them (docs "Animations"; packages/client/composables/
/// useClicks.ts, modules/v-click.ts, builtin/VClicks.ts, VSwitch.ts, CodeBlockWrapper.vue), and
/// the slides its parser (`packages/parser/src/core.ts`) makes.
@Suite struct SlidevClickTests {
  private func read(_ text: String, files: [String: String] = [:]) -> DeckParseResult {
    var memory = InMemoryFiles(files)
    memory["/talk/slides.md"] = text
    return DeckParser.parse(
      text: text, file: "/talk/slides.md", baseDirectory: "/talk", files: memory)
  }

  private func slide(_ body: String, front: String = "layout: default") throws -> Slide {
    let deck = try #require(read("---\n\(front)\n---\n\n" + body).deck)
    #expect(deck.dialect == .slidev && deck.slides.count == 1)
    return try #require(deck.slides.first)
  }

  /// (text, step, hidden from) of each top-level block.
  private func shown(_ slide: Slide) -> [String] {
    slide.blocks.map { block in
      "\(block.plainText)@\(block.step)" + (block.hiddenFrom.map { "-\($0)" } ?? "")
    }
  }

  @Test func elementsAfterAClickShowFromTheStartAndPositionsAreRelativeOrAbsolute() throws {
    let built = try slide(
      """
      # Clicks

      <v-click>

      After one click

      </v-click>

      Visible from the start

      <div v-after>With the first click</div>

      <div v-click.hide>Hidden at the second click</div>

      <div v-click="5">At click five</div>

      <div v-click="'+1'">At click three</div>

      <v-click at="+2">

      At click five, relative

      </v-click>

      <div v-click="[1, 3]">From one until three</div>
      """)
    // v-click 1, v-after +0, hide at 2, absolute 5 (no offset), '+1' is 3, at="+2" is 5,
    // the range [1, 3] reaches 3: Slidev's total is the furthest, 5.
    #expect(
      shown(built) == [
        "Clicks@0", "After one click@1", "Visible from the start@0", "With the first click@1",
        "Hidden at the second click@0-2", "At click five@5", "At click three@3",
        "At click five, relative@5", "From one until three@1-3",
      ])
    #expect(built.stepCount == 6)
  }

  @Test func clicksListsTakeDepthEveryAndAt() throws {
    let nested = try slide(
      """
      <v-clicks depth="2">

      - A
        - A1
        - A2
      - B

      </v-clicks>
      """)
    guard case .list(let list) = nested.blocks.first?.kind,
      case .list(let inner)? = list.items.first?.blocks.last?.kind
    else {
      Issue.record("no nested list: \(nested.blocks.map(\.kind))")
      return
    }
    #expect(list.items.map(\.step) == [1, 4] && inner.items.map(\.step) == [2, 3])
    #expect(nested.stepCount == 5)

    let shallow = try slide("<v-clicks>\n\n- A\n  - A1\n  - A2\n- B\n\n</v-clicks>\n")
    #expect(shallow.stepCount == 3)

    let paired = try slide(
      "<v-clicks every=\"2\">\n\n- one\n- two\n- three\n\n</v-clicks>\n\n<v-click>\n\nLast\n\n"
        + "</v-click>\n")
    guard case .list(let pairs) = paired.blocks.first?.kind else {
      Issue.record("no list")
      return
    }
    // Two items a click: 1, 1, 2; the click after the list is 3.
    #expect(pairs.items.map(\.step) == [1, 1, 2] && paired.blocks.last?.step == 3)
    #expect(paired.stepCount == 4)

    // Blocks rather than one list: each block is a click.
    let blocks = try slide("<v-clicks at=\"3\">\n\nOne\n\nTwo\n\n</v-clicks>\n")
    #expect(shown(blocks) == ["One@3", "Two@4"] && blocks.stepCount == 5)
  }

  @Test func switchesCodeRangesAndTheClicksKeyCount() throws {
    let switched = try slide(
      """
      <v-switch>

      <template #1>

      One

      </template>

      <template #2>

      Two to four

      </template>

      <template #5-7>

      Five and six

      </template>

      </v-switch>
      """)
    // The slots end at 2, 5 and 7: the switch takes six clicks (VSwitch.ts, `size`).
    #expect(shown(switched) == ["One@1-2", "Two to four@2-5", "Five and six@5-7"])
    #expect(switched.stepCount == 7)

    let code = try slide("```ts {1|2-3|all}\nlet a = 1\nlet b = 2\nlet c = 3\n```\n")
    #expect(code.stepCount == 3)
    let magic = try slide(
      "````md magic-move\n```js {1|2}\na\nb\n```\n```js\nc\n```\n````\n")
    // Two ranges and one: three steps of code, two clicks.
    #expect(magic.stepCount == 3)

    // A formula's line ranges are clicks too, and its `$$` still opens it.
    let formula = try #require(
      read(
        "---\nlayout: cover\n---\n\n# One\n\n$$ {1|3|all}\nx = 1\n$$\n\nmore\n\n---\n\n# Two\n"
      ).deck)
    #expect(formula.slides.map(\.title) == ["One", "Two"] && formula.slides[0].stepCount == 3)

    // `v-mark` marks at a click; its text shows from the start.
    let marked = try slide(
      "<span v-mark.underline.red>Marked</span>\n\n<span v-mark=\"{ at: 4, color: 'red' }\">Late"
        + "</span>\n\n<span v-mark.circle=\"'+1'\">Next</span>\n")
    #expect(shown(marked) == ["Marked@0", "Late@0", "Next@0"] && marked.stepCount == 5)

    let fixed = try slide("<v-click>\n\nA\n\n</v-click>\n", front: "layout: default\nclicks: 4")
    #expect(fixed.stepCount == 5)
  }

  @Test func slidesAreTheOnesSlidevsParserMakes() throws {
    // `---` in a comment of several lines and in a backtick fence separates nothing; `---`
    // right under `---` is an empty front matter; a trailing `---` with a line end after it
    // makes an empty last slide.
    let deck = try #require(
      read(
        """
        ---
        theme: default
        highlighter: shiki
        ---

        # One

        <!--
        ---
        -->

        ```md
        ---
        ```

        ---
        ---

        # Two

        ---

        ---
        # not YAML
        text that is not YAML either
        ---

        # Three

        ---

        """
      ).deck)
    #expect(deck.dialect == .slidev)
    #expect(deck.slides.map(\.title) == ["One", "Two", nil, "Three", nil])
    let warned = read("---\nmdc: true\n---\n\n# A\n\n---\nplain text\n---\n\n# B\n")
    #expect(warned.deck?.slides.map(\.title) == ["A", "B"])
    #expect(
      warned.diagnostics.contains {
        $0.location?.line == 8 && $0.message.contains("front matter to Slidev")
      })
    // No line end after the last `---`: no slide after it.
    #expect(read("---\nmdc: true\n---\n\n# A\n\n---").deck?.slides.count == 1)
    // A deck of its headmatter alone is one empty slide.
    #expect(read("---\ntheme: default\nlayout: cover\n---\n").deck?.slides.count == 1)
  }

  /// Slidev's `duration: 35min` (its timer's length) is the talk's length, never an error.
  @Test func durationIsReadInSlidevsFormat() throws {
    let deck = try #require(read("---\nlayout: cover\nduration: 35min\n---\n\n# A\n").deck)
    #expect(deck.metadata.duration == TalkDuration(seconds: 35 * 60))
    #expect(SlidevDeck.seconds("1h10m30s") == 4230 && SlidevDeck.seconds("10:50") == 650)
    #expect(SlidevDeck.seconds("3mins 5secs") == 185 && SlidevDeck.seconds("90") == 90)
    #expect(SlidevDeck.seconds("soon") == nil && SlidevDeck.seconds("5 parsecs") == nil)
    let odd = read("---\nlayout: cover\nduration: soon\n---\n\n# A\n")
    #expect(!odd.hasErrors)
    #expect(
      odd.diagnostics.map(\.message).contains { $0.hasPrefix("duration 'soon' is not a time") })
  }

  @Test func importRangesReadAsSlidevReadsThem() {
    #expect(SlidevDeck.range("2-3,5", count: 6) == [1, 2, 4])
    #expect(SlidevDeck.range("4-", count: 6) == [3, 4, 5])
    #expect(SlidevDeck.range("5;1", count: 3) == [0])
    #expect(SlidevDeck.range("all", count: 2) == [0, 1])
    #expect(SlidevDeck.range("none", count: 2) == [])
  }

  @Test func notesPartsFollowTheirClicksOnTheConsole() throws {
    let built = try slide(
      """
      <v-click>

      A

      </v-click>

      <v-click>

      B

      </v-click>

      <v-click>

      C

      </v-click>

      <!--
      Before any click.

      [click] After the first.

      [click:3] After the third.
      -->
      """)
    #expect(built.notes.map(\.step) == [0, 1, 3])
    let deck = try #require(
      read(
        "---\nlayout: default\n---\n\n"
          + "<v-click>\n\nA\n\n</v-click>\n\n<v-click>\n\nB\n\n</v-click>\n\n<v-click>\n\nC\n\n</v-click>\n\n<!--\nBefore any click.\n\n[click] After the first.\n\n[click:3] After the third.\n-->\n"
      ).deck)
    var state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    state.apply(.next, at: 0)
    let console = LayoutEngine.fixedConsole(deck: deck, state: state)
    func color(of word: String) -> RGBAColor? {
      func find(_ frame: SlideFrame) -> RGBAColor? {
        for command in frame.commands {
          switch command {
          case .text(let item) where item.text.contains(word): return item.color
          case .layer(let layer):
            if let found = find(layer.frame) { return found }
          default: continue
          }
        }
        return nil
      }
      return find(console.frame)
    }
    // At the first click its own part is lit, as Slidev's presenter highlights it; the part
    // before it and the third's are faded alike.
    let lit = try #require(color(of: "first."))
    #expect(lit == Theme.dark.console.notes.text)
    #expect(color(of: "Before") == Theme.dark.console.notes.muted)
    #expect(color(of: "third.") == Theme.dark.console.notes.muted)
  }
}
