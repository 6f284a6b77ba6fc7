import CCairo
import CFreeType
import Foundation
import PodiumCore

/// A glyph placed in a page's pixel space, as cairo takes it.
struct PlacedGlyph {
  var glyph: UInt32
  var x: Double
  var y: Double
}

/// An owned `cairo_font_face_t` over a FreeType face of its own (cairo sets that face's size as
/// it pleases, so it never shares one with the shaper).
final class CairoFont {
  let pointer: OpaquePointer
  let face: FreeTypeFace

  /// The key under which the font face holds its FreeType face.
  /// Only its address matters: cairo compares keys by address and never writes to them.
  nonisolated(unsafe) private static let faceKey = UnsafeMutablePointer<cairo_user_data_key_t>
    .allocate(capacity: 1)

  /// The corresponding C functions are `cairo_ft_font_face_create_for_ft_face` and
  /// `cairo_font_face_set_user_data`.
  init(path: String) throws {
    let face = try FreeTypeFace(path: path, pixelSize: 64)
    guard let font = cairo_ft_font_face_create_for_ft_face(face.pointer, 0),
      cairo_font_face_status(font) == CAIRO_STATUS_SUCCESS
    else {
      throw PDFError(function: "cairo_ft_font_face_create_for_ft_face", message: path)
    }
    // cairo may keep the font face in its caches after this object is gone: the face it reads
    // holds a reference of its own, dropped when cairo destroys the font face.
    FT_Reference_Face(face.pointer)
    let attached = cairo_font_face_set_user_data(
      font, Self.faceKey, UnsafeMutableRawPointer(face.pointer)
    ) { data in
      if let data { FT_Done_Face(data.assumingMemoryBound(to: FT_FaceRec.self)) }
    }
    if attached != CAIRO_STATUS_SUCCESS { FT_Done_Face(face.pointer) }
    pointer = font
    self.face = face
  }

  /// The corresponding C function is `cairo_font_face_destroy`.
  deinit {
    cairo_font_face_destroy(pointer)
  }
}

/// An owned cairo image surface: one picture of a deck, or one colour glyph, embedded in the PDF
/// once however often it is drawn (cairo matches it by its unique id).
final class CairoImage {
  let pointer: OpaquePointer
  let size: PixelSize
  /// Bytes of memory it holds, for the cache that keeps it.
  let cost: Int

  /// A JPEG file's bytes, passed into the PDF still compressed: the surface itself is never
  /// drawn into. The corresponding C functions are `cairo_image_surface_create` and
  /// `cairo_surface_set_mime_data`.
  init(jpeg: [UInt8], size: PixelSize, uniqueID: String) throws {
    guard
      let surface = cairo_image_surface_create(
        CAIRO_FORMAT_RGB24, Int32(size.width),
        Int32(size.height)),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
    else { throw PDFError(function: "cairo_image_surface_create", message: "\(size)") }
    pointer = surface
    self.size = size
    cost = jpeg.count
    Self.attach(jpeg, as: CAIRO_MIME_TYPE_JPEG, to: surface)
    Self.attach(Array(uniqueID.utf8), as: CAIRO_MIME_TYPE_UNIQUE_ID, to: surface)
  }

  /// Premultiplied BGRA pixels, rows of `size.width * 4` bytes; stored without alpha when every
  /// pixel is opaque, so the PDF needs no soft mask. The corresponding C function is
  /// `cairo_image_surface_create`.
  init(bgra pixels: [UInt8], size: PixelSize, uniqueID: String) throws {
    var opaque = true
    for index in stride(from: 3, to: pixels.count, by: 4) where pixels[index] != 255 {
      opaque = false
      break
    }
    let format = opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
    guard pixels.count >= size.width * size.height * 4,
      let surface = cairo_image_surface_create(format, Int32(size.width), Int32(size.height)),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
      let data = cairo_image_surface_get_data(surface)
    else { throw PDFError(function: "cairo_image_surface_create", message: "\(size)") }
    let stride = Int(cairo_image_surface_get_stride(surface))
    let rowBytes = size.width * 4
    pixels.withUnsafeBytes { source in
      guard let base = source.baseAddress else { return }
      for row in 0..<size.height {
        (data + row * stride).update(
          from: base.advanced(by: row * rowBytes).assumingMemoryBound(to: UInt8.self),
          count: rowBytes)
      }
    }
    cairo_surface_mark_dirty(surface)
    pointer = surface
    self.size = size
    cost = stride * size.height
    Self.attach(Array(uniqueID.utf8), as: CAIRO_MIME_TYPE_UNIQUE_ID, to: surface)
  }

