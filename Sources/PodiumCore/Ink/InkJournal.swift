import Foundation

extension JournalRecord {
  /// Ink changed, in a journal line: the ink's generation before and after, and each place
  /// that changed, with the stroke the pen left (appended) or the place's whole ink (an
  /// erasure, a clear, undo, redo, a reload's move). The sidecar keeps its generation, so
  /// `--resume` applies the lines after it and skips those it holds: replaying is idempotent.
  public struct InkChange: Codable, Hashable, Sendable {
    public var from: Int
    public var to: Int
    public var places: [PlaceInk]
    /// The whiteboard pages after the change, as the sidecar's `board` records, when they
    /// changed (nil: as they were).
    public var boards: [String]?

    public init(from: Int, to: Int, places: [PlaceInk], boards: [String]? = nil) {
      self.from = from
      self.to = to
      self.places = places
      self.boards = boards
    }
  }

  /// One place's ink in a journal line: its strokes as the sidecar's `stroke` records.
  public struct PlaceInk: Codable, Hashable, Sendable {
    public var slide: String
    public var step: Int
    public var title: String?
    /// The strokes go after the place's (a stroke ended); otherwise they are its whole ink.
    public var append: Bool
    public var strokes: [String]

    public init(slide: String, step: Int, title: String?, append: Bool, strokes: [String]) {
      self.slide = slide
      self.step = step
      self.title = title
      self.append = append
      self.strokes = strokes
    }
  }
}

extension Ink {
  /// What changed since `old` (this ink earlier in the talk), for a journal line; nil when the
  /// speaker changed nothing. A stroke added to a place is that stroke alone, so a slide with
  /// hundreds of strokes does not write them all again at each one.
  public func journalChange(since old: Ink) -> JournalRecord.InkChange? {
    guard generation != old.generation else { return nil }
    var places: [JournalRecord.PlaceInk] = []
    for place in Set(old.strokes.keys).union(strokes.keys).sorted() {
      let before = old.strokes[place] ?? []
      let now = strokes[place] ?? []
      guard before != now else { continue }
      let appended = now.count > before.count && Array(now.prefix(before.count)) == before
      let list = appended ? Array(now.dropFirst(before.count)) : now
      places.append(
        .init(
          slide: place.slide, step: place.step, title: titles[place.slide], append: appended,
          strokes: list.map { InkSidecar.line($0, at: place) }))
    }
    return JournalRecord.InkChange(
      from: old.generation, to: generation, places: places,
      boards: boards == old.boards ? nil : boards.map(InkSidecar.line))
  }

  /// Applies a journal's ink lines that this ink (read from the sidecar) does not hold: those
  /// leading on from its generation, in order. Lines it holds are skipped; a line that does
  /// not lead on from it (one lost between) stops the replay, as what follows would build on
  /// what is missing. How many lines were applied.
  @discardableResult
  public mutating func replay(_ changes: [JournalRecord.InkChange]) -> Int {
    var applied = 0
    for change in changes {
      if change.to <= generation { continue }
      guard change.from == generation else { break }
      for placed in change.places {
        let place = Place(slide: placed.slide, step: scope == .slide ? 0 : placed.step)
        let list = placed.strokes.compactMap { InkSidecar.stroke(line: $0)?.1 }
        restore(list, at: place, appended: placed.append)
        if let title = placed.title { titles[place.slide] = title }
      }
      if let lines = change.boards {
        loadBoards(
          lines.compactMap {
            InkSidecar.board($0.split(separator: " ", omittingEmptySubsequences: true))
          })
      }
      generation = change.to
      applied += 1
    }
    return applied
  }
}

extension TalkInk {
  /// Takes up the ink a crashed talk's journal has and the sidecar does not (`--resume`), on
  /// the deck as it is now. How many journal lines were applied.
  @discardableResult
  public mutating func resume(_ changes: [JournalRecord.InkChange]) -> Int {
    var taken = ink
    let applied = taken.replay(changes)
    guard applied > 0 else { return 0 }
    restart(with: taken)
    return applied
  }
}
