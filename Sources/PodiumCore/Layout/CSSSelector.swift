import Foundation

/// A CSS selector of a Marp deck's own CSS, read as far as it names something a slide draws:
/// the element it styles, the classes the slide must have, and its specificity. `section h1`,
/// `section > h1`, `:root h1` and `h1` are the same element; `section.lead h1`, `.lead h1` and
/// `section[data-class~=lead] h1` need the `lead` class; `:is(h1, h2)` and `:where(h1, h2)` are
/// each of their selectors. Selectors Marp could match but Podium cannot (`li::marker`,
/// `div.columns h1`) are none.
struct CSSSelector: Hashable, Sendable {
  /// `section`, `section::after`, `h1`...`h6`, `a`, `strong`, `em`, `code`, `pre`, `table`,
  /// `th`, `td`, `blockquote`, `img`, `header` or `footer`.
  var element: String
  /// The slide's classes it needs (`section.lead`), as written.
  var classes: [String]
  /// CSS specificity, (ids, classes, types) as one number: ids × 10000 + classes × 100 + types.
  var specificity: Int

  static let elements: Set<String> = [
    "section", "h1", "h2", "h3", "h4", "h5", "h6", "a", "strong", "em", "code", "pre", "table",
    "th", "td", "blockquote", "img", "header", "footer",
  ]
  /// Elements styled as the one they stand for (`b` is drawn as `strong`).
  private static let aliases = ["b": "strong", "i": "em"]
  /// Ancestors that add nothing to what a selector means on a slide.
  private static let neutral: Set<String> = [
    "html", "body", "div", "pre", "table", "thead",
    "tbody", "tr",
  ]

  /// The selectors of one rule's prelude (`h1, section.lead h2`): those that name something a
  /// slide draws, and those that do not, as written.
  static func parse(list text: String) -> (matched: [CSSSelector], unmatched: [String]) {
    var matched: [CSSSelector] = []
    var unmatched: [String] = []
    for part in split(text, at: ",") {
      let selector = part.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !selector.isEmpty else { continue }
      let found = expanded(selector, depth: 0).compactMap { parse($0.text, bonus: $0.bonus) }
      if found.isEmpty { unmatched.append(selector) } else { matched += found }
    }
    return (matched, unmatched)
  }

