import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

@testable import PodiumPDF

/// Real Poppler on a PDF of pictures (each page one 1920x1080 JPEG; pictures.txt says which):
/// pages drawn ahead on the workers, once each, at every size a window wants.
@Suite struct PopplerPagesTests {
  static let file = Fixtures.pdfs.appendingPathComponent("pictures.pdf").path
  static let audience = PixelSize(width: 1920, height: 1080)
  static let console = PixelSize(width: 640, height: 360)

  static func request(_ page: Int, _ size: PixelSize = audience) -> PageRequest {
    PageRequest(file: file, page: page, size: size, crop: nil)
  }

  /// Waits up to `seconds` for `done`.
  static func wait(_ seconds: Double, until done: () -> Bool) -> Bool {
    let end = Date().addingTimeInterval(seconds)
    while !done() && Date() < end { Thread.sleep(forTimeInterval: 0.005) }
    return done()
  }

  /// The colour of the pixel at (x, y) of a drawing, BGRA.
  static func pixel(_ pixels: [UInt8], _ size: PixelSize, x: Int, y: Int) -> [UInt8] {
    let at = (y * size.width + x) * 4
    return Array(pixels[at..<(at + 4)])
  }

  @Test func theNextPagesAreReadyBeforeTheyAreShownEachDrawnOnce() throws {
    let pages = PopplerPages(budget: 256 << 20, threads: 2)
    // Showing page 0: the next (1) and previous-or-outward (2, 3) for the audience and the
    // console's views.
    let wanted = [1, 2, 3].flatMap { [Self.request($0), Self.request($0, Self.console)] }
    pages.prefetch(wanted) {}
    #expect(Self.wait(20) { wanted.allSatisfy(pages.isReady) })
    // Three pages drawn by Poppler; the console's sizes scaled from those drawings.
    #expect(pages.pagesDrawn == 3)
    #expect(pages.pagesScaled == 3)
    // What is shown is the page's picture, at the size asked, not a blank: page 1 is SMPTE
    // colour bars, page 2 a Mandelbrot set.
    let big = try #require(pages.bgraPixels(for: Self.request(1)))
    let small = try #require(pages.bgraPixels(for: Self.request(1, Self.console)))
    #expect(big.count == 1920 * 1080 * 4 && small.count == 640 * 360 * 4)
    let other = try #require(pages.bgraPixels(for: Self.request(2)))
    #expect(big != other)
    #expect(Set(stride(from: 0, to: big.count, by: 4001).map { big[$0] }).count > 8)
    // The console's view is the audience's drawing scaled down: the same colour where both
    // are flat (the grey bar at the left), within a few levels.
    let (bigPixel, smallPixel) = (
      Self.pixel(big, Self.audience, x: 120, y: 300),
      Self.pixel(small, Self.console, x: 40, y: 100)
    )
    for channel in 0..<4 { #expect(abs(Int(bigPixel[channel]) - Int(smallPixel[channel])) <= 6) }
    #expect(pages.pagesDrawn == 3)
  }

  @Test func aPageNotDrawnAheadIsDrawnOrScaledOnTheCallersThread() throws {
    let pages = PopplerPages(budget: 256 << 20, threads: 1, talk: true)
    let drawn = try #require(pages.bgraPixels(for: Self.request(0, Self.console)))
    #expect(drawn.count == 640 * 360 * 4)
    #expect(pages.pagesDrawn == 1)
    pages.prefetch([Self.request(3)]) {}
    #expect(Self.wait(20) { pages.isReady(Self.request(3)) })
    _ = try #require(pages.bgraPixels(for: Self.request(3, Self.console)))
    #expect(pages.pagesDrawn == 2 && pages.pagesScaled == 1)
    // A page drawn on the caller's thread is kept, in a talk: its smaller size is scaled.
    _ = try #require(pages.bgraPixels(for: Self.request(2)))
    pages.prefetch([Self.request(2, Self.console)]) {}
    #expect(Self.wait(20) { pages.isReady(Self.request(2, Self.console)) })
    #expect(pages.pagesDrawn == 3 && pages.pagesScaled == 2)
    // An export keeps nothing it draws.
    let export = PopplerPages(budget: 256 << 20, threads: 1)
    _ = try #require(export.bgraPixels(for: Self.request(2)))
    #expect(export.keptBytes == 0)
    // A page the file does not have: nothing, and no crash.
    #expect(pages.bgraPixels(for: Self.request(9)) == nil)
  }

  @Test func theBudgetBoundsWhatIsKept() {
    // Room for two 1080p drawings.
    let pages = PopplerPages(budget: 2 * 1920 * 1080 * 4, threads: 2)
    pages.prefetch((0..<4).map { Self.request($0) }) {}
    #expect(Self.wait(20) { pages.isReady(Self.request(1)) })
    Thread.sleep(forTimeInterval: 0.3)
    #expect(pages.keptBytes <= 2 * 1920 * 1080 * 4)
    #expect(!pages.isReady(Self.request(3)))
    #expect(pages.isReady(Self.request(0)))
  }
}
