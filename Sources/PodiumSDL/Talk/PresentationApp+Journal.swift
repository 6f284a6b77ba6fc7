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
