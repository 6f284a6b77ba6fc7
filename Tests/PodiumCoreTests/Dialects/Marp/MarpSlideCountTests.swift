import Foundation
import PodiumTestSupport
import Testing

@testable import PodiumCore

/// A deck that says `marp: true` has the slides Marpit makes (its src/markdown/slide.js): one
/// more than its top-level rules, whichever rule (`---`, `***`, `___`), an empty slide too.
/// Podium's own decks split at `---` only and leave out empty slides at the ends.
@Suite struct MarpSlideCountTests {
  @Test func everyRuleSplitsAMarpDeckAndEmptySlidesStay() throws {
    let body = "<!-- _class: lead -->\n\n---\n\n# One\n\n___\n\n# Two\n\n---\n---\n\n# Four\n"
    let marp = try deck("---\nmarp: true\n---\n\n" + body)
    #expect(marp.slides.count == 5, "\(marp.slides.map(\.title))")
    #expect(marp.slides[0].blocks.isEmpty, "a first slide of directives only is a slide")
    #expect(marp.slides[3].blocks.isEmpty, "two rules in a row make an empty slide")
    let own = try deck(body)
    #expect(own.slides.count == 3, "\(own.slides.map(\.title))")
  }
}
