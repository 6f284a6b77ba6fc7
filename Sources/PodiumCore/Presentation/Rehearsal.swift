import Foundation

/// One rehearsal: how long the speaker spent on each slide and build step.
public struct RehearsalRun: Codable, Hashable, Sendable {
  public struct SlideTime: Codable, Hashable, Sendable {
    /// 1-based, as the speaker counts.
    public var slide: Int
    public var title: String
    public var seconds: Double
    /// Seconds on each build step of the slide, in order.
    public var steps: [Double]

    public init(slide: Int, title: String, seconds: Double, steps: [Double]) {
      self.slide = slide
      self.title = title
      self.seconds = seconds
      self.steps = steps
    }
  }

  /// When the run ended, ISO 8601.
  public var date: String
  public var total: Double
  public var slides: [SlideTime]

  public init(date: String, total: Double, slides: [SlideTime]) {
    self.date = date
    self.total = total
    self.slides = slides
  }

  /// Seconds spent on slide `index` (0-based), 0 when the run has no such slide.
  public func seconds(onSlide index: Int) -> Double {
    slides.first { $0.slide == index + 1 }?.seconds ?? 0
  }
}

/// The rehearsals of one deck, oldest first: `talk.md` keeps them in `talk.rehearsal.json`.
public struct RehearsalLog: Codable, Hashable, Sendable {
  public var version = 1
  public var runs: [RehearsalRun] = []

  public init(runs: [RehearsalRun] = []) {
    self.runs = runs
  }

  public struct ReadError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): error: not a rehearsal record (\(reason))" }
  }

  /// Where rehearsals of the deck at `deckPath` are kept: beside it, `.md` replaced.
  public static func defaultPath(forDeck deckPath: String) -> String {
    let url = URL(fileURLWithPath: deckPath)
    return url.deletingPathExtension().appendingPathExtension("rehearsal.json").path
  }

  /// The log at `path`; an empty log when there is no file yet.
  public static func read(from path: String) throws -> RehearsalLog {
    guard FileManager.default.fileExists(atPath: path) else { return RehearsalLog() }
    do {
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      return try JSONDecoder().decode(RehearsalLog.self, from: data)
    } catch let error as DecodingError {
      throw ReadError(path: path, reason: Self.describe(error))
    } catch {
      throw ReadError(path: path, reason: error.localizedDescription)
    }
  }

  /// Writes the log atomically: an interrupted write never loses the earlier runs.
  public func write(to path: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
  }

  private static func describe(_ error: DecodingError) -> String {
    switch error {
    case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
      .valueNotFound(_, let context):
      let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(
        separator: ".")
      return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }
}

/// Adds up the time spent on each slide and build step while the talk's timer runs: the app
/// tells it where the talk is after every input, and it credits the time since the last call
/// to where the talk was.
public struct RehearsalRecorder: Hashable, Sendable {
  public private(set) var stepSeconds: [[Double]]
  private var current: PresentationState.Position?
  private var since: Double?

  public init(stepCounts: [Int]) {
    stepSeconds = stepCounts.map { Array(repeating: 0, count: max(1, $0)) }
  }

  /// Records that the talk is at `state`'s position from `now` on.
  public mutating func observe(_ state: PresentationState, at now: Double) {
    if let current, let since, stepSeconds.indices.contains(current.slide),
      stepSeconds[current.slide].indices.contains(current.step)
    {
      stepSeconds[current.slide][current.step] += max(0, now - since)
    }
    current = state.position
    since = state.timer.isRunning ? now : nil
  }

  public var total: Double { stepSeconds.joined().reduce(0, +) }

  /// Keeps the times recorded so far when the deck is edited mid-rehearsal: by slide and step
  /// number, new ones at zero, removed ones dropped.
  public mutating func replaceDeck(stepCounts: [Int]) {
    stepSeconds = stepCounts.enumerated().map { index, count in
      (0..<max(1, count)).map { step in
        stepSeconds.indices.contains(index) && stepSeconds[index].indices.contains(step)
          ? stepSeconds[index][step] : 0
      }
    }
    if let position = current, !stepSeconds.indices.contains(position.slide) { current = nil }
  }

  /// The run as it is kept, with each slide's title.
  public func run(titles: [String], date: Date) -> RehearsalRun {
    let formatter = ISO8601DateFormatter()
    let slides = stepSeconds.enumerated().map { index, steps in
      RehearsalRun.SlideTime(
        slide: index + 1,
        title: titles.indices.contains(index) ? titles[index] : "Slide \(index + 1)",
        seconds: Self.rounded(steps.reduce(0, +)), steps: steps.map(Self.rounded))
    }
    return RehearsalRun(
      date: formatter.string(from: date), total: Self.rounded(total), slides: slides)
  }

  private static func rounded(_ seconds: Double) -> Double { (seconds * 10).rounded() / 10 }
}

/// The table `podium rehearse` prints when the speaker quits: each slide's time in this run,
/// the previous run and the plan, and the totals against the deck's duration.
public enum RehearsalTable {
  public static func render(
    run: RehearsalRun, previous: RehearsalRun?, plan: PacingPlan?, duration: TalkDuration?
  ) -> String {
    let titleWidth = min(40, max(5, run.slides.map(\.title.count).max() ?? 5))
    func cell(_ seconds: Double?) -> String {
      let text = seconds.map { ConsoleStatus.format($0) } ?? "-"
      return String(repeating: " ", count: max(0, 9 - text.count)) + text
    }
    func title(_ text: String) -> String {
      let clipped =
        text.count > titleWidth
        ? String(text.prefix(titleWidth - 1)).trimmingCharacters(in: .whitespaces) + "…" : text
      return clipped + String(repeating: " ", count: titleWidth - clipped.count)
    }
    var lines = ["  #  " + title("slide") + "  this run  previous      plan"]
    for slide in run.slides {
      let number = String(slide.slide)
      let index = slide.slide - 1
      lines.append(
        String(repeating: " ", count: max(0, 3 - number.count)) + number + "  " + title(slide.title)
          + " "
          + cell(slide.seconds) + " " + cell(previous.map { $0.seconds(onSlide: index) }) + " "
          + cell(plan.map { $0.slideSeconds.indices.contains(index) ? $0.slideSeconds[index] : 0 }))
    }
    var totals =
      "     " + title("total") + " " + cell(run.total) + " " + cell(previous?.total) + " "
      + cell(plan?.total)
    if let duration {
      let over = (run.total - Double(duration.seconds)).rounded()
      let talk = ConsoleStatus.format(Double(duration.seconds))
      totals +=
        over > 0
        ? "  (\(ConsoleStatus.format(over)) over the \(talk) talk)"
        : over < 0
          ? "  (\(ConsoleStatus.format(-over)) under the \(talk) talk)"
          : "  (on time for the \(talk) talk)"
    }
    lines.append(totals)
    return lines.joined(separator: "\n")
  }
}
