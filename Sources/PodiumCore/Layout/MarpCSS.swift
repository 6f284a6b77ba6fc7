import Foundation

/// The part of a Marp deck's own CSS (its theme file, its front matter's `style:`) that decides
/// how every slide looks, read through `CSSToken` and applied to the theme: `section`'s
/// background, colour, font family and size, headings' and links' colours, and the custom
/// properties (`--name`, `var()`) they use. Every other property is named once, as not carried
/// out: the deck still shows, in the theme it builds on.
enum MarpCSS {
  /// One rule: its selectors as text, and its declarations' names and values as text.
  struct Rule {
    var selectors: [String]
    var declarations: [(name: String, value: String)]
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
        var depth = 0
        while index < tokens.count {
          let token = tokens[index]
          index += 1
          if token == .openCurly { depth += 1 }
          if token == .closeCurly {
            depth -= 1
            if depth <= 0 { break }
          }
          if token == .semicolon && depth == 0 { break }
        }
        continue
      }
      var prelude: [CSSToken] = []
      while index < tokens.count && tokens[index] != .openCurly {
        prelude.append(tokens[index])
        index += 1
      }
      index += 1
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
      let selectors = text(prelude).split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespacesAndNewlines)
      }
      rules.append(Rule(selectors: selectors, declarations: declarations(body)))
    }
    return rules
  }

  private static func declarations(_ body: [CSSToken]) -> [(name: String, value: String)] {
    var found: [(name: String, value: String)] = []
    var depth = 0
    var current: [CSSToken] = []
    func finish() {
      defer { current = [] }
      guard let colon = current.firstIndex(of: .colon),
        case .ident(let name) = current.prefix(colon).first(where: { $0 != .whitespace })
      else { return }
      var value = text(Array(current[(colon + 1)...])).trimmingCharacters(in: .whitespaces)
      if value.hasSuffix("!important") { value = String(value.dropLast(10)) }
      found.append(
        (
          name.hasPrefix("--") ? name : name.lowercased(),
          value.trimmingCharacters(in: .whitespaces)
        ))
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

  /// `css` applied to `theme`; returns the properties it does not carry out, each once.
  static func apply(_ css: String, to theme: inout Theme) -> [String] {
    let rules = rules(css)
    var variables: [String: String] = [:]
    for rule in rules where rule.selectors.contains(where: { [":root", "section"].contains($0) }) {
      for (name, value) in rule.declarations where name.hasPrefix("--") { variables[name] = value }
    }
    func resolved(_ value: String) -> String {
      var value = value
      for _ in 0..<5 {
        guard let start = value.range(of: "var(") else { break }
        guard let end = value[start.upperBound...].firstIndex(of: ")") else { break }
        let inside = value[start.upperBound..<end].split(separator: ",", maxSplits: 1)
        let name = inside.first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let fallback = inside.count > 1 ? inside[1].trimmingCharacters(in: .whitespaces) : ""
        value.replaceSubrange(start.lowerBound...end, with: variables[name] ?? fallback)
      }
      return value
    }
    var ignored: [String] = []
    func ignore(_ name: String) { if !ignored.contains(name) { ignored.append(name) } }
    for rule in rules {
      for (name, raw) in rule.declarations where !name.hasPrefix("--") {
        let value = resolved(raw)
        let color = CSSColor.parse(value) ?? CSSColor.firstColor(in: value)
        var used = false
        for selector in rule.selectors {
          used = apply(name, value, color, selector: selector, to: &theme) || used
        }
        if !used { ignore(name) }
      }
    }
    return ignored
  }

  /// One declaration for one selector; whether it was carried out.
  private static func apply(
    _ name: String, _ value: String, _ color: RGBAColor?, selector: String, to theme: inout Theme
  ) -> Bool {
    let headings = ["h1", "h2", "h3", "h4", "h5", "h6"]
    switch (selector, name) {
    case ("section", "background"), ("section", "background-color"):
      guard let color else { return false }
      theme.colors.background = color
    case ("section", "color"):
      guard let color else { return false }
      (theme.colors.text, theme.colors.heading) = (color, color)
      theme.marp?.h1Color = nil
    case ("section", "font-size"):
      guard value.hasSuffix("px"), let pixels = Double(value.dropLast(2)), pixels > 0,
        pixels < 400
      else { return false }
      theme.sizes.body = pixels / 720
    case ("section", "font-family"):
      guard let first = value.split(separator: ",").first else { return false }
      let family = first.trimmingCharacters(in: CharacterSet(charactersIn: "'\" "))
      (theme.fonts.body, theme.fonts.heading) = (family, family)
    case (_, "color") where headings.contains(selector):
      guard let color else { return false }
      if selector == "h1" && theme.marp != nil {
        theme.marp?.h1Color = color
      } else {
        theme.colors.heading = color
      }
    case ("a", "color"), ("a:link", "color"):
      guard let color else { return false }
      theme.colors.accent = color
    default:
      return false
    }
    return true
  }
}

extension MarpCSS {
  /// `theme` with the deck's own theme file and its front matter's `style:` applied, in that
  /// order, and a warning for each property neither carries out.
  static func styled(_ theme: Theme, deck: Deck, files: any DeckFiles) -> (Theme, [Diagnostic]) {
    var theme = theme
    var found: [Diagnostic] = []
    var sources: [(css: String, location: SourceLocation?, what: String)] = []
    if let path = deck.metadata.marpThemeFile,
      case .success(let bytes) = files.contents(
        of: path, limit: MarpThemeSet.largestFile, kind: "themes")
    {
      sources.append(
        (String(decoding: bytes, as: UTF8.self), deck.metadata.keyLocations["theme"], "its theme's")
      )
    }
    if let style = deck.metadata.style {
      sources.append((style, deck.metadata.keyLocations["style"], "'style'"))
    }
    for source in sources {
      for property in apply(source.css, to: &theme) {
        found.append(
          Diagnostic(
            .warning, file: deck.file, at: source.location,
            "CSS property '\(property)' in \(source.what) CSS is not carried out by Podium"))
      }
    }
    return (theme, found)
  }
}
