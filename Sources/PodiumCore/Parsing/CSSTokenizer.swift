/// CSS's tokens, as CSS Syntax Module Level 3 (§4, "Tokenization") defines them: what a Marp
/// theme's or deck's CSS is read with. Input is first preprocessed (§3.3: CR, FF and CRLF become
/// LF, NUL becomes U+FFFD); comments are consumed and produce no token.
enum CSSToken: Equatable {
  case ident(String)
  case function(String)
  case atKeyword(String)
  /// `#name`; `isID` when the name would start an identifier (type flag "id").
  case hash(String, isID: Bool)
  case string(String)
  case badString
  case url(String)
  case badURL
  case delim(Character)
  /// A number, with whether it was written as an integer.
  case number(Double, isInteger: Bool)
  case percentage(Double)
  case dimension(Double, unit: String)
  case whitespace
  case cdo
  case cdc
  case colon
  case semicolon
  case comma
  case openSquare, closeSquare, openParen, closeParen, openCurly, closeCurly

  /// The tokens of `css`.
  static func tokenize(_ css: String) -> [CSSToken] {
    var scanner = CSSScanner(css)
    var tokens: [CSSToken] = []
    while let token = scanner.next() { tokens.append(token) }
    return tokens
  }
}

/// The tokenizer's state: code points and the place in them.
private struct CSSScanner {
  let points: [Unicode.Scalar]
  var at = 0

  init(_ css: String) {
    var points: [Unicode.Scalar] = []
    var previousCR = false
    for scalar in css.unicodeScalars {
      switch scalar {
      case "\r": points.append("\n")
      case "\n" where previousCR: break
      case "\u{0C}": points.append("\n")
      case "\0": points.append("\u{FFFD}")
      default: points.append(scalar)
      }
      previousCR = scalar == "\r"
    }
    self.points = points
  }

  func peek(_ offset: Int = 0) -> Unicode.Scalar? {
    at + offset < points.count ? points[at + offset] : nil
  }

  static func isNameStart(_ c: Unicode.Scalar?) -> Bool {
    guard let c else { return false }
    return (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c == "_" || c.value >= 0x80
  }
  static func isName(_ c: Unicode.Scalar?) -> Bool {
    guard let c else { return false }
    return isNameStart(c) || isDigit(c) || c == "-"
  }
  static func isDigit(_ c: Unicode.Scalar?) -> Bool { c.map { $0 >= "0" && $0 <= "9" } ?? false }
  static func isHex(_ c: Unicode.Scalar?) -> Bool {
    guard let c else { return false }
    return isDigit(c) || (c >= "a" && c <= "f") || (c >= "A" && c <= "F")
  }
  static func isSpace(_ c: Unicode.Scalar?) -> Bool { c == " " || c == "\t" || c == "\n" }

  /// §4.3.8: two code points that start a valid escape.
  func validEscape(_ offset: Int = 0) -> Bool { peek(offset) == "\\" && peek(offset + 1) != "\n" }

  /// §4.3.9: three code points that would start an identifier.
  func startsIdentifier(_ offset: Int = 0) -> Bool {
    switch peek(offset) {
    case "-":
      return Self.isNameStart(peek(offset + 1)) || peek(offset + 1) == "-"
        || validEscape(offset + 1)
    case "\\": return validEscape(offset)
    default: return Self.isNameStart(peek(offset))
    }
  }

  /// §4.3.10: three code points that would start a number.
  func startsNumber() -> Bool {
    switch peek() {
    case "+", "-":
      return Self.isDigit(peek(1)) || (peek(1) == "." && Self.isDigit(peek(2)))
    case ".": return Self.isDigit(peek(1))
    default: return Self.isDigit(peek())
    }
  }

  mutating func next() -> CSSToken? {
    consumeComments()
    guard let c = peek() else { return nil }
    at += 1
    switch c {
    case _ where Self.isSpace(c):
      while Self.isSpace(peek()) { at += 1 }
      return .whitespace
    case "\"", "'": return consumeString(until: c)
    case "#":
      if Self.isName(peek()) || validEscape() {
        let isID = startsIdentifier()
        return .hash(consumeName(), isID: isID)
      }
      return .delim(Character(c))
    case "(": return .openParen
    case ")": return .closeParen
    case "+", ".":
      at -= 1
      if startsNumber() { return consumeNumeric() }
      at += 1
      return .delim(Character(c))
    case ",": return .comma
    case "-":
      at -= 1
      if startsNumber() { return consumeNumeric() }
      if peek(1) == "-" && peek(2) == ">" {
        at += 3
        return .cdc
      }
      if startsIdentifier() { return consumeIdentLike() }
      at += 1
      return .delim("-")
    case ":": return .colon
    case ";": return .semicolon
    case "<":
      if peek() == "!" && peek(1) == "-" && peek(2) == "-" {
        at += 3
        return .cdo
      }
      return .delim("<")
    case "@":
      if startsIdentifier() { return .atKeyword(consumeName()) }
      return .delim("@")
    case "[": return .openSquare
    case "\\":
      if validEscape(-1) {
        at -= 1
        return consumeIdentLike()
      }
      return .delim("\\")
    case "]": return .closeSquare
    case "{": return .openCurly
    case "}": return .closeCurly
    case _ where Self.isDigit(c):
      at -= 1
      return consumeNumeric()
    case _ where Self.isNameStart(c):
      at -= 1
      return consumeIdentLike()
    default:
      return .delim(Character(c))
    }
  }

  mutating func consumeComments() {
    while peek() == "/" && peek(1) == "*" {
      at += 2
      while peek() != nil && !(peek() == "*" && peek(1) == "/") { at += 1 }
      at = min(points.count, at + 2)
    }
  }

  /// §4.3.7: an escape, the backslash already consumed.
  mutating func consumeEscape() -> Unicode.Scalar {
    guard let c = peek() else { return "\u{FFFD}" }
    at += 1
    guard Self.isHex(c) else { return c }
    var hex = String(c)
    while hex.count < 6 && Self.isHex(peek()) {
      hex.unicodeScalars.append(peek()!)
      at += 1
    }
    if Self.isSpace(peek()) { at += 1 }
    let value = UInt32(hex, radix: 16) ?? 0
    guard value != 0, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value),
      let scalar = Unicode.Scalar(value)
    else { return "\u{FFFD}" }
    return scalar
  }

