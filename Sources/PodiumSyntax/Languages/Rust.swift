/// Rust: lifetimes beside character literals, raw strings and identifiers, `#[attributes]` and
/// macro calls.
extension SyntaxLanguage {
  static let rust = SyntaxLanguage(
    name: "rust",
    aliases: ["rs"],
    dialect: .rust,
    keywords: [
      "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum",
      "extern", "false", "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move",
      "mut", "pub", "ref", "return", "self", "Self", "static", "struct", "super", "trait", "true",
      "type", "unsafe", "use", "where", "while", "yield",
    ],
    softKeywords: ["union"],
    memberKeywords: ["await"],
    types: [
      "bool", "char", "f32", "f64", "i8", "i16", "i32", "i64", "i128", "isize", "str", "u8", "u16",
      "u32", "u64", "u128", "usize",
    ],
    functionIntroducers: ["fn"],
    typeIntroducers: ["struct", "enum", "trait", "type", "union"],
    // Byte and C strings (`b"..."`, `c"..."`) and byte literals (`b'x'`); a bare `'` is
    // `scanTick`'s.
    strings: [
      StringOpener("\"", StringRule(close: ["\""], multiline: true), prefixes: ["b", "c"]),
      StringOpener("'", prefixes: ["b"]),
    ],
    nestedComments: true,
    capitalizedTypes: true,
    bangMacros: true)
}

extension LineScanner {
  mutating func scanRustSpecial(_ c: Unicode.Scalar) -> Bool {
    switch c {
    case "'":
      scanTick()
      return true
    case "#":
      // #[attribute] and #![inner_attribute].
      let bracket = peek(1) == "!" ? 2 : 1
      guard peek(bracket) == "[" else { return false }
      pos += bracket
      skipBalanced("[", "]")
      emitSignificant(.attribute, .punctuation("]"))
      return true
    default:
      return false
    }
  }

  /// Raw strings (`r#"..."#`, `br"..."`, `cr"..."`) and raw identifiers (`r#type`) after the
  /// word just scanned.
  mutating func scanRustRawWord(_ word: String, next: Unicode.Scalar) -> Bool {
    guard next == "\"" || next == "#", word == "r" || word == "br" || word == "cr" else {
      return false
    }
    if let hashes = hashesBeforeQuote() {
      pos += hashes
      let close: [Unicode.Scalar] = ["\""] + Array(repeating: "#", count: hashes)
      startString(StringRule(close: close, escapes: false, multiline: true), tripled: false)
      return true
    }
    guard word == "r" && peek() == "#", let next = peek(1), isIdentifierStart(next) else {
      return false
    }
    pos += 1
    scanIdentifier()
    emitSignificant(.plain, .word(word))
    return true
  }
}
