import Foundation

/// Slidev's clicks on one slide, counted as its client counts them (packages/client/
/// composables/useClicks.ts, modules/v-click.ts, builtin/VClick.ts, VClicks.ts, VSwitch.ts,
/// CodeBlockWrapper.vue, ShikiMagicMove.vue): each element asks for a click `at` a position,
/// relative to the clicks before it (`+1`, the default; `+0` for `v-after`; `-1`) or absolute
/// (`3`), and the slide has as many clicks as the furthest any element reaches.
struct SlidevClicks {
  /// When content shows: from click `from`, and until click `until` if it hides again.
  struct Window: Hashable {
    var from = 0
    var until: Int?
  }

  enum At: Equatable {
    case relative(Int)
    case absolute(Int)
  }

  /// The sum of the relative positions so far (`currentOffset`).
  private(set) var offset = 0
  /// The furthest click an element reaches (`total`).
  private(set) var total = 0

  /// A position as Slidev's `normalizeSingleAtValue` reads a string: `+n`/`-n` relative, a
  /// number absolute (at least 1), `false` none.
  static func at(_ raw: String?) -> At? {
    let text = raw?.trimmingCharacters(in: .whitespaces) ?? ""
    if text.isEmpty || text == "true" { return .relative(1) }
    if text == "false" { return nil }
    if text.first == "+" || text.first == "-" {
      return Int(text.dropFirst(text.first == "+" ? 1 : 0)).map { .relative($0) }
    }
    guard let value = Double(text), value.isFinite else { return nil }
    return .absolute(max(1, Int(value)))
  }

  /// A directive's value (`v-click="3"`, `v-click="'+2'"`), a JavaScript expression: a quoted
  /// string reads as `at`, a number is absolute.
  static func expression(_ raw: String?) -> At? {
    guard let raw = raw?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else {
      return .relative(1)
    }
    if let first = raw.first, first == "'" || first == "\"" || first == "`", raw.count >= 2 {
      return at(String(raw.dropFirst().dropLast()))
    }
    if raw == "true" || raw == "false" { return at(raw) }
    guard let value = Double(raw), value.isFinite else { return .relative(1) }
    return .absolute(max(1, Int(value)))
  }

  /// `calculateSince`: the click an element of `size` clicks starts at.
  mutating func since(_ at: At, size: Int = 1) -> Int {
    switch at {
    case .relative(let value):
      let start = offset + value
      offset += value + size - 1
      total = max(total, start + size - 1)
      return start
    case .absolute(let value):
      total = max(total, value + size - 1)
      return value
    }
  }

  /// `calculateRange` (`v-click="[2, 4]"`): shown from the first click until the second.
  mutating func range(_ first: At, _ second: At) -> Window {
    var start: Int
    var delta = 0
    switch first {
    case .relative(let value): (start, delta) = (offset + value, value)
    case .absolute(let value): start = value
    }
    let end: Int
    switch second {
    case .relative(let value): (end, delta) = (start + value, delta + value)
    case .absolute(let value): end = value
    }
    offset += delta
    total = max(total, end)
    return Window(from: start, until: end)
  }

  /// `<v-clicks>`: item k (from 1, in document order, nested lists down to `depth`) shows at
  /// `at + ceil(k / every) - 1`.
  mutating func list(count: Int, every: Int, at: At) -> [Int] {
    let every = max(1, every)
    var shown = 0
    var starts: [Int] = []
    for item in 1...max(1, count) where count > 0 {
      switch at {
      case .relative(let first):
        let index = first + (item + every - 1) / every - 1
        starts.append(since(.relative(index - shown)))
        shown = index
      case .absolute(let first):
        starts.append(since(.absolute(first + (item + every - 1) / every - 1)))
      }
    }
    return starts
  }

  /// `<v-switch>`: its templates (`#1`, `#2`, `#5-7`) as windows, in the order given.
  mutating func switchWindows(_ names: [String], at: At) -> [Window] {
    var slots: [(start: Int, end: Int, order: Int)] = []
    let sorted = names.enumerated().sorted {
      (Int($0.element.split(separator: "-").first ?? "") ?? 0)
        > (Int($1.element.split(separator: "-").first ?? "") ?? 0)
    }
    var lastStart: Int?
    for (order, name) in sorted {
      let parts = name.split(separator: "-").compactMap { Int($0) }
      if parts.count == 1 {
        slots.append((parts[0], lastStart ?? parts[0] + 1, order))
        lastStart = parts[0]
      } else if parts.count == 2 {
        slots.append((parts[0], parts[1], order))
        lastStart = parts[0]
      }
    }
    guard let furthest = slots.map(\.end).max() else { return names.map { _ in Window() } }
    let start = since(at, size: furthest - 1)
    var windows = names.map { _ in Window() }
    for slot in slots {
      windows[slot.order] = Window(from: start + slot.start - 1, until: start + slot.end - 1)
    }
    return windows
  }

  /// A code block's `{1|3-4|all}` line ranges (a click after the first), or a magic move's
  /// steps (a click for every range of every step after the first). Returns the click of the
  /// second range, if there is one (Slidev's `calculateSince(at, ranges.length - 1)`).
  @discardableResult
  mutating func code(ranges: Int) -> Int? {
    guard ranges > 0 else { return nil }
    let start = since(.relative(1), size: ranges - 1)
    return ranges > 1 ? start : nil
  }

  /// The ranges of a code fence's info string (`ts {1|2-3}`, `ts [file.ts] {1|2}`), as
  /// Slidev's `RE_BLOCK_INFO` finds them.
  static func codeRanges(info: String) -> Int {
    guard let open = info.firstIndex(of: "{"),
      let close = info[open...].firstIndex(of: "}")
    else { return 0 }
    let inside = info[info.index(after: open)..<close]
    guard !inside.isEmpty,
      inside.allSatisfy({ $0.isLetter || $0.isNumber || ",|-*_".contains($0) })
    else { return 0 }
    return inside.split(separator: "|", omittingEmptySubsequences: false).count
  }
}
