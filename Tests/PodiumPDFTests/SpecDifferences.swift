/// The spec examples whose text Podium shows otherwise than the spec's HTML, each for a reason
/// docs/TESTING.md ("The specifications' examples") gives, and docs/DECK-FORMAT.md for Podium's
/// own choices. An example that comes to match is taken off (the test says so).
enum SpecDifferences {
  struct Difference {
    var reason: String
    var examples: [String: [Int]]
  }

  static let all: [Difference] = [
    Difference(
      reason:
        "cmark-gfm (Debian's, which Podium parses with) follows CommonMark 0.29, the spec file "
        + "is 0.31.2: a code point past Unicode is U+FFFD, <textarea> starts no HTML block, "
        + "currency signs are not punctuation beside emphasis, and comments are 0.29's",
      examples: ["commonmark": [28, 173, 356, 627, 628]]),
    Difference(
      reason: "a picture in a paragraph is a block of its own, after the paragraph's text",
      examples: ["commonmark": [589], "gfm": [595]]),
    Difference(
      reason:
        "GFM's tag filter is not applied: a deck's <style> is its CSS and <title> shows nothing, "
        + "as Marp and Slidev read HTML",
      examples: ["gfm": [653], "gfm-ext": [22]]),
    Difference(
      reason: "colour emoji are pictures in an exported PDF, not text",
      examples: ["gfm-ext": [19]]),
    Difference(
      reason: "the example has no output: it is there to be read without a crash",
      examples: ["gfm-ext": [20]]),
    Difference(
      reason: "footnotes have no back-link (↩): a slide's footnotes are read, not followed",
      examples: ["gfm-ext": [23]]),
  ]

  static func examples(of spec: String) -> Set<Int> {
    Set(all.flatMap { $0.examples[spec] ?? [] })
  }
}
