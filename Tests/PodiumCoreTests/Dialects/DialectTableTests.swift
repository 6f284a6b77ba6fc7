import Foundation
import PodiumTestSupport
import Testing

@testable import PodiumCore

/// docs/DECK-FORMAT.md's table of dialects is made from the dialects themselves
/// (`Dialects.markdownTable`, from each one's `summary`): this test keeps the document's copy,
/// between its markers, the same. `RECORD_SNAPSHOTS=1` writes it again, and fails.
@Suite struct DialectTableTests {
  static let begin = "<!-- dialects: made by DialectTableTests from Dialects.all -->"
  static let end = "<!-- /dialects -->"

  @Test func deckFormatsTableIsTheDialectsOwn() throws {
    let path = Fixtures.packageRoot.appendingPathComponent("docs/DECK-FORMAT.md").path
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let start = try #require(text.range(of: Self.begin), "DECK-FORMAT.md has the table's markers")
    let stop = try #require(text.range(of: Self.end, range: start.upperBound..<text.endIndex))
    let written = text[start.upperBound..<stop.lowerBound].trimmingCharacters(in: .newlines)
    let made = Dialects.markdownTable
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
      let updated = text.replacingCharacters(
        in: start.upperBound..<stop.lowerBound, with: "\n" + made + "\n")
      try updated.write(toFile: path, atomically: true, encoding: .utf8)
      Issue.record("RECORD_SNAPSHOTS=1: DECK-FORMAT.md's table of dialects written again")
      return
    }
    #expect(written == made, "run RECORD_SNAPSHOTS=1 swift test --filter DialectTableTests")
    // Every dialect is in it once, by its name.
    for dialect in Dialects.all {
      #expect(made.components(separatedBy: "(`\(dialect.name.rawValue)`)").count == 2)
    }
  }

  @Test func everyDialectHasANameOfItsOwnAndSaysWhatItReads() {
    let names = Dialects.all.map { $0.name.rawValue }
    #expect(Set(names).count == names.count)
    for dialect in Dialects.all {
      #expect(!dialect.summary.reads.isEmpty, "\(dialect.name)")
      #expect(!dialect.summary.detected.isEmpty, "\(dialect.name)")
    }
    #expect(Dialects.named(.standard) != nil)
  }
}
