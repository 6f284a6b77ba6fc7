import CSDL2
import CSDL2TTF
import PodiumCore

/// An owned `TTF_Font` at one pixel size.
final class TTFFont {
  let pointer: OpaquePointer
  let path: String
  let size: Int
  /// `TTF_STYLE_BOLD` and `TTF_STYLE_ITALIC`: bold or slanted by SDL_ttf from a regular face.
  let style: Int32
  /// Colour emoji fonts carry bitmaps at one size; their glyphs are scaled to the text's size.
  let isEmoji: Bool
  /// Whether the font draws every printable ASCII character (space to tilde), so a line of
  /// them is one run of this font with no script or direction to resolve. The corresponding C
  /// function is `TTF_GlyphIsProvided32`.
  lazy var drawsPrintableASCII: Bool = (0x20...0x7E).allSatisfy {
    TTF_GlyphIsProvided32(pointer, UInt32($0)) != 0
  }

  /// The corresponding C functions are `TTF_OpenFont` and `TTF_SetFontStyle`.
  init(path: String, size: Int, style: Int32) throws {
    guard let font = TTF_OpenFont(path, Int32(size)) else { throw SDLError.last("TTF_OpenFont") }
    pointer = font
    self.path = path
    self.size = size
    self.style = style
    isEmoji = path.lowercased().contains("emoji")
    if style != TTF_STYLE_NORMAL { TTF_SetFontStyle(font, style) }
  }

  deinit {
    TTF_CloseFont(pointer)
  }
}

/// SDL_ttf's global state, started once per process. The corresponding C function is `TTF_Init`.
enum TTFRuntime {
  static let started: Bool = TTF_WasInit() != 0 || TTF_Init() == 0
}

/// Fonts by family, size and style, opened once and reused, with a fallback for every character
/// the main font lacks (CJK, emoji, other scripts), right-to-left shaping for Arabic and Hebrew,
/// and text measurement and rendering that agree to the pixel.
///
/// Used from one thread: SDL_ttf fonts are shared, and shaping changes their direction.
public final class FontLibrary {
  /// One run of text drawn with one font in one direction, in visual order within its line.
  public struct Segment: Hashable, Sendable {
    public var text: String
    public var fontFile: String
    public var rightToLeft: Bool
    /// The ISO 15924 script HarfBuzz shapes it as ("Zzzz": its default shaper).
    public var script: String
  }

  private struct FaceKey: Hashable {
    var family: String
    var bold: Bool
    var italic: Bool
  }

  private struct Face {
    var path: String
    /// SDL_ttf's synthetic style, for a family without a real bold or italic face.
    var style: Int32
  }

  private struct FontKey: Hashable {
    var path: String
    var size: Int
    var style: Int32
  }

  private struct FallbackKey: Hashable {
    var family: String
    var codepoint: UInt32
  }

  private var faces: [FaceKey: Face] = [:]
  private var fonts: [FontKey: TTFFont] = [:]
  private var failedFonts: Set<FontKey> = []
  private var fallbacks: [FallbackKey: String?] = [:]
  private var namedFaces: [String: (path: String, characters: FontCharacters)?] = [:]
  /// Colour emoji bitmaps are this tall; found when the emoji font is first opened.
  private static let emojiStrike = 109

  /// How many fonts have been opened: each (file, size, style) once.
  public private(set) var openedFontCount = 0

  public init() {
    _ = TTFRuntime.started
  }

  // MARK: - Fonts

  private func face(for spec: FontSpec) -> Face {
    let key = FaceKey(family: spec.family, bold: spec.bold, italic: spec.italic)
    if let known = faces[key] { return known }
    var face = Face(path: "", style: TTF_STYLE_NORMAL)
    if let match = FontResolver.match(family: spec.family, bold: spec.bold, italic: spec.italic) {
      face.path = match.path
      if spec.bold && !match.isBold { face.style |= TTF_STYLE_BOLD }
      if spec.italic && !match.isItalic { face.style |= TTF_STYLE_ITALIC }
    }
    faces[key] = face
    return face
  }

