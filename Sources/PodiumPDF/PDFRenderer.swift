import Foundation
import PodiumCore

/// Draws `SlideFrame`s on the pages of a PDF, or on SVG pages (`podium export -o talk.html`):
/// the same draw list the screen's `FrameRenderer` draws, as vectors. Text is set as real text,
/// glyph by glyph, from the font files and sizes layout measured, at the places SDL_ttf puts
/// them on screen, so a page rasterised at the frame's size matches the PNG; links become link
/// annotations in a PDF.
///
/// Used from one thread.
final class PDFRenderer {
  /// The surface drawn on: a PDF's pages, or each SVG page in turn; fonts and pictures are kept
  /// across them.
  var document: VectorSurface
  let fonts: any FontRunSource
  let measurer: any TextMeasurer
  let images: any ImagePixelSource
  let files: any DeckFiles

  private struct ShapingKey: Hashable {
    var file: String
    var size: Int
  }

  private struct GlyphImageKey: Hashable {
    var file: String
    var glyph: UInt32
  }

  /// Fonts opened for shaping, one per file and size, and nil for those that failed.
  private var shapers: [ShapingKey: ShapingFont?] = [:]
  /// cairo's font faces, one per file.
  private var cairoFonts: [String: CairoFont?] = [:]
  /// Pictures, kept while pages use them; one dropped and made again is still embedded once,
  /// as cairo knows it by its unique id.
  private var pictures = LRUCache<String, CairoImage?>(budget: 128 * 1024 * 1024)
  /// PDF files whose pages are drawn (a PDF deck's, typeset formulas), each opened once.
  private var pdfFiles: [String: PopplerFile?] = [:]
  /// The password of an encrypted PDF deck.
  var password: String?
  private var glyphImages: [GlyphImageKey: CairoImage?] = [:]

  /// SDL_ttf's synthetic italic shear (`GLYPH_ITALICS`).
  static let italicSlant = 0.207

  /// Glyphs sit at whole pixels, as on screen, but cairo writes their positions in thousandths
  /// of an em, a few hundredths of a pixel off, and rasterisers such as poppler's put a glyph at
  /// the pixel below its position: one meant for pixel 253 and written as 252.98 lands a pixel
  /// left. A fifth of a pixel more keeps it on its pixel whether a rasteriser floors or rounds.
  static let glyphNudge = 0.2

  /// Every other glyph sits this fraction of an em lower, too little to see or to move it off
  /// its pixel row, but more than cairo's tolerance (0.001 em), so cairo starts each glyph at a
  /// position of its own. Otherwise cairo strings glyphs together with the font's widths, which
  /// it writes rounded down to thousandths of an em, and a reader's positions drift from
  /// cairo's own by up to a pixel every few dozen glyphs.
  static let baselineStep = 0.0015

  init(
    document: VectorSurface, fonts: any FontRunSource, measurer: any TextMeasurer,
    images: any ImagePixelSource, files: any DeckFiles = LocalFiles()
  ) {
    self.document = document
    self.fonts = fonts
    self.measurer = measurer
    self.images = images
    self.files = files
  }

  /// Draws every command of `frame` on the current page, in order. Text or images that cannot
  /// be drawn are left out, as on screen.
  func draw(_ frame: SlideFrame) {
    drawCommands(frame.commands)
  }

  private func drawCommands(_ commands: [DrawCommand]) {
    for command in commands {
      switch command {
      case .fill(let rect, let color):
        document.fill(rect.pixelAligned, color)
      case .text(let item):
        drawText(item)
      case .image(let item):
        drawImage(item)
      case .pushClip(let rect):
        document.pushClip(rect.pixelAligned)
      case .popClip:
        document.popClip()
      case .stroke(let item):
        document.stroke(item)
      case .layer(let item):
        document.pushClip(item.destination.pixelAligned)
        drawCommands(item.frame.translated(dx: item.x, dy: item.y))
        document.popClip()
      }
    }
  }

  // MARK: - Text

  private func drawText(_ item: TextItem) {
    let (x, y) = item.origin
    if let link = item.link {
      let height = measurer.metrics(for: item.font).lineHeight
      document.beginLink(link, area: Rect(x: x, y: y, width: item.width, height: height))
    }
    for run in fonts.fontRuns(of: item.text, font: item.font) {
      drawRun(run, left: x + run.x, top: y + run.top, color: item.color)
    }
    if item.underline || item.strikethrough {
      for bar in item.decorations(metrics: measurer.metrics(for: item.font)) {
        document.fill(bar.pixelAligned, item.color)
      }
    }
    if item.link != nil { document.endLink() }
  }

