import Foundation
import Yams

/// A Slidev deck.
struct SlidevDeck {
  var front: Node.Mapping?

  static func looksLikeSlidev(_ lines: [Substring], file: String) -> Bool { false }
  static func ownsKey(_ key: String) -> Bool { false }
  static func isSeparator(_ line: Substring) -> Bool {
    line.trimmingCharacters(in: .whitespaces) == "---"
  }

  mutating func translate(
    _ lines: inout [Substring], metadata: inout DeckMetadata, sink: inout DiagnosticSink
  ) {}

  func finish(_ slides: [Slide]) -> [Slide] { slides }
}
