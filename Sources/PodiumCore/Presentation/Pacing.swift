/// How long each slide should take: from the last rehearsal, else the slides' `duration`
/// directives with the deck's `duration` spread over the slides that have none.
public struct PacingPlan: Hashable, Sendable {
  public enum Source: String, Hashable, Sendable {
    case rehearsal, directives
  }

  public var slideSeconds: [Double]
  public var source: Source

  public init(slideSeconds: [Double], source: Source) {
    self.slideSeconds = slideSeconds
    self.source = source
  }

  public var total: Double { slideSeconds.reduce(0, +) }

  /// The plan for `deck`, or nil when nothing says how long the talk or its slides should be.
  /// A rehearsal is used only when it has the deck's number of slides (an older deck's times
  /// would put the speaker behind on the wrong slides).
  public static func plan(for deck: Deck, duration: TalkDuration?, rehearsal: RehearsalRun?)
    -> PacingPlan?
  {
    let count = deck.slides.count
    guard count > 0 else { return nil }
    if let rehearsal, rehearsal.slides.count == count, rehearsal.total > 0 {
      return PacingPlan(
        slideSeconds: (0..<count).map(rehearsal.seconds(onSlide:)), source: .rehearsal)
    }
    let fixed = deck.slides.map { $0.directives.duration.map { Double($0.seconds) } }
    let talk = (duration ?? deck.metadata.duration).map { Double($0.seconds) }
    guard talk != nil || fixed.contains(where: { $0 != nil }) else { return nil }
    let open = fixed.filter { $0 == nil }.count
    let left = max(0, (talk ?? 0) - fixed.compactMap { $0 }.reduce(0, +))
    let share = open > 0 ? left / Double(open) : 0
    return PacingPlan(slideSeconds: fixed.map { $0 ?? share }, source: .directives)
  }

  /// Planned seconds from the start of the talk to the start of slide `index` (0-based).
  public func plannedStart(ofSlide index: Int) -> Double {
    slideSeconds.prefix(max(0, min(index, slideSeconds.count))).reduce(0, +)
  }

  /// Seconds behind the plan (positive) or ahead of it (negative) on slide `index` after
  /// `elapsed` seconds: zero while the elapsed time lies within the slide's planned window.
  public func offset(onSlide index: Int, elapsed: Double) -> Double {
    let start = plannedStart(ofSlide: index)
    let end = start + (slideSeconds.indices.contains(index) ? slideSeconds[index] : 0)
    if elapsed < start { return elapsed - start }
    if elapsed > end { return elapsed - end }
    return 0
  }

  /// Seconds the talk still needs at this pace: the rest of this slide's planned time (at least
  /// nothing) and every later slide's.
  public func remaining(onSlide index: Int, elapsed: Double) -> Double {
    let end =
      plannedStart(ofSlide: index)
      + (slideSeconds.indices.contains(index) ? slideSeconds[index] : 0)
    return max(0, end - elapsed) + max(0, total - end)
  }
}
