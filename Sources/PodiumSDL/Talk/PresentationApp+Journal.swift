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

  /// Whiteboard pages put in or taken out (before the turn's frames): the trace's line, and what
  /// was kept by the slides' numbers dropped.
  func followBoards() {
    for event in session.takeEvents() { record(event) }
    if painter.follow(deckVersion: session.deckVersion, windows: windows.all) {
      options.remote?.forgetPictures()
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
