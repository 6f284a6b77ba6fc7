import PodiumSyntax
import Testing

/// What the suites share: a compact rendering of tokens, and the guarantees every result keeps.

/// Renders a line compactly: plain text as is, other tokens as `[kw func]`.
func render(_ line: [CodeToken]) -> String {
  line.map { token in
    token.kind == .plain ? token.text : "[\(abbreviation[token.kind] ?? "?") \(token.text)]"
  }.joined()
}

let abbreviation: [CodeTokenKind: String] = [
  .keyword: "kw", .type: "ty", .string: "str", .comment: "com", .number: "num",
  .function: "fn", .punctuation: "p", .attribute: "attr",
]

func render(_ code: String, _ language: String) -> [String] {
  SyntaxHighlighter.highlight(code, language: language).map(render)
}

/// The input's lines with tabs expanded to the next multiple of 4, written independently of the
/// highlighter (ASCII before the tabs is enough for these tests).
func expectedLines(_ code: String) -> [String] {
  var lines: [String] = []
  var line = ""
  var column = 0
  var pending = false
  var scalars = Array(code.unicodeScalars)[...]
  while let scalar = scalars.popFirst() {
    if scalar == "\r" || scalar == "\n" {
      if scalar == "\r" && scalars.first == "\n" { scalars.removeFirst() }
      lines.append(line)
      line = ""
      column = 0
      pending = false
      continue
    }
    pending = true
    if scalar == "\t" {
      let width = 4 - column % 4
      line += String(repeating: " ", count: width)
      column += width
    } else {
      line.unicodeScalars.append(scalar)
      if !takesNoColumn(scalar) { column += 1 }
    }
  }
  if pending { lines.append(line) }
  return lines
}

/// Combining marks, joiners, variation selectors and skin tones sit on the column before them.
func takesNoColumn(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x200D, 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F, 0xE0100...0xE01EF:
    return true
  default:
    return [.nonspacingMark, .spacingMark, .enclosingMark].contains(
      scalar.properties.generalCategory)
  }
}

/// The guarantees every result keeps, whatever the input: tokens re-join to the (tab-expanded)
/// lines, none is empty, neighbours differ in kind, and no token starts inside a grapheme.
func checkInvariants(
  _ code: String, _ language: String?, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  let lines = SyntaxHighlighter.highlight(code, language: language)
  let joined = lines.map { $0.map(\.text).joined() }
  #expect(joined == expectedLines(code), "\(language ?? "nil")", sourceLocation: sourceLocation)
  for line in lines {
    #expect(!line.contains { $0.text.isEmpty }, sourceLocation: sourceLocation)
    for (left, right) in zip(line, line.dropFirst()) where left.kind == right.kind {
      Issue.record("neighbours share \(left.kind): \(line)", sourceLocation: sourceLocation)
    }
    // Only a line's first token may start with a mark (when the line itself does).
    for token in line.dropFirst() {
      if let first = token.text.unicodeScalars.first, takesNoColumn(first) {
        Issue.record("token starts inside a grapheme: \(line)", sourceLocation: sourceLocation)
      }
    }
  }
}

/// Checks the guarantees on `count` inputs for each language, each up to 59 of `pieces` drawn
/// by a fixed-seed generator (SplitMix64): the same "random" corpus on every run.
func checkRandomInputs(of pieces: [String], in languages: [String], each count: Int, seed: UInt64) {
  var seed = seed
  func next() -> UInt64 {
    seed &+= 0x9E37_79B9_7F4A_7C15
    var z = seed
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  for language in languages {
    for _ in 0..<count {
      let length = Int(next() % 60)
      let code = (0..<length).map { _ in pieces[Int(next() % UInt64(pieces.count))] }.joined()
      checkInvariants(code, language)
    }
  }
}
