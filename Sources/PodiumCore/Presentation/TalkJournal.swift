import Foundation

/// Where a talk is, as the journal keeps it: what `--resume` restores after a crash.
public struct JournalState: Codable, Hashable, Sendable {
  /// 0-based, as `PresentationState` counts.
  public var slide: Int
  public var step: Int
  public var blank: PresentationState.Blank?
  /// The position the audience was frozen on.
  public var frozenSlide: Int?
  public var frozenStep: Int?
  /// The talk clock's reading and whether it ran.
  public var elapsed: Double
  public var running: Bool
  public var started: Bool

  public init(
    slide: Int, step: Int, blank: PresentationState.Blank? = nil,
    frozen: PresentationState.Position? = nil, elapsed: Double = 0, running: Bool = false,
    started: Bool = false
  ) {
    self.slide = slide
    self.step = step
    self.blank = blank
    frozenSlide = frozen?.slide
    frozenStep = frozen?.step
    self.elapsed = elapsed
    self.running = running
    self.started = started
  }

  /// What `state` shows at `now` on the talk's clock.
  public init(_ state: PresentationState, at now: Double) {
    self.init(
      slide: state.slide, step: state.step, blank: state.blank, frozen: state.frozen,
      elapsed: (state.timer.elapsed(at: now) * 1000).rounded() / 1000,
      running: state.timer.isRunning, started: state.timer.started)
  }

  public var frozen: PresentationState.Position? {
    guard let frozenSlide, let frozenStep else { return nil }
    return .init(slide: frozenSlide, step: frozenStep)
  }

  /// The same place, blanking, freeze and clock state; the clock's reading may differ.
  func samePlace(as other: JournalState) -> Bool {
    var other = other
    other.elapsed = elapsed
    return other == self
  }

  enum CodingKeys: String, CodingKey {
    case slide, step, blank, elapsed, running, started
    case frozenSlide = "frozen_slide"
    case frozenStep = "frozen_step"
  }
}

extension PresentationState.Blank: Codable {}

/// One line of a talk's journal.
public enum JournalRecord: Hashable, Sendable {
  /// A talk began: the first line of a journal file.
  case start(Start)
  /// The deck was reloaded with this shape.
  case deck(Shape)
  /// The talk is here now; for rehearsals, the seconds so far of the steps that changed.
  case state(JournalState, spent: [StepTime])
  /// The talk ended cleanly (q twice, or the rehearsal's record written).
  case end
  /// The speaker's ink changed (InkJournal.swift).
  case ink(InkChange)

  public enum Talk: String, Codable, Hashable, Sendable {
    case present, rehearse
  }

  public struct Start: Codable, Hashable, Sendable {
    public var talk: Talk
    /// The deck's absolute path.
    public var deck: String
    public var shape: Shape

    public init(talk: Talk, deck: String, shape: Shape) {
      self.talk = talk
      self.deck = deck
      self.shape = shape
    }
  }

  /// The deck's version: its build steps per slide, and the talk's count of good versions.
  public struct Shape: Codable, Hashable, Sendable {
    public var steps: [Int]
    public var version: Int

    public init(steps: [Int], version: Int) {
      self.steps = steps
      self.version = version
    }
  }

  /// The seconds spent on one step of one slide so far (0-based).
  public struct StepTime: Codable, Hashable, Sendable {
    public var slide: Int
    public var step: Int
    public var seconds: Double

    public init(slide: Int, step: Int, seconds: Double) {
      self.slide = slide
      self.step = step
      self.seconds = seconds
    }
  }
}

/// A talk's journal replayed: the last good line of each kind, folded into where the talk was.
/// The file is append-only JSON lines, each behind its CRC-32 (`0a1b2c3d {...}`); a line whose
/// checksum does not match, or the last line without its newline (a write a crash cut short),
/// is skipped, never trusted.
public struct TalkJournal: Hashable, Sendable {
  public var talk: JournalRecord.Talk
  public var deckPath: String
  /// The deck's shape when the last line was written.
  public var shape: JournalRecord.Shape
  public var state: JournalState?
  /// Seconds so far on each step of each slide (rehearsals), by the journal's shape.
  public var spent: [[Double]]
  /// When the journal began and when its last good line was written (the line's `w`, seconds
  /// since 1970).
  public var began: Double
  public var updated: Double
  /// Ended cleanly: nothing to resume, nothing lost.
  public var closed = false
  /// Lines skipped as torn or damaged.
  public var skipped = 0
  /// The ink lines, in order: what `--resume` applies over the sidecar.
  public var ink: [JournalRecord.InkChange] = []

