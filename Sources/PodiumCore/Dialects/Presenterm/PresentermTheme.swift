import Foundation
import Yams

/// presenterm's `theme:` written as a mapping (its docs/src/features/themes/introduction.md,
/// and `set_theme` in its builder/frontmatter.rs): `name` picks a built-in theme, `path` a theme
/// file (relative to the deck) that may `extends:` a built-in one, and `override` changes parts
/// of either, key by key. A setting Podium cannot carry out is a warning of its own, where it
/// is written.
struct PresentermTheme {
  var style: PresentermStyle
  /// Whether the deck chose the theme (`name` or `path`), rather than only overriding
  /// presenterm's default one.
  var chosen = false
  /// Problems, in the deck or in its theme file.
  var diagnostics: [Diagnostic] = []

  /// `locate` places a node of the front matter in the deck.
  init(
    _ mapping: Node.Mapping, deck: String, baseDirectory: String, files: any DeckFiles,
    locate: (Node) -> SourceLocation
  ) {
    style = PresentermStyle.builtIn(PresentermStyle.defaultName)!
    var sink = DiagnosticSink(file: deck)
    var overrides: [String: String] = [:]
    var overrideNodes: [String: Node] = [:]
    for (keyNode, value) in mapping {
      let key = keyNode.scalar?.string ?? ""
      switch key {
      case "name":
        let name = value.scalar?.string ?? ""
        if let builtIn = PresentermStyle.builtIn(name.lowercased()) {
          style = builtIn
          chosen = true
        } else {
          sink.warning(
            "unknown presenterm theme '\(name)' (its default, dark, instead); built-in themes: "
              + PresentermStyle.builtInNames.joined(separator: ", "), at: locate(value))
        }
      case "path":
        guard let path = value.scalar?.string else {
          sink.warning("theme 'path' must be a file's path (ignored)", at: locate(value))
          continue
        }
        if let read = readFile(
          path, baseDirectory: baseDirectory, files: files, at: locate(value), sink: &sink)
        {
          style = read
          chosen = true
        }
      case "override":
        guard let override = value.mapping else {
          sink.warning(
            "theme 'override' must be a mapping of settings (ignored)", at: locate(value))
          continue
        }
        for (path, text, node) in Self.flatten(override) {
          if path == "extends" {
            sink.warning("theme overrides cannot use 'extends' (ignored)", at: locate(node))
          } else if Self.check(path, at: locate(node), sink: &sink) {
            overrides[path] = text
            overrideNodes[path] = node
          }
        }
      default:
        sink.warning("unknown presenterm theme key '\(key)' (ignored)", at: locate(keyNode))
      }
    }
    style = style.merged(with: overrides)
    for (path, node) in overrideNodes {
      Self.checkPalette(path, in: style, at: locate(node), sink: &sink)
    }
    diagnostics += sink.diagnostics
  }

  /// A theme file: its settings over the built-in theme it `extends`, or alone. Its problems are
  /// told where they are in it.
  private mutating func readFile(
    _ path: String, baseDirectory: String, files: any DeckFiles, at here: SourceLocation,
    sink: inout DiagnosticSink
  ) -> PresentermStyle? {
    let full = resolve(path: path, against: baseDirectory)
    guard files.isFile(full) else {
      sink.warning(
        "presenterm theme file '\(path)' not found (its default, dark, instead)", at: here)
      return nil
    }
    var fileSink = DiagnosticSink(file: full)
    let subject = YAMLText.Subject(
      invalidYAML: "theme is not valid YAML", anchorPrefix: "",
      notAMapping: { _ in "a presenterm theme is a mapping of settings" }, empty: nil)
    defer { diagnostics += fileSink.diagnostics }
    let mapping: Node.Mapping
    switch YAMLText.document(
      at: full, files: files, kind: "theme files", cannotUse: "cannot use theme file", as: subject,
      sink: &fileSink)
    {
    case .mapping(let root): mapping = root
    case .empty: mapping = [:]
    case .unusable: return nil
    }
    let name = (full as NSString).lastPathComponent
    var base = PresentermStyle(name: (name as NSString).deletingPathExtension, settings: [:])
    if let extends = mapping["extends"]?.scalar?.string {
      if let builtIn = PresentermStyle.builtIn(extends.lowercased()) {
        base = builtIn
      } else {
        fileSink.warning(
          "extended theme '\(extends)' does not exist (ignored)",
          at: mapping["extends"]?.sourceLocation)
      }
    }
    var settings: [String: String] = [:]
    var nodes: [String: Node] = [:]
    for (path, text, node) in Self.flatten(mapping) where path != "extends" {
      if Self.check(path, at: node.sourceLocation, sink: &fileSink) {
        settings[path] = text
        nodes[path] = node
      }
    }
    let read = base.merged(with: settings)
    for (path, node) in nodes {
      Self.checkPalette(path, in: read, at: node.sourceLocation, sink: &fileSink)
    }
    return read
  }

