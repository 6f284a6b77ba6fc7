/// Nix: `#` and `/* */` comments, strings and `''indented strings''` with `${...}`, paths
/// (`./default.nix`, `<nixpkgs>`), names with `-` and `'` in them, and attribute names before
/// `=`.
extension SyntaxLanguage {
  static let nix = SyntaxLanguage(
    name: "nix",
    dialect: .nix,
    keywords: [
      "assert", "else", "false", "if", "in", "inherit", "let", "null", "or", "rec", "then",
      "true", "with",
    ],
    types: ["builtins", "import", "throw", "abort", "derivation", "map", "toString"],
    strings: [
      StringOpener("\"", StringRule(close: ["\""], multiline: true, interpolation: .javascript))
    ],
    lineComments: [["#"]],
    primeIdentifiers: true,
    hyphenIdentifiers: true,
    assignmentKeys: true)
}

extension LineScanner {
  /// Indented strings and paths.
  mutating func scanNixSpecial(_ c: Unicode.Scalar) -> Bool {
    switch c {
    case "'":
      guard peek(1) == "'" else { return false }
      pos += 2
      // `'''` writes `''`, `''$` writes `$` and `''\` escapes: none of them ends the string.
      scanStringLiteral(
        StringRule(close: ["'", "'"], escapes: false, multiline: true, interpolation: .javascript))
      return true
    case ".", "/", "~":
      // `./file`, `../dir`, `/nix/store`, `~/x`: a path, up to a blank or a delimiter.
      var index = pos
      if c == "~" {
        index += 1
      } else {
        while index < count && s[index] == "." && index - pos < 2 { index += 1 }
      }
      guard index < count && s[index] == "/" else { return false }
      if c == "/" {
        guard previousAllowsPath, index + 1 < count, isNixPathScalar(s[index + 1]) else {
          return false
        }
      }
      pos = index + 1
      while pos < count && isNixPathScalar(s[pos]) { pos += 1 }
      emitSignificant(.string, .value)
      return true
    case "<":
      // `<nixpkgs>`: a search path, only letters, `/`, `.`, `-` and `_` inside.
      var index = pos + 1
      while index < count && (isNixPathScalar(s[index]) && s[index] != ">") { index += 1 }
      guard index > pos + 1 && index < count && s[index] == ">" else { return false }
      pos = index + 1
      emitSignificant(.string, .value)
      return true
    default:
      return false
    }
  }

  /// A `/` starts a path only where an operand may start, not after a value (`a / b`).
  private var previousAllowsPath: Bool {
    switch previous {
    case .value, .dot, .word: return false
    case .none, .punctuation: return true
    }
  }

  private func isNixPathScalar(_ c: Unicode.Scalar) -> Bool {
    isLetter(c) || isDigit(c) || c == "/" || c == "." || c == "-" || c == "_" || c == "+"
  }
}
