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
  /// Podium stopped mid-run (a crash, `kill -9`, a dead battery): the run was recovered from
  /// the journal, with the times up to its last line. Absent in runs that ended cleanly.
  public var interrupted: Bool?

  public init(date: String, total: Double, slides: [SlideTime], interrupted: Bool? = nil) {
    self.date = date
    self.total = total
    self.slides = slides
    self.interrupted = interrupted
  }

  /// Seconds spent on slide `index` (0-based), 0 when the run has no such slide.
  public func seconds(onSlide index: Int) -> Double {
    slides.first { $0.slide == index + 1 }?.seconds ?? 0
  }

  /// Seconds spent on build step `step` of slide `index` (0-based); nil when the run has no
  /// such slide, never stayed on it, or counted its steps otherwise (`stepCount` is the deck's
  /// count now: the deck changed since, and the times would fall on the wrong steps).
  public func seconds(onSlide index: Int, step: Int, stepCount: Int) -> Double? {
    guard let slide = slides.first(where: { $0.slide == index + 1 }), slide.seconds > 0,
      slide.steps.count == stepCount, slide.steps.indices.contains(step)
    else { return nil }
    return slide.steps[step]
  }
}

/// The rehearsals of one deck, oldest first: `talk.md` keeps them in `talk.rehearsal.json`.
public struct RehearsalLog: Codable, Hashable, Sendable {
  public var version = 1
  public var runs: [RehearsalRun] = []

  public init(runs: [RehearsalRun] = []) {
    self.runs = runs
  }

  /// The last run that ended as the speaker ended it: what pacing follows and the table
  /// compares with. An interrupted run stops part-way, so its later slides read as no time.
  public var lastFinished: RehearsalRun? { runs.last { $0.interrupted != true } }
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

  /// The seconds so far at `now`: what `observe` would have credited, without crediting it.
  public func stepSeconds(at now: Double) -> [[Double]] {
    var seconds = stepSeconds
    if let current, let since, seconds.indices.contains(current.slide),
      seconds[current.slide].indices.contains(current.step)
    {
      seconds[current.slide][current.step] += max(0, now - since)
    }
    return seconds
  }

  /// Takes up a run where its journal left it: `seconds` by slide and step as they were, fitted
  /// to the deck as it is now (as `replaceDeck` fits them).
  public mutating func restore(_ seconds: [[Double]]) {
    let counts = stepSeconds.map(\.count)
    stepSeconds = seconds
    replaceDeck(stepCounts: counts)
    (current, since) = (nil, nil)
  }

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

  /// A slide put in at `index` (a whiteboard page): the later slides keep their times.
  public mutating func insertSlide(at index: Int) {
    stepSeconds.insert([0], at: min(max(0, index), stepSeconds.count))
    if current?.slide ?? -1 >= index { current?.slide += 1 }
  }

  /// The slide at `index` taken out (an empty whiteboard page): its time goes to the slide
  /// before it.
  public mutating func removeSlide(at index: Int) {
    guard stepSeconds.indices.contains(index), stepSeconds.count > 1 else { return }
    let spent = stepSeconds.remove(at: index).reduce(0, +)
    let before = max(0, index - 1)
    stepSeconds[before][stepSeconds[before].count - 1] += spent
    // The time on the page since the last input is the slide before's too.
    if let slide = current?.slide, slide == index {
      current = PresentationState.Position(slide: before, step: stepSeconds[before].count - 1)
    } else if current?.slide ?? -1 > index {
      current?.slide -= 1
    }
  }

  /// These times for `deck` (the talk's, whiteboard pages in it) as times of the deck without
  /// them: each page's time goes to the last step of the slide it follows.
  public func foldingBoards(of deck: Deck) -> RehearsalRecorder {
    guard deck.slides.contains(where: { $0.board != nil }) else { return self }
    var folded = self
    folded.stepSeconds = []
    for (slide, steps) in zip(deck.slides, stepSeconds) {
      if slide.board != nil, !folded.stepSeconds.isEmpty {
        folded.stepSeconds[folded.stepSeconds.count - 1][
          folded.stepSeconds[folded.stepSeconds.count - 1].count - 1] += steps.reduce(0, +)
      } else if slide.board == nil {
        folded.stepSeconds.append(steps)
      }
    }
    folded.current = nil
    return folded
  }

  /// The run as it is kept, with each slide's title.
  public func run(titles: [String], date: Date) -> RehearsalRun {
    Self.run(stepSeconds, titles: titles, date: date)
  }

  /// A run of `stepSeconds` (by slide and step), with each slide's title.
  public static func run(
    _ stepSeconds: [[Double]], titles: [String], date: Date, interrupted: Bool? = nil
  ) -> RehearsalRun {
    let formatter = ISO8601DateFormatter()
    let total = stepSeconds.joined().reduce(0, +)
    let slides = stepSeconds.enumerated().map { index, steps in
      RehearsalRun.SlideTime(
        slide: index + 1,
        title: titles.indices.contains(index) ? titles[index] : "Slide \(index + 1)",
        seconds: rounded(steps.reduce(0, +)), steps: steps.map(rounded))
    }
    return RehearsalRun(
      date: formatter.string(from: date), total: rounded(total), slides: slides,
      interrupted: interrupted)
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