  private func shaper(_ file: String, size: Int) -> ShapingFont? {
    let key = ShapingKey(file: file, size: size)
    if let known = shapers[key] { return known }
    let made = (try? FreeTypeFace(path: file, pixelSize: size)).flatMap {
      try? ShapingFont(face: $0)
    }
    shapers[key] = made
    return made
  }

  private func cairoFont(_ file: String) -> CairoFont? {
    if let known = cairoFonts[file] { return known }
    let made = try? CairoFont(path: file)
    cairoFonts[file] = made
    return made
  }

  /// Sets one run in its box: shaped by HarfBuzz, each glyph where SDL_ttf's
  /// `TTF_Size_Internal` puts its bitmap, at the whole pixel below its pen position, the line
  /// moved right or down when a glyph would start before the box's edge.
  private func drawRun(_ run: FontRun, left: Double, top: Double, color: RGBAColor) {
    guard let shaper = shaper(run.file, size: run.pixelSize) else { return }
    let face = shaper.face
    let shaped = shaper.shape(run.text, rightToLeft: run.rightToLeft, script: run.script)
    var pen = (x: 0, y: 0)
    var minimum = (x: 0, y: 0)
    var origins: [(x: Int, y: Int)] = []
    for glyph in shaped {
      let x = FreeTypeFace.floor(pen.x + glyph.xOffset)
      let y = FreeTypeFace.floor(pen.y + face.ascent * 64 - glyph.yOffset)
      pen.x += glyph.xAdvance
      pen.y += glyph.yAdvance
      let box = face.box(of: glyph.glyph)
      minimum.x = min(minimum.x, x + box.left)
      minimum.y = min(minimum.y, y - box.top)
      origins.append((x, y))
    }
    let start = (x: -minimum.x, y: -minimum.y)

    if face.isBitmapOnly {
      for (glyph, origin) in zip(shaped, origins) {
        drawColorGlyph(
          glyph.glyph, of: face, x: left + Double(start.x + origin.x) * run.scale,
          baseline: top + Double(start.y + origin.y) * run.scale, scale: run.scale)
      }
      return
    }
    guard let font = cairoFont(run.file) else { return }
    let size = Double(run.pixelSize)
    let placed = zip(shaped, origins).enumerated().map { index, pair in
      let (glyph, origin) = pair
      return PlacedGlyph(
        glyph: glyph.glyph, x: left + Double(start.x + origin.x) + Self.glyphNudge,
        y: top + Double(start.y + origin.y) + Self.glyphNudge
          + (index % 2 == 0 ? 0 : Self.baselineStep * size))
    }
    let utf8 = Array(run.text.utf8)
    let slant = run.syntheticItalic ? Self.italicSlant : 0
    document.showText(
      utf8, glyphs: placed,
      clusters: Self.clusters(
        shaped.map(\.cluster), byteCount: utf8.count, backward: run.rightToLeft),
      backward: run.rightToLeft, font: font, size: size, slant: slant, color: color)
    if run.syntheticBold {
      // SDL_ttf's synthetic bold smears each glyph rightwards by a few pixels: the same copies,
      // as shapes, over the text.
      let copies = (0..<face.boldOverhang).flatMap { offset in
        placed.map { PlacedGlyph(glyph: $0.glyph, x: $0.x + Double(offset + 1), y: $0.y) }
      }
      document.fillGlyphOutlines(copies, font: font, size: size, slant: slant, color: color)
    }
  }

