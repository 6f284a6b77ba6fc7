import CFontconfig
import Foundation

/// Finds font files by family name through fontconfig.
public enum FontResolver {
  /// What fontconfig picks for a family name: the family it actually chose and the file.
  public struct Match: Hashable, Sendable {
    public var family: String
    public var path: String
    /// Whether the face itself is bold or italic (otherwise SDL_ttf must slant or embolden it).
    public var isBold = false
    public var isItalic = false
  }

  /// Resolves `family` (e.g. "DejaVu Sans", "monospace") to the best installed font, as
  /// fontconfig would for any application. Returns nil only when fontconfig has no fonts at all.
  ///
  /// The corresponding C functions are `FcNameParse`, `FcConfigSubstitute`,
  /// `FcDefaultSubstitute` and `FcFontMatch`.
  public static func match(family: String, bold: Bool = false, italic: Bool = false) -> Match? {
    guard FcInit() != 0 else { return nil }
    guard let pattern = FcPatternCreate() else { return nil }
    defer { FcPatternDestroy(pattern) }
    _ = family.withCString { name in
      name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
        FcPatternAddString(pattern, FC_FAMILY, $0)
      }
    }
    if bold { FcPatternAddInteger(pattern, FC_WEIGHT, FC_WEIGHT_BOLD) }
    if italic { FcPatternAddInteger(pattern, FC_SLANT, FC_SLANT_ITALIC) }
    return bestMatch(for: pattern)
  }

  /// The installed face of `family` itself, with the characters it has: nil when fontconfig
  /// would substitute another family for it. The corresponding C functions are `FcFontMatch`,
  /// `FcPatternGetString` (each of the face's family names) and `FcCharSetCopy`.
  public static func face(named family: String) -> (match: Match, characters: FontCharacters)? {
    guard FcInit() != 0, let pattern = FcPatternCreate() else { return nil }
    defer { FcPatternDestroy(pattern) }
    _ = family.withCString { name in
      name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
        FcPatternAddString(pattern, FC_FAMILY, $0)
      }
    }
    FcConfigSubstitute(nil, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    guard let matched = FcFontMatch(nil, pattern, &result) else { return nil }
    defer { FcPatternDestroy(matched) }
    let names = (0..<8).compactMap { string(matched, FC_FAMILY, index: $0) }
    guard names.contains(where: { $0.caseInsensitiveCompare(family) == .orderedSame }),
      let file = string(matched, FC_FILE)
    else { return nil }
    var charset: OpaquePointer?
    guard FcPatternGetCharSet(matched, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
      let copy = FcCharSetCopy(charset)
    else { return nil }
    return (Match(family: family, path: file), FontCharacters(owning: copy))
  }

  /// The faces fontconfig would fall back to from `family` for `codepoint`, best first, each
  /// with the character: for what no face Podium names covers. A `language` (fontconfig's
  /// `lang`, e.g. "ja") chooses among fonts of several languages that share the characters.
  /// The corresponding C function is `FcFontSort`.
  public static func fallbacks(family: String, containing codepoint: UInt32, language: String?)
    -> [Match]
  {
    guard FcInit() != 0, let pattern = FcPatternCreate() else { return [] }
    defer { FcPatternDestroy(pattern) }
    _ = family.withCString { name in
      name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
        FcPatternAddString(pattern, FC_FAMILY, $0)
      }
    }
    if let language {
      _ = language.withCString { name in
        name.withMemoryRebound(to: FcChar8.self, capacity: language.utf8.count + 1) {
          FcPatternAddString(pattern, FC_LANG, $0)
        }
      }
    }
    guard let wanted = FcCharSetCreate() else { return [] }
    defer { FcCharSetDestroy(wanted) }
    FcCharSetAddChar(wanted, codepoint)
    FcPatternAddCharSet(pattern, FC_CHARSET, wanted)
    FcConfigSubstitute(nil, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    guard let sorted = FcFontSort(nil, pattern, FcFalse, nil, &result) else { return [] }
    defer { FcFontSetDestroy(sorted) }
    var found: [Match] = []
    for index in 0..<Int(sorted.pointee.nfont) {
      guard let font = sorted.pointee.fonts[index] else { continue }
      var charset: OpaquePointer?
      guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
        FcCharSetHasChar(charset, codepoint) != 0,
        let name = string(font, FC_FAMILY), let file = string(font, FC_FILE)
      else { continue }
      found.append(Match(family: name, path: file))
    }
    return found
  }

  private static func bestMatch(for pattern: OpaquePointer) -> Match? {
    FcConfigSubstitute(nil, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    guard let matched = FcFontMatch(nil, pattern, &result) else { return nil }
    defer { FcPatternDestroy(matched) }
    guard let chosenFamily = string(matched, FC_FAMILY), let file = string(matched, FC_FILE) else {
      return nil
    }
    var weight: Int32 = 0
    var slant: Int32 = 0
    FcPatternGetInteger(matched, FC_WEIGHT, 0, &weight)
    FcPatternGetInteger(matched, FC_SLANT, 0, &slant)
    return Match(
      family: chosenFamily, path: file, isBold: weight >= FC_WEIGHT_BOLD,
      isItalic: slant != FC_SLANT_ROMAN)
  }

  /// Whether `family` is installed under that name, rather than substituted by another font.
  /// Generic names (`sans`, `serif`, `monospace`) always count as installed.
  public static func isInstalled(family: String) -> Bool {
    let generic = ["sans", "sans-serif", "serif", "monospace", "mono", "system-ui"]
    if generic.contains(family.lowercased()) { return match(family: family) != nil }
    guard let match = match(family: family) else { return false }
    return match.family.caseInsensitiveCompare(family) == .orderedSame
  }

  private static func string(_ pattern: OpaquePointer, _ object: String, index: Int32 = 0)
    -> String?
  {
    var value: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(pattern, object, index, &value) == FcResultMatch, let value else {
      return nil
    }
    return String(cString: value)
  }
}

/// The characters one face has: a copy of its fontconfig charset, asked about in no time.
public final class FontCharacters {
  private let charset: OpaquePointer

  init(owning charset: OpaquePointer) {
    self.charset = charset
  }

  /// The corresponding C function is `FcCharSetDestroy`.
  deinit { FcCharSetDestroy(charset) }

  /// The corresponding C function is `FcCharSetHasChar`.
  public func contains(_ codepoint: UInt32) -> Bool {
    FcCharSetHasChar(charset, codepoint) != 0
  }
}

/// The characters any installed font has: one fontconfig charset, the union of every font's,
/// gathered once, so `podium check` asks about every character of a CJK deck in no time.
public final class FontCoverage {
  private let charset: OpaquePointer?

  /// The corresponding C functions are `FcFontList` and `FcCharSetMerge`.
  public init() {
    guard FcInit() != 0, let union = FcCharSetCreate() else {
      charset = nil
      return
    }
    charset = union
    guard let pattern = FcPatternCreate() else { return }
    defer { FcPatternDestroy(pattern) }
    guard let objects = FcObjectSetCreate() else { return }
    defer { FcObjectSetDestroy(objects) }
    FcObjectSetAdd(objects, FC_CHARSET)
    guard let list = FcFontList(nil, pattern, objects) else { return }
    defer { FcFontSetDestroy(list) }
    for index in 0..<Int(list.pointee.nfont) {
      guard let font = list.pointee.fonts[index] else { continue }
      var found: OpaquePointer?
      if FcPatternGetCharSet(font, FC_CHARSET, 0, &found) == FcResultMatch, let found {
        FcCharSetMerge(union, found, nil)
      }
    }
  }

  deinit {
    if let charset { FcCharSetDestroy(charset) }
  }

  /// Whether any installed font has a glyph for `codepoint`. The corresponding C function is
  /// `FcCharSetHasChar`.
  public func contains(_ codepoint: UInt32) -> Bool {
    guard let charset else { return false }
    return FcCharSetHasChar(charset, codepoint) != 0
  }
}
