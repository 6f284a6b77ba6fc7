import Foundation
import Yams

/// presenterm's `theme:` written as a mapping (its docs/src/features/themes/introduction.md):
/// `name` picks one of its built-in themes, `override` changes parts of it. Podium keeps what it
/// can: a light or dark theme like the one named, the footer's text and page number, a code
/// block without its panel; the rest is named in one warning.
struct PresentermTheme {
  var choice: ThemeChoice?
  /// The footer's text, with presenterm's `{title}`-style variables still in it.
  var footer: String?
  /// Whether the footer has a page number (`{current_slide}` in a footer template).
  var paginate: Bool?
  /// Whether code blocks sit on a panel of their own colour (`code: background: false`).
  var codePanel: Bool?
  /// The settings Podium cannot carry out, by their path (`override.palette`).
  var ignored: [String] = []

  /// presenterm's built-in themes with a light background; the others are dark.
  static let lightThemes: Set<String> = [
    "light", "catppuccin-latte", "terminal-light", "tokyonight-day", "gruvbox-light",
  ]

  init(_ mapping: Node.Mapping) {
    for (keyNode, value) in mapping {
      let key = keyNode.scalar?.string ?? ""
      switch key {
      case "name":
        guard let name = value.scalar?.string else {
          ignored.append("name")
          continue
        }
        choice = Self.lightThemes.contains(name.lowercased()) ? .light : .dark
      case "override":
        readOverride(value.mapping)
      default:
        // `path` names a presenterm theme file, whose settings are not Podium's.
        ignored.append(key)
      }
    }
  }

  private mutating func readOverride(_ mapping: Node.Mapping?) {
    guard let mapping else {
      ignored.append("override")
      return
    }
    for (keyNode, value) in mapping {
      let key = keyNode.scalar?.string ?? ""
      switch key {
      case "footer": readFooter(value.mapping)
      case "code": readCode(value.mapping)
      default: ignored.append("override.\(key)")
      }
    }
  }

  private mutating func readFooter(_ mapping: Node.Mapping?) {
    let style = mapping?["style"]?.scalar?.string ?? ""
    switch style {
    case "empty":
      footer = nil
      paginate = false
    case "template":
      // Left, centre and right become one line of text; an image in any of them cannot.
      var parts: [String] = []
      var numbered = false
      for side in ["left", "center", "right"] {
        guard let node = mapping?[Node(side)] else { continue }
        guard var text = node.scalar?.string else {
          ignored.append("override.footer.\(side)")
          continue
        }
        for counter in ["{current_slide} / {total_slides}", "{current_slide}/{total_slides}"]
        where text.contains(counter) {
          numbered = true
          text = text.replacingOccurrences(of: counter, with: "")
        }
        let plain = Self.plainText(text)
        if !plain.isEmpty { parts.append(plain) }
      }
      footer = parts.isEmpty ? nil : parts.joined(separator: "  ·  ")
      paginate = numbered
    case "progress_bar":
      paginate = true
      ignored.append("override.footer.style: progress_bar (a page number instead)")
    default:
      ignored.append("override.footer")
    }
  }

  private mutating func readCode(_ mapping: Node.Mapping?) {
    for (keyNode, value) in mapping ?? [:] {
      let key = keyNode.scalar?.string ?? ""
      switch (key, value.scalar?.string ?? "") {
      case ("background", let flag):
        codePanel = parseBool(flag) ?? true
      case ("alignment", "left"):
        break  // Podium's code blocks start at the left already.
      default:
        ignored.append("override.code.\(key)")
      }
    }
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

  /// presenterm's footer variables, filled from the front matter.
  static func filled(_ template: String, with metadata: DeckMetadata) -> String {
    let values = [
      "{title}": metadata.title, "{sub_title}": metadata.subtitle, "{author}": metadata.author,
      "{date}": metadata.date,
    ]
    return values.reduce(template) {
      $0.replacingOccurrences(of: $1.key, with: $1.value ?? "")
    }.trimmingCharacters(in: .whitespaces)
  }
}
