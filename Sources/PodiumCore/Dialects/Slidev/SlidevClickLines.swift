import Foundation

/// Which lines of a Slidev deck show at which click, slide by slide: `SlidevLines` hands it
/// each line's tags in order, and it keeps the elements that are open (`<v-click>`, an element
/// with a `v-click` attribute, `<v-switch>`'s templates) and the items of a `<v-clicks>` list.
/// Content after a `</v-click>` is visible from the start, as in Slidev; a block takes the
/// window of its first line (`SlidevDeck.applyClicks`).
struct SlidevClickLines {
  typealias Window = SlidevClicks.Window

  /// One HTML or Vue tag of a line.
  struct Tag {
    var name: String
    var closing: Bool
    var selfClosing: Bool
    var attributes: String
  }

  /// The window of each line (0-based) that has one; the others show with what holds them.
  private(set) var windows: [Int: Window] = [:]
  /// Each slide's clicks, in order.
  private(set) var totals: [Int] = []
  /// The click of the second range of each code fence (by its line, 0-based) that has several.
  private(set) var codeStages: [Int: Int] = [:]
  private var clicks = SlidevClicks()
  private var open: [(name: String, nesting: Int, window: Window?)] = []
  /// Lines a `<v-clicks>` gives a click of their own (its items).
  private var pending: [Int: Window] = [:]
  /// The windows of the templates of the `<v-switch>` being read, in order.
  private var templates: [Window] = []

  static let voidElements: Set<String> = [
    "img", "br", "hr", "input", "source", "meta", "link", "col", "wbr", "area", "embed",
  ]

  mutating func endSlide() {
    totals.append(clicks.total)
    clicks = SlidevClicks()
    open = []
    pending = [:]
    templates = []
  }

  /// Lines one after another make one paragraph to Markdown, where Slidev's elements on them
  /// (`<template>`s of a `<v-switch>` without blank lines between) were apart: the paragraph
  /// shows from the earliest of their clicks to the last.
  mutating func joinParagraphs(_ lines: [Substring]) {
    var start: Int?
    func close(_ end: Int) {
      guard let first = start, end - first > 1 else { return }
      let run = (first..<end).map { windows[$0] ?? Window() }
      guard Set(run).count > 1 else { return }
      let until = run.contains { $0.until == nil } ? nil : run.compactMap(\.until).max()
      windows[first] = Window(from: run.map(\.from).min() ?? 0, until: until)
    }
    for (index, line) in lines.enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      let plain =
        !trimmed.isEmpty && !trimmed.hasPrefix("<!--")
        && trimmed.range(of: #"^([-*+>|#]|\d{1,9}[.)]|```|~~~)"#, options: .regularExpression)
          == nil
      if plain && line.first != " " && line.first != "\t" {
        if start == nil { start = index }
      } else {
        close(index)
        start = nil
      }
    }
    close(lines.count)
  }

  private var current: Window? { open.last { $0.window != nil }?.window }

  /// A code fence's line: the block shows with what holds it; its `{1|2}` ranges are clicks.
  mutating func fence(at index: Int, info: Substring) {
    if let window = pending[index] ?? current { windows[index] = window }
    let trimmed = info.trimmingCharacters(in: .whitespaces)
    codeStages[index] = clicks.code(ranges: SlidevClicks.codeRanges(info: trimmed))
  }

  /// A ````md magic-move` block: a click for every range of every step after the first.
  mutating func magicMove(at index: Int, steps: [Int]) {
    if let window = pending[index] ?? current { windows[index] = window }
    clicks.code(ranges: steps.reduce(0) { $0 + max(1, $1) })
  }

  /// A line of text and its tags in order; `lines` for what a `<v-clicks>` or `<v-switch>`
  /// holds further down.
  mutating func line(_ index: Int, tags: [Tag], lines: [Substring]) {
    var window = pending[index]
    let before = current
    for tag in tags {
      let opened = handle(tag, at: index, lines: lines)
      if window == nil { window = opened }
    }
    if let shown = window ?? before { windows[index] = shown }
  }

