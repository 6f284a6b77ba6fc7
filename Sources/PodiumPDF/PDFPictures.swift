import CDeflate
import CPopplerPictures
import PodiumCore

/// A PDF file read again for its pages made only of pictures (`CPopplerPictures`), which
/// Podium decodes itself: libdeflate and PNG's row filters take 5-10 ms of a core for a 1080p
/// picture, where Poppler's own inflater took 50-110 ms. Owned by one thread, like
/// `PopplerFile`.
final class PictureFile {
  private let pointer: OpaquePointer

  /// nil if Poppler cannot open the file or it is encrypted (its pictures are then Poppler's to
  /// draw). The corresponding C function is `podium_picture_file_open`.
  init?(path: String) {
    guard let pointer = podium_picture_file_open(path) else { return nil }
    self.pointer = pointer
  }

  /// The corresponding C function is `podium_picture_file_close`.
  deinit {
    podium_picture_file_close(pointer)
  }

  /// The pictures of a page, decoded, if they are all it shows and every one decodes; nil for
  /// any other page, which Poppler draws. The corresponding C functions are
  /// `podium_picture_page_read`, `podium_picture_page_count`, `podium_picture_page_picture` and
  /// `podium_picture_page_free`.
  func pictures(onPage index: Int) -> [PagePicture]? {
    guard index >= 0, index <= Int(Int32.max),
      let page = podium_picture_page_read(pointer, Int32(index))
    else { return nil }
    defer { podium_picture_page_free(page) }
    var pictures: [PagePicture] = []
    for at in 0..<Int(podium_picture_page_count(page)) {
      guard let picture = PagePicture(podium_picture_page_picture(page, Int32(at))) else {
        return nil
      }
      pictures.append(picture)
    }
    return pictures
  }
}

/// A picture of a page, decoded: opaque BGRA rows and where on the page they go.
struct PagePicture {
  let size: PixelSize
  /// `size.width * 4` bytes a row, the first row at the picture's top.
  let pixels: [UInt8]
  /// The unit square onto the page, in points, y down: x = a*u + c*v + e, y = b*u + d*v + f,
  /// the first row at v = 1 (PDF's own convention, as Poppler's cairo output draws it).
  let matrix: (a: Double, b: Double, c: Double, d: Double, e: Double, f: Double)
  /// The PDF asks for smoothing when it is scaled up.
  let interpolate: Bool

  /// A page of pictures drawn at `size`, `crop` (points of the page) filling it. A picture that
  /// lands pixel on pixel on the whole page (a slide exported as a picture, shown at its own
  /// size) is the page's pixels as it is, with nothing drawn or copied.
  static func draw(_ pictures: [PagePicture], size: PixelSize, crop: Rect) -> [UInt8]? {
    if pictures.count == 1, pictures[0].fills(size, crop: crop) { return pictures[0].pixels }
    return CairoCanvas.pixels(size) { canvas in
      canvas.fit(crop)
      for picture in pictures { canvas.paint(picture) }
    }
  }

  /// Whether the picture's pixels are exactly those of a page drawn at `size` with `crop`
  /// filling it: the same size, upright, unflipped, at the corner, to within a hundredth of a
  /// pixel across it.
  func fills(_ size: PixelSize, crop: Rect) -> Bool {
    guard self.size == size, crop.width > 0, crop.height > 0 else { return false }
    let (across, down) = (Double(size.width) / crop.width, Double(size.height) / crop.height)
    let (width, height) = (Double(size.width), Double(size.height))
    // Where the picture's pixel (x, y) lands: (across * (a/width x - c/height y + c + e - x0),
    // down * (b/width x - d/height y + d + f - y0)).
    let m = matrix
    let tolerance = 0.01
    return abs(across * m.a - width) < tolerance && abs(across * m.c) < tolerance
      && abs(down * m.b) < tolerance && abs(-down * m.d - height) < tolerance
      && abs(across * (m.c + m.e - crop.x)) < tolerance
      && abs(down * (m.d + m.f - crop.y)) < tolerance
  }