  /// Hands cairo a copy of `bytes` that it frees when it is done with it.
  private static func attach(_ bytes: [UInt8], as mimeType: String, to surface: OpaquePointer) {
    guard let copy = malloc(max(1, bytes.count)) else { return }
    bytes.withUnsafeBytes {
      if let base = $0.baseAddress { copy.copyMemory(from: base, byteCount: bytes.count) }
    }
    let status = cairo_surface_set_mime_data(
      surface, mimeType, copy.assumingMemoryBound(to: UInt8.self), UInt(bytes.count),
      { free($0) }, copy)
    if status != CAIRO_STATUS_SUCCESS { free(copy) }
  }

  /// The corresponding C function is `cairo_surface_destroy`.
  deinit {
    cairo_surface_destroy(pointer)
  }
}

/// A cairo image surface and its context over pixels lent for the drawing, to draw a PDF page.
final class CairoCanvas {
  private let surface: OpaquePointer
  let context: OpaquePointer
  let size: PixelSize

  /// Draws on a transparent canvas of `size` with `draw`; the pixels drawn, premultiplied BGRA
  /// rows of `size.width * 4` bytes, are the array returned: cairo draws straight into it, and
  /// nothing is copied. nil if cairo cannot make the canvas or drawing failed.
  static func pixels(_ size: PixelSize, _ draw: (CairoCanvas) -> Void) -> [UInt8]? {
    let (count, overflow) = size.width.multipliedReportingOverflow(by: size.height * 4)
    guard size.width > 0, size.height > 0, !overflow else { return nil }
    var drawn = false
    let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      buffer.initialize(repeating: 0)
      initialized = count
      guard let base = buffer.baseAddress, let canvas = CairoCanvas(over: base, size: size) else {
        return
      }
      draw(canvas)
      drawn = canvas.finish()
    }
    return drawn ? pixels : nil
  }

  /// The corresponding C functions are `cairo_image_surface_create_for_data` and
  /// `cairo_create`.
  private init?(over pixels: UnsafeMutablePointer<UInt8>, size: PixelSize) {
    guard
      let surface = cairo_image_surface_create_for_data(
        pixels, CAIRO_FORMAT_ARGB32, Int32(size.width), Int32(size.height),
        Int32(size.width * 4)),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
    else { return nil }
    guard let context = cairo_create(surface) else {
      cairo_surface_destroy(surface)
      return nil
    }
    self.surface = surface
    self.context = context
    self.size = size
  }

  /// The context first, then the surface. The corresponding C functions are `cairo_destroy`
  /// and `cairo_surface_destroy`.
  deinit {
    cairo_destroy(context)
    cairo_surface_destroy(surface)
  }

  /// Maps `crop` (points of a page) onto the whole canvas.
  func fit(_ crop: Rect) {
    cairo_scale(context, Double(size.width) / crop.width, Double(size.height) / crop.height)
    cairo_translate(context, -crop.x, -crop.y)
  }

  /// Whether everything drawn reached the pixels. The corresponding C functions are
  /// `cairo_surface_flush` and `cairo_status`.
  private func finish() -> Bool {
    cairo_surface_flush(surface)
    return cairo_status(context) == CAIRO_STATUS_SUCCESS
  }
}

/// A cairo drawing context on a vector surface that it owns: a PDF being written (`PDFDocument`)
/// or one slide as SVG (`SVGPage`), drawn in the pixel coordinates of the frames drawn on it.
class VectorSurface {
  let surface: OpaquePointer
  let context: OpaquePointer
  private(set) var clipDepth = 0

  /// Takes `surface`, which `function` made, and draws on it; throws cairo's error if the
  /// surface failed. The corresponding C function is `cairo_create`.
  init(surface: OpaquePointer, madeBy function: String) throws {
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else {
      cairo_surface_destroy(surface)
      throw PDFError(
        function: function, message: String(cString: cairo_status_to_string(status)))
    }
    self.surface = surface
    self.context = context
  }

  /// The context first, then the surface: the context holds a reference to it.
  /// The corresponding C functions are `cairo_destroy` and `cairo_surface_destroy`.
  deinit {
    cairo_destroy(context)
    cairo_surface_destroy(surface)
  }

