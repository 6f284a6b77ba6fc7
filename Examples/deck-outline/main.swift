// Example: read a deck with PodiumCore and print its outline, as a Swift program would.
//
//   swift run deck-outline Decks/tour.md
import Foundation
import PodiumCore

let arguments = CommandLine.arguments.dropFirst()
guard let path = arguments.first else {
  print("usage: deck-outline DECK.md")
  exit(2)
}

// Loaded as every podium command loads a deck: the deck, its theme file and its images checked.
let loaded = DeckLoader().load(path)
for diagnostic in loaded.diagnostics { print(diagnostic) }
guard let deck = loaded.deck else { exit(1) }

print("\(deck.metadata.title ?? path) — \(deck.slides.count) slides, \(deck.metadata.aspect)")
if let duration = deck.metadata.duration { print("planned: \(duration)") }
for slide in deck.slides {
  let steps = slide.stepCount > 1 ? " [\(slide.stepCount) steps]" : ""
  let notes = slide.hasNotes ? " (notes)" : ""
  print(
    String(
      format: "%3d  line %-4d %@%@%@", slide.index + 1, slide.location.line,
      slide.title ?? "(untitled)", steps, notes))
}