  /// What a tag does to the clicks; returns the window it opens, if any.
  private mutating func handle(_ tag: Tag, at index: Int, lines: [Substring]) -> Window? {
    let name = tag.name.lowercased()
    let selfClosing = tag.selfClosing || Self.voidElements.contains(name)
    if tag.closing {
      guard let last = open.last, last.name == name else { return nil }
      if last.nesting > 0 { open[open.count - 1].nesting -= 1 } else { open.removeLast() }
      return nil
    }
    var window: Window?
    var opens = true
    switch name {
    case "v-click", "v-after":
      let at: SlidevClicks.At? =
        name == "v-after"
        ? .relative(0)
        : Self.attribute(":at", in: tag.attributes).map { SlidevClicks.expression($0) }
          ?? SlidevClicks.at(Self.attribute("at", in: tag.attributes))
      window = at.map { resolve($0, hide: Self.flag("hide", in: tag.attributes)) }
    case "v-clicks":
      list(tag, at: index, lines: lines)
    case "v-switch":
      let at =
        Self.attribute(":at", in: tag.attributes).map { SlidevClicks.expression($0) }
        ?? SlidevClicks.at(Self.attribute("at", in: tag.attributes))
      let names = Self.templateNames(after: index, in: lines)
      templates = at.map { clicks.switchWindows(names, at: $0) } ?? []
    case "template" where !templates.isEmpty && Self.slotName(tag.attributes) != nil:
      window = templates.removeFirst()
    default:
      // `v-mark` draws its mark at a click (`+1` unless its value says, `{ at: 5 }` too); the
      // element itself shows from the start.
      if let mark = Self.mark(in: tag.attributes) { _ = clicks.since(mark) }
      if let directive = Self.directive(in: tag.attributes) {
        window =
          directive
          .at.map { resolve($0, hide: directive.hide) }
          ?? directive.range.map {
            clicks.range($0.0, $0.1)
          }
      } else if let last = open.last, last.name == name, !selfClosing {
        open[open.count - 1].nesting += 1
        opens = false
      } else {
        opens = false
      }
    }
    if opens && !selfClosing { open.append((name, 0, window)) }
    return window
  }

  private mutating func resolve(_ at: SlidevClicks.At, hide: Bool) -> Window {
    let start = clicks.since(at)
    return hide ? Window(from: current?.from ?? 0, until: start) : Window(from: start)
  }

  /// `<v-clicks>`: the items of the list it holds (nested ones down to `depth`), or each of
  /// the blocks it holds, a click each (`every` items a click).
  private mutating func list(_ tag: Tag, at index: Int, lines: [Substring]) {
    let value = { (name: String) in
      Self.attribute(":" + name, in: tag.attributes) ?? Self.attribute(name, in: tag.attributes)
    }
    let depth = value("depth").flatMap { Int($0) } ?? 1
    let every = value("every").flatMap { Int($0) } ?? 1
    let at =
      Self.attribute(":at", in: tag.attributes).map { SlidevClicks.expression($0) }
      ?? SlidevClicks.at(Self.attribute("at", in: tag.attributes))
    guard let at else { return }
    let items = Self.clickedLines(after: index, depth: depth, in: lines)
    let starts = clicks.list(count: items.count, every: every, at: at)
    let hide = Self.flag("hide", in: tag.attributes)
    for (line, start) in zip(items, starts) {
      pending[line] = hide ? Window(from: 0, until: start) : Window(from: start)
    }
  }