  /// Pops every clip still pushed, as a page ends.
  func popAllClips() {
    while clipDepth > 0 { popClip() }
  }

  /// Draws what `draw` puts on the context (a PDF page, in points) with `crop` of it filling
  /// `destination`, still as vectors; with `tint`, only its coverage counts, painted in that
  /// colour (a formula in the text's colour). The corresponding C functions are
  /// `cairo_push_group`, `cairo_pop_group` and `cairo_mask`.
  func drawVector(
    crop: Rect, destination: Rect, tint: RGBAColor?, draw: (OpaquePointer) -> Void
  ) {
    guard crop.width > 0, crop.height > 0 else { return }
    cairo_save(context)
    cairo_rectangle(context, destination.x, destination.y, destination.width, destination.height)
    cairo_clip(context)
    cairo_translate(context, destination.x, destination.y)
    cairo_scale(context, destination.width / crop.width, destination.height / crop.height)
    cairo_translate(context, -crop.x, -crop.y)
    if let tint {
      cairo_push_group(context)
      draw(context)
      let mask = cairo_pop_group(context)
      setColor(tint)
      cairo_mask(context, mask)
      cairo_pattern_destroy(mask)
    } else {
      draw(context)
    }
    cairo_restore(context)
  }

  /// Writes what is left of the document and ends the surface; throws cairo's error when
  /// `drawing` or the writing failed (a full disk, say). The corresponding C function is
  /// `cairo_surface_finish`.
  func finishSurface(after drawing: String) throws {
    try check(drawing)
    cairo_surface_finish(surface)
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw PDFError(
        function: "cairo_surface_finish", message: String(cString: cairo_status_to_string(status)))
    }
  }

  /// Throws cairo's error, if drawing has failed: a failed context draws nothing more.
  func check(_ function: String) throws {
    let status = cairo_status(context)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw PDFError(function: function, message: String(cString: cairo_status_to_string(status)))
    }
  }

  private func setColor(_ color: RGBAColor) {
    cairo_set_source_rgba(
      context, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255,
      Double(color.alpha) / 255)
  }

  func fill(_ rect: Rect, _ color: RGBAColor) {
    guard rect.width > 0, rect.height > 0 else { return }
    setColor(color)
    cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
    cairo_fill(context)
  }

  /// Strokes a polyline with round joins and caps: ink, as vectors. A stroke whose width
  /// changes along it (pressure) is stroked a segment at a time; a `multiply` one (the
  /// highlighter) as one path, so it never darkens where it overlaps itself. The corresponding
  /// C functions are `cairo_set_line_width`, `cairo_set_line_cap`, `cairo_set_line_join`,
  /// `cairo_set_operator` (`CAIRO_OPERATOR_MULTIPLY`), `cairo_move_to`, `cairo_line_to` and
  /// `cairo_stroke`.
  func stroke(_ item: StrokeItem) {
    let count = item.pointCount
    guard count > 0 else { return }
    cairo_save(context)
    setColor(item.color)
    if item.blend == .multiply { cairo_set_operator(context, CAIRO_OPERATOR_MULTIPLY) }
    cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    func point(_ index: Int) -> (Double, Double) {
      (item.points[2 * index], item.points[2 * index + 1])
    }
    if item.widths.count == count, item.blend == .normal, count > 1 {
      for index in 1..<count {
        let ((ax, ay), (bx, by)) = (point(index - 1), point(index))
        cairo_set_line_width(context, (item.widths[index - 1] + item.widths[index]) / 2)
        cairo_move_to(context, ax, ay)
        cairo_line_to(context, bx, by)
        cairo_stroke(context)
      }
    } else {
      let widths = item.widths
      cairo_set_line_width(
        context, widths.isEmpty ? item.width : widths.reduce(0, +) / Double(widths.count))
      let (x, y) = point(0)
      cairo_move_to(context, x, y)
      // One point is a dot: a zero-length segment with round caps.
      if count == 1 { cairo_line_to(context, x, y) }
      for index in 1..<max(1, count) {
        let (bx, by) = point(index)
        cairo_line_to(context, bx, by)
      }
      cairo_stroke(context)
    }
    cairo_restore(context)
  }

  /// Later drawing stays inside `rect` (and any clip already set) until `popClip`.
  /// The corresponding C functions are `cairo_save` and `cairo_clip`.
  func pushClip(_ rect: Rect) {
    cairo_save(context)
    cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
    cairo_clip(context)
    clipDepth += 1
  }

  /// The corresponding C function is `cairo_restore`.
  func popClip() {
    guard clipDepth > 0 else { return }
    cairo_restore(context)
    clipDepth -= 1
  }

  /// Sets glyphs as text: with the characters each stands for (`clusters`: bytes of `utf8` and
  /// glyphs, in glyph order), so the text can be selected, searched and extracted. A slanted
  /// font shears its glyphs as SDL_ttf's synthetic italic does. The corresponding C function is
  /// `cairo_show_text_glyphs`.
  func showText(
    _ utf8: [UInt8], glyphs: [PlacedGlyph], clusters: [(bytes: Int, glyphs: Int)],
    backward: Bool, font: CairoFont, size: Double, slant: Double, color: RGBAColor
  ) {
    guard !glyphs.isEmpty else { return }
    setFont(font, size: size, slant: slant)
    setColor(color)
    let cairoGlyphs = glyphs.map { cairo_glyph_t(index: UInt($0.glyph), x: $0.x, y: $0.y) }
    let cairoClusters = clusters.map {
      cairo_text_cluster_t(num_bytes: Int32($0.bytes), num_glyphs: Int32($0.glyphs))
    }
    let flags = backward ? CAIRO_TEXT_CLUSTER_FLAG_BACKWARD : cairo_text_cluster_flags_t(0)
    utf8.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { text in
        if cairoClusters.isEmpty {
          cairo_show_glyphs(context, cairoGlyphs, Int32(cairoGlyphs.count))
        } else {
          cairo_show_text_glyphs(
            context, text.baseAddress, Int32(text.count), cairoGlyphs, Int32(cairoGlyphs.count),
            cairoClusters, Int32(cairoClusters.count), flags)
        }
      }
    }
  }

  /// Fills the glyphs' outlines as shapes, not text: the extra strokes of a synthetic bold.
  /// The corresponding C function is `cairo_glyph_path`.
  func fillGlyphOutlines(
    _ glyphs: [PlacedGlyph], font: CairoFont, size: Double, slant: Double, color: RGBAColor
  ) {
    guard !glyphs.isEmpty else { return }
    setFont(font, size: size, slant: slant)
    setColor(color)
    let cairoGlyphs = glyphs.map { cairo_glyph_t(index: UInt($0.glyph), x: $0.x, y: $0.y) }
    cairo_new_path(context)
    cairo_glyph_path(context, cairoGlyphs, Int32(cairoGlyphs.count))
    cairo_fill(context)
  }

  private func setFont(_ font: CairoFont, size: Double, slant: Double) {
    cairo_set_font_face(context, font.pointer)
    var matrix = cairo_matrix_t(xx: size, yx: 0, xy: -slant * size, yy: size, x0: 0, y0: 0)
    cairo_set_font_matrix(context, &matrix)
  }

  /// Draws the part `source` of `image` (in image pixels) scaled into `destination`, filtered as
  /// the screen scales pictures. The corresponding C functions are `cairo_set_source_surface`
  /// and `cairo_paint`.
  func draw(_ image: CairoImage, source: Rect, destination: Rect) {
    guard source.width > 0, source.height > 0, destination.width > 0, destination.height > 0
    else { return }
    cairo_save(context)
    cairo_rectangle(context, destination.x, destination.y, destination.width, destination.height)
    cairo_clip(context)
    cairo_translate(context, destination.x, destination.y)
    cairo_scale(context, destination.width / source.width, destination.height / source.height)
    cairo_set_source_surface(context, image.pointer, -source.x, -source.y)
    cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
    cairo_pattern_set_extend(cairo_get_source(context), CAIRO_EXTEND_PAD)
    cairo_paint(context)
    cairo_restore(context)
  }

  /// What is drawn until `endLink` links to `uri`; `area` is where it lies on the page. The
  /// corresponding C function is `cairo_tag_begin` with `CAIRO_TAG_LINK`.
  func beginLink(_ uri: String, area: Rect) {
    // cairo reads the attribute as a quoted string in which \ and ' are escaped; what is left
    // of `\` after `pdfURI` is none.
    let escaped = Self.pdfURI(uri).replacingOccurrences(of: "'", with: "\\'")
    cairo_tag_begin(context, CAIRO_TAG_LINK, "uri='\(escaped)'")
  }

  /// `uri` as the PDF's link annotation holds it: every byte that is not printable ASCII, and
  /// every character a PDF string or a URI must not hold bare (`(`, `)`, `\`, spaces, quotes,
  /// braces, a `%` that starts no escape), percent-encoded as RFC 3986 does. cairo 1.16 writes
  /// the address between parentheses as it is given (`/URI (foo(and(bar))`), which damaged
  /// the file; an address so encoded has nothing a PDF string escapes, whatever cairo does.
  static func pdfURI(_ uri: String) -> String {
    let bytes = Array(uri.utf8)
    let hex = Array("0123456789ABCDEF".utf8)
    let bare = Set("()\\<>\"{}|^`".utf8)
    func isHex(_ byte: UInt8) -> Bool {
      (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
    var encoded: [UInt8] = []
    encoded.reserveCapacity(bytes.count)
    for (index, byte) in bytes.enumerated() {
      let startsEscape =
        byte == UInt8(ascii: "%") && index + 2 < bytes.count && isHex(bytes[index + 1])
        && isHex(bytes[index + 2])
      if (0x21...0x7E).contains(byte) && !bare.contains(byte)
        && (byte != UInt8(ascii: "%") || startsEscape)
      {
        encoded.append(byte)
      } else {
        encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      }
    }
    return String(decoding: encoded, as: UTF8.self)
  }

  /// The corresponding C function is `cairo_tag_end`.
  func endLink() {
    cairo_tag_end(context, CAIRO_TAG_LINK)
  }
}

/// An owned cairo PDF surface: one PDF being written, page by page.
final class PDFDocument: VectorSurface {
  private let path: String

  /// The corresponding C function is `cairo_pdf_surface_create`.
  init(path: String) throws {
    guard let surface = cairo_pdf_surface_create(path, 100, 100) else {
      throw PDFError(function: "cairo_pdf_surface_create", message: "no surface")
    }
    self.path = path
    try super.init(surface: surface, madeBy: "cairo_pdf_surface_create")
  }

  /// The corresponding C function is `cairo_pdf_surface_set_metadata`.
  func setMetadata(title: String?, author: String?, subject: String?, creator: String) {
    let entries: [(cairo_pdf_metadata_t, String?)] = [
      (CAIRO_PDF_METADATA_TITLE, title), (CAIRO_PDF_METADATA_AUTHOR, author),
      (CAIRO_PDF_METADATA_SUBJECT, subject), (CAIRO_PDF_METADATA_CREATOR, creator),
    ]
    for case (let key, let value?) in entries {
      cairo_pdf_surface_set_metadata(surface, key, value)
    }
  }

  /// Starts a page of `points` size on which one pixel is `scale` points. The corresponding C
  /// function is `cairo_pdf_surface_set_size`.
  func beginPage(points: (width: Double, height: Double), scale: Double, label: String?) {
    cairo_pdf_surface_set_size(surface, points.width, points.height)
    if let label { cairo_pdf_surface_set_page_label(surface, label) }
    cairo_identity_matrix(context)
    cairo_scale(context, scale, scale)
  }

  /// The corresponding C function is `cairo_show_page`.
  func endPage() {
    popAllClips()
    cairo_show_page(context)
  }

  /// Writes the rest of the document and closes the file; throws when anything failed on the
  /// way (a full disk, say).
  func finish() throws {
    try finishSurface(after: "cairo_show_page")
    do {
      try PDFCrossReferences.freeUnwrittenObjects(inFileAt: path)
    } catch {
      throw PDFError(function: "write", message: error.localizedDescription)
    }
  }

  /// A bookmark to `page` (1-based) at the top level of the outline. The corresponding C
  /// function is `cairo_pdf_surface_add_outline`.
  func addOutline(_ title: String, page: Int) {
    _ = cairo_pdf_surface_add_outline(
      surface, Int32(CAIRO_PDF_OUTLINE_ROOT), title, "page=\(page)", cairo_pdf_outline_flags_t(0))
  }
}

/// One slide as an SVG document, drawn by cairo's SVG surface into memory: text as glyph
/// outlines (`<symbol>`s used at each glyph's place), pictures as PNG or JPEG data, clips and
/// masks as SVG's own. What SVG 1.1 cannot draw (the highlighter's multiply) cairo draws as a
/// picture at twice the slide's pixels.
final class SVGPage: VectorSurface {
  /// Where cairo writes the document; it outlives the surface's last write (see `deinit`).
  private final class Output {
    var bytes: [UInt8] = []
  }

  private let output: Output
  /// The links drawn, as SVG's own `<a>` elements: cairo's SVG surface writes none.
  private var links: [String] = []

  /// A page of `size` pixels, one SVG user unit a pixel. The corresponding C functions are
  /// `cairo_svg_surface_create_for_stream`, `cairo_svg_surface_restrict_to_version` and
  /// `cairo_surface_set_fallback_resolution`.
  init(size: PixelSize) throws {
    let output = Output()
    let write: cairo_write_func_t = { closure, data, length in
      guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
      Unmanaged<Output>.fromOpaque(closure).takeUnretainedValue().bytes.append(
        contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
      return CAIRO_STATUS_SUCCESS
    }
    guard
      let surface = cairo_svg_surface_create_for_stream(
        write, Unmanaged.passUnretained(output).toOpaque(), Double(size.width),
        Double(size.height))
    else {
      throw PDFError(function: "cairo_svg_surface_create_for_stream", message: "no surface")
    }
    cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1)
    // Points are pixels here (72 a 72-point inch): pictures cairo must make are at 2x.
    cairo_surface_set_fallback_resolution(surface, 144, 144)
    self.output = output
    try super.init(surface: surface, madeBy: "cairo_svg_surface_create_for_stream")
  }

  /// cairo writes what is left of an unfinished document when the surface goes, which is after
  /// this; it must reach `output` while it is still there. The corresponding C function is
  /// `cairo_surface_finish`.
  deinit {
    cairo_surface_finish(surface)
  }

  /// A link over `area` to a web or mail address (any other, `javascript:` say, is left out),
  /// opened in a new tab.
  override func beginLink(_ uri: String, area: Rect) {
    super.beginLink(uri, area: area)
    guard let scheme = URL(string: uri)?.scheme?.lowercased(),
      ["http", "https", "mailto"].contains(scheme)
    else { return }
    let box = [area.x, area.y, area.width, area.height].map { String(format: "%.1f", $0) }
    links.append(
      "<a xlink:href=\"\(HTMLPlayer.escaped(uri))\" target=\"_blank\" rel=\"noopener\">"
        + "<rect x=\"\(box[0])\" y=\"\(box[1])\" width=\"\(box[2])\" height=\"\(box[3])\" "
        + "fill=\"transparent\"/></a>\n")
  }

  /// Ends the page and returns the SVG document, its links over the drawing.
  func finish() throws -> String {
    popAllClips()
    try finishSurface(after: "drawing the SVG page")
    var text = String(decoding: output.bytes, as: UTF8.self)
    if !links.isEmpty, let close = text.range(of: "</svg>", options: .backwards) {
      text.insert(contentsOf: links.joined(), at: close.lowerBound)
    }
    return text
  }
}

extension CairoCanvas {
  /// Draws premultiplied BGRA pixels of `size` (rows of `size.width * 4` bytes) scaled to fill
  /// the whole canvas: halved while still at least twice as large as the canvas (each halving
  /// the average of every 2x2 pixels, so every source pixel counts and nothing aliases), then
  /// filtered bilinearly the rest of the way, less than a halving. The console's views of a
  /// 1080p page cost 1-3 ms so, where cairo's GOOD filter took 20-40 ms of a core each.
  /// The corresponding C functions are `cairo_image_surface_create_for_data`,
  /// `cairo_pattern_set_filter` and `cairo_paint`.
  func paintScaled(_ pixels: [UInt8], size source: PixelSize) {
    guard source.width > 0, source.height > 0, pixels.count >= source.width * source.height * 4
    else { return }
    Self.withReduced(pixels, size: source, near: (Double(size.width), Double(size.height))) {
      from, fromSize in
      Self.paint(from, size: fromSize, on: context, size: size)
    }
  }

  /// Paints a page's picture where the page puts it (after `fit`), as Poppler's cairo output
  /// draws one: halved while it is at least twice its size on the canvas, then filtered
  /// bilinearly; enlarged four times or more, its pixels show as squares unless it asks for
  /// smoothing. The corresponding C functions are `cairo_transform`,
  /// `cairo_user_to_device_distance` and `cairo_fill`.
  func paint(_ picture: PagePicture) {
    let (width, height) = (Double(picture.size.width), Double(picture.size.height))
    cairo_save(context)
    defer { cairo_restore(context) }
    // From the picture's pixels, its first row at the top, to the page's points.
    let m = picture.matrix
    var matrix = cairo_matrix_t(
      xx: m.a / width, yx: m.b / width, xy: -m.c / height, yy: -m.d / height, x0: m.c + m.e,
      y0: m.d + m.f)
    cairo_transform(context, &matrix)
    // How long its sides are on the canvas, in pixels.
    var (acrossX, acrossY, downX, downY) = (width, 0.0, 0.0, height)
    cairo_user_to_device_distance(context, &acrossX, &acrossY)
    cairo_user_to_device_distance(context, &downX, &downY)
    let shown = (
      width: (acrossX * acrossX + acrossY * acrossY).squareRoot(),
      height: (downX * downX + downY * downY).squareRoot()
    )
    Self.withReduced(picture.pixels, size: picture.size, near: shown) { from, fromSize in
      cairo_scale(context, width / Double(fromSize.width), height / Double(fromSize.height))
      cairo_set_source_surface(context, from, 0, 0)
      let enlarged = shown.width >= 4 * width || shown.height >= 4 * height
      cairo_pattern_set_filter(
        cairo_get_source(context),
        enlarged && !picture.interpolate ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR)
      // The edges' pixels are the picture's own, not blended with transparency beyond it.
      cairo_pattern_set_extend(cairo_get_source(context), CAIRO_EXTEND_PAD)
      cairo_rectangle(context, 0, 0, Double(fromSize.width), Double(fromSize.height))
      cairo_fill(context)
    }
  }

  /// Opaque or premultiplied BGRA rows (`size.width * 4` bytes each) lent to cairo as a source
  /// surface, not copied (cairo only reads it), halved while at least twice `target` pixels both
  /// ways; `draw` paints from what is left. The canvas's `finish` flushes what it paints. The
  /// corresponding C functions are `cairo_image_surface_create_for_data` and
  /// `cairo_surface_destroy`.
  private static func withReduced(
    _ pixels: [UInt8], size: PixelSize, near target: (width: Double, height: Double),
    _ draw: (OpaquePointer, PixelSize) -> Void
  ) {
    pixels.withUnsafeBytes { buffer in
      guard let address = buffer.baseAddress,
        let image = cairo_image_surface_create_for_data(
          UnsafeMutablePointer(mutating: address.assumingMemoryBound(to: UInt8.self)),
          CAIRO_FORMAT_ARGB32, Int32(size.width), Int32(size.height), Int32(size.width * 4))
      else { return }
      var (from, fromSize) = (image, size)
      while Double(fromSize.width / 2) >= target.width
        && Double(fromSize.height / 2) >= target.height,
        let half = halved(from, size: fromSize)
      {
        cairo_surface_destroy(from)
        (from, fromSize) = half
      }
      defer { cairo_surface_destroy(from) }
      draw(from, fromSize)
    }
  }

  /// A surface of half the size, each pixel the average of 2x2 (bilinear filtering at exactly
  /// half samples between four pixels); nil if cairo cannot make it.
  private static func halved(_ from: OpaquePointer, size: PixelSize)
    -> (OpaquePointer, PixelSize)?
  {
    let half = PixelSize(width: max(1, size.width / 2), height: max(1, size.height / 2))
    guard
      let target = cairo_image_surface_create(
        CAIRO_FORMAT_ARGB32, Int32(half.width), Int32(half.height)),
      cairo_surface_status(target) == CAIRO_STATUS_SUCCESS
    else { return nil }
    guard let context = cairo_create(target) else {
      cairo_surface_destroy(target)
      return nil
    }
    paint(from, size: size, on: context, size: half)
    cairo_destroy(context)
    cairo_surface_flush(target)
    return (target, half)
  }

  /// `from` scaled onto all of `context`, bilinearly.
  private static func paint(
    _ from: OpaquePointer, size source: PixelSize, on context: OpaquePointer, size: PixelSize
  ) {
    cairo_save(context)
    cairo_scale(
      context, Double(size.width) / Double(source.width),
      Double(size.height) / Double(source.height))
    cairo_set_source_surface(context, from, 0, 0)
    cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_BILINEAR)
    // The edges' pixels are the image's own, not blended with transparency beyond it.
    cairo_pattern_set_extend(cairo_get_source(context), CAIRO_EXTEND_PAD)
    cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
    cairo_paint(context)
    cairo_restore(context)
  }
}
