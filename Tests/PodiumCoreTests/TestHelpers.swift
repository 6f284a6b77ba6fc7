import PodiumCore
import PodiumTestSupport
import Testing

/// Parses deck text that lives in a temporary folder (so image paths resolve there).
func parse(_ text: String, baseDirectory: String = "/nonexistent-podium-dir") -> DeckParseResult {
  DeckParser.parse(text: text, file: "deck.md", baseDirectory: baseDirectory)
}

/// Parses and returns the deck, failing the test if there is none.
func deck(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Deck
{
  try #require(parse(text).deck, sourceLocation: sourceLocation)
}

func kinds(_ blocks: [Block]) -> [String] {
  blocks.map { block in
    switch block.kind {
    case .heading(let level, _): return "h\(level)"
    case .paragraph: return "p"
    case .list(let list): return list.ordered ? "ol" : "ul"
    case .quote: return "quote"
    case .code: return "code"
    case .table: return "table"
    case .image: return "image"
    case .rule: return "rule"
    case .columns(let columns):
      return "columns("
        + columns.columns.map { kinds($0).joined(separator: " ") }
        .joined(separator: " | ") + ")"
    case .spacer(.lines(let count)): return "lines(\(count))"
    case .spacer(.middle): return "middle"
    case .spacer(.fromMiddle): return "fromMiddle"
    case .spacer(.bottom): return "bottom"
    case .box(let box): return "box(" + kinds(box.blocks).joined(separator: " ") + ")"
    }
  }
}

/// What Podium's own keys do with the key users write as `name`.
func standardCommand(_ name: String) -> PresentationCommand? {
  Key(name: name).flatMap { KeyBindings().command(for: $0) }
}

/// What the key named `name` means only while the overview is open (nil: its usual meaning).
func overviewCommand(_ name: String) -> PresentationCommand? {
  Key(name: name).flatMap { key in KeyBindings.overview.first { $0.key == key }?.command }
}