  /// Whether Podium carries out the setting at `path`; one warning for each it cannot.
  private static func check(
    _ path: String, at location: SourceLocation?, sink: inout DiagnosticSink
  ) -> Bool {
    if PresentermStyle.isCarriedOut(path) { return true }
    if !PresentermStyle.isNotApplicable(path) {
      sink.warning("presenterm theme setting '\(path)' is not carried out (ignored)", at: location)
    }
    return false
  }

  /// A colour that names the palette must find its name there (presenterm refuses the theme);
  /// Podium draws the theme's usual colour instead.
  private static func checkPalette(
    _ path: String, in style: PresentermStyle, at location: SourceLocation?,
    sink: inout DiagnosticSink
  ) {
    guard let value = style[path]?.lowercased(),
      value.hasPrefix("palette:") || value.hasPrefix("p:"), style.color(path) == nil
    else { return }
    sink.warning(
      "'\(path)': palette colour '\(value.drop { $0 != ":" }.dropFirst())' is not in the theme's palette (ignored)",
      at: location)
  }

  /// The settings of a mapping by dotted path, each with its value as text and its node.
  static func flatten(_ mapping: Node.Mapping, prefix: String = "") -> [(String, String, Node)] {
    var found: [(String, String, Node)] = []
    for (keyNode, value) in mapping {
      let path = prefix + (keyNode.scalar?.string ?? "")
      if let inner = value.mapping {
        found += flatten(inner, prefix: path + ".")
      } else if let scalar = value.scalar {
        found.append((path, scalar.string, value))
      } else {
        found.append((path, "", value))
      }
    }
    return found
  }

  /// A footer template's Markdown and `<span>`s as plain text: `**Intro** to <span>x</span>`
  /// gives `Intro to x`.
  static func plainText(_ template: String) -> String {
    var text = template.replacingOccurrences(
      of: "<[^>]*>", with: "", options: .regularExpression)
    for marker in ["**", "__", "*", "_", "`"] {
      text = text.replacingOccurrences(of: marker, with: "")
    }
    return text.trimmingCharacters(in: .whitespaces)
  }

  /// presenterm's footer variables filled from the front matter, and with `page` (this slide's
  /// number and the count) its `{current_slide}` and `{total_slides}`.
  static func filled(
    _ template: String, with metadata: DeckMetadata, page: (Int, Int)? = nil
  ) -> String {
    var values = [
      "{title}": metadata.title, "{sub_title}": metadata.subtitle, "{author}": metadata.author,
      "{date}": metadata.date, "{event}": metadata.event, "{location}": metadata.location,
    ]
    if let (current, total) = page {
      values["{current_slide}"] = String(current)
      values["{total_slides}"] = String(total)
    }
    return values.reduce(template) {
      $0.replacingOccurrences(of: $1.key, with: $1.value ?? "")
    }.trimmingCharacters(in: .whitespaces)
  }
}
