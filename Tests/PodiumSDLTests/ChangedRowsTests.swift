import Testing

@testable import PodiumSDL

/// What a software window sends the display server after a change: only the changed pixels'
/// rows and columns, and everything when nothing is known.
@Suite struct ChangedRowsTests {
  typealias Area = (x: Int, y: Int, width: Int, height: Int)

  /// A frame of 32-bit pixels, `pitch` bytes a row (more than `width` * 4 when padded).
  struct Frame {
    var width: Int
    var height: Int
    var pitch: Int
    var bytes: [UInt8]

    init(width: Int, height: Int, padding: Int = 0, fill: UInt8 = 0x20) {
      self.width = width
      self.height = height
      pitch = width * 4 + padding
      bytes = [UInt8](repeating: fill, count: pitch * height)
    }

    mutating func set(x: Int, y: Int, to value: UInt8) {
      bytes[y * pitch + x * 4] = value
    }

    func changes(since hashes: inout [UInt64?], live: [Bool]? = nil) -> [Area] {
      bytes.withUnsafeBytes {
        ChangedRows.changedRects(
          $0, width: width, height: height, pitch: pitch, hashes: &hashes, live: live)
      }
    }
  }

  func equal(_ a: [Area], _ b: [Area]) -> Bool {
    a.count == b.count
      && zip(a, b).allSatisfy {
        $0.x == $1.x && $0.y == $1.y && $0.width == $1.width && $0.height == $1.height
      }
  }

  @Test func theFirstFrameIsAllChangedAndAnUnchangedFrameSendsNothing() {
    let frame = Frame(width: 64, height: 40)
    var hashes = [UInt64?](repeating: nil, count: 40 * ChangedRows.tilesPerRow)
    #expect(equal(frame.changes(since: &hashes), [(0, 0, 64, 40)]))
    #expect(frame.changes(since: &hashes).isEmpty)
  }

  @Test func oneChangedPixelSendsItsRowWithinItsEighthOfTheWidth() {
    var frame = Frame(width: 80, height: 50, padding: 12)
    var hashes = [UInt64?](repeating: nil, count: 50 * ChangedRows.tilesPerRow)
    _ = frame.changes(since: &hashes)
    frame.set(x: 33, y: 17, to: 0x21)
    // Columns 30..<40 are the fourth of eight tiles of 80 pixels.
    #expect(equal(frame.changes(since: &hashes), [(30, 17, 10, 1)]))
    frame.set(x: 33, y: 17, to: 0x20)
    #expect(equal(frame.changes(since: &hashes), [(30, 17, 10, 1)]), "changed back: sent again")
  }

  @Test func rowsCloseTogetherAreOneRectangleAndFarApartAreTwo() {
    var frame = Frame(width: 80, height: 200)
    var hashes = [UInt64?](repeating: nil, count: 200 * ChangedRows.tilesPerRow)
    _ = frame.changes(since: &hashes)
    frame.set(x: 2, y: 10, to: 1)
    frame.set(x: 75, y: 10 + ChangedRows.joinGap, to: 1)
    frame.set(x: 45, y: 150, to: 1)
    let rects = frame.changes(since: &hashes)
    #expect(equal(rects, [(0, 10, 80, ChangedRows.joinGap + 1), (40, 150, 10, 1)]))
  }

  @Test func aChangeInTheLastBytesOfATileIsSeen() {
    // Tiles of 7 pixels (28 bytes): the hash's 8-byte and 1-byte tails must count too.
    var frame = Frame(width: 56, height: 3)
    var hashes = [UInt64?](repeating: nil, count: 3 * ChangedRows.tilesPerRow)
    _ = frame.changes(since: &hashes)
    frame.bytes[1 * frame.pitch + 6 * 4 + 3] = 0x99
    #expect(equal(frame.changes(since: &hashes), [(0, 1, 7, 1)]))
  }

  @Test func swappedRowsOrWordsChangeTheHash() {
    // Two rows holding the same words in another order must not look alike.
    let words: [UInt64] = (0..<40).map { UInt64($0) &* 0x0101_0101_0101_0101 }
    let hash = { (words: [UInt64]) in
      words.withUnsafeBytes { ChangedRows.rowHash($0) }
    }
    var swapped = words
    swapped.swapAt(3, 4)
    #expect(hash(words) != hash(swapped))
    var later = words
    later.swapAt(0, 39)
    #expect(hash(words) != hash(later))
    #expect(hash(words) == hash(words))
  }

