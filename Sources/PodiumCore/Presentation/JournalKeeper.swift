/// Decides what a talk's journal gets after each turn of the loop: its first line when the talk
/// begins (once the speaker has answered an offer to resume), a line at every change of place,
/// blanking, freeze or clock state, the deck's shape after a reload, and at most one line a
/// second for the running clock. Rehearsals' lines carry the seconds of the steps that changed.
/// Pure: the loop hands the records to `JournalFile`, which writes them off the main thread.
public struct JournalKeeper: Sendable {
  public let talk: JournalRecord.Talk
  /// The deck's absolute path, the journal's key.
  public let deckPath: String
  private var begun = false
  private var last: JournalState?
  private var lastWall = 0.0
  /// The talk's clock (`now`) when the last line was written.
  private var lastNow = 0.0
  private var version = 0
  private var spent: [[Double]] = []
  /// The ink the last ink line (or the sidecar, at the start) left: the next line says what
  /// changed since. Nil: the session's ink when the keeper first looks.
  private var inkSeen: Ink?

  /// `ink`: the ink as the sidecar held it when the talk began, so ink that `--resume` took
  /// from the old journal goes into the new one too.
  public init(talk: JournalRecord.Talk, deckPath: String, ink: Ink? = nil) {
    self.talk = talk
    self.deckPath = deckPath
    inkSeen = ink
  }

  /// The records to append now, `now` on the talk's clock and `wall` seconds since 1970; a
  /// `.start` first means a new journal file.
  public mutating func records(for session: TalkSession, at now: Double, wall: Double)
    -> [JournalRecord]
  {
    guard session.resumeOffer == nil else { return [] }
    var records: [JournalRecord] = []
    let shape = JournalRecord.Shape(steps: session.state.stepCounts, version: session.deckVersion)
    if !begun {
      begun = true
      version = session.deckVersion
      records.append(.start(.init(talk: talk, deck: deckPath, shape: shape)))
    } else if session.deckVersion != version {
      version = session.deckVersion
      records.append(.deck(shape))
    }
    let state = JournalState(session.state, at: now)
    // A reset (r) sets the clock back: a change, running or not, as is any change while paused.
    // A running clock should have gone on since the last line; reading less than that (by more
    // than a rounding) is a reset, even one just after the clock started from zero.
    let moved =
      last.map {
        let expected = $0.running ? $0.elapsed + (now - lastNow) : $0.elapsed
        return !state.samePlace(as: $0)
          || (state.running ? state.elapsed < expected - 0.05 : state.elapsed != $0.elapsed)
      } ?? true
    // The loop wakes once a second for the clock; a little slack keeps one line per wake.
    let tick = state.running && wall - lastWall >= 0.95
    if moved || tick || !records.isEmpty {
      let times = talk == .rehearse ? changedTimes(session.recorder.stepSeconds(at: now)) : []
      records.append(.state(state, spent: times))
      (last, lastWall, lastNow) = (state, wall, now)
    }
    // A talk that keeps no ink (`--no-ink`) journals none.
    if session.keepsInk {
      let ink = session.ink.ink
      if let seen = inkSeen, let change = ink.journalChange(since: seen) {
        records.append(.ink(change))
      }
      if inkSeen?.generation != ink.generation { inkSeen = ink }
    }
    return records
  }

  /// The steps whose seconds changed since the last line, to a hundredth of a second.
  private mutating func changedTimes(_ seconds: [[Double]]) -> [JournalRecord.StepTime] {
    var changed: [JournalRecord.StepTime] = []
    for (slide, steps) in seconds.enumerated() {
      for (step, value) in steps.enumerated() {
        let rounded = (value * 100).rounded() / 100
        let before =
          spent.indices.contains(slide) && spent[slide].indices.contains(step)
          ? spent[slide][step] : 0
        if rounded != before {
          changed.append(.init(slide: slide, step: step, seconds: rounded))
        }
      }
    }
    spent = seconds.map { $0.map { ($0 * 100).rounded() / 100 } }
    return changed
  }
}
