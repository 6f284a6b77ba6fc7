// Example: render a deck to PNG files from Swift code, as `podium export` does.
//
//   swift run render-deck Decks/tour.md /tmp/tour-pngs
import Foundation
import PodiumCore
import PodiumSDL

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2 else {
  print("usage: render-deck DECK.md OUTPUT-FOLDER")
  exit(2)
}

// The deck and its theme, loaded as `podium export` loads them.
let loaded = DeckLoader().load(arguments[0])
for diagnostic in loaded.diagnostics { print(diagnostic) }
guard let deck = loaded.deck, !loaded.hasErrors else { exit(1) }
let theme = loaded.theme

// Every build step, at 1280x720, on two encoding threads.
let options = DeckExporter.Options(
  outputDirectory: arguments[1], size: PixelSize(width: 1280, height: 720),
  plan: ExportPlan(steps: true), jobs: 2)
do {
  let result = try DeckExporter(deck: deck, theme: theme, options: options).run { done, total in
    print("\r\(done)/\(total)", terminator: "")
  }
  print("\nwrote \(result.files.count) images, \(result.bytesWritten / 1024) KB")
} catch {
  print("error: \(error)")
  exit(1)
}