  /// `record` as one journal line, written `wall` seconds since 1970, with its newline.
  public static func line(_ record: JournalRecord, wall: Double) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let json = (try? encoder.encode(Line(record: record, wall: wall))) ?? Data("{}".utf8)
    return Data((CRC32.hex(json) + " ").utf8) + json + Data("\n".utf8)
  }

  /// Replays a journal's bytes; nil when no good line begins a talk.
  public static func replay(_ data: Data) -> TalkJournal? {
    var journal: TalkJournal?
    var skipped = 0
    let newline = UInt8(ascii: "\n")
    var start = data.startIndex
    while start < data.endIndex {
      guard let end = data[start...].firstIndex(of: newline) else {
        skipped += 1  // the last line, cut short: no newline
        break
      }
      defer { start = data.index(after: end) }
      guard let line = decode(data[start..<end]) else {
        skipped += 1
        continue
      }
      if case .start(let begun) = line.record {
        journal = TalkJournal(
          talk: begun.talk, deckPath: begun.deck, shape: begun.shape, state: nil,
          spent: begun.shape.steps.map { Array(repeating: 0, count: max(1, $0)) }, began: line.w,
          updated: line.w)
      } else {
        journal?.fold(line.record, at: line.w)
      }
    }
    journal?.skipped = skipped
    return journal
  }

  /// Replays the journal file at `path`; nil when it is missing or begins no talk.
  public static func read(at path: String) -> TalkJournal? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return replay(data)
  }

  private mutating func fold(_ record: JournalRecord, at wall: Double) {
    updated = wall
    switch record {
    case .start:
      break
    case .deck(let newShape):
      shape = newShape
      spent = newShape.steps.enumerated().map { slide, count in
        (0..<max(1, count)).map { step in seconds(slide: slide, step: step) }
      }
    case .state(let newState, let times):
      state = newState
      for time in times where spent.indices.contains(time.slide) {
        if spent[time.slide].indices.contains(time.step) {
          spent[time.slide][time.step] = time.seconds
        }
      }
    case .end:
      closed = true
    case .ink(let change):
      ink.append(change)
    }
  }

  private func seconds(slide: Int, step: Int) -> Double {
    spent.indices.contains(slide) && spent[slide].indices.contains(step) ? spent[slide][step] : 0
  }

  /// Whether this journal is of a talk that did not end, written within `age` seconds of `wall`.
  public func isUnfinished(at wall: Double, within age: Double) -> Bool {
    !closed && state != nil && wall - updated <= age
  }

  /// The speaker's question on the console: `Resume at slide 14, 12:31 elapsed? Enter / Esc`.
  public var prompt: String {
    guard let state else { return "" }
    let steps = shape.steps.indices.contains(state.slide) ? shape.steps[state.slide] : 1
    let place = "slide \(state.slide + 1)" + (steps > 1 ? " step \(state.step + 1)" : "")
    let blank = state.blank.map { ", \($0.rawValue)" } ?? ""
    return "Resume at \(place)\(blank), \(ConsoleStatus.format(state.elapsed)) elapsed? Enter / Esc"
  }

  // MARK: - Lines

  private struct Line: Codable {
    var record: JournalRecord
    var w: Double

    init(record: JournalRecord, wall: Double) {
      self.record = record
      w = (wall * 1000).rounded() / 1000
    }

    enum Keys: String, CodingKey {
      case k, w, state, spent, ink
    }

    init(from decoder: Decoder) throws {
      let container = try decoder.container(keyedBy: Keys.self)
      w = try container.decode(Double.self, forKey: .w)
      switch try container.decode(String.self, forKey: .k) {
      case "start": record = .start(try JournalRecord.Start(from: decoder))
      case "deck": record = .deck(try JournalRecord.Shape(from: decoder))
      case "state":
        record = .state(
          try container.decode(JournalState.self, forKey: .state),
          spent: try container.decodeIfPresent([JournalRecord.StepTime].self, forKey: .spent)
            ?? [])
      case "end": record = .end
      case "ink": record = .ink(try container.decode(JournalRecord.InkChange.self, forKey: .ink))
      case let other:
        throw DecodingError.dataCorruptedError(
          forKey: .k, in: container, debugDescription: "unknown record '\(other)'")
      }
    }

    func encode(to encoder: Encoder) throws {
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(w, forKey: .w)
      switch record {
      case .start(let start):
        try container.encode("start", forKey: .k)
        try start.encode(to: encoder)
      case .deck(let shape):
        try container.encode("deck", forKey: .k)
        try shape.encode(to: encoder)
      case .state(let state, let spent):
        try container.encode("state", forKey: .k)
        try container.encode(state, forKey: .state)
        if !spent.isEmpty { try container.encode(spent, forKey: .spent) }
      case .end:
        try container.encode("end", forKey: .k)
      case .ink(let change):
        try container.encode("ink", forKey: .k)
        try container.encode(change, forKey: .ink)
      }
    }
  }

  /// The line's record, when its checksum matches its text.
  private static func decode(_ bytes: Data) -> Line? {
    guard bytes.count > 9, bytes[bytes.startIndex + 8] == UInt8(ascii: " ") else { return nil }
    let checksum = String(decoding: bytes.prefix(8), as: UTF8.self)
    let json = bytes.dropFirst(9)
    guard CRC32.hex(json) == checksum else { return nil }
    return try? JSONDecoder().decode(Line.self, from: Data(json))
  }
}