  /// `text` split at `separator` outside brackets and parentheses.
  static func split(_ text: String, at separator: Character) -> [String] {
    var parts: [String] = []
    var current = ""
    var depth = 0
    for character in text {
      if character == "(" || character == "[" { depth += 1 }
      if character == ")" || character == "]" { depth -= 1 }
      if character == separator && depth == 0 {
        parts.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    parts.append(current)
    return parts
  }

  /// Selectors one `:is()` list may make, at most: nested lists multiply.
  static let mostChoices = 64

  /// One selector for each choice of its `:is()` and `:where()` lists; `bonus` corrects the
  /// specificity (a `:where()` counts nothing).
  private static func expanded(_ text: String, depth: Int) -> [(text: String, bonus: Int)] {
    let names = [":is(", ":where(", ":matches(", ":-webkit-any(", ":any("]
    guard depth < 4,
      let (name, start) = names.lazy.compactMap({ name in
        text.range(of: name, options: .caseInsensitive).map { (name, $0) }
      }).first
    else { return [(text, 0)] }
    var level = 1
    var end = start.upperBound
    while end < text.endIndex {
      if text[end] == "(" { level += 1 }
      if text[end] == ")" {
        level -= 1
        if level == 0 { break }
      }
      end = text.index(after: end)
    }
    guard end < text.endIndex else { return [] }
    let inside = String(text[start.upperBound..<end])
    let before = text[..<start.lowerBound]
    let after = text[text.index(after: end)...]
    var found: [(text: String, bonus: Int)] = []
    for choice in split(inside, at: ",") where found.count < mostChoices {
      let choice = choice.trimmingCharacters(in: .whitespaces)
      // `section:is(.a)` keeps its compound: the choice is glued to what is before it.
      let bonus = name == ":where(" ? -specificity(of: compounds(choice) ?? []) : 0
      for rest in expanded(before + choice + after, depth: depth + 1) {
        guard found.count < mostChoices else { break }
        found.append((rest.text, rest.bonus + bonus))
      }
    }
    return found
  }

  /// One compound selector (`section.lead`, `a:link`, `section::after`).
  private struct Compound {
    var tag: String?
    var classes: [String] = []
    var ids = 0
    var others = 0
    var pseudoClasses: [String] = []
    var pseudoElement: String?
    var unknownAttribute = false
  }

  /// The compounds of a selector, or nil where one holds what is not read.
  private static func compounds(_ text: String) -> [Compound]? {
    var compounds: [String] = []
    var current = ""
    var depth = 0
    for character in text {
      if character == "(" || character == "[" { depth += 1 }
      if character == ")" || character == "]" { depth -= 1 }
      if depth == 0 && (character.isWhitespace || ">+~".contains(character)) {
        if !current.isEmpty { compounds.append(current) }
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { compounds.append(current) }
    let parsed = compounds.compactMap(compound)
    return parsed.count == compounds.count ? parsed : nil
  }

  private static func specificity(of compounds: [Compound]) -> Int {
    compounds.reduce(0) { total, part in
      total + part.ids * 10000 + (part.classes.count + part.others) * 100
        + (part.tag.map { $0 == "*" ? 0 : 1 } ?? 0) + (part.pseudoElement == nil ? 0 : 1)
    }
  }

  private static func parse(_ text: String, bonus: Int) -> CSSSelector? {
    guard let parsed = compounds(text), var subject = parsed.last else { return nil }
    let ancestors = parsed.dropLast()
    var classes: [String] = []
    let weight = bonus + specificity(of: parsed)
    for part in ancestors {
      guard !part.unknownAttribute, part.pseudoElement == nil else { return nil }
      // Marpit's container, `div.marpit > section`.
      if part.classes == ["marpit"] && (part.tag == nil || part.tag == "div") { continue }
      if part.tag == "section" || part.tag == nil || part.pseudoClasses == ["root"] {
        guard part.pseudoClasses.allSatisfy({ $0 == "root" }) else { return nil }
        classes += part.classes
      } else {
        guard let tag = part.tag, neutral.contains(tag), part.classes.isEmpty,
          part.pseudoClasses.isEmpty
        else { return nil }
      }
    }
    // `:root` is the slide in Marpit, and so is `.lead` alone: the slide is what has classes.
    if subject.tag == nil
      && (subject.pseudoClasses.contains("root")
        || !(subject.classes.isEmpty || subject.classes == ["marpit"]))
    {
      subject.tag = "section"
    }
    guard var element = subject.tag.map({ aliases[$0] ?? $0 }), elements.contains(element),
      !subject.unknownAttribute
    else { return nil }
    let allowed: Set<String> = element == "a" ? ["link", "visited", "root"] : ["root"]
    guard subject.pseudoClasses.allSatisfy(allowed.contains) else { return nil }
    if element == "section" {
      classes += subject.classes
      switch subject.pseudoElement {
      case nil: break
      case "after": element = "section::after"
      default: return nil
      }
    } else {
      guard subject.classes.isEmpty, subject.pseudoElement == nil else { return nil }
      // `pre code` and `pre > code` are the code block's.
      if element == "code" && ancestors.contains(where: { $0.tag == "pre" }) { element = "pre" }
    }
    return CSSSelector(element: element, classes: classes, specificity: weight)
  }

  /// A compound's parts, or nil where it holds what is not read (`#id > *::marker`).
  private static func compound(_ text: String) -> Compound? {
    var result = Compound()
    var rest = Substring(text)
    func name() -> String {
      let word = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
      rest = rest.dropFirst(word.count)
      return String(word)
    }
    if rest.first == "*" {
      result.tag = "*"
      rest = rest.dropFirst()
    } else if let first = rest.first, first.isLetter {
      result.tag = name().lowercased()
    }
    while let first = rest.first {
      rest = rest.dropFirst()
      switch first {
      case ".": result.classes.append(name())
      case "#":
        _ = name()
        result.ids += 1
      case "[":
        let inside = rest.prefix { $0 != "]" }
        rest = rest.dropFirst(inside.count + 1)
        result.others += 1
        // `[data-class~=lead]`, `[class~="lead"]`: the slide's class.
        let pair = inside.split(separator: "=", maxSplits: 1)
        let key = pair.first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if pair.count == 2, ["class~", "data-class~", "class", "data-class"].contains(key) {
          result.classes.append(
            pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"' ")))
          result.others -= 1
        } else {
          result.unknownAttribute = true
        }
      case ":":
        let element = rest.first == ":"
        if element { rest = rest.dropFirst() }
        let word = name().lowercased()
        if rest.first == "(" { return nil }
        if element || ["before", "after"].contains(word) {
          result.pseudoElement = word
        } else {
          result.pseudoClasses.append(word)
          result.others += 1
        }
      default: return nil
      }
    }
    return result
  }
}
