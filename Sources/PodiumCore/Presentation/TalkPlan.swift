import Foundation

/// How a talk is timed, from the command line, the deck and the last rehearsal.
public struct TalkPlan: Hashable, Sendable {
  /// Overrides the deck's `duration` for the countdown.
  public var duration: TalkDuration?
  /// How long each slide should take, for "ahead"/"behind" on the console.
  public var pacing: PacingPlan?
  /// Minutes before the end when the countdown turns amber.
  public var warningMinutes: Double
  /// `podium rehearse`: the console alone, and no audience.
  public var rehearse: Bool

  public init(
    duration: TalkDuration? = nil, pacing: PacingPlan? = nil, warningMinutes: Double = 2,
    rehearse: Bool = false
  ) {
    self.duration = duration
    self.pacing = pacing
    self.warningMinutes = warningMinutes
    self.rehearse = rehearse
  }
}

extension TalkSession {
  /// What the console says besides the slides, for `state` (the one on show, or one about to
  /// be) on `stage`. `date` is the wall clock, `clock` formats it as `14:05`, and `displays`
  /// (the last enumeration) name the audience's displays as the speaker knows them (`HDMI-1`;
  /// on Wayland the compositor's names, `HDMI-A-1`).
  public func consoleStatus(
    for state: PresentationState, stage: Stage, plan: TalkPlan, now: Double, date: Date,
    clock: some ClockFormatting, displays: [DisplayInfo]
  ) -> ConsoleStatus {
    var audience: String
    switch stage.mode {
    case _ where plan.rehearse:
      audience =
        state.timer.started ? "Rehearsal" : "Rehearsal: the clock starts when you first move on"
    case .extended:
      let names = stage.audience.map { index in
        displays.first { $0.index == index }?.name ?? "display \(index)"
      }
      audience = "Audience on " + names.joined(separator: ", ")
    case .mirrored:
      audience = "Mirrored: the audience sees this screen (Tab hides the console)"
    case .windowed:
      audience = "Windowed"
    case .shared:
      audience = stage.sharedSummary(displays: displays)
    }
    if !stage.views.isEmpty && !plan.rehearse {
      audience += " · " + stage.views.map(\.description).joined(separator: " · ")
    }
    // A PDF of beamer notes pages: the console says which half it takes for the notes.
    if let side = deck.metadata.notesPages {
      audience += " · notes: the \(side.rawValue) half of each page"
    }
    let elapsed = state.timer.elapsed(at: now)
    var status = ConsoleStatus(
      now: now, elapsed: elapsed,
      duration: plan.duration ?? endTimeDuration(elapsed: elapsed, date: date)
        ?? deck.metadata.duration,
      clock: clock.string(from: date), audience: audience, warningMinutes: plan.warningMinutes,
      consoleOverMirror: stage.mode == .mirrored && !plan.rehearse)
    status.problem = reloadProblem ?? journalProblem
    if let saved = savedConversion {
      status.conversion = ConsoleStatus.Conversion(
        "Saved: \(saved.description) · the room sees the last version",
        fraction: saved.progress.fraction)
    } else if let converting = deck.conversion {
      status.conversion = ConsoleStatus.Conversion(
        converting.description, fraction: converting.progress.fraction)
    }
    status.offer = resumeOffer?.journal.prompt
    status.autoAdvance = autoAdvance?.label(state, deck: deck, now: now)
    status.rehearsing = plan.rehearse
    status.bindings = configuration.bindings
    if deck.slides.indices.contains(state.roomSlide) {
      status.videoKeys = deck.slides[state.roomSlide].hasClips
    }
    // The plan is the deck's: a whiteboard page is part of the slide it follows.
    let slide = deck.sourceIndex(ofSlide: state.slide)
    if let pacing = plan.pacing, state.timer.started {
      status.paceOffset = pacing.offset(onSlide: slide, elapsed: elapsed)
      let end = date.addingTimeInterval(pacing.remaining(onSlide: slide, elapsed: elapsed))
      status.plannedEnd = clock.string(from: end)
    }
    if state.timer.started {
      let planned = plan.pacing.flatMap {
        $0.slideSeconds.indices.contains(slide) ? $0.slideSeconds[slide] : nil
      }
      status.overrun = ConsoleStatus.Overrun.shown(
        elapsed: elapsed, duration: status.duration, slidePlanned: planned,
        onSlide: secondsOn(sourceSlide: slide, at: now))
    }
    return status
  }

  /// Seconds the talk has spent on the deck's slide `source` so far, every visit, with the
  /// whiteboard pages after it.
  func secondsOn(sourceSlide source: Int, at now: Double) -> Double {
    // One walk: the deck's slide of each shown slide counts up at each slide that is no page.
    let seconds = recorder.stepSeconds(at: now)
    var total = 0.0
    var current = -1
    for (index, slide) in deck.slides.enumerated() {
      if slide.board == nil || current < 0 { current += 1 }
      if current > source { break }
      if current == source, seconds.indices.contains(index) { total += seconds[index].reduce(0, +) }
    }
    return total
  }

  /// The deck's `end-time` (pdfpc's `endTime`) as a length: the countdown then reaches zero at
  /// that time of day, whenever the talk started.
  private func endTimeDuration(elapsed: Double, date: Date) -> TalkDuration? {
    guard let endTime = deck.metadata.endTime else { return nil }
    let parts = endTime.split(separator: ":").compactMap { Int($0) }
    guard parts.count == 2 else { return nil }
    let calendar = Calendar.current
    guard
      let end = calendar.date(
        bySettingHour: parts[0], minute: parts[1], second: 0, of: date)
    else { return nil }
    return TalkDuration(seconds: max(0, Int(end.timeIntervalSince(date) + elapsed)))
  }
}
