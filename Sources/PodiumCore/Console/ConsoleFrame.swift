/// The console's draw list and where its parts are, for the mouse: the wheel scrolls the notes
/// over the notes panel, and a later pointer maps the current-slide view to the audience slide.
public struct ConsoleFrame: Hashable, Sendable {
  public var frame: SlideFrame
  /// The current slide's view (the slide itself, without borders).
  public var currentSlide: Rect
  /// The notes panel.
  public var notes: Rect
  /// How many lines the notes can scroll before their end is in view (0 when they fit), from
  /// where the part of the step on show begins (`NotesBox.Placed.partLine`).
  public var notesScrollLimit: Int
  /// How many lines they can scroll back up from there (0 or less).
  public var notesScrollFloor = 0
  /// The slides shown in the overview grid and where (empty when it is closed).
  public var overview: [OverviewCell]
  /// Columns of the overview grid (0 when it is closed).
  public var overviewColumns: Int
  /// The ink strip's buttons (ConsoleFrame+Ink.swift).
  public var inkTools: [InkToolButton] = []
  /// The next-slide preview (empty when the console shows none).
  public var nextSlide = Rect(x: 0, y: 0, width: 0, height: 0)
  /// What ran over (`ConsoleStatus.overrun`), for the trace.
  public var overrun: ConsoleStatus.Overrun.Kind?
  /// The splitters the mouse drags (ConsoleArrangement's shares), where they are.
  public var splitters: [ConsoleSplitter] = []

  public struct OverviewCell: Hashable, Sendable {
    /// 0-based.
    public var slide: Int
    public var rect: Rect

    public init(slide: Int, rect: Rect) {
      self.slide = slide
      self.rect = rect
    }
  }

  /// The size of console laid out: its arrangement is the one for this size.
  public var size: PixelSize { frame.size }

  public init(
    frame: SlideFrame, currentSlide: Rect, notes: Rect, notesScrollLimit: Int,
    overview: [OverviewCell] = [], overviewColumns: Int = 0
  ) {
    self.frame = frame
    self.currentSlide = currentSlide
    self.notes = notes
    self.notesScrollLimit = notesScrollLimit
    self.overview = overview
    self.overviewColumns = overviewColumns
  }
}

/// A splitter of the console: the gap between two panes that the mouse drags, and the span its
/// share is measured along (`ConsoleArrangement.split` across `span`'s width, `nextShare` down
/// its height, or across for the `slides` preset's split).
public struct ConsoleSplitter: Hashable, Sendable {
  public enum Share: Hashable, Sendable {
    case split
    case next
  }

  public var share: Share
  /// Where a press takes hold of it (a little wider than the gap).
  public var grip: Rect
  public var span: Rect
  /// Dragged left and right (true) or up and down.
  public var across: Bool

  /// The share with the pointer at (`x`, `y`).
  func share(atX x: Double, y: Double) -> Double {
    across
      ? (x - span.x) / max(1, span.width) : (y - span.y) / max(1, span.height)
  }
}
