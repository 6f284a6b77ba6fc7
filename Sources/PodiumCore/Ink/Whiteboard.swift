/// A blank page the speaker put into the talk to draw on (BeamerPresenter's whiteboard):
/// Shift+W a white one, Shift+B a black one, after the slide on show. It is the talk's, never
/// the deck's: kept in the ink sidecar (`board` records, docs/INK.md) with the ink drawn on it,
/// journaled with the ink, and drawn by `podium export --ink`. Pressed again on an empty page,
/// the key takes the page away.
public struct Whiteboard: Hashable, Sendable {
  public enum Shade: String, CaseIterable, Hashable, Sendable {
    case white, black

    /// The page's colour: the room's white and black, as `w` and `b` blank it.
    public var color: RGBAColor {
      switch self {
      case .white: RGBAColor(red: 255, green: 255, blue: 255)
      case .black: RGBAColor(red: 0, green: 0, blue: 0)
      }
    }
  }

  /// Its identity for ink (`board-1`, `board-2`, ...): no slide's (`c...`, `p...`) looks so.
  public var id: String
  /// The identity (`InkIdentity`) of the slide, or the page, it follows.
  public var after: String
  public var shade: Shade

  public init(id: String, after: String, shade: Shade) {
    self.id = id
    self.after = after
    self.shade = shade
  }

  static let prefix = "board-"

  /// Whether `identity` names a page of this kind rather than a slide.
  public static func isBoard(_ identity: String) -> Bool { identity.hasPrefix(prefix) }

  /// The page as a slide of the talk: nothing on it but its colour, no footer, header or page
  /// number, and a note for the speaker only.
  func slide(index: Int, pageNumber: Int, location: SourceLocation) -> Slide {
    var directives = SlideDirectives(background: .color(shade.color), noFooter: true)
    directives.paginate = false
    // Empty, not nil: an empty header or footer clears the deck's.
    directives.header = ""
    directives.footer = ""
    var slide = Slide(
      index: index, location: location, blocks: [],
      notes: [
        Block(
          .paragraph([
            TextRun(
              "A \(shade == .white ? "whiteboard" : "blackboard") page of this talk, not in the "
                + "deck: d takes the pen; Shift+\(shade == .white ? "W" : "B") here while it "
                + "has no ink takes the page away.")
          ]), at: location)
      ], directives: directives)
    slide.pageNumber = pageNumber
    slide.board = self
    return slide
  }
}

extension Deck {
  /// The deck with `boards` put in after the slides (or pages) they follow, in the order they
  /// were made; a page whose slide is gone (an edit took it away) comes after the last slide.
  public func withWhiteboards(_ boards: [Whiteboard]) -> Deck {
    guard !boards.isEmpty, !slides.isEmpty else { return self }
    let identities = InkIdentity.identities(of: self)
    let known = Set(identities).union(boards.map(\.id))
    var following: [String: [Whiteboard]] = [:]
    for board in boards {
      let anchor = known.contains(board.after) ? board.after : identities[identities.count - 1]
      following[anchor, default: []].append(board)
    }
    var out = self
    out.slides = []
    out.slides.reserveCapacity(slides.count + boards.count)
    var placed = Set<String>()
    func place(after identity: String, pageNumber: Int, location: SourceLocation) {
      for board in following[identity] ?? [] where placed.insert(board.id).inserted {
        out.slides.append(
          board.slide(index: out.slides.count, pageNumber: pageNumber, location: location))
        place(after: board.id, pageNumber: pageNumber, location: location)
      }
    }
    for (slide, identity) in zip(slides, identities) {
      var moved = slide
      moved.index = out.slides.count
      out.slides.append(moved)
      place(after: identity, pageNumber: slide.pageNumber, location: slide.location)
    }
    // Pages that follow only each other (a damaged sidecar's loop) go last, each once.
    let last = slides[slides.count - 1]
    for board in boards where placed.insert(board.id).inserted {
      out.slides.append(
        board.slide(index: out.slides.count, pageNumber: last.pageNumber, location: last.location))
      place(after: board.id, pageNumber: last.pageNumber, location: last.location)
    }
    return out
  }

  /// Slide `index` of this deck (whiteboard pages in it) as a slide of the deck without them:
  /// a page counts as the slide it follows. What plans made from the deck (pacing, rehearsal
  /// times) are read by.
  public func sourceIndex(ofSlide index: Int) -> Int {
    guard slides.indices.contains(index) else { return index }
    return max(0, slides[...index].filter { $0.board == nil }.count - 1)
  }
}
