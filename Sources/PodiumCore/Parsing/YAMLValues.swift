import Foundation
import Yams

extension Node {
  /// A metadata value as text: a string, a list's items joined (`author: [A, B]`), a mapping's
  /// `name` (pandoc's `author: [{name: A, affiliation: B}]`).
  var text: String? {
    switch self {
    case .scalar(let scalar): return scalar.string
    case .sequence(let items):
      let texts = items.compactMap(\.text).filter { !$0.isEmpty }
      return texts.isEmpty ? nil : texts.joined(separator: ", ")
    case .mapping(let mapping): return mapping["name"]?.text
    default: return nil
    }
  }

  /// The first value under `key` anywhere in the tree (`output: beamer_presentation:
  /// slide_level: 2`), depth first.
  func find(_ key: String) -> Node? {
    switch self {
    case .mapping(let mapping):
      if let value = mapping[key] { return value }
      for (_, value) in mapping { if let found = value.find(key) { return found } }
      return nil
    case .sequence(let items):
      for item in items { if let found = item.find(key) { return found } }
      return nil
    default: return nil
    }
  }

  /// Every scalar in the tree, keys of mappings included, lowercased: for `output:` and
  /// `format:`, which name the tool's writer as a key or as a value.
  var words: [String] {
    switch self {
    case .scalar(let scalar): return [scalar.string.lowercased()]
    case .sequence(let items): return items.flatMap(\.words)
    case .mapping(let mapping): return mapping.flatMap { $0.key.words + $0.value.words }
    default: return []
    }
  }
}

/// Warnings given once per kind of thing (a LaTeX command, a Vue component): a deck uses each
/// many times, and one warning at the first says it all.
struct OnceWarnings {
  private var given: Set<String> = []

  mutating func warn(
    _ what: String, _ why: String, at here: SourceLocation, sink: inout DiagnosticSink
  ) {
    guard given.insert(what).inserted else { return }
    sink.warning("\(what) \(why); later ones are not reported", at: here)
  }
}
