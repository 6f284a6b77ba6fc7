/// How the audience's screen goes from one slide to the next: Marp's `transition` directive
/// (marp-cli's bespoke template, docs/bespoke-transitions). Kept on the slide it leaves.
public struct SlideTransition: Hashable, Sendable {
  /// One of marp-cli's built-in effects (`fade`, `slide`, `push`...), or a deck's own name.
  public var name: String
  /// How long it takes; marp-cli's default for every built-in effect is half a second.
  public var seconds: Double

  public init(name: String, seconds: Double = SlideTransition.defaultSeconds) {
    self.name = name
    self.seconds = seconds
  }

  public static let defaultSeconds = 0.5

  /// `none` turns the transition off for the slide.
  public var isNone: Bool { name == "none" }

  /// marp-cli's built-in transitions (its docs' table, 4.x). A deck's own names need the deck's
  /// CSS `@keyframes marp-transition-NAME`, which Podium does not run.
  public static let builtInNames: Set<String> = [
    "none", "clockwise", "counterclockwise", "cover", "coverflow", "cube", "cylinder", "diamond",
    "drop", "explode", "fade", "fade-out", "fall", "flip", "glow", "implode", "in-out", "iris-in",
    "iris-out", "melt", "overlap", "pivot", "pull", "push", "reveal", "rotate", "slide", "star",
    "swap", "swipe", "swoosh", "wipe", "wiper", "zoom",
  ]

  /// Reads `fade`, `fade 1s` or `cover 300ms`; nil when there is no name or the duration is not
  /// a time.
  public init?(parsing text: String) {
    let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
    guard let name = words.first, words.count <= 2 else { return nil }
    var seconds = Self.defaultSeconds
    if words.count == 2 {
      let raw = words[1].lowercased()
      if raw.hasSuffix("ms"), let value = Double(raw.dropLast(2)) {
        seconds = value / 1000
      } else if raw.hasSuffix("s"), let value = Double(raw.dropLast()) {
        seconds = value
      } else {
        return nil
      }
      guard seconds.isFinite, seconds >= 0, seconds <= 60 else { return nil }
    }
    self.init(name: name.lowercased(), seconds: seconds)
  }
}