  /// A kept layer's tiles, hashed from its pixels read back in pieces (as a window reads its
  /// layers drawn ahead), are the hashes the window keeps after showing it; and what a window
  /// showing one layer copies of the next is where the two differ, as hashing would find it,
  /// with what is drawn over it.
  @Test func aLayersTilesReadInPiecesAreTheWindowsAndTellItsChanges() {
    var first = Frame(width: 80, height: 40, padding: 8)
    var second = first
    second.set(x: 45, y: 3, to: 0x55)
    second.set(x: 5, y: 30, to: 0x55)
    func tiles(_ frame: Frame, band: Int) -> [UInt64] {
      stride(from: 0, to: frame.height, by: band).flatMap { top in
        let rows = min(band, frame.height - top)
        let piece = Array(frame.bytes[(top * frame.pitch)..<((top + rows) * frame.pitch)])
        return piece.withUnsafeBytes {
          ChangedRows.tileHashes($0, width: frame.width, rows: rows, pitch: frame.pitch)
        }
      }
    }
    var windowHashes = [UInt64?](repeating: nil, count: 40 * ChangedRows.tilesPerRow)
    _ = first.changes(since: &windowHashes)
    #expect(tiles(first, band: 16) == windowHashes.compactMap { $0 })
    #expect(!windowHashes.contains(nil))
    let none = [Bool](repeating: false, count: 40 * ChangedRows.tilesPerRow)
    func copies(
      _ showing: [UInt64?], _ layer: [UInt64], covered: [Bool]? = nil, hidden: [Bool]? = nil
    ) -> [Area] {
      ChangedRows.layerCopies(
        showing: showing, layer: layer, covered: covered ?? none, hidden: hidden, width: 80,
        height: 40)
    }
    let layerChanges = copies(tiles(first, band: 7), tiles(second, band: 40))
    #expect(equal(layerChanges, [(40, 3, 10, 1), (0, 30, 10, 1)]))
    #expect(equal(second.changes(since: &windowHashes), layerChanges))
    let secondTiles = windowHashes.compactMap { $0 }
    #expect(copies(tiles(second, band: 5), secondTiles).isEmpty)
    // What is drawn over the layer is copied under too, changed or not.
    var covered = none
    covered[20 * ChangedRows.tilesPerRow + 7] = true
    #expect(equal(copies(windowHashes, secondTiles, covered: covered), [(70, 20, 10, 1)]))
    // A tile whose hash the window does not know (a clip drew it) is copied.
    var unknown = windowHashes
    unknown[9 * ChangedRows.tilesPerRow + 1] = nil
    #expect(equal(copies(unknown, secondTiles), [(10, 9, 10, 1)]))
    // ...unless a clip's picture covers it whole.
    var hidden = none
    hidden[9 * ChangedRows.tilesPerRow + 1] = true
    hidden[20 * ChangedRows.tilesPerRow + 7] = true
    #expect(copies(unknown, secondTiles, covered: covered, hidden: hidden).isEmpty)
    // Hashes of another size than the window's: everything.
    #expect(equal(copies(windowHashes, [1, 2]), [(0, 0, 80, 40)]))
  }

  /// Where a clip plays, tiles are sent without being hashed, and the window forgets their
  /// hashes: the next frame sends them again even if they did not change, then knows them.
  @Test func aPlayingClipsTilesAreSentUnreadAndThenUnknown() {
    let frame = Frame(width: 80, height: 40)
    var hashes = [UInt64?](repeating: nil, count: 40 * ChangedRows.tilesPerRow)
    _ = frame.changes(since: &hashes)
    let live = ChangedRows.tilesUnder(
      [(x: 15, y: 2, width: 20, height: 3)], width: 80, height: 40)
    #expect(equal(frame.changes(since: &hashes, live: live), [(10, 2, 30, 3)]))
    #expect(hashes.indices.filter { hashes[$0] == nil } == live.indices.filter { live[$0] })
    #expect(equal(frame.changes(since: &hashes), [(10, 2, 30, 3)]), "the clip stopped")
    #expect(frame.changes(since: &hashes).isEmpty)
  }

  /// The tiles an opaque picture covers whole, and not those it covers in part.
  @Test func theTilesInsideAnArea() {
    // Tiles of 10 pixels: columns 10..<31 hold tiles 1 and 2 whole, and part of tile 3.
    let inside = ChangedRows.tilesInside(
      [(x: 10, y: 38, width: 21, height: 5)], width: 80, height: 40)
    let perRow = ChangedRows.tilesPerRow
    #expect(
      inside.indices.filter { inside[$0] } == [
        38 * perRow + 1, 38 * perRow + 2, 39 * perRow + 1, 39 * perRow + 2,
      ])
    #expect(
      !ChangedRows.tilesInside([(x: 12, y: 0, width: 9, height: 40)], width: 80, height: 40)
        .contains(true))
  }

  /// What is drawn over a layer (the console's clock) marks the tiles it touches, and only
  /// those: the ones to hash after drawing it.
  @Test func theTilesUnderWhatIsDrawnOverALayer() {
    // Tiles of 10 pixels: columns 25..<36 touch tiles 2 and 3; rows 3 and 4.
    let covered = ChangedRows.tilesUnder(
      [(x: 25, y: 3, width: 11, height: 2), (x: -5, y: 38, width: 3, height: 10)], width: 80,
      height: 40)
    let marked = covered.indices.filter { covered[$0] }
    let perRow = ChangedRows.tilesPerRow
    #expect(marked == [3 * perRow + 2, 3 * perRow + 3, 4 * perRow + 2, 4 * perRow + 3])
    // Outside the window, or empty: nothing.
    let none = ChangedRows.tilesUnder(
      [(x: 10, y: 50, width: 5, height: 5), (x: 10, y: 5, width: 0, height: 5)], width: 80,
      height: 40)
    #expect(!none.contains(true))
  }

  @Test func aBufferTooSmallForTheFrameIsSentWhole() {
    var hashes = [UInt64?](repeating: nil, count: 10 * ChangedRows.tilesPerRow)
    let small = [UInt8](repeating: 0, count: 16)
    let rects = small.withUnsafeBytes {
      ChangedRows.changedRects($0, width: 8, height: 10, pitch: 32, hashes: &hashes)
    }
    #expect(equal(rects, [(0, 0, 8, 10)]))
  }
}
