import Foundation
import Synchronization

/// Whether ink belongs to a build step of a slide or to the slide across its steps (pympress
/// offers both): `ink: step` or `ink: slide` in config.yaml.
public enum InkScope: String, CaseIterable, Hashable, Sendable {
  case step, slide
}

/// A talk's ink: strokes by slide (its identity, which survives edits that move it) and build
/// step, with undo and redo. A value: the session holds it, the sidecar saves it, the painter
/// draws it.
public struct Ink: Hashable, Sendable {
  /// Where strokes belong: a slide's identity (`InkIdentity`) and a build step (0-based; 0 for
  /// every step when the scope is per slide).
  public struct Place: Hashable, Sendable, Comparable {
    public var slide: String
    public var step: Int

    public init(slide: String, step: Int) {
      self.slide = slide
      self.step = step
    }

    public static func < (lhs: Place, rhs: Place) -> Bool {
      (lhs.slide, lhs.step) < (rhs.slide, rhs.step)
    }
  }

  /// One change, as undo takes it back.
  enum Edit: Hashable, Sendable {
    case add(Place, InkStroke)
    /// Strokes taken away, with where each was in its place's list.
    case remove(Place, [Int: InkStroke])
  }

  public var scope: InkScope
  public private(set) var strokes: [Place: [InkStroke]] = [:]
  /// Each slide's title when its ink was drawn: an edited slide is found again by it.
  public var titles: [String: String] = [:]
  private var undoStack: [Edit] = []
  private var redoStack: [Edit] = []
  /// Counts changes: what the painter's cached ink layer and the sidecar's writer compare.
  public private(set) var revision = 0
  /// Each place's version, for cached layers (`version(slide:step:)`).
  private var versions = PlaceVersions()
  /// Counts the speaker's changes (strokes, erasures, clears, undo, redo) across talks: the
  /// sidecar keeps it, and the journal's ink lines say which generation they lead from and to,
  /// so `--resume` applies only what the sidecar does not hold yet (InkJournal.swift).
  public internal(set) var generation = 0

  public init(scope: InkScope = .step) {
    self.scope = scope
  }

  /// The whiteboard pages the speaker put into the talk, in the order they were made.
  public private(set) var boards: [Whiteboard] = []

  public var isEmpty: Bool { strokes.values.allSatisfy(\.isEmpty) && boards.isEmpty }
  public var strokeCount: Int { strokes.values.reduce(0) { $0 + $1.count } }
  public var canUndo: Bool { !undoStack.isEmpty }
  public var canRedo: Bool { !redoStack.isEmpty }

  /// The place ink drawn on `slide` (an identity) at `step` goes to, under the scope.
  public func place(slide: String, step: Int) -> Place {
    Place(slide: slide, step: scope == .slide ? 0 : step)
  }

  /// The strokes shown on `slide` at `step`.
  public func strokes(slide: String, step: Int) -> [InkStroke] {
    strokes[place(slide: slide, step: step)] ?? []
  }

  /// A per-place number for caches: changes whenever that place's strokes do, to a number no
  /// place of any ink had before in this process, so a layer drawn for other strokes is never
  /// taken for these. Read at every frame, so it is kept, not worked out from the strokes (a
  /// hash of 500 strokes took a third of a millisecond).
  public func version(slide: String, step: Int) -> Int {
    versions[place(slide: slide, step: step)]
  }

  public mutating func add(_ stroke: InkStroke, at place: Place, title: String? = nil) {
    guard !stroke.points.isEmpty else { return }
    strokes[place, default: []].append(stroke)
    if let title { titles[place.slide] = title }
    record(.add(place, stroke))
  }

  /// Takes away the strokes of `place` the eraser at `point` touches. Whether any went.
  @discardableResult
  public mutating func erase(at point: InkPoint, radius: Double, aspect: Double, in place: Place)
    -> Bool
  {
    let list = strokes[place] ?? []
    var gone: [Int: InkStroke] = [:]
    for (index, stroke) in list.enumerated()
    where stroke.isHit(by: point, radius: radius, aspect: aspect) {
      gone[index] = stroke
    }
    return remove(gone, from: place)
  }

