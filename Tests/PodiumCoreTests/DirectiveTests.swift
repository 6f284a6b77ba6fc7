import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

@Suite struct DirectiveTests {
  @Test func everyDirectiveIsRead() throws {
    let deck = try deck(
      """
      <!-- layout: two-column -->
      <!-- background: #1b2b34 -->
      <!-- class: lead invert -->
      <!-- fit: false -->
      <!-- duration: 90s -->

      # Settings
      """)
    let directives = deck.slides[0].directives
    #expect(directives.layout == .twoColumn)
    #expect(directives.background == .color(RGBAColor(red: 0x1b, green: 0x2b, blue: 0x34)))
    #expect(directives.classes == [.lead, .invert])
    #expect(!directives.fit)
    #expect(directives.duration == TalkDuration(seconds: 90))
    #expect(deck.slides[0].notes.isEmpty, "directives are not notes")
    #expect(kinds(deck.slides[0].blocks) == ["h1"])
  }

  @Test func directivesApplyOnlyToTheirSlide() throws {
    let deck = try deck("<!-- layout: center -->\n# A\n\n---\n\n# B\n")
    #expect(deck.slides[0].directives.layout == .center)
    #expect(deck.slides[1].directives.layout == nil)
  }

  @Test func wrongValuesAreErrorsNamingTheAllowedValues() {
    let result = parse(
      """
      <!-- layout: sideways -->
      <!-- background: #12 -->
      <!-- class: loud -->
      <!-- fit: perhaps -->
      <!-- duration: a while -->
      <!-- background: -->

      # A
      """)
    #expect(
      result.messages == [
        "1:1: error: unknown layout 'sideways'; expected default, title, center, two-column, image-left, image-right",
        "2:1: warning: background colour '#12' is not valid; expected #rgb, #rrggbb, #rrggbbaa, rgb(), hsl() or a colour name; none is drawn",
        "3:1: warning: class 'loud' is not one Podium draws (lead, invert); kept on the slide, but the deck's CSS rules for it are not carried out",
        "4:1: error: fit must be true or false, not 'perhaps'",
        "5:1: error: duration 'a while' is not a length of time; expected e.g. 90s or 2m",
        "6:1: warning: background needs a colour (e.g. #1b2b34) or an image path; none is drawn",
      ])
  }

  @Test func backgroundImagePathIsCheckedAndMarpSpellingsWork() throws {
    let folder = try Fixtures.temporaryDirectory()
    try Fixtures.onePixelPNG.write(to: folder.appendingPathComponent("bg.png"))
    let result = parse(
      """
      <!-- _class: invert -->
      <!-- backgroundColor: black -->

      # A

      ---

      <!-- background: bg.png -->

      ---

      <!-- backgroundImage: url('missing.jpg') -->
      """, baseDirectory: folder.path)
    #expect(result.messages == ["12:1: warning: image 'missing.jpg' not found"])
    let slides = try #require(result.deck?.slides)
    #expect(slides[0].directives.classes == [.invert])
    #expect(slides[0].directives.background == .color(RGBAColor(red: 0, green: 0, blue: 0)))
    #expect(
      slides[1].directives.background
        == .image(
          ImageReference(
            source: "bg.png", alt: "", path: folder.appendingPathComponent("bg.png").path)))
  }

  @Test func otherToolsCommandsAreDroppedWithAWarning() throws {
    let result = parse(
      """
      <!-- backgroundSize: contain -->
      <!-- // an author-only presenterm comment -->
      <!-- user_comment: also for the author -->

      # A
      """)
    #expect(
      result.messages == [
        "1:1: warning: Marp command 'backgroundSize' is not supported (ignored)"
      ])
    let slide = try #require(result.deck?.slides.first)
    #expect(slide.notes.isEmpty, "commands never become notes")
    #expect(kinds(slide.blocks) == ["h1"], "commands never become visible text")
  }

  @Test func misspelledDirectiveIsANoteWithAHint() throws {
    let result = parse("<!-- layuot: center -->\n\n# A\n")
    #expect(
      result.messages == [
        "1:1: warning: unknown directive 'layuot', did you mean 'layout'? (kept as a speaker note)"
      ])
    #expect(result.deck?.slides[0].notes.map(\.plainText) == ["layuot: center"])
    #expect(result.deck?.slides[0].directives.layout == nil)
  }

  @Test func inlineCommandsDoNothingAndSaySo() {
    let result = parse("# A\n\ntext <!-- pause --> more\n")
    #expect(
      result.messages == [
        "3:6: warning: a '<!-- ... -->' command must be on its own line to take effect (ignored)"
      ])
    #expect(result.deck?.slides[0].stepCount == 1)
  }
}