  /// What `CPopplerPictures` found, decoded; nil where it is damaged or not what the page says.
  init?(_ picture: podium_picture) {
    guard let data = picture.data else { return nil }
    var palette: [UInt8]?
    if let colours = picture.palette {
      guard picture.palette_count > 0 else { return nil }
      palette = Array(UnsafeBufferPointer(start: colours, count: 3 * Int(picture.palette_count)))
    }
    let m = picture.matrix
    self.init(
      compressed: UnsafeBufferPointer(start: data, count: picture.count),
      size: PixelSize(width: Int(picture.width), height: Int(picture.height)),
      components: Int(picture.components), bits: Int(picture.bits),
      filtered: picture.predictor >= 10, palette: palette, matrix: (m.0, m.1, m.2, m.3, m.4, m.5),
      interpolate: picture.interpolate != 0)
  }

  /// Decodes a picture's zlib-compressed samples: `components` of `bits` each a pixel (8-bit
  /// grey or RGB, or indices into `palette`'s RGB triples), each row after a PNG filter byte
  /// where `filtered`. nil where they are damaged or not what the page says.
  init?(
    compressed: UnsafeBufferPointer<UInt8>, size: PixelSize, components: Int, bits: Int,
    filtered: Bool, palette: [UInt8]?,
    matrix: (a: Double, b: Double, c: Double, d: Double, e: Double, f: Double),
    interpolate: Bool
  ) {
    guard size.width > 0, size.height > 0, let data = compressed.baseAddress, !compressed.isEmpty,
      let samples = Self.inflated(
        data, count: compressed.count, width: size.width, height: size.height,
        bitsPerPixel: components * bits, filtered: filtered),
      let pixels = Self.bgra(
        samples, width: size.width, height: size.height, components: components, bits: bits,
        palette: palette)
    else { return nil }
    self.size = size
    self.pixels = pixels
    self.matrix = matrix
    self.interpolate = interpolate
  }

  /// The rows of samples, `(width * bitsPerPixel + 7) / 8` bytes each, inflated and, where
  /// `filtered`, with PNG's row filters undone. The corresponding C functions are
  /// `libdeflate_alloc_decompressor`, `libdeflate_zlib_decompress` and
  /// `libdeflate_free_decompressor`.
  static func inflated(
    _ data: UnsafePointer<UInt8>, count: Int, width: Int, height: Int, bitsPerPixel: Int,
    filtered: Bool
  ) -> [UInt8]? {
    let rowBytes = (width * bitsPerPixel + 7) / 8
    let storedRow = rowBytes + (filtered ? 1 : 0)
    let (total, overflow) = storedRow.multipliedReportingOverflow(by: height)
    guard !overflow, total > 0, let decompressor = libdeflate_alloc_decompressor() else {
      return nil
    }
    defer { libdeflate_free_decompressor(decompressor) }
    // Exactly the rows the page gives: shorter or longer data is damaged, and Poppler's to draw.
    var result = LIBDEFLATE_BAD_DATA
    var stored = [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
      result = libdeflate_zlib_decompress(decompressor, data, count, buffer.baseAddress, total, nil)
      initialized = result == LIBDEFLATE_SUCCESS ? total : 0
    }
    guard result == LIBDEFLATE_SUCCESS else { return nil }
    guard
      !filtered
        || unfilter(
          &stored, rowBytes: rowBytes, height: height, bytesPerPixel: max(1, bitsPerPixel / 8))
    else { return nil }
    return stored
  }

