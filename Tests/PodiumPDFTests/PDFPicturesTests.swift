import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

@testable import PodiumPDF

/// Pages made only of pictures, decoded by Podium (libdeflate, PNG's row filters, palettes),
/// against the same pages drawn by Poppler; and pages like them that are not only pictures,
/// left to Poppler. picture-pages.py writes the fixture and says what each page is.
@Suite struct PDFPicturesTests {
  static let file = Fixtures.pdfs.appendingPathComponent("picture-pages.pdf").path
  /// Zero-based: the pages that are pictures only, and those that are not (text, a clip, a
  /// fill, a soft mask, a decode array, transparency, an inline picture) or are damaged.
  static let picturePages = Array(0...10)
  static let otherPages = Array(11...18)
  /// Pages whose pictures fill the page, upright or turned with it: at 160x90 pixels each
  /// picture lands pixel on pixel.
  static let ownSizePages = [0, 1, 2, 3, 5, 6, 7, 9, 10]
  /// Those whose one picture is the page's pixels as they are, upright (page 10 is turned).
  static let wholePages = [0, 1, 2, 3, 5, 6, 7, 10]

  /// A page drawn at `scale` pixels a point, by Podium's pictures or by Poppler.
  static func draw(_ index: Int, scale: Double, pictures: Bool) throws -> (PixelSize, [UInt8]) {
    let poppler = try PopplerFile(path: file)
    let page = try #require(poppler.page(index))
    let (width, height) = page.size
    let size = PixelSize(
      width: Int((width * scale).rounded()), height: Int((height * scale).rounded()))
    let crop = Rect(x: 0, y: 0, width: width, height: height)
    if pictures {
      let found = try #require(PictureFile(path: file)?.pictures(onPage: index))
      return (size, try #require(PagePicture.draw(found, size: size, crop: crop)))
    }
    let drawn = CairoCanvas.pixels(size) { canvas in
      canvas.fit(crop)
      page.render(on: canvas.context)
    }
    return (size, try #require(drawn))
  }

  @Test func pagesOfPicturesOnlyAreFoundAndOthersLeftToPoppler() throws {
    _ = try PopplerFile(path: Self.file)
    let file = try #require(PictureFile(path: Self.file))
    for index in Self.picturePages {
      let pictures = file.pictures(onPage: index)
      #expect(pictures?.count == (index == 4 ? 2 : 1), "page \(index + 1)")
    }
    for index in Self.otherPages {
      #expect(file.pictures(onPage: index) == nil, "page \(index + 1)")
    }
    // At the pictures' own size the page is the picture's pixels as they are; at any other
    // size, or turned, it is drawn.
    let size = PixelSize(width: 160, height: 90)
    for index in Self.picturePages {
      let pictures = try #require(file.pictures(onPage: index))
      let poppler = try PopplerFile(path: Self.file)
      let (width, height) = try #require(poppler.page(index)).size
      let crop = Rect(x: 0, y: 0, width: width, height: height)
      #expect(
        (pictures.count == 1 && pictures[0].fills(size, crop: crop))
          == Self.wholePages.contains(index), "page \(index + 1)")
      #expect(!pictures[0].fills(PixelSize(width: 320, height: 180), crop: crop))
    }
    // Asked again, a page found not to be one is remembered, and a page past the end is none.
    #expect(file.pictures(onPage: 11) == nil)
    #expect(file.pictures(onPage: 19) == nil && file.pictures(onPage: -1) == nil)
  }

  /// Podium's drawing of each page of pictures is Poppler's: at the pictures' own size pixel
  /// for pixel; twice it and half of it (the small picture of page 5 then more than four times
  /// its size) alike wherever the eye looks, Podium filtering where Poppler, drawing for print,
  /// takes the nearest pixel.
  @Test(arguments: [2.0 / 3, 4.0 / 3, 1.0 / 3])
  func eachPageOfPicturesLooksAsPopplerDrawsIt(scale: Double) throws {
    for index in Self.picturePages {
      let (size, ours) = try Self.draw(index, scale: scale, pictures: true)
      let (_, poppler) = try Self.draw(index, scale: scale, pictures: false)
      try #require(ours.count == poppler.count)
      // Not a blank: the pictures' many colours are there.
      var colours = Set<Int>()
      for at in stride(from: 0, to: ours.count - 3, by: 4) {
        let blue = Int(ours[at])
        let green = Int(ours[at + 1]) << 8
        let red = Int(ours[at + 2]) << 16
        colours.insert(red | green | blue)
      }
      // Page 4 is two greys only.
      #expect(colours.count >= (index == 3 ? 2 : 8), "page \(index + 1) at \(size)")
      if scale == 2.0 / 3 && Self.ownSizePages.contains(index) {
        let far = zip(ours, poppler).filter { abs(Int($0) - Int($1)) > 2 }.count
        #expect(far == 0, "page \(index + 1) at \(size): \(far) bytes apart")
      }
      // Squares of 5x5 pixels (at half size; 10x10 and 20x20 at the others), averaged: what
      // the eye sees from a seat.
      let side = max(5, Int((7.5 * scale).rounded()))
      let (mine, theirs) = (Self.blocks(ours, size, side), Self.blocks(poppler, size, side))
      let differences = zip(mine, theirs).map { abs($0 - $1) }
      let mean = differences.reduce(0, +) / Double(differences.count)
      #expect(mean <= 8, "page \(index + 1) at \(size): mean \(mean)")
      #expect(
        differences.max() ?? 0 <= 48, "page \(index + 1) at \(size): \(differences.max() ?? 0)")
    }
  }

