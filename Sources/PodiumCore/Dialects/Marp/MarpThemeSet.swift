import Foundation
import Yams

/// A Marp deck's own themes, found where Marp's tools find them: the `themeSet` of marp-cli's
/// `.marprc.yml` (or `.marprc.yaml`, `.marprc`) and of `marp.config.js` (`.cjs`, `.mjs`) where it
/// is a plain list of paths, VS Code's `markdown.marp.themes` in `.vscode/settings.json`, and the
/// `*.css` files in the deck's folder and its `themes/` folder. A theme is a CSS file whose
/// comment says `@theme NAME`; `@import 'gaia'` (or `@import-theme`) names the theme it builds on.
enum MarpThemeSet {
  /// A theme of the deck's own.
  struct Found: Equatable {
    /// Its CSS file.
    var path: String
    /// The built-in theme it imports, directly or through another of the deck's themes.
    var base: ThemeChoice?
  }

  /// How far up from the deck's folder the tools' settings are looked for: a deck in
  /// `talks/2024/` of a repository whose `.marprc.yml` is at its top.
  static let foldersUp = 3
  /// CSS files read at most, and how much of each.
  static let mostFiles = 64
  static let largestFile = 512 * 1024

  /// The theme called `name`, or nil when no theme file of the deck's says so.
  static func find(_ name: String, deckFolder: String, files: any DeckFiles) -> Found? {
    find(name, deckFolder: deckFolder, files: files, depth: 0)
  }

  private static func find(
    _ name: String, deckFolder: String, files: any DeckFiles, depth: Int
  ) -> Found? {
    for path in candidates(deckFolder: deckFolder, files: files).prefix(mostFiles) {
      guard case .success(let bytes) = files.contents(of: path, limit: largestFile, kind: "themes")
      else { continue }
      let css = String(decoding: bytes, as: UTF8.self)
      guard themeName(in: css) == name else { continue }
      var base: ThemeChoice?
      if let imported = importedTheme(in: css) {
        switch imported {
        case "default": base = .marpDefault
        case "gaia": base = .gaia
        case "uncover": base = .uncover
        default:
          // A theme built on another of the deck's, a few levels deep at most.
          if depth < 3 {
            base = find(imported, deckFolder: deckFolder, files: files, depth: depth + 1)?.base
          }
        }
      }
      return Found(path: path, base: base)
    }
    return nil
  }

  /// The CSS files that may hold the deck's themes: the tools' settings first, then the
  /// deck's folder and its `themes/`.
  static func candidates(deckFolder: String, files: any DeckFiles) -> [String] {
    var paths: [String] = []
    var folder = deckFolder
    for _ in 0...foldersUp {
      for entry in configured(in: folder, files: files) {
        let path = (resolve(path: entry, against: folder) as NSString).standardizingPath
        if path.lowercased().hasSuffix(".css") {
          paths.append(path)
        } else {
          paths += cssFiles(in: path, files: files)
        }
      }
      guard let up = parent(of: folder) else { break }
      folder = up
    }
    paths += cssFiles(in: deckFolder, files: files)
    paths += cssFiles(in: (deckFolder as NSString).appendingPathComponent("themes"), files: files)
    var seen = Set<String>()
    return paths.filter { seen.insert($0).inserted }
  }

  /// The folder above `folder`, nil above `/`. A relative path goes up through `..` (`talk` to
  /// `.` to `..`), so that a deck opened as `talk.md` from its own folder finds the settings
  /// above it too.
  static func parent(of folder: String) -> String? {
    if folder.hasPrefix("/") {
      guard folder != "/" else { return nil }
      let up = (folder as NSString).deletingLastPathComponent
      return up.isEmpty ? "/" : up
    }
    let parts = folder.split(separator: "/").filter { $0 != "." }
    if let last = parts.last, last != ".." {
      return parts.count == 1 ? "." : parts.dropLast().joined(separator: "/")
    }
    return (parts + [".."]).joined(separator: "/")
  }