  /// §4.3.11: a name.
  mutating func consumeName() -> String {
    var name = String.UnicodeScalarView()
    while true {
      if Self.isName(peek()) {
        name.append(peek()!)
        at += 1
      } else if validEscape() {
        at += 1
        name.append(consumeEscape())
      } else {
        return String(name)
      }
    }
  }

  /// §4.3.5: a string, the opening quote consumed.
  mutating func consumeString(until end: Unicode.Scalar) -> CSSToken {
    var value = String.UnicodeScalarView()
    while let c = peek() {
      at += 1
      switch c {
      case end: return .string(String(value))
      case "\n":
        at -= 1
        return .badString
      case "\\":
        if peek() == nil { continue }
        if peek() == "\n" {
          at += 1
        } else {
          value.append(consumeEscape())
        }
      default: value.append(c)
      }
    }
    return .string(String(value))
  }

  /// §4.3.12: a number's value and whether it is an integer.
  mutating func consumeNumber() -> (Double, Bool) {
    var text = ""
    var integer = true
    if peek() == "+" || peek() == "-" {
      text.unicodeScalars.append(peek()!)
      at += 1
    }
    func digits() {
      while Self.isDigit(peek()) {
        text.unicodeScalars.append(peek()!)
        at += 1
      }
    }
    digits()
    if peek() == ".", Self.isDigit(peek(1)) {
      text += "."
      at += 1
      integer = false
      digits()
    }
    if peek() == "e" || peek() == "E" {
      let signed = (peek(1) == "+" || peek(1) == "-") && Self.isDigit(peek(2))
      if signed || Self.isDigit(peek(1)) {
        text += "e"
        at += 1
        if signed {
          text.unicodeScalars.append(peek()!)
          at += 1
        }
        integer = false
        digits()
      }
    }
    return (Double(text) ?? 0, integer)
  }

  /// §4.3.3: a number, percentage or dimension.
  mutating func consumeNumeric() -> CSSToken {
    let (value, integer) = consumeNumber()
    if startsIdentifier() { return .dimension(value, unit: consumeName()) }
    if peek() == "%" {
      at += 1
      return .percentage(value)
    }
    return .number(value, isInteger: integer)
  }

  /// §4.3.4: an identifier, a function or a url.
  mutating func consumeIdentLike() -> CSSToken {
    let name = consumeName()
    guard peek() == "(" else { return .ident(name) }
    at += 1
    guard name.lowercased() == "url" else { return .function(name) }
    while Self.isSpace(peek()) && Self.isSpace(peek(1)) { at += 1 }
    let quoted = peek() == "\"" || peek() == "'"
    let quotedAfterSpace = Self.isSpace(peek()) && (peek(1) == "\"" || peek(1) == "'")
    if quoted || quotedAfterSpace { return .function(name) }
    return consumeURL()
  }

  /// §4.3.6: an unquoted url, `url(` consumed.
  mutating func consumeURL() -> CSSToken {
    var value = String.UnicodeScalarView()
    while Self.isSpace(peek()) { at += 1 }
    while let c = peek() {
      at += 1
      switch c {
      case ")": return .url(String(value))
      case _ where Self.isSpace(c):
        while Self.isSpace(peek()) { at += 1 }
        if peek() == ")" || peek() == nil {
          if peek() == ")" { at += 1 }
          return .url(String(value))
        }
        consumeBadURL()
        return .badURL
      case "\"", "'", "(":
        consumeBadURL()
        return .badURL
      case "\\":
        if validEscape(-1) {
          value.append(consumeEscape())
        } else {
          consumeBadURL()
          return .badURL
        }
      default:
        if c.value <= 0x08 || c.value == 0x0B || (0x0E...0x1F).contains(c.value) || c.value == 0x7F
        {
          consumeBadURL()
          return .badURL
        }
        value.append(c)
      }
    }
    return .url(String(value))
  }

  /// §4.3.14: the rest of a bad url.
  mutating func consumeBadURL() {
    while let c = peek() {
      at += 1
      if c == ")" { return }
      if c == "\\" && validEscape(-1) { _ = consumeEscape() }
    }
  }
}
