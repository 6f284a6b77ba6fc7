/// PHP: `$variables`, `<?php` and `?>` tags, `#` comments beside C's, strings that interpolate
/// variables, and keywords in any case.
extension SyntaxLanguage {
  static let php = SyntaxLanguage(
    name: "php",
    aliases: ["php8", "php7"],
    dialect: .php,
    keywords: [
      "abstract", "and", "array", "as", "break", "callable", "case", "catch", "class", "clone",
      "const", "continue", "declare", "default", "do", "echo", "else", "elseif", "empty",
      "enddeclare", "endfor", "endforeach", "endif", "endswitch", "endwhile", "enum", "extends",
      "false", "final", "finally", "fn", "for", "foreach", "function", "global", "goto", "if",
      "implements", "include", "include_once", "instanceof", "insteadof", "interface", "isset",
      "list", "match", "namespace", "new", "null", "or", "parent", "print", "private",
      "protected", "public", "readonly", "require", "require_once", "return", "self", "static",
      "switch", "throw", "trait", "true", "try", "unset", "use", "var", "while", "xor", "yield",
    ],
    types: ["bool", "float", "int", "iterable", "mixed", "never", "object", "string", "void"],
    functionIntroducers: ["function"],
    typeIntroducers: ["class", "interface", "trait", "enum", "extends", "implements", "new"],
    strings: [
      StringOpener("\"", StringRule(close: ["\""], multiline: true, interpolation: .dollar)),
      StringOpener("'", StringRule(close: ["'"], multiline: true)),
    ],
    lineComments: [["/", "/"], ["#"]],
    capitalizedTypes: true,
    caseInsensitive: true)
}

extension LineScanner {
  /// `$name` and `$$name`, and the `<?php`, `<?=` and `?>` tags.
  mutating func scanPHPSpecial(_ c: Unicode.Scalar) -> Bool {
    switch c {
    case "$":
      var index = pos
      while index < count && s[index] == "$" { index += 1 }
      // A run of `$` before no name is punctuation all at once, so `$$$...` stays linear.
      guard index < count && isIdentifierStart(s[index]) else {
        pos = index
        emitSignificant(.punctuation, .punctuation("$"))
        return true
      }
      pos = index
      scanIdentifier()
      emitSignificant(.attribute, .value)
      return true
    case "<":
      guard peek(1) == "?" else { return false }
      pos += 2
      if peek() == "=" {
        pos += 1
      } else if matches(["p", "h", "p"], at: pos) {
        pos += 3
      }
      emitSignificant(.attribute, .punctuation("?"))
      return true
    case "?":
      guard peek(1) == ">" else { return false }
      pos += 2
      emitSignificant(.attribute, .punctuation(">"))
      return true
    default:
      return false
    }
  }
}