  private static func cssFiles(in folder: String, files: any DeckFiles) -> [String] {
    files.fileNames(in: folder).filter { $0.lowercased().hasSuffix(".css") }
      .map { (folder as NSString).appendingPathComponent($0) }
  }

  /// The theme paths the tools' settings in `folder` name.
  static func configured(in folder: String, files: any DeckFiles) -> [String] {
    func text(_ name: String) -> String? {
      let path = (folder as NSString).appendingPathComponent(name)
      guard files.isFile(path),
        case .success(let bytes) = files.contents(of: path, limit: 256 * 1024, kind: "settings")
      else { return nil }
      return String(decoding: bytes, as: UTF8.self)
    }
    var found: [String] = []
    for name in [".marprc.yml", ".marprc.yaml", ".marprc"] {
      guard let yaml = text(name), let root = try? YAMLText.compose(yaml),
        let themeSet = root.mapping?["themeSet"]
      else { continue }
      found +=
        themeSet.sequence?.compactMap(\.scalar?.string) ?? themeSet.scalar.map { [$0.string] } ?? []
    }
    for name in ["marp.config.js", "marp.config.cjs", "marp.config.mjs"] {
      guard let script = text(name) else { continue }
      found += quotedStrings(afterKey: "themeSet", in: script)
    }
    if let json = text(".vscode/settings.json"),
      let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
      let themes = object["markdown.marp.themes"] as? [String]
    {
      // Remote themes are never fetched.
      found += themes.filter { !$0.contains("://") }
    }
    return found
  }

  /// The strings of `key: 'a'` or `key: ['a', "b"]` in a script: what a plain `themeSet` is.
  static func quotedStrings(afterKey key: String, in script: String) -> [String] {
    guard let keyRange = script.range(of: key),
      let colon = script[keyRange.upperBound...].firstIndex(of: ":")
    else { return [] }
    var rest = script[script.index(after: colon)...].drop { $0.isWhitespace }
    if rest.first == "[" {
      rest = rest.dropFirst().prefix { $0 != "]" }
    } else {
      guard let quote = rest.first, "'\"`".contains(quote) else { return [] }
      rest = rest.prefix { $0 != "," && $0 != "\n" && $0 != "}" }
    }
    return rest.split(separator: ",").compactMap { item in
      let trimmed = item.trimmingCharacters(in: .whitespacesAndNewlines)
      guard trimmed.count >= 2, let quote = trimmed.first, "'\"`".contains(quote),
        trimmed.last == quote
      else { return nil }
      return String(trimmed.dropFirst().dropLast())
    }
  }

  /// The name after `@theme` in one of the file's comments.
  static func themeName(in css: String) -> String? {
    var rest = Substring(css)
    while let open = rest.range(of: "/*") {
      let after = rest[open.upperBound...]
      let close = after.range(of: "*/")?.lowerBound ?? after.endIndex
      let comment = after[..<close]
      if let at = comment.range(of: "@theme") {
        let name = comment[at.upperBound...].drop { $0 == " " || $0 == "\t" }
          .prefix { !$0.isWhitespace && $0 != "*" }
        if !name.isEmpty { return String(name) }
      }
      rest = close == after.endIndex ? "" : after[close...]
    }
    return nil
  }

  /// The theme named by the file's first `@import 'name'` or `@import-theme "name"` (Marpit's
  /// theme imports; an `@import url(...)` of a web font names no theme).
  static func importedTheme(in css: String) -> String? {
    var rest = Substring(css)
    while let at = rest.range(of: "@import") {
      var value = rest[at.upperBound...]
      if value.hasPrefix("-theme") { value = value.dropFirst(6) }
      value = value.drop { $0.isWhitespace }
      if let quote = value.first, quote == "'" || quote == "\"" {
        let name = value.dropFirst().prefix { $0 != quote }
        if !name.contains("/") && !name.contains(".") { return String(name) }
      }
      rest = rest[at.upperBound...]
    }
    return nil
  }
}
