import Foundation

/// What the presenter console shows besides the slides: times and where the audience is.
public struct ConsoleStatus: Hashable, Sendable {
  /// The talk clock's current reading (the `now` commands are applied with).
  public var now: Double
  /// Seconds since the talk started.
  public var elapsed: Double
  /// The talk's planned length, for the countdown.
  public var duration: TalkDuration?
  /// The wall clock, already formatted (`14:05`).
  public var clock: String
  /// Where the audience sees the slides, e.g. "Audience on DUMMY1" or "Mirrored".
  public var audience: String
  /// Minutes before the end when the countdown turns to a warning colour.
  public var warningMinutes: Double
  /// The console is shown over the mirrored slides (Tab), on the one screen the room also sees.
  public var consoleOverMirror: Bool
  /// Seconds behind (positive) or ahead (negative) of the pacing plan, when there is one.
  public var paceOffset: Double?
  /// When the talk ends at the plan's pace from here, formatted like `clock`.
  public var plannedEnd: String?
  /// A problem for the speaker alone, such as the edited deck failing to parse.
  public var problem: String?
  /// An office deck being converted while the talk goes on: what the console says, and how
  /// much of it is done (0 to 1), drawn as a bar.
  public var conversion: Conversion?

  /// A line of progress: its words and how much is done.
  public struct Conversion: Hashable, Sendable {
    public var text: String
    public var fraction: Double

    public init(_ text: String, fraction: Double) {
      self.text = text
      self.fraction = fraction
    }
  }
  /// The offer to take up a talk that did not end (`Resume at slide 14, 12:31 elapsed? Enter /
  /// Esc`), until the speaker answers.
  public var offer: String?
  /// `podium rehearse`: no audience, so the keys line leaves out blanking and displays.
  public var rehearsing = false
  /// The clip of the slide on show, where it is and its length (`▶ 0:12 / 0:30`).
  public var video: String?
  /// The slide the room sees has a clip: the keys line shows the clip's keys. It follows the
  /// slide, not the clip's player, so that a console drawn ahead for the slide is the one shown.
  public var videoKeys = false
  /// The talk's recording (`--record`): REC, its time and size, the microphone's level.
  public var recording: RecordingStatus?
  /// A deck that runs itself: `AUTO 0:07` to the next change, or that the speaker took over.
  public var autoAdvance: String?
  /// The keys in effect, for the keys line: the speaker's own show there.
  public var bindings = KeyBindings()
  /// The slide on show ran over its planned time, or the talk over its length: the console
  /// alone flashes and says so (never a sound, nothing in the room).
  public var overrun: Overrun?

  /// What ran over, and by how long.
  public struct Overrun: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
      case slide, talk
    }

    public var kind: Kind
    /// Seconds over.
    public var seconds: Double

    public init(_ kind: Kind, seconds: Double) {
      self.kind = kind
      self.seconds = seconds
    }

    /// The seconds over during which the status bar flashes: three flashes, then the words.
    public static let flashSeconds = 6.0

    /// Whether the flash is on at this reading: the first, third and fifth second over (the
    /// console draws the times at least once a second).
    public var flashing: Bool { seconds < Self.flashSeconds && Int(seconds) % 2 == 0 }

    /// Which overrun the console shows: the talk's over a slide's.
    static func shown(
      elapsed: Double, duration: TalkDuration?, slidePlanned: Double?, onSlide: Double
    )
      -> Overrun?
    {
      if let duration, elapsed > Double(duration.seconds) {
        return Overrun(.talk, seconds: elapsed - Double(duration.seconds))
      }
      if let planned = slidePlanned, planned > 0, onSlide > planned {
        return Overrun(.slide, seconds: onSlide - planned)
      }
      return nil
    }
  }

  public init(
    now: Double, elapsed: Double, duration: TalkDuration? = nil, clock: String, audience: String,
    warningMinutes: Double = 2, consoleOverMirror: Bool = false, paceOffset: Double? = nil,
    plannedEnd: String? = nil
  ) {
    self.consoleOverMirror = consoleOverMirror
    self.paceOffset = paceOffset
    self.plannedEnd = plannedEnd
    self.now = now
    self.elapsed = elapsed
    self.duration = duration
    self.clock = clock
    self.audience = audience
    self.warningMinutes = warningMinutes
  }

  /// `12:05`, or `1:02:05` past an hour; negative times (overtime) get a minus sign.
  public static func format(_ seconds: Double) -> String {
    let total = Int(abs(seconds).rounded(.down))
    let text =
      total >= 3600
      ? String(format: "%d:%02d:%02d", total / 3600, total % 3600 / 60, total % 60)
      : String(format: "%d:%02d", total / 60, total % 60)
    return seconds < 0 && total > 0 ? "-" + text : text
  }
}

extension ConsoleStatus {
  /// What is left of the talk's length, in its colour (amber in the warning minutes, red in
  /// overtime); nil without a length. The console's status bar and the views say the same.
  func remaining(_ palette: Theme.ConsolePalette) -> (label: String, color: RGBAColor)? {
    guard let duration else { return nil }
    let left = Double(duration.seconds) - elapsed
    if left < 0 { return ("overtime \(Self.format(-left))", palette.danger) }
    return (
      "\(Self.format(left)) left", left <= warningMinutes * 60 ? palette.warning : palette.muted
    )
  }

  /// The pace against the plan once the talk has started: amber when behind, red when more
  /// than a minute behind; nil without a plan.
  func pace(_ palette: Theme.ConsolePalette, started: Bool) -> (label: String, color: RGBAColor)? {
    guard let offset = paceOffset, started else { return nil }
    if offset >= 1 {
      return ("behind \(Self.format(offset))", offset > 60 ? palette.danger : palette.warning)
    }
    if offset <= -1 { return ("ahead \(Self.format(-offset))", palette.good) }
    return ("on time", palette.good)
  }
}

extension LayoutEngine {
  /// A line of the console's (or a view's) text in the theme's body face, measured: what the
  /// console and the notes and timer views append, one line at a time.
  func consoleLine(
    _ string: String, x: Double, y: Double, size: Double, color: RGBAColor, bold: Bool
  ) -> TextItem {
    let font = FontSpec(family: theme.fonts.body, size: size, bold: bold)
    let width = measurer.width(of: string, font: font)
    return TextItem(text: string, font: font, color: color, x: x, y: y, width: width)
  }
}
