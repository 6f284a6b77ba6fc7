import Foundation
import PodiumCore

/// The talk loop's side of the crash journal: what changed goes to the journal file, which
/// writes it off the loop's thread, and what the file reports comes back as trace events and a
/// console warning. A journal that cannot be written never stops the talk.
struct TalkJournalling {
  let journal: JournalFile
  private var keeper: JournalKeeper

  /// `ink`: the sidecar's, when the talk keeps ink: its changes go to the journal too.
  init(journal: JournalFile, talk: JournalRecord.Talk, ink: Ink?) {
    self.journal = journal
    keeper = JournalKeeper(talk: talk, deckPath: journal.deckPath, ink: ink)
  }

  /// Writes what changed since the last call; returns what to trace.
  mutating func keep(_ session: inout TalkSession, at now: Double) -> [TraceEvent] {
    let wall = Date().timeIntervalSince1970
    let records = keeper.records(for: session, at: now, wall: wall)
    journal.append(records, wall: wall)
    var events: [TraceEvent] = records.compactMap { record in
      guard case .ink(let change) = record else { return nil }
      return .ink(.init(generation: change.to, strokes: session.ink.ink.strokeCount))
    }
    for report in journal.takeReports() {
      switch report {
      case .opened(let path):
        events.append(.journal(.init(path: path)))
        session.journalFailed(nil)
      case .failed(let message):
        let console = "No crash journal (\(message)); the talk goes on"
        FileHandle.standardError.write(
          Data("podium: warning: \(message); the talk goes on without a crash journal\n".utf8))
        events.append(.journalFailed(.init(message: message, console: console)))
        session.journalFailed(console)
      }
    }
    return events
  }
}