  /// Clears one place. Whether it had ink.
  @discardableResult
  public mutating func clear(_ place: Place) -> Bool {
    let list = strokes[place] ?? []
    return remove(Dictionary(uniqueKeysWithValues: list.enumerated().map { ($0, $1) }), from: place)
  }

  private mutating func remove(_ gone: [Int: InkStroke], from place: Place) -> Bool {
    guard !gone.isEmpty else { return false }
    strokes[place] = (strokes[place] ?? []).enumerated().filter { gone[$0.offset] == nil }.map(
      \.element)
    record(.remove(place, gone))
    return true
  }

  private mutating func record(_ edit: Edit) {
    switch edit {
    case .add(let place, _), .remove(let place, _): versions.bump(place)
    }
    undoStack.append(edit)
    if undoStack.count > 500 { undoStack.removeFirst() }
    redoStack = []
    revision += 1
    generation += 1
  }

  /// Takes back the last change (a stroke, an erasure, a clear). The place it was on, if any.
  @discardableResult
  public mutating func undo() -> Place? {
    guard let edit = undoStack.popLast() else { return nil }
    redoStack.append(edit)
    revision += 1
    generation += 1
    let place = apply(inverse: edit)
    versions.bump(place)
    return place
  }

  @discardableResult
  public mutating func redo() -> Place? {
    guard let edit = redoStack.popLast() else { return nil }
    undoStack.append(edit)
    revision += 1
    generation += 1
    switch edit {
    case .add(let place, let stroke):
      strokes[place, default: []].append(stroke)
      versions.bump(place)
      return place
    case .remove(let place, let gone):
      strokes[place] = (strokes[place] ?? []).enumerated().filter { gone[$0.offset] == nil }.map(
        \.element)
      versions.bump(place)
      return place
    }
  }

  private mutating func apply(inverse edit: Edit) -> Place {
    switch edit {
    case .add(let place, _):
      _ = strokes[place]?.popLast()
      return place
    case .remove(let place, let gone):
      var list = strokes[place] ?? []
      for index in gone.keys.sorted() {
        if let stroke = gone[index] { list.insert(stroke, at: min(index, list.count)) }
      }
      strokes[place] = list
      return place
    }
  }

  /// A new whiteboard page after the slide (or page) `identity`, after those already there.
  /// Undo does not take it away; its key, pressed again on it while it has no ink, does.
  @discardableResult
  public mutating func addBoard(after identity: String, shade: Whiteboard.Shade) -> Whiteboard {
    let numbers = boards.compactMap { Int($0.id.dropFirst(Whiteboard.prefix.count)) }
    let board = Whiteboard(
      id: Whiteboard.prefix + "\((numbers.max() ?? 0) + 1)", after: identity, shade: shade)
    boards.append(board)
    changedBoards()
    return board
  }

  /// Takes the page `id` away, if it has no ink; pages that followed it follow what it did.
  /// Whether it went.
  @discardableResult
  public mutating func removeBoard(_ id: String) -> Bool {
    guard let board = boards.first(where: { $0.id == id }), !slidesWithInk.contains(id) else {
      return false
    }
    boards = boards.filter { $0.id != id }.map { other in
      var moved = other
      if moved.after == id { moved.after = board.after }
      return moved
    }
    changedBoards()
    return true
  }

  /// Puts the pages a sidecar or a journal line lists in place.
  mutating func loadBoards(_ list: [Whiteboard]) {
    boards = list
    revision += 1
  }

  private mutating func changedBoards() {
    revision += 1
    generation += 1
  }

  /// Puts strokes read from a sidecar in place (no undo for them).
  public mutating func load(_ list: [InkStroke], at place: Place) {
    strokes[place, default: []] += list
    versions.bump(place)
    revision += 1
  }

