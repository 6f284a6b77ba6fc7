import Foundation

/// A Marp deck's own CSS (its theme file, its front matter's `style:`, its `<style>` and
/// `<style scoped>` blocks) read through `CSSToken` into rules: `DeckCSS+Load` carries out what
/// of them decides how a slide looks.
enum DeckCSS {
  /// One rule: its selectors as text, and its declarations' names and values as text.
  struct Rule {
    /// The prelude, as written (`h1, section.lead h2`).
    var selectorText: String
    var declarations: [Declaration]
  }

  struct Declaration {
    var name: String
    var value: String
    var important: Bool
  }

  /// The qualified rules of `css` (at-rules, `@import` and `@media` among them, are skipped).
  static func rules(_ css: String) -> [Rule] {
    let tokens = CSSToken.tokenize(css)
    var rules: [Rule] = []
    var index = 0
    while index < tokens.count {
      if [.whitespace, .cdo, .cdc].contains(tokens[index]) {
        index += 1
        continue
      }
      if case .atKeyword = tokens[index] {
        // To its `;`, or past its block.
        index += 1
        while index < tokens.count {
          let token = tokens[index]
          index += 1
          if token == .semicolon || token == .closeCurly { break }
          if token == .openCurly {
            _ = block(tokens, from: &index)
            break
          }
        }
        continue
      }
      var prelude: [CSSToken] = []
      while index < tokens.count && tokens[index] != .openCurly {
        prelude.append(tokens[index])
        index += 1
      }
      index += 1
      let body = block(tokens, from: &index)
      rules.append(
        Rule(
          selectorText: text(prelude).trimmingCharacters(in: .whitespacesAndNewlines),
          declarations: declarations(body)))
    }
    return rules
  }

  /// The tokens of a `{}` block whose `{` was just read, to its matching `}` (read, not kept).
  private static func block(_ tokens: [CSSToken], from index: inout Int) -> [CSSToken] {
    var body: [CSSToken] = []
    var depth = 1
    while index < tokens.count {
      let token = tokens[index]
      index += 1
      if token == .openCurly { depth += 1 }
      if token == .closeCurly {
        depth -= 1
        if depth == 0 { break }
      }
      body.append(token)
    }
    return body
  }

  private static func declarations(_ body: [CSSToken]) -> [Declaration] {
    var found: [Declaration] = []
    var depth = 0
    var current: [CSSToken] = []
    func finish() {
      defer { current = [] }
      guard let colon = current.firstIndex(of: .colon),
        case .ident(let name) = current.prefix(colon).first(where: { $0 != .whitespace })
      else { return }
      var value = text(Array(current[(colon + 1)...])).trimmingCharacters(in: .whitespaces)
      let important = value.lowercased().hasSuffix("!important")
      if important { value = String(value.dropLast(10)) }
      found.append(
        Declaration(
          name: name.hasPrefix("--") ? name : name.lowercased(),
          value: value.trimmingCharacters(in: .whitespaces), important: important))
    }
    for token in body {
      switch token {
      case .openCurly, .openParen, .openSquare, .function: depth += 1
      case .closeCurly, .closeParen, .closeSquare: depth -= 1
      case .semicolon where depth == 0:
        finish()
        continue
      default: break
      }
      current.append(token)
    }
    finish()
    return found
  }

  /// Tokens written back as CSS text.
  static func text(_ tokens: [CSSToken]) -> String {
    tokens.map { token -> String in
      switch token {
      case .ident(let name): return name
      case .function(let name): return name + "("
      case .atKeyword(let name): return "@" + name
      case .hash(let name, _): return "#" + name
      case .string(let value): return "'" + value + "'"
      case .url(let value): return "url(" + value + ")"
      case .delim(let character): return String(character)
      case .number(let value, _): return number(value)
      case .percentage(let value): return number(value) + "%"
      case .dimension(let value, let unit): return number(value) + unit
      case .whitespace: return " "
      case .colon: return ":"
      case .semicolon: return ";"
      case .comma: return ","
      case .openSquare: return "["
      case .closeSquare: return "]"
      case .openParen: return "("
      case .closeParen: return ")"
      case .openCurly: return "{"
      case .closeCurly: return "}"
      case .badString, .badURL, .cdo, .cdc: return ""
      }
    }.joined()
  }

  private static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }

}
