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

extension SlideTransition {
  /// The effects Podium draws, each as marp-cli's keyframes define it
  /// (`src/engine/transition/keyframes/*.scss`); every other name is drawn as a fade.
  public enum Effect: String, Hashable, Sendable, CaseIterable {
    case fade, slide, push, cover, reveal
  }

  /// The effect drawn for this transition: nil for `none`, a fade for a name Podium does not
  /// draw (marp-cli's other built-in ones, a deck's own).
  public var effect: Effect? {
    isNone ? nil : Effect(rawValue: name) ?? .fade
  }

  /// One of the two slides while a transition plays: the one left (`incoming` false) or the one
  /// shown, moved by `offset` of the window's width, drawn at `opacity` over what is beneath.
  public struct Pane: Hashable, Sendable {
    public var incoming: Bool
    public var offset: Double
    public var opacity: Double
  }

  /// The two slides at `progress` (0 to 1 of the time), bottom first. marp-cli plays each
  /// keyframe on the old slide (`outgoing`) and the new one (`incoming`), the new one above
  /// unless sent backward (`z-index: -1`); going back it plays the `-backward` keyframes where
  /// the effect has them and the forward ones with `--marp-transition-direction: -1` where not.
  public static func panes(_ effect: Effect, progress: Double, backward: Bool) -> [Pane] {
    let t = min(1, max(0, progress))
    let out = { (offset: Double, opacity: Double) in
      Pane(incoming: false, offset: offset, opacity: opacity)
    }
    let into = { (offset: Double, opacity: Double) in
      Pane(incoming: true, offset: offset, opacity: opacity)
    }
    switch effect {
    case .fade:
      // Linear; the new slide `plus-lighter` over the old fading out: a cross-fade.
      return [out(0, 1), into(0, t)]
    case .slide:
      let e = CubicBezier.easeInOut.value(at: t)
      let direction = backward ? -1.0 : 1.0
      return [out(-direction * e, 1), into(direction * (1 - e), 1)]
    case .push:
      let e = CubicBezier.easeOut.value(at: t)
      return backward ? [into(0, 1), out(e, 1)] : [out(0, 1), into(1 - e, 1)]
    case .cover:
      let e = CubicBezier.easeOut.value(at: t)
      return backward ? [into(0, 1), out(0.1 * e, 1 - e)] : [out(0, 1), into(0.1 * (1 - e), e)]
    case .reveal:
      let e = CubicBezier.easeOut.value(at: t)
      return backward ? [out(0, 1), into(-0.1 * (1 - e), e)] : [into(0, 1), out(-0.1 * e, 1 - e)]
    }
  }
}

/// CSS's `cubic-bezier()` timing functions: the eased share of an animation at a share of its
/// time, the curve's x solved for t by Newton's method with bisection to fall back on.
public struct CubicBezier: Hashable, Sendable {
  public var x1, y1, x2, y2: Double

  public static let easeInOut = CubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
  public static let easeOut = CubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)

  func curve(_ a: Double, _ b: Double, _ t: Double) -> Double {
    let u = 1 - t
    return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
  }

  public func value(at x: Double) -> Double {
    guard x > 0 else { return 0 }
    guard x < 1 else { return 1 }
    var t = x
    for _ in 0..<8 {
      let error = curve(x1, x2, t) - x
      if abs(error) < 1e-7 { return curve(y1, y2, t) }
      let slope = 3 * (1 - t) * (1 - t) * x1 + 6 * (1 - t) * t * (x2 - x1) + 3 * t * t * (1 - x2)
      guard abs(slope) > 1e-6 else { break }
      t -= error / slope
    }
    var (low, high) = (0.0, 1.0)
    t = x
    for _ in 0..<40 {
      if curve(x1, x2, t) < x { low = t } else { high = t }
      t = (low + high) / 2
    }
    return curve(y1, y2, t)
  }
}
