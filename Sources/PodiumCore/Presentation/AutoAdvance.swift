import Foundation

/// How long a slide or a build step stays before the talk moves on by itself.
public enum AdvanceTime: Hashable, Sendable {
  /// The slide's time, shared evenly among its build steps (`<!-- advance: 8s -->`, `--auto`).
  case slide(Double)
  /// Each build step's time (reveal.js's `data-autoslide` and `autoSlide`, which time every
  /// fragment).
  case step(Double)

  /// Seconds on each step of a slide with `steps` build steps.
  public func seconds(ofStepsIn steps: Int) -> Double {
    switch self {
    case .slide(let seconds): seconds / Double(max(1, steps))
    case .step(let seconds): seconds
    }
  }

  /// Parses a time: `8s`, `1.5s`, `500ms`, `1m30s`, `2m`, or a bare number of seconds. Nil for
  /// anything else, and for no time at all.
  public static func seconds(parsing raw: String) -> Double? {
    let text = raw.trimmingCharacters(in: .whitespaces).lowercased()
    let seconds: Double?
    if text.hasSuffix("ms"), let number = Double(text.dropLast(2)) {
      seconds = number / 1000
    } else if text.hasSuffix("s"), let number = Double(text.dropLast()) {
      seconds = number
    } else if let number = Double(text) {
      seconds = number
    } else {
      seconds = TalkDuration(parsing: text).map { Double($0.seconds) }
    }
    guard let seconds, seconds.isFinite, seconds > 0, seconds < 1_000_000 else { return nil }
    return seconds
  }
}

/// A deck that runs itself (`podium present --auto 20s`, `--use-rehearsal-timings`, `--loop`,
/// `--kiosk`, or slides with `<!-- advance: 8s -->`): each build step moves on when its time is
/// up, counted from when it came on screen. Any input of the speaker's takes over (the talk
/// waits for them) and `a` hands back; in a kiosk no input does anything but the quit chord.
public struct AutoAdvance: Hashable, Sendable {
  /// Every slide's time where the slide sets none (`--auto`).
  public var every: Double?
  /// The steps' times from this rehearsal where it has them (`--use-rehearsal-timings`).
  public var rehearsal: RehearsalRun?
  /// After the last step the talk starts again from the first slide.
  public var loop: Bool
  /// A booth or a lobby: nobody presents; no key but `kioskQuit` does anything.
  public var kiosk: Bool
  /// The speaker took over: the talk waits for them until `a`.
  public internal(set) var paused = false
  /// When the step on screen began its time, on the talk's clock; nil before the talk starts.
  public internal(set) var since: Double?
  /// Where the talk was when `since` was set: a move made otherwise starts the time again.
  var place: PresentationState.Position?

  /// A kiosk's slides change every this many seconds when neither `--auto` nor the deck says.
  public static let kioskSeconds = 10.0
  /// A step is on screen at least this long, however briefly it was rehearsed.
  public static let shortestStep = 0.5
  /// The chord that ends a kiosk: Ctrl+Alt+Q, which nobody at a booth presses by chance.
  public static let kioskQuit = Key("q", modifiers: [.control, .alt])

  public init(
    every: Double? = nil, rehearsal: RehearsalRun? = nil, loop: Bool = false, kiosk: Bool = false
  ) {
    self.every = every ?? (kiosk ? Self.kioskSeconds : nil)
    self.rehearsal = rehearsal
    self.loop = loop || kiosk
    self.kiosk = kiosk
  }

  /// Seconds build step `step` of slide `index` stays, nil where it waits for the speaker: the
  /// rehearsal's time for it, else the slide's own `advance`, else `--auto`, else the deck's
  /// (reveal.js's `autoSlide`).
  public func seconds(onSlide index: Int, step: Int, of deck: Deck) -> Double? {
    guard deck.slides.indices.contains(index) else { return nil }
    let slide = deck.slides[index]
    if let rehearsal,
      let rehearsed = rehearsal.seconds(onSlide: index, step: step, stepCount: slide.stepCount)
    {
      return max(Self.shortestStep, rehearsed)
    }
    let time = slide.directives.advance ?? every.map(AdvanceTime.slide) ?? deck.metadata.advance
    return time?.seconds(ofStepsIn: slide.stepCount)
  }

  /// Whether anything in the deck or the options moves the talk by itself.
  public static func isAsked(by deck: Deck) -> Bool {
    deck.metadata.advance != nil || deck.slides.contains { $0.directives.advance != nil }
  }

  /// When the step on screen moves on, on the talk's clock; nil while the talk waits for the
  /// speaker (taken over, blanked, at the end of a talk that does not loop, a step with no time).
  func due(_ state: PresentationState, deck: Deck) -> Double? {
    guard !paused, let since, state.blank == nil, state.overviewSelection == nil,
      let seconds = seconds(onSlide: state.slide, step: state.step, of: deck),
      loop || state.upcoming != nil
    else { return nil }
    return since + seconds
  }

  /// The console's word on it: `AUTO 0:07` to the next change, `AUTO ⏸ a` once taken over.
  func label(_ state: PresentationState, deck: Deck, now: Double) -> String? {
    if kiosk { return nil }
    if paused { return "AUTO off · a resumes" }
    guard let due = due(state, deck: deck) else { return nil }
    return "AUTO " + ConsoleStatus.format(max(0, (due - now).rounded(.up)))
  }
}
