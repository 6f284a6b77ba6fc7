import Foundation
import Yams

/// Reads a theme YAML file: a built-in theme to start from (`extends`), then colours, fonts,
/// sizes, margins, the code palette and the console's colours to change. Every problem names its
/// line and column.
///
/// ```yaml
/// extends: dark
/// colors:
///   background: "#101820"
///   accent: "#f2aa4c"
/// fonts:
///   body: DejaVu Serif
/// sizes:
///   body: 0.05
/// code:
///   keyword: "#ff7b72"
/// console:
///   panel: "#20262e"
/// ```
public enum ThemeLoader {
  /// The theme a deck asks for; built-in themes need no file. Problems with a theme file are
  /// reported against that file, and the built-in light theme stands in for a broken one.
  public static func theme(
    for choice: ThemeChoice, files: any DeckFiles = LocalFiles()
  ) -> (Theme, [Diagnostic]) {
    switch choice {
    case .light: return (.light, [])
    case .dark: return (.dark, [])
    case .gaia: return (.gaia, [])
    case .uncover: return (.uncover, [])
    case .marpDefault: return (.marpDefault, [])
    case .file(let path): return load(path: path, files: files)
    case .presenterm(let style): return (Theme(presenterm: style), [])
    case .slidev(let look): return (look.theme, [])
    }
  }

  private static let notAMapping =
    "a theme file is a mapping of sections (colors, fonts, sizes, margins, code)"

  public static func load(path: String, files: any DeckFiles = LocalFiles()) -> (
    Theme, [Diagnostic]
  ) {
    var sink = DiagnosticSink(file: path)
    let subject = YAMLText.Subject(
      invalidYAML: "theme is not valid YAML", anchorPrefix: "",
      notAMapping: { _ in Self.notAMapping }, empty: Self.notAMapping)
    // Read as a deck is: a FIFO, a device or a huge file named as a theme is refused, not read.
    guard
      case .mapping(let mapping) = YAMLText.document(
        at: path, files: files, kind: "theme files", cannotUse: "cannot use theme file",
        as: subject, sink: &sink)
    else { return (.light, sink.diagnostics) }
    var reader = Reader(sink: sink)
    let theme = reader.read(mapping)
    // In the file's order: a section's unknown keys are found before its values are read.
    let ordered = reader.sink.diagnostics.enumerated().sorted { first, second in
      func place(_ item: (offset: Int, element: Diagnostic)) -> (Int, Int, Int) {
        (item.element.location?.line ?? 0, item.element.location?.column ?? 0, item.offset)
      }
      return place(first) < place(second)
    }
    return (theme, ordered.map(\.element))
  }

  private struct Reader {
    var sink: DiagnosticSink

    mutating func read(_ root: Node.Mapping) -> Theme {
      var theme = Theme.light
      if let base = root["extends"] {
        switch base.scalar?.string.lowercased() {
        case "light": theme = .light
        case "dark": theme = .dark
        case "gaia": theme = .gaia
        case "uncover": theme = .uncover
        default:
          sink.error(
            "extends must be light, dark, gaia or uncover, not '\(base.scalar?.string ?? "a mapping")'",
            at: base.sourceLocation)
        }
      }
      for (keyNode, value) in root {
        let key = keyNode.scalar?.string ?? ""
        switch key {
        case "extends": break
        case "name": theme.name = value.scalar?.string ?? theme.name
        case "colors": readColors(value, into: &theme.colors)
        case "invert-colors": readColors(value, into: &theme.inverted)
        case "fonts": readFonts(value, into: &theme.fonts)
        case "sizes": readSizes(value, into: &theme.sizes)
        case "margins": readMargins(value, into: &theme.margins)
        case "code": readCode(value, into: &theme.code)
        case "console": readConsole(value, into: &theme.console)
        case "console-notes": readColors(value, section: key, into: &theme.console.notes)
        default:
          sink.warning(
            "unknown theme section '\(key)' (ignored); expected extends, name, colors, invert-colors, fonts, sizes, margins or code",
            at: keyNode.sourceLocation)
        }
      }
      return theme
    }

    /// The entries of a section whose keys `keys` knows, with what each key names; unknown
    /// keys are warnings.
    private mutating func entries<Target>(
      _ node: Node, section: String, keys: [String: Target]
    ) -> [(key: String, target: Target, value: Node)] {
      guard let mapping = node.mapping else {
        sink.error("'\(section)' must be a mapping of 'key: value' lines", at: node.sourceLocation)
        return []
      }
      var found: [(key: String, target: Target, value: Node)] = []
      for (keyNode, value) in mapping {
        let key = keyNode.scalar?.string ?? ""
        if let target = keys[key] {
          found.append((key, target, value))
        } else {
          unknown(key, keyNode, section: section, known: Array(keys.keys))
        }
      }
      return found
    }

    private mutating func color(_ node: Node, key: String) -> RGBAColor? {
      if let raw = node.scalar?.string, let color = RGBAColor(hex: raw) { return color }
      sink.error(
        "'\(key)' must be a colour like \"#1b2b34\" (quoted, since # starts a YAML comment), not '\(node.scalar?.string ?? "")'",
        at: node.sourceLocation)
      return nil
    }

