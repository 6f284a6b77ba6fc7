import Foundation

extension DeckCSS {
  /// One place a deck writes CSS.
  struct Source {
    var css: String
    var location: SourceLocation?
    /// How a warning names it: `its theme's`, `'style'`, `a <style>`.
    var what: String
    /// The slide of a `<style scoped>`; nil for every slide.
    var scope: Int? = nil
  }

  /// What a warning says, and which source it is about.
  struct Finding: Equatable {
    var message: String
    var source: Int
  }

  /// Longest list of selectors a warning names.
  static let namedSelectors = 6

  /// `sources`, in order, carried out on `theme`: the rules that hold on every slide at once,
  /// in the order of CSS's cascade; those that hold on slides of some classes or on one slide
  /// kept in `theme.cssRules`. Custom properties (`--name`) of `:root` and `section` are
  /// filled in where `var()` uses them. Returns one finding for each property carried out
  /// nowhere, at the first source that writes it, and one for each source's selectors that
  /// match nothing Podium draws.
  static func load(_ sources: [Source], onto theme: inout Theme) -> [Finding] {
    var found: [CSSRule] = []
    var firstSource: [String: Int] = [:]
    var names: [String] = []
    var unmatched: [[String]] = Array(repeating: [], count: sources.count)
    var order = 0
    for (index, source) in sources.enumerated() {
      for rule in rules(source.css) {
        let selectors = CSSSelector.parse(list: rule.selectorText)
        unmatched[index] += selectors.unmatched
        for declaration in rule.declarations {
          order += 1
          let name = declaration.name
          if !name.hasPrefix("--") && firstSource[name] == nil {
            firstSource[name] = index
            names.append(name)
          }
          for selector in selectors.matched {
            found.append(
              CSSRule(
                selector: selector, scope: source.scope, order: order, name: name,
                value: declaration.value, important: declaration.important))
          }
        }
      }
    }
    let cascade = found.sorted(by: CSSRule.cascades)
    var variables: [String: String] = [:]
    for rule in cascade
    where rule.name.hasPrefix("--") && rule.selector.element == "section" && rule.unconditional {
      variables[rule.name] = rule.value
    }
    var carried = Set<String>()
    for var rule in cascade where !rule.name.hasPrefix("--") {
      rule.value = resolved(rule.value, variables: variables)
      if rule.unconditional {
        if apply(rule, to: &theme) { carried.insert(rule.name) }
      } else {
        var scratch = theme
        if apply(rule, to: &scratch) { carried.insert(rule.name) }
        theme.cssRules.append(rule)
      }
    }
    var findings = names.filter { !carried.contains($0) }.map { name in
      Finding(
        message:
          "CSS property '\(name)' in \(sources[firstSource[name] ?? 0].what) CSS is not carried out by Podium",
        source: firstSource[name] ?? 0)
    }
    for (index, selectors) in unmatched.enumerated() where !selectors.isEmpty {
      var list = selectors.prefix(namedSelectors).map { "'\($0)'" }.joined(separator: ", ")
      if selectors.count > namedSelectors {
        list += " and \(selectors.count - namedSelectors) more"
      }
      findings.append(
        Finding(
          message:
            "CSS selectors in \(sources[index].what) CSS that match nothing Podium draws: \(list)",
          source: index))
    }
    return findings.sorted { $0.source < $1.source }
  }

  /// `value` with its `var(--name, fallback)` filled in, a few levels deep.
  static func resolved(_ value: String, variables: [String: String]) -> String {
    var value = value
    for _ in 0..<8 {
      guard let start = value.range(of: "var(") else { break }
      // The `)` that closes this `var(`, past any inside its fallback.
      var depth = 1
      var end = start.upperBound
      while end < value.endIndex {
        if value[end] == "(" { depth += 1 }
        if value[end] == ")" {
          depth -= 1
          if depth == 0 { break }
        }
        end = value.index(after: end)
      }
      guard end < value.endIndex else { break }
      let inside = value[start.upperBound..<end].split(separator: ",", maxSplits: 1)
      let name = inside.first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
      let fallback = inside.count > 1 ? inside[1].trimmingCharacters(in: .whitespaces) : ""
      value.replaceSubrange(start.lowerBound...end, with: variables[name] ?? fallback)
    }
    return value
  }

  /// `theme` with the deck's own theme file, its front matter's `style:`, its `<style>` blocks
  /// and its slides' `<style scoped>` carried out, and a warning for each property none carries
  /// out; in a Marp deck, one for each class its slides use that no CSS of the deck names.
  static func styled(_ theme: Theme, deck: Deck, files: any DeckFiles) -> (Theme, [Diagnostic]) {
    var theme = theme
    var sources: [Source] = []
    if let path = deck.metadata.marpThemeFile,
      case .success(let bytes) = files.contents(
        of: path, limit: MarpThemeSet.largestFile, kind: "themes")
    {
      sources.append(
        Source(
          css: String(decoding: bytes, as: UTF8.self),
          location: deck.metadata.keyLocations["theme"],
          what: "its theme's"))
    }
    if let style = deck.metadata.style {
      sources.append(
        Source(css: style, location: deck.metadata.keyLocations["style"], what: "'style'"))
    }
    for sheet in deck.metadata.styleSheets {
      sources.append(Source(css: sheet.css, location: sheet.location, what: "a <style>"))
    }
    for slide in deck.slides {
      for sheet in slide.directives.styles {
        sources.append(
          Source(
            css: sheet.css, location: sheet.location, what: "a <style scoped>", scope: slide.index))
      }
    }
    guard !sources.isEmpty || deck.metadata.styledByCSS else { return (theme, []) }
    var found = load(sources, onto: &theme).map {
      Diagnostic(.warning, file: deck.file, at: sources[$0.source].location, $0.message)
    }
    if deck.metadata.styledByCSS {
      found += unstyledClasses(deck, sources: sources)
    }
    return (theme, found)
  }

  /// A warning for each class a slide uses that no CSS of the deck names, at its first slide.
  private static func unstyledClasses(_ deck: Deck, sources: [Source]) -> [Diagnostic] {
    var named = Set<String>()
    for source in sources {
      for rule in rules(source.css) {
        var rest = Substring(rule.selectorText)
        while let dot = rest.firstIndex(where: { $0 == "." || $0 == "=" }) {
          rest = rest[rest.index(after: dot)...].drop { "\"'~ ".contains($0) }
          let word = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
          named.insert(String(word))
          rest = rest.dropFirst(word.count)
        }
      }
    }
    var warned = Set<String>()
    var found: [Diagnostic] = []
    for slide in deck.slides {
      for name in slide.directives.otherClasses where !named.contains(name) {
        guard warned.insert(name).inserted else { continue }
        found.append(
          Diagnostic(
            .warning, file: deck.file, at: slide.location,
            "class '\(name)' is named by no CSS of the deck; kept on the slide, drawn as the slide is"
          ))
      }
    }
    return found
  }
}