  /// Each channel's average over squares of `side` pixels.
  static func blocks(_ pixels: [UInt8], _ size: PixelSize, _ side: Int) -> [Double] {
    var averages: [Double] = []
    for top in stride(from: 0, to: size.height - side + 1, by: side) {
      for left in stride(from: 0, to: size.width - side + 1, by: side) {
        for channel in 0..<4 {
          var sum = 0
          for y in top..<(top + side) {
            for x in left..<(left + side) { sum += Int(pixels[(y * size.width + x) * 4 + channel]) }
          }
          averages.append(Double(sum) / Double(side * side))
        }
      }
    }
    return averages
  }

  @Test func damagedSamplesAndUnknownFiltersAreNotPictures() {
    // A PNG filter byte past 4.
    var unknown: [UInt8] = [5, 1, 2, 3]
    #expect(!PagePicture.unfilter(&unknown, rowBytes: 3, height: 1, bytesPerPixel: 3))
    // Two rows of two RGB pixels, the first after the left filter, the second after up's.
    var stored: [UInt8] = [1, 1, 2, 3, 3, 3, 3, 2, 6, 6, 6, 6, 6, 6]
    #expect(PagePicture.unfilter(&stored, rowBytes: 6, height: 2, bytesPerPixel: 3))
    #expect(stored == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
  }

  /// Damaged pictures, as a file from the wild may hold: bytes changed or cut anywhere, the
  /// wrong size, palettes too short or empty. Each is decoded or refused (then Poppler draws the
  /// page), never read out of bounds.
  @Test func damagedPicturesAreRefusedNeverReadPastTheirEnd() throws {
    // Two RGB rows of three pixels after PNG's filters 1 and 4; two rows of three 4-bit
    // indices, most past the end of a palette of one colour.
    let rgb = try #require(
      Self.zlib([1, 10, 20, 30, 1, 1, 1, 2, 2, 2, 4, 5, 5, 5, 0, 0, 0, 9, 9, 9]))
    let indices = try #require(Self.zlib([0, 0x01, 0xF0, 2, 0x23, 0x40]))
    var generator = SystemRandomNumberGenerator()
    var decoded = 0
    for round in 0..<2000 {
      var data = round % 2 == 0 ? rgb : indices
      switch round % 4 {
      case 0:
        data[Int.random(in: 0..<data.count, using: &generator)] ^= UInt8.random(
          in: 1...255, using: &generator)
      case 1: data = Array(data.prefix(Int.random(in: 1..<data.count, using: &generator)))
      case 2: data += [UInt8](repeating: UInt8.random(in: 0...255, using: &generator), count: 3)
      default: break
      }
      let width = round % 4 == 3 ? Int.random(in: 1...9, using: &generator) : 3
      let palette: [UInt8] = round % 8 == 7 ? [] : [255, 0, 0]
      let rgbRound = round % 2 == 0
      let picture = data.withUnsafeBufferPointer { bytes in
        PagePicture(
          compressed: bytes, size: PixelSize(width: width, height: 2),
          components: rgbRound ? 3 : 1, bits: rgbRound ? 8 : 4, filtered: true,
          palette: rgbRound ? nil : palette, matrix: (1, 0, 0, 1, 0, 0), interpolate: false)
      }
      if let picture {
        decoded += 1
        #expect(picture.pixels.count == picture.size.width * picture.size.height * 4)
      }
    }
    // The undamaged ones decode.
    #expect(decoded > 0)
  }

  /// zlib's own compression of `bytes`, through Python's, as the tests of PNGEncoder check.
  static func zlib(_ bytes: [UInt8]) -> [UInt8]? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c",
      "import sys, zlib; sys.stdout.buffer.write(zlib.compress(sys.stdin.buffer.read(), 6))",
    ]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    guard (try? process.run()) != nil else { return nil }
    input.fileHandleForWriting.write(Data(bytes))
    try? input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? Array(data) : nil
  }

  /// A talk's pages come the same way: `PopplerPages` draws a page of pictures from them (page
  /// 5, where Poppler's nearest pixels and Podium's filtering differ), the others by Poppler.
  @Test func popplerPagesDrawsPagesOfPicturesFromThem() throws {
    let pages = PopplerPages()
    let size = PixelSize(width: 160, height: 90)
    let drawn = try #require(
      pages.bgraPixels(for: PageRequest(file: Self.file, page: 4, size: size, crop: nil)))
    #expect(drawn == (try Self.draw(4, scale: 2.0 / 3, pictures: true)).1)
    #expect(drawn != (try Self.draw(4, scale: 2.0 / 3, pictures: false)).1)
    let text = try #require(
      pages.bgraPixels(for: PageRequest(file: Self.file, page: 11, size: size, crop: nil)))
    #expect(text == (try Self.draw(11, scale: 2.0 / 3, pictures: false)).1)
  }
}
