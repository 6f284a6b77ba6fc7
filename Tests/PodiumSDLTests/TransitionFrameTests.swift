import Foundation
import PodiumCore
import PodiumSDL
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// A transition's frames drawn by `FrameRenderer` from the two slides' kept layers, as the
/// audience's window draws them: moved and faded by the effect, checked by pixel and against
/// goldens.
@Suite(.serialized) struct TransitionFrameTests {
  let fonts = FontLibrary()
  let images = ImageLibrary()
  static let size = PixelSize(width: 960, height: 540)
  static let red = RGBAColor(red: 0xD0, green: 0, blue: 0)
  static let blue = RGBAColor(red: 0, green: 0, blue: 0xD0)

  /// The frame of `effect` half-way (by time) from a red slide to a blue one.
  func middle(_ effect: SlideTransition.Effect, backward: Bool = false) throws -> RGBImage {
    let deck = try #require(
      DeckParser.parse(
        text: """
          ---
          marp: true
          ---

          <!-- _backgroundColor: #d00000 -->
          # One

          ---

          <!-- _backgroundColor: #0000d0 -->
          # Two
          """, file: "transition.md", baseDirectory: "/"
      ).deck)
    let measurer = SDLTextMeasurer(library: fonts)
    let engine = LayoutEngine(
      theme: ThemeLoader.theme(for: deck.metadata.theme).0, measurer: measurer, images: images)
    func layer(_ slide: Int) -> LayerItem {
      LayerItem(
        key: LayoutEngine.layerKey(slide: slide, step: 0), x: 0, y: 0,
        frame: engine.layout(deck.slides[slide], in: deck, step: 0, size: Self.size))
    }
    let (old, new) = backward ? (layer(1), layer(0)) : (layer(0), layer(1))
    let play = TransitionPlay(
      from: .init(slide: 0, step: 0), to: .init(slide: 1, step: 0), effect: effect,
      backward: backward, start: 0, seconds: 1)
    let frame = play.frame(old: old, new: new, size: Self.size, at: 0.5)
    let canvas = try OffscreenCanvas(
      size: Self.size, fonts: fonts, images: images, measurer: measurer)
    canvas.cacheLayers()
    canvas.draw(frame)
    if let folder = ProcessInfo.processInfo.environment["PODIUM_TRANSITION_PNG"] {
      try canvas.writePNG(path: "\(folder)/\(effect.rawValue)\(backward ? "-back" : "").png")
    }
    return RGBImage(canvas)
  }

  func close(_ color: RGBAColor, _ expected: RGBAColor, within tolerance: Int = 3) -> Bool {
    abs(Int(color.red) - Int(expected.red)) <= tolerance
      && abs(Int(color.green) - Int(expected.green)) <= tolerance
      && abs(Int(color.blue) - Int(expected.blue)) <= tolerance
  }

  @Test func aFadeHalfWayIsHalfOfEach() throws {
    let image = try middle(.fade)
    // Linear: half the time, half of each colour, everywhere away from the headings.
    #expect(close(image.pixel(x: 480, y: 400), RGBAColor(red: 0x68, green: 0, blue: 0x68)))
    #expect(image.count(of: Self.red, tolerance: 8) == 0)
    #expect(image.count(of: Self.blue, tolerance: 8) == 0)
  }

  @Test func aSlideMovesBothSlidesByTheEasedShare() throws {
    // ease-in-out is half-way at half the time: the old slide's right half on the left.
    let image = try middle(.slide)
    #expect(close(image.pixel(x: 470, y: 400), Self.red))
    #expect(close(image.pixel(x: 490, y: 400), Self.blue))
    let back = try middle(.slide, backward: true)
    #expect(close(back.pixel(x: 470, y: 400), Self.red), "back: the old (blue) one leaves right")
    #expect(close(back.pixel(x: 490, y: 400), Self.blue))
  }

  @Test func pushCoverAndRevealHalfWay() throws {
    // ease-out at half the time is past half the way: the new slide is in from the right over
    // the old, which stays.
    let push = try middle(.push)
    let edge = (0..<960).first { close(push.pixel(x: $0, y: 400), Self.blue) } ?? 960
    #expect(edge > 50 && edge < 480, "the new slide's left edge: \(edge)")
    #expect(close(push.pixel(x: 20, y: 400), Self.red))
    try GoldenImageTests().check("transition-push-middle", push)
    // cover: the new slide faded in over the old; reveal: the old faded out over the new.
    let cover = try middle(.cover)
    let covered = cover.pixel(x: 700, y: 400)
    #expect(covered.blue > covered.red && covered.red > 0x10, "\(covered)")
    #expect(close(cover.pixel(x: 20, y: 400), Self.red), "left of the new slide: the old one")
    try GoldenImageTests().check("transition-cover-middle", cover)
    let reveal = try middle(.reveal)
    let revealed = reveal.pixel(x: 480, y: 400)
    #expect(revealed.blue > revealed.red && revealed.red > 0x10, "\(revealed)")
    #expect(close(reveal.pixel(x: 955, y: 400), Self.blue), "right of the old slide: the new")
  }
}
