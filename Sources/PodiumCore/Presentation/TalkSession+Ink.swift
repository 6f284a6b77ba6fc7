import Foundation

/// The session's side of ink: keys, and the pen going down, moving and coming up over the
/// current slide (the console's view of it, or the slide of a one-screen talk). Strokes are
/// kept in slide coordinates, so a zoomed view only maps the pointer differently.
extension TalkSession {
  /// Starts with `ink` (read from the sidecar, or none with `--no-ink`), on the deck as it is.
  public mutating func startInk(_ ink: Ink) {
    self.ink = TalkInk(ink: ink, deck: deck)
    keepsInk = true
    if !ink.boards.isEmpty {
      showBoards()
      recorder.replaceDeck(stepCounts: state.stepCounts)
    }
  }

  mutating func applyInk(_ command: InkCommand, at now: Double) -> Outcome {
    if let shade = command.board { return toggleBoard(shade, at: now) }
    return ink.apply(command, slide: state.slide, step: state.step) ? .redraw : .none
  }

  /// Shift+W, Shift+B: a page of `shade` after the slide on show, and the talk on it with the
  /// pen in hand; on an empty page of that shade, the page taken away and the talk back on the
  /// slide before it. Not in the overview.
  mutating func toggleBoard(_ shade: Whiteboard.Shade, at now: Double) -> Outcome {
    guard state.overviewSelection == nil, deck.slides.indices.contains(state.slide) else {
      return .none
    }
    let slide = state.slide
    if let page = deck.slides[slide].board, page.shade == shade, ink.removeBoard(at: slide) {
      showBoards()
      recorder.removeSlide(at: slide)
      let back = max(0, slide - 1)
      state.relocate(toSlide: back, step: deck.slides[back].stepCount - 1)
      boardChanged("removed", page)
      return .redraw
    }
    guard let board = ink.addBoard(after: slide, shade: shade) else { return .none }
    showBoards()
    if let index = deck.slides.firstIndex(where: { $0.board?.id == board.id }) {
      recorder.insertSlide(at: index)
      _ = state.apply(.goTo(index + 1), at: now)
    }
    boardChanged("added", board)
    return .redraw
  }

  /// The trace's line for a page put in or taken away, with the deck's new shape.
  private mutating func boardChanged(_ action: String, _ board: Whiteboard) {
    events.append(
      .board(
        .init(
          action: action, board: board.id, shade: board.shade.rawValue, slides: deck.slides.count,
          steps: state.stepCounts, version: deckVersion, slide: state.slide + 1,
          step: state.step + 1)))
  }

  /// Shows the deck as read with the ink's whiteboard pages in it: a new version of the deck
  /// for every window's caches, the same place kept by number (the caller moves it and the
  /// rehearsal's times).
  mutating func showBoards() {
    deck = deckAsRead.withWhiteboards(ink.ink.boards)
    deckVersion += 1
    ink.follow(deck)
    state.replaceDeck(deck)
  }

  /// The point of the slide under (`x`, `y`) of `window`, or nil off the slide's view. A stroke
  /// that runs off the view keeps going, clamped to its edge. On a zoomed view the point is
  /// where it lies on the whole slide (`SlideViewport`), so ink drawn while zoomed stays put.
  func inkPoint(x: Double, y: Double, pressure: Double?, window: UInt32, clamped: Bool)
    -> InkPoint?
  {
    guard let view = inkView(in: window), view.width > 0, view.height > 0 else { return nil }
    var local = (x: (x - view.x) / view.width, y: (y - view.y) / view.height)
    if clamped {
      local = (min(1, max(0, local.x)), min(1, max(0, local.y)))
    } else if !(0...1).contains(local.x) || !(0...1).contains(local.y) {
      return nil
    }
    let region = state.tools.viewport.region
    return InkPoint(
      x: region.x + local.x * region.width, y: region.y + local.y * region.height,
      pressure: pressure)
  }

  mutating func inkPress(x: Double, y: Double, pressure: Double?, window: UInt32) -> Bool {
    guard ink.tool != nil,
      let point = inkPoint(x: x, y: y, pressure: pressure, window: window, clamped: false)
    else { return false }
    return ink.press(point, slide: state.slide, step: state.step)
  }

  mutating func inkMove(x: Double, y: Double, pressure: Double?, window: UInt32) -> Outcome {
    guard let point = inkPoint(x: x, y: y, pressure: pressure, window: window, clamped: true)
    else { return .none }
    return ink.move(to: point) ? .redraw : .none
  }

  mutating func inkInput(_ input: TalkInput, at now: Double) -> Outcome {
    switch input {
    case .release(let button, _, _, _):
      guard button == .left else { return .none }
      return ink.release() ? .redraw : .none
    case .touch(.down, let x, let y, let pressure, let window):
      if inkPress(x: x, y: y, pressure: pressure, window: window) { return .redraw }
      // No tool in hand: a tap is a click, as SDL's mouse made it before.
      return outcome(of: .click(.left, x: x, y: y, window: window), at: now)
    case .touch(.move, let x, let y, let pressure, let window):
      guard ink.drawing != nil else {
        return outcome(of: .pointerMoved(x: x, y: y, window: window), at: now)
      }
      return inkMove(x: x, y: y, pressure: pressure, window: window)
    case .touch(.up, _, _, _, _):
      return ink.release() ? .redraw : .none
    default:
      return .none
    }
  }
}
