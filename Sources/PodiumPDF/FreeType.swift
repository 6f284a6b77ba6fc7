import CFreeType
import PodiumCore

/// FreeType's library handle, one for the process. It is never freed: cairo keeps font faces in
/// its own caches past the life of any document, and freeing the library would free their faces
/// under it. The corresponding C function is `FT_Init_FreeType`.
enum FreeTypeLibrary {
  nonisolated(unsafe) static let shared: FT_Library? = {
    var library: FT_Library?
    return FT_Init_FreeType(&library) == 0 ? library : nil
  }()
}

/// Errors from FreeType, HarfBuzz and cairo, with the failing call.
public typealias PDFError = FailedCall

/// Where SDL_ttf puts a glyph's bitmap relative to the pen, in whole pixels.
struct GlyphBox: Hashable {
  var left: Int
  var top: Int
}

/// A colour glyph's pixels, premultiplied BGRA, and where they go relative to the pen.
struct ColorGlyph {
  var width: Int
  var height: Int
  var box: GlyphBox
  var pixels: [UInt8]
}

/// An owned `FT_Face` opened at one size, loading glyphs as SDL_ttf does for the screen (light
/// hinting), so the shaper's advances and the glyph boxes match the PNG's pixel for pixel.
final class FreeTypeFace {
  let pointer: FT_Face
  let path: String
  /// A font of bitmaps only (colour emoji): its size is a strike, and its glyphs are images.
  let isBitmapOnly: Bool
  /// SDL_ttf's font ascent in pixels at this size: the baseline's distance from the line's top.
  let ascent: Int
  private var boxes: [UInt32: GlyphBox] = [:]

  /// The load flags SDL_ttf uses with `TTF_HINTING_LIGHT`, which FontLibrary sets.
  static let loadFlags = Int32(FT_LOAD_DEFAULT) | podium_ft_load_target_light

  /// Opens `path` at `pixelSize` pixels (at 72 dpi, as SDL_ttf's point size), or for a font of
  /// bitmaps only, its first strike. The corresponding C functions are `FT_New_Face`,
  /// `FT_Set_Char_Size` and `FT_Select_Size`.
  init(path: String, pixelSize: Int) throws {
    guard let library = FreeTypeLibrary.shared else {
      throw PDFError(function: "FT_Init_FreeType", message: "FreeType did not start")
    }
    var face: FT_Face?
    let opened = FT_New_Face(library, path, 0, &face)
    guard opened == 0, let face else {
      throw PDFError(function: "FT_New_Face", message: "cannot open '\(path)' (error \(opened))")
    }
    pointer = face
    self.path = path
    let scalable = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
    isBitmapOnly = !scalable
    let sized =
      scalable
      ? FT_Set_Char_Size(face, 0, FT_F26Dot6(pixelSize * 64), 0, 0)
      : (face.pointee.num_fixed_sizes > 0 ? FT_Select_Size(face, 0) : -1)
    guard sized == 0, let size = face.pointee.size else {
      FT_Done_Face(face)
      throw PDFError(function: "FT_Set_Char_Size", message: "'\(path)' at \(pixelSize) px")
    }
    // SDL_ttf's TTF_initFontMetrics: the ascender scaled and rounded up to a whole pixel.
    let ascender =
      scalable
      ? FT_MulFix(FT_Long(face.pointee.ascender), size.pointee.metrics.y_scale)
      : size.pointee.metrics.ascender
    ascent = Self.ceil(Int(ascender))
  }

  /// The corresponding C function is `FT_Done_Face`.
  deinit {
    FT_Done_Face(pointer)
  }

  /// 26.6 fixed point down to whole pixels, as SDL_ttf's `FT_FLOOR`.
  static func floor(_ value: Int) -> Int { (value & -64) / 64 }
  static func ceil(_ value: Int) -> Int { floor(value + 63) }

  /// Where SDL_ttf's bitmap of `glyph` starts relative to the pen (`bitmap_left`, `bitmap_top`).
  /// The corresponding C function is `FT_Load_Glyph`.
  func box(of glyph: UInt32) -> GlyphBox {
    if let known = boxes[glyph] { return known }
    var flags = Self.loadFlags
    if isBitmapOnly { flags |= Int32(FT_LOAD_COLOR) }
    var box = GlyphBox(left: 0, top: 0)
    if FT_Load_Glyph(pointer, glyph, flags) == 0, let slot = pointer.pointee.glyph {
      box = GlyphBox(left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top))
    }
    boxes[glyph] = box
    return box
  }

  /// A colour glyph's bitmap (colour emoji), or nil when the glyph has none. The corresponding C
  /// function is `FT_Load_Glyph` with `FT_LOAD_COLOR`.
  func colorGlyph(_ glyph: UInt32) -> ColorGlyph? {
    guard FT_Load_Glyph(pointer, glyph, Self.loadFlags | Int32(FT_LOAD_COLOR)) == 0,
      let slot = pointer.pointee.glyph
    else { return nil }
    let bitmap = slot.pointee.bitmap
    guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), bitmap.width > 0,
      bitmap.rows > 0, let buffer = bitmap.buffer
    else { return nil }
    let width = Int(bitmap.width)
    let height = Int(bitmap.rows)
    let pitch = Int(bitmap.pitch)
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for row in 0..<height {
      for column in 0..<(width * 4) {
        pixels[row * width * 4 + column] = buffer[row * pitch + column]
      }
    }
    return ColorGlyph(
      width: width, height: height,
      box: GlyphBox(left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top)),
      pixels: pixels)
  }

  /// SDL_ttf's `glyph_overhang`: how many pixels its synthetic bold smears each glyph rightwards.
  var boldOverhang: Int {
    Int(pointer.pointee.size?.pointee.metrics.y_ppem ?? 0) / 10
  }
}
