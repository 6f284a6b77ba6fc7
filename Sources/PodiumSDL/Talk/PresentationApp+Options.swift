import PodiumCore

extension PresentationApp {
  public struct Options {
    public var stage: StageOptions
    public var plan: TalkPlan
    public var tracePath: String?
    /// The speaker's configuration: key bindings, notes size and the default theme, which a
    /// reloaded deck gets as the first one did.
    public var configuration: Configuration
    /// What reads the deck again after an edit, as it was first read.
    public var loader: DeckLoader
    /// What draws pages of PDF files (PDF decks, typeset formulas).
    public var pages: (any PageRasterizer)?
    /// What plays the deck's videos and draws their posters; nil shows posters only.
    public var video: (any VideoPlayback)?
    /// Where the talk's state is kept while it runs, so a crash loses nothing; nil keeps none.
    public var journal: JournalFile?
    /// A talk that did not end, taken up at the start (`--resume`) or offered on the console.
    public var resume: Resume?
    /// Whether the audience's window plays the deck's slide transitions (`--no-transitions`).
    public var transitions = true
    /// Told how many pixels the talk's windows have in all whenever they are made (at the start,
    /// after a display change): sizes the budget of PDF pages drawn ahead to the displays.
    public var pagesForWindows: ((Int) -> Void)?
    /// The phone remote's server (`--remote`), nil without one.
    public var remote: (any TalkRemote)?
    /// The talk's D-Bus service (`podium remote`), nil without one.
    public var control: (any TalkControl)?
    /// The ink the talk starts with, kept in the sidecar beside the deck as it changes; nil:
    /// none, and none kept (`--no-ink`).
    public var ink: Ink?
    /// The recording the room's pictures and slide changes go to (`--record`), nil for none.
    public var recording: (any TalkRecording)?
    /// The deck running itself (`--auto`, `--kiosk`, `advance` directives), nil for none.
    public var autoAdvance: AutoAdvance?

    public init(
      stage: StageOptions = StageOptions(), plan: TalkPlan = TalkPlan(), tracePath: String? = nil,
      configuration: Configuration = Configuration(), loader: DeckLoader? = nil,
      pages: (any PageRasterizer)? = nil, video: (any VideoPlayback)? = nil,
      journal: JournalFile? = nil, resume: Resume? = nil
    ) {
      self.video = video
      self.stage = stage
      self.plan = plan
      self.tracePath = tracePath
      self.configuration = configuration
      self.loader = loader ?? DeckLoader(configuration: configuration)
      self.pages = pages
      self.journal = journal
      self.resume = resume
    }
  }

  /// What to do at the start with a journal's talk: take it up, or ask the speaker first.
  public struct Resume: Sendable {
    public var journal: TalkJournal
    public var clock: TalkSession.ResumeClock
    public var ask: Bool

    public init(journal: TalkJournal, clock: TalkSession.ResumeClock, ask: Bool) {
      self.journal = journal
      self.clock = clock
      self.ask = ask
    }
  }
}
