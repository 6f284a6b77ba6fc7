import Foundation
import PodiumCore

/// What the phone and the browser views show, as the talk's loop last published it: an
/// immutable value the server's threads read under its lock and send as JSON.
public struct RemoteSnapshot: Hashable, Sendable, Codable {
  /// Counts the snapshots published that differ from the one before (the server sets it).
  public var version = 0
  public var title: String
  /// 1-based, as the console says it.
  public var slide: Int
  public var slides: Int
  public var step: Int
  public var steps: Int
  /// The next step or slide (1-based), nil at the end.
  public var nextSlide: Int?
  public var nextStep: Int?
  /// The slide the room sees (1-based) and its step: the frozen one while frozen.
  public var roomSlide: Int
  public var roomStep: Int
  /// The speaker's notes of the slide, paragraph by paragraph.
  public var notes: [String]
  /// Whether each paragraph of `notes` is in the part of the step on show: the views light
  /// those, dim the rest and scroll to the first (all true for notes of one part).
  public var notesLit: [Bool]
  public var elapsed: String
  /// The countdown when the talk has a length, else nil.
  public var remaining: String?
  /// `1:05 behind` or `0:30 ahead` against the pacing plan, when there is one.
  public var pace: String?
  public var clock: String
  public var running: Bool
  public var black: Bool
  public var white: Bool
  public var frozen: Bool
  /// Whether taps from this server are refused (`--remote-readonly`).
  public var readOnly = false

  /// The snapshot of `session` with the console's `status`.
  public init(_ session: TalkSession, status: ConsoleStatus) {
    let state = session.state
    title = session.deck.metadata.title ?? ""
    slide = state.slide + 1
    slides = state.slideCount
    step = state.step + 1
    steps = state.stepCounts[state.slide]
    nextSlide = state.upcoming.map { $0.slide + 1 }
    nextStep = state.upcoming.map { $0.step + 1 }
    if case .slide(let room, let roomStep) = state.audienceViewUnblanked {
      (roomSlide, self.roomStep) = (room + 1, roomStep + 1)
    } else {
      (roomSlide, roomStep) = (slide, step)
    }
    let shown = session.deck.slides[state.slide]
    let paragraphs = shown.notes.map { ($0.plainText, $0.step) }.filter { !$0.0.isEmpty }
    let lit = Slide.litNotesPart(at: state.step, of: shown.notesParts)
    notes = paragraphs.map(\.0)
    notesLit = paragraphs.map { lit == nil || $0.1 == lit }
    elapsed = ConsoleStatus.format(status.elapsed)
    remaining = status.duration.map { ConsoleStatus.format(Double($0.seconds) - status.elapsed) }
    pace = status.paceOffset.map { offset in
      let text = ConsoleStatus.format(abs(offset))
      return offset > 0 ? "\(text) behind" : offset < 0 ? "\(text) ahead" : "on time"
    }
    clock = status.clock
    running = state.timer.isRunning
    black = state.blank == .black
    white = state.blank == .white
    frozen = state.isFrozen
  }

  /// Whether two snapshots show the same, whatever their versions.
  public func sameView(as other: RemoteSnapshot) -> Bool {
    var other = other
    other.version = version
    return other == self
  }

  public var json: [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return (try? Array(encoder.encode(self))) ?? Array("{}".utf8)
  }
}
