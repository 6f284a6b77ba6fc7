/// A presenterm theme (its docs/src/features/themes/definition.md; src/theme/raw.rs) as the
/// settings Podium carries out, by dotted path (`intro_slide.title.colors.foreground`) with
/// values as presenterm writes them (`palette:orange`, `040312`): a built-in theme, a theme
/// file, and the deck's overrides merge key by key as presenterm merges them, and palette names
/// resolve after the merge.
public struct PresentermStyle: Hashable, Sendable {
  /// The built-in theme it starts from, for the theme's name.
  public var name: String
  public var settings: [String: String]

  public init(name: String, settings: [String: String]) {
    self.name = name
    self.settings = settings
  }

  /// presenterm's default theme.
  public static let defaultName = "dark"

  /// Built-in themes that say much alike (catppuccin's four, tokyonight's four): what they
  /// share, and each one's own settings.
  struct Family {
    var shared: [String: String]
    var themes: [String: [String: String]]
  }

  static let families = [builtInBase, builtInCatppuccin, builtInTokyoNight]

  /// A built-in theme by its presenterm name (every file of presenterm's `themes/`).
  public static func builtIn(_ name: String) -> PresentermStyle? {
    for family in families {
      if let own = family.themes[name] {
        let settings = builtInCommon.merging(family.shared) { $1 }.merging(own) { $1 }
        return PresentermStyle(name: name, settings: settings)
      }
    }
    return nil
  }

  public static var builtInNames: [String] {
    families.flatMap(\.themes.keys).sorted()
  }

  /// The settings Podium carries out, by path; `*` stands for any one name (an element, a
  /// heading level, an alert, a palette colour). scripts/presenterm-themes keeps these
  /// sections of the built-in themes.
  static let carriedOut = [
    "default.colors.foreground", "default.colors.background", "default.margin.percent",
    "default.margin.fixed", "slide_title.colors.foreground", "slide_title.bold",
    "slide_title.alignment", "slide_title.prefix", "slide_title.padding_top",
    "slide_title.padding_bottom", "slide_title.font_size", "headings.*.colors.foreground",
    "headings.*.bold", "headings.*.alignment", "headings.*.prefix", "code.alignment",
    "code.background", "code.theme_name", "inline_code.colors.foreground",
    "block_quote.prefix", "block_quote.colors.background", "block_quote.colors.prefix",
    "alert.prefix", "alert.base_colors.background", "alert.base_colors.foreground",
    "alert.styles.*.color", "intro_slide.*.colors.foreground", "intro_slide.*.alignment",
    "intro_slide.*.font_size", "intro_slide.author.positioning", "intro_slide.footer",
    "footer.style", "footer.left", "footer.center", "footer.right", "footer.colors.foreground",
    "footer.character", "palette.colors.*",
  ].map { $0.split(separator: ".") }

  /// What presenterm draws and Podium has no such thing to draw (snippets are never run, no
  /// diagram is rendered, no modal shown) or lays out its own way (code blocks' padding and
  /// sizes, the column gap): nothing an audience misses, so no warning.
  static let notApplicable = [
    "execution_output", "pty_output", "modals", "layout_grid", "mermaid", "d2",
    "column_layout", "code.padding", "code.minimum_size", "code.minimum_margin",
    "footer.height", "extends",
  ]

  /// Whether Podium carries out the setting at `path`.
  static func isCarriedOut(_ path: String) -> Bool {
    let parts = path.split(separator: ".")
    return carriedOut.contains { pattern in
      pattern.count == parts.count && zip(pattern, parts).allSatisfy { $0 == "*" || $0 == $1 }
    }
  }

  static func isNotApplicable(_ path: String) -> Bool {
    notApplicable.contains { path == $0 || path.hasPrefix($0 + ".") }
  }

  /// `other`'s settings over these.
  func merged(with other: [String: String]) -> PresentermStyle {
    PresentermStyle(name: name, settings: settings.merging(other) { _, new in new })
  }

  subscript(_ path: String) -> String? { settings[path] }

  func flag(_ path: String) -> Bool? { settings[path].flatMap(parseBool) }

  func number(_ path: String) -> Int? { settings[path].flatMap { Int($0) } }

  /// The colour at `path`: `rrggbb`, `palette:name` (or `p:name`), a terminal colour's name;
  /// nil for none, or `null` (the terminal's own).
  func color(_ path: String) -> RGBAColor? {
    guard let value = settings[path] else { return nil }
    return resolve(value, depth: 0)
  }

  private func resolve(_ value: String, depth: Int) -> RGBAColor? {
    let lowered = value.trimmingCharacters(in: .whitespaces).lowercased()
    for prefix in ["palette:", "p:"] where lowered.hasPrefix(prefix) {
      // A palette colour naming another is followed a few steps, never round a loop.
      guard depth < 4, let named = settings["palette.colors." + lowered.dropFirst(prefix.count)]
      else { return nil }
      return resolve(named, depth: depth + 1)
    }
    if let terminal = Self.terminalColors[lowered] { return Theme.hex(terminal) }
    let digits = lowered.hasPrefix("#") ? String(lowered.dropFirst()) : lowered
    return RGBAColor(hex: "#" + digits)
  }

  /// The terminal's sixteen colours by presenterm's names (crossterm's), as xterm draws them.
  static let terminalColors: [String: UInt32] = [
    "black": 0x000000, "dark_grey": 0x7F7F7F, "grey": 0xE5E5E5, "white": 0xFFFFFF,
    "dark_red": 0xCD0000, "red": 0xFF0000, "dark_green": 0x00CD00, "green": 0x00FF00,
    "dark_yellow": 0xCDCD00, "yellow": 0xFFFF00, "dark_blue": 0x0000EE, "blue": 0x5C5CFF,
    "dark_magenta": 0xCD00CD, "magenta": 0xFF00FF, "dark_cyan": 0x00CDCD, "cyan": 0x00FFFF,
  ]
}