  /// Puts a place's ink as a journal line says it was (InkJournal.swift): `list` appended, or
  /// the place's whole ink. Undo does not reach back past it.
  mutating func restore(_ list: [InkStroke], at place: Place, appended: Bool) {
    strokes[place] = appended ? (strokes[place] ?? []) + list : list
    versions.bump(place)
    undoStack = []
    redoStack = []
    revision += 1
  }

  /// The identities that have ink.
  public var slidesWithInk: Set<String> {
    Set(strokes.filter { !$0.value.isEmpty }.keys.map(\.slide))
  }

  /// Follows the deck after an edit: ink whose slide identity is gone goes to a slide of the
  /// same title that has no ink of its own (the slide was edited, not removed); what matches
  /// nothing is kept, for the sidecar, as ink of a slide that no longer exists. Undo history
  /// follows the moves. Returns the identities still without a slide.
  @discardableResult
  public mutating func rebind(to identities: [String], titles current: [String?]) -> [String] {
    let present = Set(identities)
    var orphans: [String] = []
    let inked = slidesWithInk
    for slide in inked.sorted() where !present.contains(slide) {
      let title = titles[slide]
      let candidates = identities.indices.filter {
        title != nil && current[$0] == title && !inked.contains(identities[$0])
      }
      guard candidates.count == 1 else {
        orphans.append(slide)
        continue
      }
      let target = identities[candidates[0]]
      for (place, list) in strokes where place.slide == slide {
        strokes[place] = nil
        strokes[Place(slide: target, step: place.step)] = list
        versions.bump(Place(slide: target, step: place.step))
      }
      titles[target] = title
      titles[slide] = nil
      undoStack = undoStack.map { $0.moved(from: slide, to: target) }
      redoStack = redoStack.map { $0.moved(from: slide, to: target) }
      revision += 1
    }
    return orphans
  }
}

extension Ink.Edit {
  func moved(from old: String, to new: String) -> Ink.Edit {
    func move(_ place: Ink.Place) -> Ink.Place {
      place.slide == old ? Ink.Place(slide: new, step: place.step) : place
    }
    switch self {
    case .add(let place, let stroke): return .add(move(place), stroke)
    case .remove(let place, let gone): return .remove(move(place), gone)
    }
  }
}

/// Slides' identities for ink: what a slide says (its text, or a PDF page's label), so that a
/// slide inserted before it, or moved, keeps its ink; the second slide saying the same as an
/// earlier one is told apart by a count.
public enum InkIdentity {
  public static func identities(of deck: Deck) -> [String] {
    var seen: [String: Int] = [:]
    return deck.slides.map { slide in
      let base = identity(of: slide, dialect: deck.dialect)
      let count = seen[base, default: 0]
      seen[base] = count + 1
      return count == 0 ? base : "\(base)#\(count + 1)"
    }
  }

  static func identity(of slide: Slide, dialect: DeckDialect) -> String {
    if let board = slide.board { return board.id }
    if dialect == .pdf {
      return "p" + ContentKey.of(slide.label ?? "page \(slide.pageNumber)")
    }
    var text = slide.blocks.map(\.plainText).joined(separator: "\n")
    text += "\u{1}" + slide.notes.map(\.plainText).joined(separator: "\n")
    text += "\u{1}" + slide.backgrounds.map { "\($0.image)" }.joined(separator: ",")
    return "c" + ContentKey.of(text)
  }
}

/// Each place's version for caches (`Ink.version(slide:step:)`): numbers that take no part in
/// the ink's equality, as two inks with the same strokes show the same.
struct PlaceVersions: Hashable, Sendable {
  private var numbers: [Ink.Place: Int] = [:]
  /// The last number given, across every ink of the process.
  private static let last = Atomic<Int>(0)

  subscript(place: Ink.Place) -> Int { numbers[place] ?? 0 }

  /// The place's strokes changed.
  mutating func bump(_ place: Ink.Place) {
    numbers[place] = Self.last.add(1, ordering: .relaxed).newValue
  }

  static func == (lhs: Self, rhs: Self) -> Bool { true }
  func hash(into hasher: inout Hasher) {}
}
