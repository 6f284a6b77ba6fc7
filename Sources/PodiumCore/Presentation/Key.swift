/// A key the speaker presses, with the modifiers a binding needs (Alt+Left). Users write keys as
/// SDL names them (`PageDown`, `F5`, `Keypad 3`, `j`), in any case; `description` is the spelling
/// `podium config --print` writes back, and `hintLabel` the console's.
public struct Key: Hashable, Sendable, CustomStringConvertible {
  /// Keys with a name of their own, spelled as `SDL_GetKeyName` spells them.
  public enum Name: String, CaseIterable, Hashable, Sendable {
    case right = "Right"
    case left = "Left"
    case up = "Up"
    case down = "Down"
    case pageUp = "PageUp"
    case pageDown = "PageDown"
    case home = "Home"
    case end = "End"
    case escape = "Escape"
    case tab = "Tab"
    case `return` = "Return"
    case backspace = "Backspace"
    case space = "Space"
    case delete = "Delete"
    case insert = "Insert"
    case keypadEnter = "Keypad Enter"
    case f1 = "F1"
    case f2 = "F2"
    case f3 = "F3"
    case f4 = "F4"
    case f5 = "F5"
    case f6 = "F6"
    case f7 = "F7"
    case f8 = "F8"
    case f9 = "F9"
    case f10 = "F10"
    case f11 = "F11"
    case f12 = "F12"
    case f13 = "F13"
    case f14 = "F14"
    case f15 = "F15"
    case f16 = "F16"
    case f17 = "F17"
    case f18 = "F18"
    case f19 = "F19"
    case f20 = "F20"
    case f21 = "F21"
    case f22 = "F22"
    case f23 = "F23"
    case f24 = "F24"

    /// Names are matched without regard to case, as users write them (`pagedown`, `PAGEDOWN`).
    fileprivate static let byLowercasedName = Dictionary(
      uniqueKeysWithValues: allCases.map { ($0.rawValue.lowercased(), $0) })
  }

  public enum Code: Hashable, Sendable {
    case named(Name)
    /// A key that types a character, lowercased: `j`, `.`, `[`.
    case character(Character)
    /// A key on the numeric keypad that types a character: `3`, `.`, `+`.
    case keypad(Character)
    /// Any other key, by its lowercased SDL name (`audionext`, `ac back`): a clicker may send
    /// keys Podium has no name for, and binding them has always worked.
    case other(String)
  }

  public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let control = Modifiers(rawValue: 1)
    public static let alt = Modifiers(rawValue: 2)
    public static let shift = Modifiers(rawValue: 4)
  }

  public var code: Code
  public var modifiers: Modifiers

  public init(_ code: Code, modifiers: Modifiers = []) {
    self.code = code
    self.modifiers = modifiers
  }

  public init(_ name: Name, modifiers: Modifiers = []) {
    self.init(.named(name), modifiers: modifiers)
  }

  public init(_ character: Character, modifiers: Modifiers = []) {
    self.init(.character(Self.lowercased(character)), modifiers: modifiers)
  }

  public static func keypad(_ character: Character) -> Key { Key(.keypad(character)) }

  /// The modifier prefixes users write, `Ctrl+` also as `Control+`.
  private static let modifierNames: [(String, Modifiers)] = [
    ("ctrl", .control), ("control", .control), ("alt", .alt), ("shift", .shift),
  ]

  /// Parses a key as users write it: an SDL key name, optionally after `Ctrl+`, `Alt+` or
  /// `Shift+`. Nil only for an empty name; names Podium does not know are kept as `.other`.
  public init?(name: String) {
    var rest = Substring(name.lowercased())
    var modifiers: Modifiers = []
    // "+" and "Keypad +" are keys of their own: a prefix counts only with a key after it.
    while let match = Self.modifierNames.first(where: {
      rest.hasPrefix($0.0 + "+") && rest.count > $0.0.count + 1
    }) {
      modifiers.insert(match.1)
      rest = rest.dropFirst(match.0.count + 1)
    }
    guard let first = rest.first else { return nil }
    let keypadPrefix = "keypad "
    if let named = Name.byLowercasedName[String(rest)] {
      self.init(.named(named), modifiers: modifiers)
    } else if rest.count == 1 {
      self.init(.character(first), modifiers: modifiers)
    } else if rest.hasPrefix(keypadPrefix), rest.count == keypadPrefix.count + 1,
      let last = rest.last
    {
      self.init(.keypad(last), modifiers: modifiers)
    } else {
      self.init(.other(String(rest)), modifiers: modifiers)
    }
  }

  /// The same key without modifiers: what a modified press means when nothing binds it as such.
  public var unmodified: Key { Key(code) }

  /// The spelling for configuration files, lowercased as `podium config --print` has always
  /// written keys: `pagedown`, `keypad 3`, `alt+left`.
  public var description: String {
    let base: String
    switch code {
    case .named(let name): base = name.rawValue.lowercased()
    case .character(let character): base = String(character)
    case .keypad(let character): base = "keypad \(character)"
    case .other(let name): base = name
    }
    return prefix(control: "ctrl+", alt: "alt+", shift: "shift+") + base
  }

  /// The key as the console's hints show it: arrows and ⏎ as symbols, `-` as a minus sign.
  public var hintLabel: String {
    let base: String
    switch code {
    case .named(.right): base = "→"
    case .named(.left): base = "←"
    case .named(.up): base = "↑"
    case .named(.down): base = "↓"
    case .named(.return): base = "⏎"
    case .named(.keypadEnter): base = "Keypad ⏎"
    case .named(.escape): base = "Esc"
    case .named(.pageUp): base = "PgUp"
    case .named(.pageDown): base = "PgDn"
    case .named(.delete): base = "Del"
    case .named(.insert): base = "Ins"
    case .named(let name): base = name.rawValue
    case .character("-"): base = "−"
    case .character(let character): base = String(character)
    case .keypad(let character): base = "Keypad \(character)"
    case .other(let name): base = name
    }
    return prefix(control: "Ctrl+", alt: "Alt+", shift: "Shift+") + base
  }

  private func prefix(control: String, alt: String, shift: String) -> String {
    (modifiers.contains(.control) ? control : "") + (modifiers.contains(.alt) ? alt : "")
      + (modifiers.contains(.shift) ? shift : "")
  }

  /// SDL names letters in capitals (`J`); bindings match them in either case.
  private static func lowercased(_ character: Character) -> Character {
    let lower = character.lowercased()
    return lower.count == 1 ? lower.first ?? character : character
  }
}
