/// A slide transition playing on the audience's window: what it goes from and to, its effect,
/// and when it started on the talk's clock. The console never plays one, nor does an export;
/// any input while one plays ends it, and the slide it goes to is shown at once.
public struct TransitionPlay: Hashable, Sendable {
  public var from: PresentationState.Position
  public var to: PresentationState.Position
  public var effect: SlideTransition.Effect
  public var backward: Bool
  public var start: Double
  public var seconds: Double

  public init(
    from: PresentationState.Position, to: PresentationState.Position,
    effect: SlideTransition.Effect, backward: Bool, start: Double, seconds: Double
  ) {
    self.from = from
    self.to = to
    self.effect = effect
    self.backward = backward
    self.start = start
    self.seconds = seconds
  }

  /// The transition from one slide the room sees to another, as marp-cli chooses it: going
  /// forward, the one the slide left sets; going back, the one the slide before the slide
  /// left sets (`data-transition-back`). Nil when they are the same slide, when that slide
  /// sets none or `none`, or when it takes no time.
  public static func between(
    _ deck: Deck, from: PresentationState.Position, to: PresentationState.Position,
    at now: Double
  ) -> TransitionPlay? {
    guard from.slide != to.slide, deck.slides.indices.contains(from.slide),
      deck.slides.indices.contains(to.slide)
    else { return nil }
    let backward = to.slide < from.slide
    let setter = backward ? from.slide - 1 : from.slide
    guard deck.slides.indices.contains(setter),
      let transition = deck.slides[setter].directives.transition,
      let effect = transition.effect, transition.seconds > 0
    else { return nil }
    return TransitionPlay(
      from: from, to: to, effect: effect, backward: backward, start: now,
      seconds: transition.seconds)
  }

  /// The share of its time gone, 0 to 1.
  public func progress(at now: Double) -> Double {
    min(1, max(0, (now - start) / seconds))
  }

  public func isOver(at now: Double) -> Bool { now >= start + seconds }

  /// The audience's frame at `now`: the two slides' layers (`old`, `new`, each the whole
  /// window) moved and faded as the effect says, over black.
  public func frame(old: LayerItem, new: LayerItem, size: PixelSize, at now: Double) -> SlideFrame {
    let canvas = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
    var commands: [DrawCommand] = [.fill(canvas, RGBAColor(red: 0, green: 0, blue: 0))]
    for pane in SlideTransition.panes(effect, progress: progress(at: now), backward: backward) {
      var layer = pane.incoming ? new : old
      layer.x = (pane.offset * canvas.width).rounded()
      layer.opacity = pane.opacity
      // Wholly off the window or wholly transparent: nothing to draw.
      if abs(layer.x) >= canvas.width || layer.opacity <= 0 { continue }
      commands.append(.layer(layer))
    }
    return SlideFrame(size: size, slideRect: new.frame.slideRect, commands: commands)
  }
}

extension TraceEvent {
  /// A slide transition on the audience's windows: `started`, then `finished` (with the frames
  /// drawn) or `interrupted` by input, which shows the slide it went to at once.
  public struct Transition: Codable, Hashable, Sendable {
    public var phase: String
    public var effect: String
    /// Slides, counted from 1.
    public var from: Int
    public var to: Int
    public var backward: Bool
    public var seconds: Double
    public var frames: Int?
    /// The longest a frame of it took to draw and send, in milliseconds.
    public var slowestFrameMs: Double?

    enum CodingKeys: String, CodingKey {
      case phase, effect, from, to, backward, seconds, frames
      case slowestFrameMs = "slowest_frame_ms"
    }

    public init(
      _ play: TransitionPlay, phase: String, frames: Int? = nil, slowestFrameMs: Double? = nil
    ) {
      self.phase = phase
      effect = play.effect.rawValue
      from = play.from.slide + 1
      to = play.to.slide + 1
      backward = play.backward
      seconds = play.seconds
      self.frames = frames
      self.slowestFrameMs = slowestFrameMs.map { ($0 * 10).rounded() / 10 }
    }
  }
}
