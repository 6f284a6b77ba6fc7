/// The console's draw list and where its parts are, for the mouse: the wheel scrolls the notes
/// over the notes panel, and a later pointer maps the current-slide view to the audience slide.
public struct ConsoleFrame: Hashable, Sendable {
  public var frame: SlideFrame
  /// The current slide's view (the slide itself, without borders).
  public var currentSlide: Rect
  /// The notes panel.
  public var notes: Rect
  /// How many lines the notes can scroll before their end is in view (0 when they fit).
  public var notesScrollLimit: Int
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

  public struct OverviewCell: Hashable, Sendable {
    /// 0-based.
    public var slide: Int
    public var rect: Rect

    public init(slide: Int, rect: Rect) {
      self.slide = slide
      self.rect = rect
    }
  }

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
