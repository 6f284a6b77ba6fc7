import Foundation
import CFontconfig

/// Finds font files by family name through fontconfig.
public enum FontResolver {
  /// What fontconfig picks for a family name: the family it actually chose and the file.
  public struct Match: Hashable, Sendable {
    public var family: String
    public var path: String
  }

  /// Resolves `family` (e.g. "DejaVu Sans", "monospace") to the best installed font, as
  /// fontconfig would for any application. Returns nil only when fontconfig has no fonts at all.
  ///
  /// The corresponding C functions are `FcNameParse`, `FcConfigSubstitute`,
  /// `FcDefaultSubstitute` and `FcFontMatch`.
  public static func match(family: String) -> Match? {
    guard FcInit() != 0 else { return nil }
    guard let pattern = FcPatternCreate() else { return nil }
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
    guard let chosenFamily = string(matched, FC_FAMILY), let file = string(matched, FC_FILE) else {
      return nil
    }
    return Match(family: chosenFamily, path: file)
  }

  /// Whether `family` is installed under that name, rather than substituted by another font.
  /// Generic names (`sans`, `serif`, `monospace`) always count as installed.
  public static func isInstalled(family: String) -> Bool {
    let generic = ["sans", "sans-serif", "serif", "monospace", "mono", "system-ui"]
    if generic.contains(family.lowercased()) { return match(family: family) != nil }
    guard let match = match(family: family) else { return false }
    return match.family.caseInsensitiveCompare(family) == .orderedSame
  }

  private static func string(_ pattern: OpaquePointer, _ object: String) -> String? {
    var value: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(pattern, object, 0, &value) == FcResultMatch, let value else {
      return nil
    }
    return String(cString: value)
  }
}
