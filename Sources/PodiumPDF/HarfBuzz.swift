import CFreeType
import CHarfBuzz

/// One glyph as HarfBuzz shaped it, in 26.6 fixed-point pixels.
struct ShapedGlyph {
  var glyph: UInt32
  /// The byte offset in the run's UTF-8 where the glyph's characters start.
  var cluster: Int
  var xAdvance: Int
  var yAdvance: Int
  var xOffset: Int
  var yOffset: Int
}

/// An owned `hb_font_t` over one `FreeTypeFace`, set up as SDL_ttf sets up its own (HarfBuzz
/// reading advances through FreeType with the same load flags), so a line shapes to the same
/// glyphs and positions as on screen.
final class ShapingFont {
  let face: FreeTypeFace
  private let font: OpaquePointer

  /// The corresponding C functions are `hb_ft_font_create_referenced` and
  /// `hb_ft_font_set_load_flags`.
  init(face: FreeTypeFace) throws {
    guard let font = hb_ft_font_create_referenced(face.pointer) else {
      throw PDFError(function: "hb_ft_font_create_referenced", message: "for '\(face.path)'")
    }
    hb_ft_font_set_load_flags(font, FreeTypeFace.loadFlags)
    self.face = face
    self.font = font
  }

  /// The corresponding C function is `hb_font_destroy`; the face is released after it.
  deinit {
    hb_font_destroy(font)
  }

  /// Shapes `text` in one direction and script (an ISO 15924 tag), as SDL_ttf does: "Zzzz" is
  /// HarfBuzz's unknown script, shaped by its default shaper with no guessing. The corresponding
  /// C function is `hb_shape`.
  func shape(_ text: String, rightToLeft: Bool, script: String) -> [ShapedGlyph] {
    guard let buffer = hb_buffer_create() else { return [] }
    defer { hb_buffer_destroy(buffer) }
    hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    hb_buffer_set_script(buffer, hb_script_from_string(script, Int32(script.utf8.count)))
    var utf8 = Array(text.utf8)
    utf8.withUnsafeMutableBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) {
        hb_buffer_add_utf8(buffer, $0.baseAddress, Int32($0.count), 0, -1)
      }
    }
    hb_shape(font, buffer, nil, 0)
    var count: UInt32 = 0
    guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
      let positions = hb_buffer_get_glyph_positions(buffer, &count)
    else { return [] }
    return (0..<Int(count)).map { index in
      ShapedGlyph(
        glyph: infos[index].codepoint, cluster: Int(infos[index].cluster),
        xAdvance: Int(positions[index].x_advance), yAdvance: Int(positions[index].y_advance),
        xOffset: Int(positions[index].x_offset), yOffset: Int(positions[index].y_offset))
    }
  }
}
