/// The console the speaker arranges (ConsoleArrangement): Shift+L and F6 to F8 change the
/// arrangement of each console on show, a press on a splitter drags it; each change is a
/// `console` event the loop writes to config.yaml, kept for that size of console.
extension TalkSession {
  /// The sizes of the consoles on show (one, as a rule; none in a room-only talk).
  var consoleSizes: Set<PixelSize> { Set(regions.values.compactMap(\.size)) }

  mutating func arrange(_ command: ConsoleCommand) -> Outcome {
    let sizes = consoleSizes
    guard !sizes.isEmpty else { return .none }
    for size in sizes {
      var arrangement = state.arrangements.arrangement(for: size)
      switch command {
      case .nextPreset:
        arrangement.preset = arrangement.preset.following
        // Splitters dragged for one preset do not fit another.
        arrangement.split = nil
        arrangement.nextShare = nil
      case .toggle(let pane):
        if arrangement.hidden.remove(pane) == nil { arrangement.hidden.insert(pane) }
      }
      rearrange(arrangement, for: size, by: command == .nextPreset ? "preset" : "pane")
    }
    return .redraw
  }

  private mutating func rearrange(
    _ arrangement: ConsoleArrangement, for size: PixelSize, by cause: String
  ) {
    state.arrangements.set(arrangement, for: size)
    events.append(
      .console(
        .init(size: ConsoleArrangements.name(of: size), arrangement: arrangement.line, by: cause)))
  }

  /// A left press on a splitter of `window`'s console takes hold of it.
  mutating func splitterPress(x: Double, y: Double, window: UInt32) -> Bool {
    guard let regions = regions[window], let size = regions.size,
      let splitter = regions.splitters.first(where: { $0.grip.contains(x: x, y: y) })
    else { return false }
    splitterDrag = SplitterDrag(size: size, splitter: splitter)
    return true
  }

  /// The splitter in hand follows the pointer; nil when none is.
  mutating func splitterMove(x: Double, y: Double) -> Outcome? {
    guard let drag = splitterDrag else { return nil }
    var arrangement = state.arrangements.arrangement(for: drag.size)
    let share = ConsoleArrangement.held(drag.splitter.share(atX: x, y: y))
    switch drag.splitter.share {
    case .split: arrangement.split = share
    case .next: arrangement.nextShare = share
    }
    state.arrangements.set(arrangement, for: drag.size)
    return .redraw
  }

  /// Letting go of the splitter keeps where it is: one `console` event for the drag.
  mutating func splitterRelease() -> Bool {
    guard let drag = splitterDrag else { return false }
    splitterDrag = nil
    rearrange(state.arrangements.arrangement(for: drag.size), for: drag.size, by: "splitter")
    return true
  }
}

/// A splitter in hand, and the size of the console it belongs to (its arrangement's key).
struct SplitterDrag: Hashable, Sendable {
  var size: PixelSize
  var splitter: ConsoleSplitter
}

/// Where the console's parts were drawn in one window: what the mouse can hit there.
public struct ConsoleRegions: Hashable, Sendable {
  /// The notes panel: the wheel scrolls notes here.
  public var notes: Rect?
  /// The current slide's view: the pointer maps from here to the audience's slide.
  public var currentSlide: Rect?
  /// The overview's cells: a click picks a slide.
  public var overview: [ConsoleFrame.OverviewCell]
  /// The ink strip's buttons.
  public var inkTools: [InkToolButton] = []
  /// The console's splitters, and the console's size (its arrangement's key).
  public var splitters: [ConsoleSplitter] = []
  public var size: PixelSize?

  public init(
    notes: Rect? = nil, currentSlide: Rect? = nil, overview: [ConsoleFrame.OverviewCell] = []
  ) {
    self.notes = notes
    self.currentSlide = currentSlide
    self.overview = overview
  }

  /// Where `console` put its parts.
  public init(_ console: ConsoleFrame) {
    self.init(
      notes: console.notes,
      currentSlide: console.currentSlide.width > 0 ? console.currentSlide : nil,
      overview: console.overview)
    inkTools = console.inkTools
    splitters = console.splitters
    size = console.size
  }
}