  private func font(path: String, size: Int, style: Int32) -> TTFFont? {
    let isEmoji = path.lowercased().contains("emoji")
    let key = FontKey(
      path: path, size: isEmoji ? Self.emojiStrike : size, style: isEmoji ? TTF_STYLE_NORMAL : style
    )
    if let open = fonts[key] { return open }
    guard !failedFonts.contains(key), !path.isEmpty, TTFRuntime.started else { return nil }
    guard let opened = try? TTFFont(path: path, size: key.size, style: key.style) else {
      failedFonts.insert(key)
      return nil
    }
    // Light hinting keeps glyph shapes true to the design at every size.
    TTF_SetFontHinting(opened.pointer, TTF_HINTING_LIGHT)
    fonts[key] = opened
    openedFontCount += 1
    return opened
  }

  private func primary(_ spec: FontSpec) -> TTFFont? {
    let face = self.face(for: spec)
    return font(path: face.path, size: spec.pixelSize, style: face.style)
  }

  /// The font file that draws `character` in text set in `spec`.
  public func fontFile(for character: Character, font spec: FontSpec) -> String? {
    guard let main = primary(spec) else { return nil }
    return chooseFont(for: character, primary: main, spec: spec)?.path
  }

  private func chooseFont(for character: Character, primary main: TTFFont, spec: FontSpec)
    -> TTFFont?
  {
    guard let scalar = character.unicodeScalars.first else { return main }
    // Spaces and joiners stay with the text around them.
    if scalar.properties.isWhitespace || scalar.value < 0x20 { return main }
    // Emoji come from the colour emoji font even where the text font has a plain outline.
    if isEmoji(character), let emoji = fallbackFont(for: scalar.value, family: "emoji", spec: spec)
    {
      return emoji
    }
    if TTF_GlyphIsProvided32(main.pointer, scalar.value) != 0 { return main }
    return fallbackFont(for: scalar.value, family: spec.family, spec: spec) ?? main
  }

  private func fallbackFont(for codepoint: UInt32, family: String, spec: FontSpec) -> TTFFont? {
    let key = FallbackKey(family: family, codepoint: codepoint)
    let path: String?
    if let known = fallbacks[key] {
      path = known
    } else {
      path = fallbackPath(for: codepoint, family: family, spec: spec)
      fallbacks[key] = path
    }
    guard let path else { return nil }
    return font(
      path: path, size: spec.pixelSize, style: spec.bold ? TTF_STYLE_BOLD : TTF_STYLE_NORMAL)
  }

  /// Which file draws `codepoint` where the main face lacks it: the first installed of the
  /// faces Podium names for its script (or for emoji, or for any other character) in the
  /// deck's style, and only then fontconfig's choice, where a serif face stands in for a
  /// sans-serif or monospaced deck only if no other face has the character. So the same deck draws with the same files on every machine that has
  /// Podium's fonts, whatever else it has (fonts-freefont-ttf's FreeSerif took Thai in sans
  /// decks). Emoji: `family` is "emoji".
  private func fallbackPath(for codepoint: UInt32, family: String, spec: FontSpec) -> String? {
    let script = Unicode.Scalar(codepoint).flatMap(WritingScript.of)
    let style = family == "emoji" ? FaceStyle.sans : self.style(of: spec)
    let named =
      family == "emoji"
      ? ["Noto Color Emoji"]
      : (script?.families(for: style) ?? WritingScript.fallbackFamilies(for: style))
    for name in named {
      if let face = namedFace(name), face.characters.contains(codepoint) { return face.path }
    }
    // Where a Korean font's hanja and a Chinese font share characters, the script's language
    // decides: Han and kana keep their Chinese and Japanese fonts once Korean fonts are in.
    let candidates = FontResolver.fallbacks(
      family: family, containing: codepoint, language: script?.language)
    let fitting = candidates.first { style == .serif || FaceStyle.of(family: $0.family) != .serif }
    return (fitting ?? candidates.first)?.path
  }

  /// A face Podium names, resolved once: nil when it is not installed.
  private func namedFace(_ family: String) -> (path: String, characters: FontCharacters)? {
    if let known = namedFaces[family] { return known }
    let face = FontResolver.face(named: family).map { ($0.match.path, $0.characters) }
    namedFaces[family] = face
    return face
  }

