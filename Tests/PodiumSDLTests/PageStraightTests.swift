import PodiumCore
import Testing

@testable import PodiumSDL

/// A PDF page's premultiplied pixels made straight for SDL: an opaque page is left as it is
/// (read, not rewritten), a page with see-through pixels is straightened, a tint recolours.
@Suite struct PageStraightTests {
  static func pixels(count: Int, alpha: UInt8 = 255) -> [UInt8] {
    (0..<count).flatMap { index in [UInt8(index % 200), 40, 80, alpha] }
  }

  @Test func opaquePixelsAreFoundOpaqueWhateverTheirCount() {
    // Counts around the eight-pixel words the check reads, and a last odd pixel.
    for count in [1, 7, 8, 9, 17, 1920 * 3 + 5] {
      #expect(ImageLibrary.isOpaque(Self.pixels(count: count)))
      for at in [0, count / 2, count - 1] {
        var one = Self.pixels(count: count)
        one[at * 4 + 3] = 254
        #expect(!ImageLibrary.isOpaque(one), "count \(count), see-through pixel \(at)")
      }
    }
  }

  @Test func onlyPagesWithSeeThroughPixelsChange() {
    let opaque = Self.pixels(count: 33)
    var same = opaque
    ImageLibrary.straighten(&same, tint: nil)
    #expect(same == opaque)
    // Half covered, premultiplied: the colour doubles back to what it was.
    var half = [UInt8](repeating: 0, count: 16 * 4)
    for index in stride(from: 0, to: half.count, by: 4) {
      half[index..<(index + 4)] = [50, 20, 100, 128]
    }
    ImageLibrary.straighten(&half, tint: nil)
    #expect(Array(half[0..<4]) == [99, 39, 199, 128])
    var tinted = opaque
    ImageLibrary.straighten(&tinted, tint: RGBAColor(red: 255, green: 0, blue: 0, alpha: 255))
    #expect(Array(tinted[0..<4]) == [0, 0, 255, 255])
  }
}
