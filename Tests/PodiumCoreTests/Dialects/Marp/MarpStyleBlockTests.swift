import PodiumTestSupport
import Testing

@testable import PodiumCore

/// `<style>` and `<style scoped>` in a Marp deck (Marpit's global and scoped styles): taken out
/// of the slide, never shown, carried out on every slide or on their own, and warned about once
/// per property at the block that writes it.
@Suite struct MarpStyleBlockTests {
  static let source = """
    ---
    marp: true
    ---

    <style>
    section { background: #fdf6e3; text-shadow: 1px 1px red; }
    h1 { color: #268bd2; }
    </style>

    # One

    ---

    <style scoped>
    h1 { color: #dc322f; }
    section { text-shadow: none; }
    </style>

    # Two

    ---

    <!-- _class: mystery -->

    # Three
    """

  @Test func styleBlocksAreTakenOutAndKept() throws {
    let deck = try deck(Self.source)
    #expect(deck.slides.count == 3)
    #expect(deck.metadata.styleSheets.map(\.location.line) == [5])
    #expect(deck.metadata.styleSheets.first?.css.contains("#fdf6e3") == true)
    #expect(deck.slides[0].directives.styles.isEmpty)
    #expect(deck.slides[1].directives.styles.map(\.location.line) == [14])
    #expect(deck.slides[2].directives.styles.isEmpty, "scoped to its own slide")
    // Only the headings are left: no CSS shown as text, no HTML warning.
    #expect(deck.slides.map { kinds($0.blocks) } == [["h1"], ["h1"], ["h1"]])
    #expect(!parse(Self.source).diagnostics.contains { $0.message.contains("HTML") })
  }

  @Test func globalStylesHoldEverywhereScopedOnesOnTheirSlide() throws {
    let files = InMemoryFiles(["/d/deck.md": Self.source])
    let loaded = DeckLoader(files: files, math: nil).load("/d/deck.md")
    let deck = try #require(loaded.deck)
    let theme = loaded.theme
    #expect(theme.colors.background == RGBAColor(red: 0xFD, green: 0xF6, blue: 0xE3))
    #expect(theme.headings[1]?.color == RGBAColor(red: 0x26, green: 0x8B, blue: 0xD2))
    let two = try #require(theme.styled(for: deck.slides[1]))
    #expect(two.headings[1]?.color == RGBAColor(red: 0xDC, green: 0x32, blue: 0x2F))
    let three = try #require(theme.styled(for: deck.slides[2]))
    #expect(three.headings[1]?.color == RGBAColor(red: 0x26, green: 0x8B, blue: 0xD2))
    // One warning for `text-shadow`, at the first block that writes it; one for the class.
    #expect(
      loaded.diagnostics.map(\.description) == [
        "/d/deck.md:5:1: warning: CSS property 'text-shadow' in a <style> CSS is not carried out by Podium",
        "/d/deck.md:23:1: warning: class 'mystery' is named by no CSS of the deck; kept on the slide, drawn as the slide is",
      ], "\(loaded.diagnostics.map(\.description))")
  }

  @Test func otherElementsNamedStyleAreLeftAlone() throws {
    let deck = try deck("---\nmarp: true\n---\n\n<styles>\nkept\n</styles>\n\n# A\n")
    #expect(deck.metadata.styleSheets.isEmpty)
    #expect(kinds(deck.slides[0].blocks) == ["p", "h1"])
  }
}