  /// The style of the face a spec's text is set in: its family's name, or the name of the
  /// face fontconfig put in its place.
  private func style(of spec: FontSpec) -> FaceStyle {
    let asked = FaceStyle.of(family: spec.family)
    guard asked == .sans, let chosen = FontResolver.match(family: spec.family)?.family else {
      return asked
    }
    return FaceStyle.of(family: chosen)
  }

  private func isEmoji(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first else { return false }
    let properties = scalar.properties
    if properties.isEmojiPresentation { return true }
    return properties.isEmoji && character.unicodeScalars.contains { $0.value == 0xFE0F }
  }

  // MARK: - Segments

  /// The script a character's run is shaped as: a listed script's tag, "Zzzz" for other letters
  /// (HarfBuzz's default shaper, as Latin has always been set), or nil for the characters every
  /// script shares (spaces, digits, punctuation, marks), which go with the run around them.
  private func scriptTag(of character: Character) -> String? {
    guard let scalar = character.unicodeScalars.first else { return nil }
    if let script = WritingScript.of(scalar) { return script.tag }
    return scalar.properties.isAlphabetic ? "Zzzz" : nil
  }

  private struct RawSegment {
    var text: String
    var font: TTFFont
    var rightToLeft: Bool
    /// The ISO 15924 script the run is shaped as.
    var script: String
  }

  /// A segment being gathered in logical order, with the scalars it spans in the line.
  private struct LogicalSegment {
    var segment: RawSegment
    var level: UInt8
    var hasScript: Bool
    var scalars: Range<Int>
  }

