import Foundation
import PodiumTestSupport
import Testing

@testable import PodiumCore

/// A Marp slide too full overflows as the browser shows it (never shrunk), and the CSS of
/// headings' borders, tables' type and quotes is drawn (issue 46, Marp as its authors export it).
@Suite struct MarpOverflowAndCSSTests {
  static let full =
    (1...30).map { "Line \($0) of a slide that says far too much." }.joined(separator: "\n\n")

  func styledFrame(_ text: String, theme: Theme, slide: Int = 0) throws -> SlideFrame {
    let deck = try layoutDeck(text)
    let (styled, diagnostics) = DeckCSS.styled(theme, deck: deck, files: InMemoryFiles())
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    return layoutEngine(theme: styled).layout(
      deck.slides[slide], in: deck, step: 0, size: PixelSize(width: 1280, height: 720))
  }

  @Test func aFullSlideOverflowsBothWaysInDefaultAndIsNotShrunk() throws {
    let frame = try styledFrame("---\nmarp: true\n---\n\n" + Self.full, theme: .marpDefault)
    let lines = frame.texts.filter { $0.text.hasPrefix("Line") }
    let sizes = lines.map(\.font.size)
    #expect(!lines.isEmpty && sizes.allSatisfy { abs($0 - 29) < 0.01 }, "not shrunk: \(sizes)")
    // `justify-content: center`: the middle of the content at the middle of the slide.
    let top = try #require(lines.map(\.y).min())
    #expect(top < 0, "overflows above the slide")
    #expect(frame.overflow.count == 1, "podium check says it is cut")
    // Cut at the slide's edges, not at its padding.
    #expect(frame.commands.contains(.pushClip(Rect(x: 0, y: 0, width: 1280, height: 720))))
    // Podium's own deck shrinks the same text to fit, from the top.
    let own = try layoutEngine(theme: .light).layout(
      try layoutDeck(Self.full).slides[0], in: try layoutDeck(Self.full), step: 0,
      size: PixelSize(width: 1280, height: 720))
    let ownLines = own.texts.filter { $0.text.hasPrefix("Line") }
    #expect(ownLines.allSatisfy { $0.font.size < 29 && $0.y >= 0 })
  }

  @Test func gaiasLeadIsSafelyCentredAndOverflowsBelow() throws {
    let frame = try styledFrame(
      "---\nmarp: true\ntheme: gaia\n---\n\n<!-- _class: lead -->\n\n" + Self.full, theme: .gaia)
    // gaia spaces its letters: the lines are drawn in pieces.
    let lines = frame.texts
    #expect(try #require(lines.map(\.y).min()) >= 70 - 1, "from gaia's 70 px padding")
    #expect(try #require(lines.map(\.y).max()) > 720, "and on below the slide")
  }

  @Test func headingBordersTableTypeAndQuotesFromTheDecksCSS() throws {
    let deck = """
      ---
      marp: true
      ---

      <style>
      h1 { border-bottom: 3px solid #0f3460; padding-bottom: 0.3em; }
      table { font-size: 0.5em; }
      blockquote { border-left: 4px solid #0f3460; padding: 0.5em 1em; background: #f0f4ff; }
      </style>

      # Title

      | a | b |
      | - | - |
      | c | d |

      > Said once.
      """
    let frame = try styledFrame(deck, theme: .marpDefault)
    let ink = RGBAColor(red: 0x0F, green: 0x34, blue: 0x60)
    let title = try #require(frame.text("Title"))
    let rules = frame.fills.filter { $0.1 == ink }
    // The h1's border: 3 px across the content (1280 - 2 x 78.5), under its 0.3 em padding.
    let border = try #require(rules.first { abs($0.0.height - 3) < 0.01 })
    #expect(abs(border.0.width - 1123) < 0.5)
    #expect(border.0.y > title.y + title.font.size)
    // The quote's 4 px bar, its ground, its text upright and inset by 1 em.
    let bar = try #require(rules.first { abs($0.0.width - 4) < 0.01 })
    let quoted = try #require(frame.text("Said once."))
    #expect(!quoted.font.italic)
    #expect(abs(quoted.x - (bar.0.x + 4 + 29)) < 0.5)
    #expect(quoted.y > bar.0.y + 29 * 0.5 - 0.5, "below its 0.5 em padding")
    #expect(frame.fills.contains { $0.1 == RGBAColor(red: 0xF0, green: 0xF4, blue: 0xFF) })
    // The cells at half the text's size.
    let cell = try #require(frame.text("c"))
    #expect(abs(cell.font.size - 14.5) < 0.01, "\(cell.font.size)")
  }

  @Test func theThemesQuoteIsUprightWithGitHubsBar() throws {
    let frame = try styledFrame("---\nmarp: true\n---\n\n> Quoted.\n", theme: .marpDefault)
    let quoted = try #require(frame.text("Quoted."))
    #expect(!quoted.font.italic)
    let bar = try #require(
      frame.fills.first { $0.1 == RGBAColor(red: 0xD1, green: 0xD9, blue: 0xE0) })
    #expect(abs(bar.0.width - (29 * 0.25).rounded()) < 0.01, ".25em")
    #expect(abs(quoted.x - bar.0.maxX - 29) < 0.5, "padding: 0 1em")
    // gaia draws no bar (its quote marks stand for one).
    let gaia = try styledFrame("---\nmarp: true\ntheme: gaia\n---\n\n> Quoted.\n", theme: .gaia)
    #expect(!gaia.fills.contains { $0.0.width < 10 && $0.0.height > 20 })
  }
}
