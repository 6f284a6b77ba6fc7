import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

/// Marp's transitions as marp-cli's keyframes define them, and which one a move plays.
@Suite struct SlideTransitionTests {
  typealias Pane = SlideTransition.Pane

  func panes(_ effect: SlideTransition.Effect, _ progress: Double, backward: Bool = false)
    -> [String]
  {
    SlideTransition.panes(effect, progress: progress, backward: backward).map {
      let offset = ($0.offset * 1000).rounded() / 1000
      let opacity = ($0.opacity * 1000).rounded() / 1000
      return "\($0.incoming ? "new" : "old") \(offset) \(opacity)"
    }
  }

  @Test func cssTimingFunctions() {
    // ease-in-out is symmetric about the middle; ease-out is ahead of linear throughout.
    #expect(abs(CubicBezier.easeInOut.value(at: 0.5) - 0.5) < 1e-6)
    #expect(CubicBezier.easeInOut.value(at: 0.25) < 0.25)
    #expect(
      abs(CubicBezier.easeInOut.value(at: 0.25) + CubicBezier.easeInOut.value(at: 0.75) - 1)
        < 1e-6)
    for x in stride(from: 0.05, to: 1, by: 0.05) {
      #expect(CubicBezier.easeOut.value(at: x) > x)
    }
    // Its ends, and never going back.
    #expect(CubicBezier.easeOut.value(at: 0) == 0 && CubicBezier.easeOut.value(at: 1) == 1)
    var last = 0.0
    for x in stride(from: 0.0, through: 1, by: 0.01) {
      let y = CubicBezier.easeOut.value(at: x)
      #expect(y >= last)
      last = y
    }
  }

  @Test func eachEffectMovesAndFadesTheSlidesAsMarpCLIDoes() {
    // fade: a linear cross-fade, the new slide over the old.
    #expect(panes(.fade, 0.25) == ["old 0.0 1.0", "new 0.0 0.25"])
    #expect(panes(.fade, 0.25, backward: true) == ["old 0.0 1.0", "new 0.0 0.25"])
    // slide: both move a width, eased in and out; back, the other way.
    #expect(panes(.slide, 0.5) == ["old -0.5 1.0", "new 0.5 1.0"])
    #expect(panes(.slide, 0.5, backward: true) == ["old 0.5 1.0", "new -0.5 1.0"])
    #expect(panes(.slide, 0) == ["old -0.0 1.0", "new 1.0 1.0"])
    // push: the new slide comes in from the right over the old, which stays; back, the old one
    // leaves to the right over the new, which stays beneath.
    #expect(panes(.push, 0) == ["old 0.0 1.0", "new 1.0 1.0"])
    #expect(panes(.push, 1) == ["old 0.0 1.0", "new 0.0 1.0"])
    #expect(panes(.push, 1, backward: true) == ["new 0.0 1.0", "old 1.0 1.0"])
    // cover: the new slide fades in from 10% to the right.
    #expect(panes(.cover, 0) == ["old 0.0 1.0", "new 0.1 0.0"])
    #expect(panes(.cover, 1) == ["old 0.0 1.0", "new 0.0 1.0"])
    #expect(panes(.cover, 1, backward: true) == ["new 0.0 1.0", "old 0.1 0.0"])
    // reveal: the old slide fades out moving 10% left, the new one beneath it.
    #expect(panes(.reveal, 1) == ["new 0.0 1.0", "old -0.1 0.0"])
    #expect(panes(.reveal, 0, backward: true) == ["old 0.0 1.0", "new -0.1 0.0"])
    // Eased: half the time is more than half the way for ease-out.
    let half = SlideTransition.panes(.push, progress: 0.5, backward: false)[1]
    #expect(half.offset < 0.5 && half.offset > 0)
  }

  @Test func namesPodiumDoesNotDrawAreFadesAndNoneIsNone() {
    #expect(SlideTransition(name: "cube").effect == .fade)
    #expect(SlideTransition(name: "wobble").effect == .fade)
    #expect(SlideTransition(name: "push").effect == .push)
    #expect(SlideTransition(name: "none").effect == nil)
  }

  @Test func otherNamesAreWarnedAboutOnceEach() {
    let parsed = DeckParser.parse(
      bytes: Array(
        """
        ---
        marp: true
        transition: cube
        ---

        # One

        ---

        <!-- transition: cube 1s -->
        # Two

        ---

        <!-- _transition: reveal -->
        # Three
        """.utf8), file: "d.md", baseDirectory: "/")
    #expect(
      parsed.diagnostics.map(\.message) == [
        "transition 'cube' is one Podium does not draw; it is drawn as a fade (Podium draws "
          + "fade, slide, push, cover, reveal and none)"
      ])
  }

  func deck(_ text: String) throws -> Deck {
    try #require(DeckParser.parse(bytes: Array(text.utf8), file: "d.md", baseDirectory: "/").deck)
  }

  @Test func forwardPlaysTheSlideLeftsAndBackTheOneBeforeIt() throws {
    let deck = try deck(
      """
      ---
      marp: true
      ---

      <!-- _transition: push 800ms -->
      # One

      ---

      <!-- _transition: cover -->
      # Two

      ---

      # Three
      """)
    func play(_ from: Int, _ to: Int) -> TransitionPlay? {
      TransitionPlay.between(
        deck, from: .init(slide: from, step: 0), to: .init(slide: to, step: 0), at: 10)
    }
    #expect(
      play(0, 1).map { [$0.effect.rawValue, "\($0.seconds)", "\($0.backward)"] }
        == ["push", "0.8", "false"])
    #expect(play(1, 2)?.effect == .cover)
    #expect(play(2, 1).map { [$0.effect.rawValue, "\($0.backward)"] } == ["cover", "true"])
    #expect(play(1, 0)?.effect == .push)
    #expect(play(2, 2) == nil, "a step is not a slide change")
    #expect(play(0, 2)?.effect == .push, "a jump plays the slide left's")
    #expect(play(2, 0)?.effect == .cover)
  }

  @Test func aFrameIsTheTwoSlidesLayersOverBlack() throws {
    let size = PixelSize(width: 200, height: 100)
    let canvas = Rect(x: 0, y: 0, width: 200, height: 100)
    func layer(_ key: String, _ color: RGBAColor) -> LayerItem {
      LayerItem(
        key: key, x: 0, y: 0,
        frame: SlideFrame(size: size, slideRect: canvas, commands: [.fill(canvas, color)]))
    }
    let play = TransitionPlay(
      from: .init(slide: 0, step: 0), to: .init(slide: 1, step: 0), effect: .slide,
      backward: false, start: 10, seconds: 2)
    let old = layer("slide 1 step 1", RGBAColor(red: 255, green: 0, blue: 0))
    let new = layer("slide 2 step 1", RGBAColor(red: 0, green: 0, blue: 255))
    let middle = play.frame(old: old, new: new, size: size, at: 11)
    let layers = middle.commands.compactMap { command -> String? in
      guard case .layer(let item) = command else { return nil }
      return "\(item.key) \(item.x) \(item.opacity)"
    }
    #expect(layers == ["slide 1 step 1 -100.0 1.0", "slide 2 step 1 100.0 1.0"])
    if case .fill(_, let color) = middle.commands.first {
      #expect(color == RGBAColor(red: 0, green: 0, blue: 0))
    } else {
      Issue.record("a transition's frame starts black")
    }
    // At the end only the new slide is left, in its place; a fade's start draws only the old.
    let end = play.frame(old: old, new: new, size: size, at: 12)
    #expect(end.commands.count == 2)
    if case .layer(let item) = end.commands.last {
      #expect(item.key == "slide 2 step 1" && item.x == 0)
    }
    var fade = play
    fade.effect = .fade
    #expect(fade.frame(old: old, new: new, size: size, at: 10).commands.count == 2)
    #expect(play.isOver(at: 12) && !play.isOver(at: 11.9))
    #expect(play.progress(at: 9) == 0 && play.progress(at: 11) == 0.5)
  }
}