  /// Splits a line into runs of one font, one script and one bidirectional level, in visual
  /// order: FriBidi resolves the levels and where each run goes (`Bidi`), HarfBuzz (inside
  /// SDL_ttf) shapes each run in its own direction and script.
  private func rawSegments(of text: String, spec: FontSpec) -> [RawSegment] {
    guard let main = primary(spec) else { return [] }
    // Most slide text is plain ASCII: one left-to-right run of the main font, as the general
    // path below finds it, without asking FriBidi and the fonts about each character.
    if main.drawsPrintableASCII, text.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) {
      return text.isEmpty
        ? [] : [RawSegment(text: text, font: main, rightToLeft: false, script: "Zzzz")]
    }
    let bidi = Bidi(Array(text.unicodeScalars))
    var segments: [LogicalSegment] = []
    var offset = 0
    for character in text {
      let scalars = offset..<(offset + character.unicodeScalars.count)
      offset = scalars.upperBound
      let font = chooseFont(for: character, primary: main, spec: spec) ?? main
      let level = bidi.levels[scalars.lowerBound]
      let script = scriptTag(of: character)
      if var last = segments.last, last.level == level,
        script == nil || !last.hasScript || last.segment.script == script,
        last.segment.font === font || joinsRun(character, font: last.segment.font)
      {
        last.segment.text.append(character)
        if let script, !last.hasScript {
          last.segment.script = script
          last.hasScript = true
        }
        last.scalars = last.scalars.lowerBound..<scalars.upperBound
        segments[segments.count - 1] = last
      } else {
        let segment = RawSegment(
          text: String(character), font: font, rightToLeft: level & 1 == 1,
          script: script ?? "Zzzz")
        segments.append(
          LogicalSegment(segment: segment, level: level, hasScript: script != nil, scalars: scalars)
        )
      }
    }
    // A run's scalars share one level, so they stand side by side in FriBidi's visual order: the
    // run goes where its leftmost scalar does.
    var visualPosition = [Int](repeating: 0, count: bidi.visualOrder.count)
    for (position, logical) in bidi.visualOrder.enumerated() { visualPosition[logical] = position }
    return
      segments
      .map { (segment: $0.segment, position: $0.scalars.map { visualPosition[$0] }.min() ?? 0) }
      .sorted { $0.position < $1.position }
      .map(\.segment)
  }

  /// Whether a space or punctuation mark stays in the run before it though the main font would
  /// draw it: it does when that run's font has it, so a fallback script keeps its own spacing.
  private func joinsRun(_ character: Character, font: TTFFont) -> Bool {
    guard !font.isEmoji, let scalar = character.unicodeScalars.first else { return false }
    if scalar.properties.isAlphabetic || (0x30...0x39).contains(scalar.value) { return false }
    return TTF_GlyphIsProvided32(font.pointer, scalar.value) != 0
  }

  public func segments(of text: String, font spec: FontSpec) -> [Segment] {
    rawSegments(of: text, spec: spec).map {
      Segment(
        text: $0.text, fontFile: $0.font.path, rightToLeft: $0.rightToLeft, script: $0.script)
    }
  }

  /// Sets the shaping direction and script for one segment; fonts are shared, so every use sets
  /// them. The corresponding C functions are `TTF_SetFontDirection` and `TTF_SetFontScriptName`.
  private func prepare(_ segment: RawSegment) {
    TTF_SetFontDirection(
      segment.font.pointer, segment.rightToLeft ? TTF_DIRECTION_RTL : TTF_DIRECTION_LTR)
    TTF_SetFontScriptName(segment.font.pointer, segment.script)
  }

  /// A segment where `renderLine` puts it in the line's image, in pixels.
  private struct PlacedSegment {
    var segment: RawSegment
    var x: Int
    var top: Int
    var width: Int
    /// Colour emoji are scaled from their one bitmap size to the text's.
    var scale: Double
  }

  /// The segments of a line side by side on one baseline, the main font's: a fallback font's
  /// run is moved down by the difference of the ascents, and an emoji is centred in the line.
  private func placedSegments(of text: String, spec: FontSpec, main: TTFFont) -> [PlacedSegment] {
    let ascent = Int(TTF_FontAscent(main.pointer))
    let lineHeight = Int(TTF_FontHeight(main.pointer))
    var placed: [PlacedSegment] = []
    var x = 0
    for segment in rawSegments(of: text, spec: spec) {
      let width = self.width(of: segment, spec: spec)
      var top = ascent - Int(TTF_FontAscent(segment.font.pointer))
      var scale = 1.0
      if segment.font.isEmoji {
        scale = emojiScale(spec)
        var unscaledWidth: Int32 = 0
        var unscaledHeight: Int32 = 0
        TTF_SizeUTF8(segment.font.pointer, segment.text, &unscaledWidth, &unscaledHeight)
        top = max(0, (lineHeight - Int((Double(unscaledHeight) * scale).rounded())) / 2)
      }
      placed.append(PlacedSegment(segment: segment, x: x, top: top, width: width, scale: scale))
      x += width
    }
    return placed
  }

  /// A segment's width in the line, with emoji bitmaps scaled to the text's size.
  private func width(of segment: RawSegment, spec: FontSpec) -> Int {
    prepare(segment)
    var width: Int32 = 0
    var height: Int32 = 0
    guard TTF_SizeUTF8(segment.font.pointer, segment.text, &width, &height) == 0 else { return 0 }
    if segment.font.isEmoji {
      return Int((Double(width) * emojiScale(spec)).rounded())
    }
    return Int(width)
  }

  private func emojiScale(_ spec: FontSpec) -> Double {
    guard let main = primary(spec) else { return 1 }
    return Double(TTF_FontHeight(main.pointer)) / Double(Self.emojiStrike) * 0.92
  }

  // MARK: - Measuring

  public func metrics(for spec: FontSpec) -> FontMetrics {
    guard let main = primary(spec) else {
      let size = Double(spec.pixelSize)
      return FontMetrics(ascent: size * 0.8, descent: size * 0.2, lineHeight: size * 1.2)
    }
    return FontMetrics(
      ascent: Double(TTF_FontAscent(main.pointer)), descent: Double(-TTF_FontDescent(main.pointer)),
      lineHeight: Double(TTF_FontLineSkip(main.pointer)))
  }

  /// The width `renderLine` will give `text`. The corresponding C function is `TTF_SizeUTF8`.
  public func width(of text: String, font spec: FontSpec) -> Int {
    rawSegments(of: text, spec: spec).reduce(0) { $0 + width(of: $1, spec: spec) }
  }

  // MARK: - Rendering

  /// Renders one line of text, anti-aliased, on a transparent background: the segments side by
  /// side on one baseline. Nil for text with nothing to draw. The corresponding C function is
  /// `TTF_RenderUTF8_Blended`.
  public func renderLine(_ text: String, font spec: FontSpec, color: RGBAColor) throws -> Surface? {
    guard let main = primary(spec) else { return nil }
    let placed = placedSegments(of: text, spec: spec, main: main)
    let sdlColor = SDL_Color(r: color.red, g: color.green, b: color.blue, a: color.alpha)
    var rendered: [(Surface, PlacedSegment)] = []
    let lineHeight = Int(TTF_FontHeight(main.pointer))
    for piece in placed {
      prepare(piece.segment)
      guard
        let raw = TTF_RenderUTF8_Blended(piece.segment.font.pointer, piece.segment.text, sdlColor)
      else {
        continue
      }
      var surface = Surface(owning: raw)
      if piece.segment.font.isEmoji {
        let scaled = try Surface(
          transparentWidth: Int((Double(surface.width) * piece.scale).rounded()),
          height: Int((Double(surface.height) * piece.scale).rounded()))
        SDL_SetSurfaceBlendMode(surface.pointer, SDL_BLENDMODE_NONE)
        var target = SDL_Rect(x: 0, y: 0, w: Int32(scaled.width), h: Int32(scaled.height))
        SDL_UpperBlitScaled(surface.pointer, nil, scaled.pointer, &target)
        surface = scaled
      }
      rendered.append((surface, piece))
    }
    if rendered.count == 1, rendered[0].1.top == 0, rendered[0].0.height == lineHeight {
      return rendered[0].0
    }
    let total = placed.last.map { $0.x + $0.width } ?? 0
    guard total > 0, !rendered.isEmpty else { return nil }
    let line = try Surface(transparentWidth: total, height: lineHeight)
    for (surface, piece) in rendered {
      // Segments do not overlap, so copying (not blending) keeps their edges' alpha exact.
      SDL_SetSurfaceBlendMode(surface.pointer, SDL_BLENDMODE_NONE)
      var target = SDL_Rect(
        x: Int32(piece.x), y: Int32(piece.top), w: Int32(surface.width), h: Int32(surface.height))
      SDL_UpperBlit(surface.pointer, nil, line.pointer, &target)
    }
    return line
  }
}

