import Foundation
import PodiumCore
import PodiumSDL
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// presenterm's executable snippets on the console: the note where the output would be is the
/// speaker's alone.
extension ConsoleRenderingTests {
  @Test func aSnippetsOutputPlaceholderIsOnTheConsoleOnly() throws {
    let deck = try #require(
      DeckParser.parse(
        text: "Run it\n===\n\n```bash +exec\necho hello world\n```\n<!-- end_slide -->\nNext\n",
        file: "exec.md", baseDirectory: "/tmp"
      ).deck)
    let state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    let status = ConsoleStatus(now: 0, elapsed: 0, clock: "09:00", audience: "x")
    let (_, console) = try render(deck, state, status, size: PixelSize(width: 1920, height: 1080))
    let said = texts(console).joined(separator: " ")
    #expect(said.contains("Podium never runs code"), "\(said)")
    let audience = LayoutEngine(
      theme: .dark, measurer: SDLTextMeasurer(library: fonts), images: images
    )
    .layout(deck.slides[0], in: deck, step: 0, size: PixelSize(width: 1920, height: 1080))
    let shown = audience.commands.compactMap { if case .text(let t) = $0 { t.text } else { nil } }
    #expect(shown.contains("echo"))
    #expect(!shown.joined().contains("Output"), "the audience sees no placeholder")
  }
}