  /// cairo's text clusters for glyphs whose characters start at `starts` (byte offsets, in
  /// glyph order; for right-to-left text, glyphs run from the text's end): runs of glyphs that
  /// share a start, each with the bytes up to the next start, in the text's order.
  /// Empty when the glyphs are not in the text's order (then the glyphs are set without text,
  /// rather than with a mapping cairo would refuse).
  static func clusters(_ starts: [Int], byteCount: Int, backward: Bool) -> [(
    bytes: Int, glyphs: Int
  )] {
    guard !starts.isEmpty, byteCount > 0 else { return [] }
    let ordered = backward ? Array(starts.reversed()) : starts
    guard zip(ordered, ordered.dropFirst()).allSatisfy({ $0 <= $1 }),
      let last = ordered.last, last < byteCount
    else { return [] }
    var distinct: [Int] = []
    for start in ordered where distinct.last != start { distinct.append(start) }
    // The bytes before the first glyph's characters (none, as HarfBuzz keeps every character)
    // belong to it.
    var lengths: [Int: Int] = [:]
    for (index, start) in distinct.enumerated() {
      let from = index == 0 ? 0 : start
      let to = index + 1 < distinct.count ? distinct[index + 1] : byteCount
      lengths[start] = to - from
    }
    // Backward clusters list the text from its start and take glyphs from the end.
    var clusters: [(bytes: Int, glyphs: Int)] = []
    var previous: Int?
    for start in ordered {
      if start == previous, !clusters.isEmpty {
        clusters[clusters.count - 1].glyphs += 1
      } else {
        clusters.append((lengths[start] ?? 0, 1))
      }
      previous = start
    }
    return clusters
  }

  /// A colour emoji, from its bitmap: an image scaled to the text's size, as on screen.
  private func drawColorGlyph(
    _ glyph: UInt32, of face: FreeTypeFace, x: Double, baseline: Double, scale: Double
  ) {
    let key = GlyphImageKey(file: face.path, glyph: glyph)
    let image: CairoImage?
    let box: GlyphBox
    if let known = glyphImages[key] {
      image = known
    } else {
      image = face.colorGlyph(glyph).flatMap {
        try? CairoImage(
          bgra: $0.pixels, size: PixelSize(width: $0.width, height: $0.height),
          uniqueID: "podium-glyph:\(face.path)#\(glyph)")
      }
      glyphImages[key] = image
    }
    box = face.box(of: glyph)
    guard let image else { return }
    let width = Double(image.size.width)
    let height = Double(image.size.height)
    document.draw(
      image, source: Rect(x: 0, y: 0, width: width, height: height),
      destination: Rect(
        x: x + Double(box.left) * scale, y: baseline - Double(box.top) * scale,
        width: width * scale, height: height * scale))
  }

  // MARK: - Images

  private func drawImage(_ item: ImageItem) {
    if let index = item.page {
      // A page of a PDF (a formula) goes in as the vectors it is made of.
      guard let page = pdfFile(item.path)?.page(index) else { return }
      let (width, height) = page.size
      document.drawVector(
        crop: item.source ?? Rect(x: 0, y: 0, width: width, height: height),
        destination: item.destination, tint: item.tint, draw: page.render(on:))
      return
    }
    guard let image = picture(at: item.picturePath, filters: item.filters) else { return }
    let whole = Rect(
      x: 0, y: 0, width: Double(image.size.width), height: Double(image.size.height))
    document.draw(
      image, source: item.source?.pixelAligned ?? whole, destination: item.destination.pixelAligned
    )
  }

  /// A PDF file opened once for every page drawn from it.
  private func pdfFile(_ path: String) -> PopplerFile? {
    if let known = pdfFiles[path] { return known }
    let made = try? PopplerFile(path: path, password: password)
    pdfFiles[path] = made
    return made
  }

  /// A JPEG goes into the PDF as its own bytes; any other format, or a picture with Marp's
  /// filters, as the pixels the screen shows.
  private func picture(at path: String, filters: [ImageFilter]) -> CairoImage? {
    let key = path + "\u{0}" + filters.map(\.name).joined(separator: " ")
    if let cached = pictures.value(forKey: key) { return cached }
    var made: CairoImage?
    let uniqueID = "podium-image:\(key)"
    if filters.isEmpty, case .success(let header) = files.imageHeader(at: path),
      header.format == "JPEG", let size = header.size,
      case .success(let bytes) = files.contents(
        of: path, limit: ImageFile.maximumFileSize, kind: "image")
    {
      made = try? CairoImage(jpeg: bytes, size: size, uniqueID: uniqueID)
    }
    if made == nil,
      let decoded = images.bgraPixels(ofImageAt: path, filters: filters, premultiplied: true)
    {
      made = try? CairoImage(bgra: decoded.pixels, size: decoded.size, uniqueID: uniqueID)
    }
    pictures.insert(made, forKey: key, cost: made?.cost ?? 0)
    return made
  }
}