    private mutating func number(_ node: Node, key: String, range: ClosedRange<Double>) -> Double? {
      if let raw = node.scalar?.string, let value = Double(raw), range.contains(value) {
        return value
      }
      sink.error(
        "'\(key)' must be a number from \(range.lowerBound) to \(range.upperBound), not '\(node.scalar?.string ?? "")'",
        at: node.sourceLocation)
      return nil
    }

    private mutating func unknown(_ key: String, _ node: Node, section: String, known: [String]) {
      var message = "unknown key '\(key)' in \(section) (ignored)"
      if let guess = closestMatch(to: key, in: known) { message += "; did you mean '\(guess)'?" }
      sink.warning(message, at: node.sourceLocation)
    }

    mutating func readColors(
      _ node: Node, section: String = "colors", into colors: inout Theme.Colors
    ) {
      readColorTable(
        node, section: section, into: &colors,
        keys: [
          "background": \.background, "text": \.text, "heading": \.heading, "accent": \.accent,
          "muted": \.muted, "code-background": \.codeBackground,
          "quote-background": \.quoteBackground,
          "table-header": \.tableHeaderBackground, "table-rule": \.tableRule,
          "placeholder": \.placeholder,
        ])
    }

    /// A section of colours, each key one colour of `value`.
    private mutating func readColorTable<Value>(
      _ node: Node, section: String, into value: inout Value,
      keys: [String: WritableKeyPath<Value, RGBAColor>]
    ) {
      for (key, path, item) in entries(node, section: section, keys: keys) {
        if let parsed = color(item, key: key) { value[keyPath: path] = parsed }
      }
    }

    mutating func readFonts(_ node: Node, into fonts: inout Theme.Fonts) {
      let keys: [String: WritableKeyPath<Theme.Fonts, String>] = [
        "body": \.body, "heading": \.heading, "code": \.code,
      ]
      for (key, path, value) in entries(node, section: "fonts", keys: keys) {
        if let family = value.scalar?.string, !family.isEmpty {
          fonts[keyPath: path] = family
        } else {
          sink.error("'\(key)' must be a font family name", at: value.sourceLocation)
        }
      }
    }

    mutating func readSizes(_ node: Node, into sizes: inout Theme.Sizes) {
      let keys: [String: (WritableKeyPath<Theme.Sizes, Double>, ClosedRange<Double>)] = [
        "body": (\.body, 0.01...0.2), "title": (\.title, 0.5...5), "h1": (\.h1, 0.5...5),
        "h2": (\.h2, 0.5...5), "h3": (\.h3, 0.5...5), "code": (\.code, 0.3...3),
        "footer": (\.footer, 0.2...2), "minimum-scale": (\.minimumScale, 0.2...1),
        "line-spacing": (\.lineSpacing, 0.8...3),
      ]
      for (key, (path, range), value) in entries(node, section: "sizes", keys: keys) {
        if let parsed = number(value, key: key, range: range) { sizes[keyPath: path] = parsed }
      }
    }

    mutating func readMargins(_ node: Node, into margins: inout Theme.Margins) {
      let keys: [String: WritableKeyPath<Theme.Margins, Double>] = [
        "horizontal": \.horizontal, "top": \.top, "bottom": \.bottom,
      ]
      for (key, path, value) in entries(node, section: "margins", keys: keys) {
        if let parsed = number(value, key: key, range: 0...0.4) { margins[keyPath: path] = parsed }
      }
    }

    mutating func readConsole(_ node: Node, into palette: inout Theme.ConsolePalette) {
      readColorTable(
        node, section: "console", into: &palette,
        keys: [
          "background": \.background, "panel": \.panel, "text": \.text, "muted": \.muted,
          "accent": \.accent, "warning": \.warning, "danger": \.danger, "good": \.good,
          "problem": \.problem,
        ])
    }

    mutating func readCode(_ node: Node, into palette: inout Theme.CodePalette) {
      readColorTable(
        node, section: "code", into: &palette,
        keys: [
          "plain": \.plain, "keyword": \.keyword, "type": \.type, "string": \.string,
          "comment": \.comment, "number": \.number, "function": \.function,
          "punctuation": \.punctuation, "attribute": \.attribute,
        ])
    }
  }
}

extension ThemeChoice {
  /// What a theme's name found: the deck's `theme:` and the configuration's read it alike.
  enum Lookup: Hashable {
    case found(ThemeChoice)
    /// Neither a built-in theme nor something that looks like a theme file.
    case unknown
    /// A theme file's name, with no file there.
    case missingFile
  }

  /// The theme `name` stands for: `light`, `dark`, or a `.yaml` file (or any path with a
  /// slash) relative to `folder`, which must exist.
  static func named(_ name: String, relativeTo folder: String, files: any DeckFiles) -> Lookup {
    switch name.lowercased() {
    case "light": return .found(.light)
    case "default": return .found(.marpDefault)
    case "dark": return .found(.dark)
    case "gaia": return .found(.gaia)
    case "uncover": return .found(.uncover)
    case let lowered
    where lowered.hasSuffix(".yaml") || lowered.hasSuffix(".yml") || name.contains("/"):
      let path = resolve(path: name, against: folder)
      return files.isFile(path) ? .found(.file(path: path)) : .missingFile
    case let lowered:
      // presenterm's built-in themes by name (`tokyonight-night`), as its decks write them
      // under `theme: name:`.
      return PresentermStyle.builtIn(lowered).map { .found(.presenterm($0)) } ?? .unknown
    }
  }
}