  /// PNG's five row filters undone (the PNG specification, section 9): each stored row is a
  /// filter byte and `rowBytes` bytes; false for an unknown filter. Done in the stored rows' own
  /// memory, which is then cut to the rows: each row moves back by the filter bytes before it,
  /// never over a byte not yet read.
  static func unfilter(_ rows: inout [UInt8], rowBytes: Int, height: Int, bytesPerPixel bpp: Int)
    -> Bool
  {
    guard rows.count >= (rowBytes + 1) * height else { return false }
    let known = rows.withUnsafeMutableBufferPointer { buffer -> Bool in
      guard let base = buffer.baseAddress else { return height == 0 }
      for row in 0..<height {
        let filter = base[row * (rowBytes + 1)]
        let source = base + row * (rowBytes + 1) + 1
        let line = base + row * rowBytes
        // The row above, undone already (zeros above the first).
        let above: UnsafeMutablePointer<UInt8>? = row > 0 ? line - rowBytes : nil
        switch (filter, above) {
        case (0, _), (2, nil):
          // memmove's: the row and its stored bytes overlap.
          UnsafeMutableRawPointer(line).copyMemory(from: source, byteCount: rowBytes)
        case (1, _):
          for i in 0..<rowBytes { line[i] = source[i] &+ (i >= bpp ? line[i - bpp] : 0) }
        case (2, let above?):
          for i in 0..<rowBytes { line[i] = source[i] &+ above[i] }
        case (3, _):
          for i in 0..<rowBytes {
            let left = i >= bpp ? Int(line[i - bpp]) : 0
            let up = above.map { Int($0[i]) } ?? 0
            line[i] = source[i] &+ UInt8((left + up) >> 1)
          }
        case (4, _):
          for i in 0..<rowBytes {
            let left = i >= bpp ? Int(line[i - bpp]) : 0
            let up = above.map { Int($0[i]) } ?? 0
            let corner = i >= bpp ? (above.map { Int($0[i - bpp]) } ?? 0) : 0
            line[i] = source[i] &+ UInt8(paeth(left, up, corner))
          }
        default:
          return false
        }
      }
      return true
    }
    guard known else { return false }
    rows.removeLast(rows.count - rowBytes * height)
    return true
  }

  /// PNG's Paeth predictor: whichever of left, above and upper left is nearest to
  /// left + above - upper left, in that order on ties.
  @inline(__always) private static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
    let p = a + b - c
    let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
    if pa <= pb && pa <= pc { return a }
    return pb <= pc ? b : c
  }

  /// Opaque BGRA pixels (cairo's ARGB32 in memory) from rows of grey, RGB or palette samples;
  /// an index past the palette's end shows its last colour, as Poppler shows it.
  static func bgra(
    _ samples: [UInt8], width: Int, height: Int, components: Int, bits: Int, palette: [UInt8]?
  ) -> [UInt8]? {
    let rowBytes = (width * components * bits + 7) / 8
    guard samples.count >= rowBytes * height, components == 1 || components == 3 else {
      return nil
    }
    if palette == nil && (bits != 8) { return nil }
    if let palette, palette.count < 3 { return nil }
    return [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, initialized in
      initialized = width * height * 4
      samples.withUnsafeBufferPointer { input in
        for row in 0..<height {
          let line = input.baseAddress! + row * rowBytes
          let target = out.baseAddress! + row * width * 4
          if let palette {
            let last = palette.count / 3 - 1
            let perByte = 8 / bits
            let mask = (1 << bits) - 1
            for x in 0..<width {
              let byte = Int(line[x / perByte])
              let shift = 8 - bits * (x % perByte + 1)
              let index = min((byte >> shift) & mask, last)
              target[4 * x] = palette[3 * index + 2]
              target[4 * x + 1] = palette[3 * index + 1]
              target[4 * x + 2] = palette[3 * index]
              target[4 * x + 3] = 255
            }
          } else if components == 3 {
            for x in 0..<width {
              target[4 * x] = line[3 * x + 2]
              target[4 * x + 1] = line[3 * x + 1]
              target[4 * x + 2] = line[3 * x]
              target[4 * x + 3] = 255
            }
          } else {
            for x in 0..<width {
              target[4 * x] = line[x]
              target[4 * x + 1] = line[x]
              target[4 * x + 2] = line[x]
              target[4 * x + 3] = 255
            }
          }
        }
      }
    }
  }
}