extension FontLibrary: FontRunSource {
  /// The line's segments as `renderLine` places them, each with the file, size and style SDL_ttf
  /// opened it at: the PDF sets the same glyphs at the same places.
  public func fontRuns(of text: String, font spec: FontSpec) -> [FontRun] {
    guard let main = primary(spec) else { return [] }
    return placedSegments(of: text, spec: spec, main: main).map { piece in
      let font = piece.segment.font
      return FontRun(
        text: piece.segment.text, file: font.path, pixelSize: font.size, scale: piece.scale,
        syntheticBold: font.style & TTF_STYLE_BOLD != 0,
        syntheticItalic: font.style & TTF_STYLE_ITALIC != 0,
        rightToLeft: piece.segment.rightToLeft, script: piece.segment.script,
        x: Double(piece.x), top: Double(piece.top), width: Double(piece.width))
    }
  }
}

/// `TextMeasurer` for layout, backed by a `FontLibrary`, with a cache: layout measures every
/// word, often more than once while fitting.
public final class SDLTextMeasurer: TextMeasurer {
  let library: FontLibrary
  /// Widths of the words measured lately, by count: words are many and cheap to keep.
  private var widths = LRUCache<WidthKey, Double>(budget: 200_000)
  private var metricsCache: [FontSpec: FontMetrics] = [:]

  private struct WidthKey: Hashable {
    var text: String
    var font: FontSpec
  }

  public init(library: FontLibrary) {
    self.library = library
  }

  public func metrics(for font: FontSpec) -> FontMetrics {
    if let known = metricsCache[font] { return known }
    let metrics = library.metrics(for: font)
    metricsCache[font] = metrics
    return metrics
  }

  /// FriBidi's order for a line's style groups (`TextFlow`).
  public func visualOrder(of pieces: [String], rightToLeft: Bool) -> [Int] {
    Bidi.visualOrder(of: pieces, rightToLeft: rightToLeft)
  }

  public func width(of text: String, font: FontSpec) -> Double {
    let key = WidthKey(text: text, font: font)
    if let known = widths.value(forKey: key) { return known }
    let width = Double(library.width(of: text, font: font))
    widths.insert(width, forKey: key)
    return width
  }
}
