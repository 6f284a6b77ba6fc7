import Foundation
import PodiumCore

/// The talk's journal in the loop: a talk resumed where it was, and each turn's changes kept.
extension PresentationApp {
  /// Before the first frame: a resumed talk opens where it was, within a second of start (or
  /// the console offers to, with `--resume` asking).
  func resumeIfAsked() {
    guard let resume = options.resume else { return }
    let (now, wall) = (Self.now(), Date().timeIntervalSince1970)
    if resume.ask {
      session.offerResume(resume.journal, clock: resume.clock, at: now, wall: wall)
    } else {
      session.resume(resume.journal, clock: resume.clock, at: now, wall: wall)
      // Before the talk's first line: its `deck` line has the journal's whiteboard pages.
      _ = session.takeEvents()
    }
  }

  /// Whiteboard pages put in or taken out and the console arranged (before the turn's frames):
  /// the trace's line, what was kept by the slides' numbers dropped, and the console's
  /// arrangement written to config.yaml.
  func followSessionEvents() {
    let events = session.takeEvents()
    for event in events { record(event) }
    if events.contains(where: { if case .console = $0 { true } else { false } }) {
      saveArrangements()
    }
    if painter.follow(deckVersion: session.deckVersion, windows: windows.all) {
      options.remote?.forgetPictures()
    }
  }

  /// The console's arrangements into config.yaml's `console:`, the rest of the file as it was;
  /// a file that cannot be written costs the arrangement's keeping, never the talk.
  func saveArrangements() {
    let path = session.configuration.path ?? Configuration.defaultPath()
    do {
      try Configuration.saveConsole(session.state.arrangements, to: path)
    } catch {
      FileHandle.standardError.write(
        Data("podium: warning: the console's arrangement is not kept (\(path): \(error))\n".utf8))
    }
  }

  /// After the frames of a turn are out: the speaker's answer to an offer, and what changed
  /// to the journal (written off this thread), with what that says, to the trace.
  func keepJournal() {
    for answer in session.takeResumeAnswers() { record(answer) }
    for event in journalling?.keep(&session, at: Self.now()) ?? [] { record(event) }
    inkKeeper?.keep(session.ink.ink)
  }
}
