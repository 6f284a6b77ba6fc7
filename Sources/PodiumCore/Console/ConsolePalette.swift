extension Theme {
  /// The presenter console's colours: the speaker's screen around the slides, dark whatever the
  /// slides' theme so it stays dim in a dark room. A theme file changes them under `console:`
  /// (and the notes' text colours under `console-notes:`).
  public struct ConsolePalette: Hashable, Sendable {
    public var background: RGBAColor
    /// The status bar and the notes' box.
    public var panel: RGBAColor
    public var text: RGBAColor
    /// Labels, the audience's display, the keys.
    public var muted: RGBAColor
    /// The overview's selection, the notes' scroll marks, what the speaker is typing.
    public var accent: RGBAColor
    /// The last minutes of the countdown, a white or frozen audience, a talk behind its plan.
    public var warning: RGBAColor
    /// Overtime, a black audience, the quit prompt, a talk far behind its plan.
    public var danger: RGBAColor
    /// A talk on time or ahead of its plan.
    public var good: RGBAColor
    /// The band behind a problem only the speaker sees (an edit that broke the deck).
    public var problem: RGBAColor
    /// The notes, set like slide text in these colours; their background is `panel`.
    public var notes: Colors

    public init(
      background: RGBAColor, panel: RGBAColor, text: RGBAColor, muted: RGBAColor,
      accent: RGBAColor, warning: RGBAColor, danger: RGBAColor, good: RGBAColor,
      problem: RGBAColor, notes: Colors
    ) {
      self.background = background
      self.panel = panel
      self.text = text
      self.muted = muted
      self.accent = accent
      self.warning = warning
      self.danger = danger
      self.good = good
      self.problem = problem
      self.notes = notes
    }

    /// The console of both built-in themes.
    public static let standard = ConsolePalette(
      background: hex(0x101419), panel: hex(0x1B2129), text: hex(0xE6EAEF), muted: hex(0x8A95A3),
      accent: hex(0x5CB8FF), warning: hex(0xF2B13C), danger: hex(0xF0564A), good: hex(0x6CCB7A),
      problem: hex(0x5A1414), notes: darkColors)
  }
}
