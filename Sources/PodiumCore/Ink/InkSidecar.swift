import Foundation

/// The ink sidecar beside a deck (`talk.md` → `talk.md.ink`, docs/INK.md): text, one record a
/// line, so a damaged line is reported by its number and the rest is kept. Written whole or
/// not at all (`AtomicFile`); never the deck or its PDF.
///
///     podium-ink 1
///     scope step
///     title c1a2b-3c4d "Results"
///     board board-1 c1a2b-3c4d white
///     stroke c1a2b-3c4d 0 pen #e51e1e 0.004 0.1,0.2 0.15,0.22,0.8 ...
public enum InkSidecar {
  public static let version = 1
  static let magic = "podium-ink"
  /// A sidecar larger than this is not read: no talk draws 64 MB of ink.
  public static let sizeLimit = 64 * 1024 * 1024
  /// Points of one stroke, and strokes of one file, beyond which a file is refused line by line.
  public static let pointLimit = 100_000
  public static let strokeLimit = 200_000

  /// Where the sidecar of the deck at `deckPath` lives.
  public static func path(forDeck deckPath: String) -> String { deckPath + ".ink" }

  /// The sidecar's text for `ink`.
  public static func encode(_ ink: Ink) -> String {
    var lines = ["\(magic) \(version)", "scope \(ink.scope.rawValue)"]
    if ink.generation > 0 { lines.append("generation \(ink.generation)") }
    lines += ink.boards.map(line)
    let slides = ink.slidesWithInk
    for slide in slides.sorted() {
      if let title = ink.titles[slide] { lines.append("title \(slide) \(quoted(title))") }
    }
    for place in ink.strokes.keys.sorted() {
      for stroke in ink.strokes[place] ?? [] {
        lines.append(line(stroke, at: place))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A stroke's record: `stroke IDENTITY STEP TOOL COLOUR WIDTH POINTS...`.
  static func line(_ stroke: InkStroke, at place: Ink.Place) -> String {
    var line = "stroke \(place.slide) \(place.step) \(stroke.tool.rawValue) \(stroke.color)"
    line += " " + number(stroke.width)
    for point in stroke.points {
      line += " " + number(point.x) + "," + number(point.y)
      if let pressure = point.pressure { line += "," + number(pressure) }
    }
    return line
  }

  /// A whiteboard page's record: `board IDENTITY AFTER white|black`.
  static func line(_ board: Whiteboard) -> String {
    "board \(board.id) \(board.after) \(board.shade.rawValue)"
  }

  /// A page's record read back; nil when it is not one.
  static func board(_ fields: [Substring]) -> Whiteboard? {
    guard fields.count == 4, fields[0] == "board", Whiteboard.isBoard(String(fields[1])),
      let shade = Whiteboard.Shade(rawValue: String(fields[3]))
    else { return nil }
    return Whiteboard(id: String(fields[1]), after: String(fields[2]), shade: shade)
  }

  /// A stroke record read back (a journal's ink line carries them); nil when it does not parse.
  static func stroke(line: String) -> (Ink.Place, InkStroke)? {
    let fields = line.split(separator: " ", omittingEmptySubsequences: true)
    guard fields.first == "stroke", case .success(let read) = stroke(fields) else { return nil }
    return read
  }

  /// Reads a sidecar's text. Bad lines are warnings with their place and are left out; a file
  /// that is not a sidecar at all (another program's, a newer Podium's) gives no ink and one
  /// warning. `damaged`: whether the file should be moved aside, so what it held is not lost
  /// when the talk writes its own.
  public static func decode(_ text: String, file: String, scope: InkScope) -> (
    ink: Ink, diagnostics: [Diagnostic], damaged: Bool
  ) {
    var sink = DiagnosticSink(file: file)
    var ink = Ink(scope: scope)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    guard let header = lines.first, header.hasPrefix(magic + " ") else {
      sink.warning(
        "not a Podium ink sidecar (it should start with '\(magic) \(version)')",
        at: SourceLocation(line: 1, column: 1))
      return (ink, sink.diagnostics, true)
    }
    guard Int(header.dropFirst(magic.count + 1)) == version else {
      sink.warning(
        "ink sidecar version '\(header.dropFirst(magic.count + 1))' is not one this Podium "
          + "reads (\(version))", at: SourceLocation(line: 1, column: 1))
      return (ink, sink.diagnostics, true)
    }
    var count = 0
    var fileScope: InkScope?
    var boards: [Whiteboard] = []
    for (index, line) in lines.enumerated().dropFirst() {
      let number = index + 1
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      func warn(_ message: String, field: Int) {
        // The column of the field, counted in UTF-8 bytes, as every diagnostic's is.
        var column = 1
        if field < fields.count {
          column = line.utf8.distance(from: line.startIndex, to: fields[field].startIndex) + 1
        }
        sink.warning(message, at: SourceLocation(line: number, column: column))
      }
      guard let kind = fields.first else { continue }
      switch kind {
      case "scope":
        fileScope = fields.count == 2 ? InkScope(rawValue: String(fields[1])) : nil
        if fileScope == nil { warn("expected 'scope step' or 'scope slide'", field: 1) }
      case "generation":
        guard fields.count == 2, let generation = Int(fields[1]), generation >= 0 else {
          warn("expected 'generation NUMBER'", field: 1)
          continue
        }
        ink.generation = generation
      case "title":
        guard fields.count >= 3,
          let title = unquoted(line[fields[2].startIndex...])
        else {
          warn("expected 'title IDENTITY \"text\"'", field: 2)
          continue
        }
        ink.titles[String(fields[1])] = title
      case "board":
        guard let board = board(fields), !boards.contains(where: { $0.id == board.id }) else {
          warn("expected 'board board-N AFTER white|black', each page once", field: 1)
          continue
        }
        boards.append(board)
      case "stroke":
        guard count < strokeLimit else {
          warn("more than \(strokeLimit) strokes; the rest is left out", field: 0)
          ink.loadBoards(boards)
          return (ink, sink.diagnostics, true)
        }
        switch stroke(fields) {
        case .success(let (place, stroke)):
          ink.load([stroke], at: place)
          count += 1
        case .failure(let problem):
          warn(problem.message, field: problem.field)
        }
      default:
        warn(
          "unknown record '\(kind.prefix(40))' (expected scope, generation, title, board or "
            + "stroke)",
          field: 0)
      }
    }
    ink.loadBoards(boards)
    if let fileScope, fileScope != scope {
      // Ink drawn per slide, read per step (or the other way): all of it shows at step 1.
      sink.warning(
        "ink was drawn with 'scope \(fileScope.rawValue)'; shown with '\(scope.rawValue)'",
        at: nil)
    }
    return (ink, sink.diagnostics, sink.diagnostics.contains { $0.location != nil })
  }

  struct LineProblem: Error {
    var message: String
    var field: Int
  }

  private static func stroke(_ fields: [Substring]) -> Result<(Ink.Place, InkStroke), LineProblem> {
    guard fields.count >= 7 else {
      return .failure(
        LineProblem(
          message: "expected 'stroke IDENTITY STEP TOOL #COLOUR WIDTH x,y ...'", field: 0))
    }
    guard let step = Int(fields[2]), step >= 0, step < 10_000 else {
      return .failure(
        LineProblem(message: "step '\(fields[2].prefix(20))' is not a number", field: 2))
    }
    guard let tool = InkTool(rawValue: String(fields[3])), tool != .eraser else {
      return .failure(
        LineProblem(message: "tool '\(fields[3].prefix(20))' is not pen or highlighter", field: 3))
    }
    guard let color = RGBAColor(hex: String(fields[4])) else {
      return .failure(
        LineProblem(message: "colour '\(fields[4].prefix(20))' is not #rrggbb", field: 4))
    }
    guard let width = Double(fields[5]), width > 0, width <= 0.5 else {
      return .failure(
        LineProblem(message: "width '\(fields[5].prefix(20))' is not in 0...0.5", field: 5))
    }
    guard fields.count - 6 <= pointLimit else {
      return .failure(LineProblem(message: "more than \(pointLimit) points", field: 6))
    }
    var points: [InkPoint] = []
    points.reserveCapacity(fields.count - 6)
    for field in 6..<fields.count {
      let parts = fields[field].split(separator: ",", omittingEmptySubsequences: false)
      let values = parts.compactMap { Double($0) }
      // Slightly off the slide is allowed (a stroke runs over the edge); nonsense is not.
      guard (2...3).contains(parts.count), values.count == parts.count,
        values.allSatisfy({ $0.isFinite && $0 >= -1 && $0 <= 2 })
      else {
        return .failure(
          LineProblem(
            message: "point '\(fields[field].prefix(30))' is not x,y[,pressure]", field: field))
      }
      points.append(
        InkPoint(x: values[0], y: values[1], pressure: values.count == 3 ? values[2] : nil))
    }
    return .success(
      (
        Ink.Place(slide: String(fields[1]), step: step),
        InkStroke(tool: tool, color: color, width: width, points: points)
      ))
  }

  static func number(_ value: Double) -> String {
    let rounded = (value * 100_000).rounded() / 100_000
    if rounded == rounded.rounded() { return String(Int(rounded)) }
    return String(rounded)
  }

  static func quoted(_ text: String) -> String {
    var out = "\""
    for character in text.unicodeScalars {
      switch character {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      default: out.unicodeScalars.append(character)
      }
    }
    return out + "\""
  }

  static func unquoted(_ text: Substring) -> String? {
    guard text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 else { return nil }
    var out = ""
    var escaped = false
    for character in text.dropFirst().dropLast() {
      if escaped {
        out.append(character == "n" ? "\n" : character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else {
        out.append(character)
      }
    }
    return escaped ? nil : out
  }

  /// Reads the sidecar of the deck at `deckPath`, if there is one. A damaged one is moved aside
  /// (`talk.md.ink.damaged`), so the talk writes a fresh one and nothing in it is lost.
  /// `moveDamaged`: false for readers that never write it (export, check).
  public static func load(deckPath: String, scope: InkScope, moveDamaged: Bool = true) -> (
    Ink, [Diagnostic]
  ) {
    func moveAside(_ path: String) -> Bool {
      moveDamaged ? InkSidecar.moveAside(path) : false
    }
    let path = path(forDeck: deckPath)
    guard LocalFiles().modificationTime(of: path) != nil else { return (Ink(scope: scope), []) }
    switch LocalFiles().contents(of: path, limit: sizeLimit, kind: "ink sidecars") {
    case .failure(let problem):
      let moved = moveAside(path)
      return (
        Ink(scope: scope),
        [Diagnostic(.warning, file: path, at: nil, "\(problem)" + (moved ? "; moved aside" : ""))]
      )
    case .success(let bytes):
      guard let text = String(bytes: bytes, encoding: .utf8) else {
        _ = moveAside(path)
        return (
          Ink(scope: scope),
          [Diagnostic(.warning, file: path, at: nil, "not UTF-8 text; moved aside")]
        )
      }
      var (ink, diagnostics, damaged) = decode(text, file: path, scope: scope)
      if damaged, moveAside(path) {
        diagnostics.append(
          Diagnostic(.warning, file: path, at: nil, "moved aside to \(path).damaged"))
      }
      return (ink, diagnostics)
    }
  }

  @discardableResult
  static func moveAside(_ path: String) -> Bool {
    let aside = path + ".damaged"
    unlink(aside)
    return rename(path, aside) == 0
  }

  /// Writes `ink` beside the deck, whole or not at all; no ink ever drawn removes the sidecar.
  public static func save(_ ink: Ink, deckPath: String) throws {
    let path = path(forDeck: deckPath)
    // Ink drawn and all taken away again keeps its generation, for the journal's lines.
    if ink.isEmpty && ink.generation == 0 {
      unlink(path)
      return
    }
    try AtomicFile.write(Data(encode(ink).utf8), to: path)
  }
}

extension InkSidecar {
  /// What `podium check` says of the sidecar beside the deck at `deckPath`: its damaged lines,
  /// and a warning for each slide it has ink for that the deck no longer has (by the identity
  /// and title the sidecar gives). Nothing is moved or written.
  public static func check(deckPath: String, deck: Deck, scope: InkScope?) -> [Diagnostic] {
    let (ink, problems) = load(deckPath: deckPath, scope: scope ?? .step, moveDamaged: false)
    guard !ink.isEmpty else { return problems }
    let talk = TalkInk(ink: ink, deck: deck.withWhiteboards(ink.boards))
    let file = path(forDeck: deckPath)
    return problems
      + talk.orphans.map { identity in
        let strokes = talk.ink.strokes.filter { $0.key.slide == identity }.reduce(0) {
          $0 + $1.value.count
        }
        let title = talk.ink.titles[identity].map { " ('\($0)')" } ?? ""
        return Diagnostic(
          .warning, file: file, at: nil,
          "ink for a slide that no longer exists\(title): \(strokes) stroke"
            + (strokes == 1 ? "" : "s") + ", kept in the sidecar")
      }
  }
}