  /// The lines of what a `<v-clicks>` opened on line `index` gives a click each: the items of
  /// its one list down to `depth`, else the first line of each block it holds.
  static func clickedLines(after index: Int, depth: Int, in lines: [Substring]) -> [Int] {
    var items: [(line: Int, depth: Int)] = []
    var blocks: [Int] = []
    var indents: [Int] = []
    var nesting = 0
    var blankAbove = true
    var inList = false
    var fence: Substring?
    for line in (index + 1)..<lines.count {
      let text = lines[line]
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      if let open = fence {
        if trimmed.hasPrefix(open) { fence = nil }
        continue
      }
      if trimmed.hasPrefix("<v-clicks") { nesting += 1 }
      if trimmed.contains("</v-clicks") {
        if nesting == 0 { break }
        nesting -= 1
      }
      if trimmed.isEmpty {
        blankAbove = true
        continue
      }
      if trimmed.hasPrefix("```") { fence = trimmed.prefix { $0 == "`" } }
      let indent = text.prefix { $0 == " " || $0 == "\t" }.count
      let item =
        trimmed.range(of: #"^([-*+]|\d{1,9}[.)])(\s|$)"#, options: .regularExpression) != nil
      if item {
        while let last = indents.last, last >= indent { indents.removeLast() }
        indents.append(indent)
        items.append((line, indents.count))
      }
      let tagOnly = trimmed.hasPrefix("<") && trimmed.hasSuffix(">") && !trimmed.contains("v-")
      if blankAbove && !tagOnly && !(inList && (item || indent > 0)) {
        blocks.append(line)
        inList = item
      }
      blankAbove = false
    }
    if blocks.count == 1 && !items.isEmpty {
      return items.filter { $0.depth <= depth }.map(\.line)
    }
    return blocks
  }

  /// The slot names of the templates of the `<v-switch>` opened on line `index`, in order.
  static func templateNames(after index: Int, in lines: [Substring]) -> [String] {
    var names: [String] = []
    for line in lines[index...] {
      for piece in line.components(separatedBy: "<template").dropFirst() {
        if let name = slotName(String(piece.prefix { $0 != ">" })) { names.append(name) }
      }
      if line.contains("</v-switch") { break }
    }
    return names
  }

  /// `#2`, `#1-3` or `v-slot:2` of a template.
  static func slotName(_ attributes: String) -> String? {
    guard
      let range = attributes.range(
        of: #"(#|v-slot:)[\w-]+"#, options: .regularExpression)
    else { return nil }
    let text = attributes[range]
    return String(text.drop { $0 == "#" }.replacingOccurrences(of: "v-slot:", with: ""))
  }

  /// An element's click directive: `v-click`, `v-click="3"`, `v-click="[2, 4]"`,
  /// `v-click.hide`, `v-click-hide`, `v-after`.
  static func directive(in attributes: String) -> (
    at: SlidevClicks.At?, range: (SlidevClicks.At, SlidevClicks.At)?, hide: Bool
  )? {
    let pattern = #"(^|\s)(v-click-hide|v-click(\.[\w.]+)?|v-after)(\s*=\s*("[^"]*"|'[^']*'))?"#
    guard let found = attributes.range(of: pattern, options: .regularExpression) else {
      return nil
    }
    let text = attributes[found].trimmingCharacters(in: .whitespaces)
    let name = String(text.prefix { $0 != "=" && !$0.isWhitespace })
    let hide = name == "v-click-hide" || name.split(separator: ".").contains("hide")
    if name == "v-after" { return (.relative(0), nil, hide) }
    var value: String?
    if let equals = text.firstIndex(of: "=") {
      value =
        text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        .dropFirst().dropLast().description
    }
    if let value, value.hasPrefix("["), value.hasSuffix("]") {
      let parts = value.dropFirst().dropLast().split(separator: ",").map(String.init)
      if parts.count == 2, let first = SlidevClicks.expression(parts[0]),
        let second = SlidevClicks.expression(parts[1])
      {
        return (nil, (first, second), hide)
      }
    }
    guard let at = SlidevClicks.expression(value) else { return nil }
    return (at, nil, hide)
  }

  /// The click of a `v-mark` (modules/v-mark.ts: its value, or the value's `at`).
  static func mark(in attributes: String) -> SlidevClicks.At? {
    let pattern = #"(^|\s)v-mark(\.[\w.-]+)?(\s*=\s*("[^"]*"|'[^']*'))?"#
    guard let found = attributes.range(of: pattern, options: .regularExpression) else {
      return nil
    }
    let text = attributes[found]
    guard let equals = text.firstIndex(of: "=") else { return .relative(1) }
    let value = String(
      text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces).dropFirst()
        .dropLast())
    guard value.trimmingCharacters(in: .whitespaces).hasPrefix("{") else {
      return SlidevClicks.expression(value)
    }
    guard let at = value.range(of: #"at\s*:\s*[^,}]+"#, options: .regularExpression) else {
      return .relative(1)
    }
    let raw = value[at].drop { $0 != ":" }.dropFirst()
    return SlidevClicks.expression(String(raw))
  }

  static func attribute(_ name: String, in attributes: String) -> String? {
    let escaped = NSRegularExpression.escapedPattern(for: name)
    guard
      let range = attributes.range(
        of: #"(^|\s)"# + escaped + #"\s*=\s*("[^"]*"|'[^']*')"#, options: .regularExpression)
    else { return nil }
    let text = attributes[range]
    guard let quote = text.firstIndex(where: { $0 == "\"" || $0 == "'" }) else { return nil }
    return String(text[text.index(after: quote)..<text.index(before: text.endIndex)])
  }

  /// A boolean attribute written bare (`<v-click hide>`).
  static func flag(_ name: String, in attributes: String) -> Bool {
    attributes.range(
      of: #"(^|\s)"# + name + #"(\s|$|/|=\s*["']?true)"#, options: .regularExpression)
      != nil
  }
}
