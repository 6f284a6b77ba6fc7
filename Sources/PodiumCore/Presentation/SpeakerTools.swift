import Foundation

/// What the speaker's hands do to the view of the slide, rather than to the slide itself: zoom
/// into a box (`z`), a spotlight around the pointer (`l`), the room dimmed outside a box (`j`)
/// and the laser pointer's fading trail (Shift+X). Points arrive in slide coordinates (the
/// console maps its pixels through `viewport`), so nothing here knows a window's size.
public enum SpeakerToolCommand: Hashable, Sendable {
  /// `z`: the next drag on the console's view of the slide is the box to zoom into (a click
  /// without a drag zooms twice as close around it); the wheel zooms around the pointer.
  case armZoom
  /// `l`: the spotlight on or off.
  case toggleSpotlight
  /// `j`: the next drag on the console's view of the slide is the box to keep bright.
  case armDim
  /// Shift+X: the laser pointer leaves a fading trail, or stops leaving one.
  case toggleLaserTrail
  /// The left button pressed, moved with it held, and released over the console's view of the
  /// slide (nil: released off it).
  case press(SlidePoint)
  case drag(SlidePoint)
  case release(SlidePoint?)
  /// The wheel over the view while zoomed or armed: `lines` up (negative) zoom in.
  case wheel(lines: Int, at: SlidePoint)
  /// The pointer at a point of the slide, for the laser's trail.
  case trail(SlidePoint)
  /// Esc while any of these is on: all of them end, the view is the whole slide.
  case reset
}

/// The state of the speaker's view tools: part of `PresentationState`, so both windows draw
/// from it.
public struct SpeakerTools: Hashable, Sendable {
  /// What the next drag on the console's view does.
  public enum Arming: String, Hashable, Sendable {
    case zoom, dim
  }

  /// A point of the laser's path and when the pointer was there (the talk's clock).
  public struct TrailPoint: Hashable, Sendable {
    public var point: SlidePoint
    public var at: Double
  }

  /// The part of the slide both windows show.
  public private(set) var viewport = SlideViewport.whole
  public private(set) var armed: Arming?
  public private(set) var spotlightOn = false
  /// The spotlight's radius as a fraction of the slide's height (the wheel changes it).
  public private(set) var spotlightRadius = 0.18
  /// The box kept bright while the rest is dimmed, in slide coordinates.
  public private(set) var dimBox: Rect?
  public private(set) var laserTrail = false
  /// The laser's recent path, oldest first.
  public private(set) var trail: [TrailPoint] = []
  /// The box being dragged out (slide coordinates), drawn on the console only.
  public private(set) var dragBox: Rect?
  /// Where a drag started, and whether it pans the zoomed view rather than draws a box.
  private var dragAnchor: SlidePoint?
  private var panning = false

  /// How long a point of the trail takes to fade away, in seconds.
  public static let trailLifetime = 0.6
  /// The wheel's step: each line zooms in or out by this factor.
  public static let wheelZoomStep = 1.25
  static let radiusRange = 0.04...0.6

  public init(laserTrail: Bool = false) {
    self.laserTrail = laserTrail
  }

  /// Whether anything here changes what the room sees or what a click on the view does.
  public var isActive: Bool {
    viewport.isZoomed || armed != nil || spotlightOn || dimBox != nil || dragAnchor != nil
  }

  /// What the room sees of the tools, for the trace: it records a change of this.
  public struct Look: Hashable, Sendable {
    public var viewport: SlideViewport
    public var spotlightOn: Bool
    public var dimBox: Rect?
    public var laserTrail: Bool
  }

  public var look: Look {
    Look(viewport: viewport, spotlightOn: spotlightOn, dimBox: dimBox, laserTrail: laserTrail)
  }

  /// Whether a drag on the console's view is in progress.
  public var isDragging: Bool { dragAnchor != nil }

  /// Whether the left button on the console's view belongs to these tools rather than moving
  /// the slides: a box is armed, or the zoomed view is there to pan.
  public var takesPress: Bool { armed != nil || viewport.isZoomed }

  /// Whether the wheel belongs to these tools rather than moving the slides: it zooms while a
  /// box is armed or the view is zoomed, and sizes the spotlight while that is on.
  public var takesWheel: Bool { armed != nil || viewport.isZoomed || spotlightOn }

  /// Whether the trail still has points fading at `now`: the talk draws again until it has not.
  public func trailFading(at now: Double) -> Bool {
    guard let last = trail.last else { return false }
    return now - last.at <= Self.trailLifetime + 0.05
  }

  mutating func apply(_ command: SpeakerToolCommand, at now: Double) {
    switch command {
    case .armZoom:
      armed = armed == .zoom ? nil : .zoom
    case .armDim:
      // `j` with a box dimmed takes the dimming away; otherwise it arms the next drag.
      if dimBox != nil && armed == nil {
        dimBox = nil
      } else {
        armed = armed == .dim ? nil : .dim
      }
    case .toggleSpotlight:
      spotlightOn.toggle()
    case .toggleLaserTrail:
      laserTrail.toggle()
      trail = []
    case .press(let point):
      dragAnchor = point
      panning = armed == nil && viewport.isZoomed
      dragBox = panning ? nil : Rect(x: point.x, y: point.y, width: 0, height: 0)
    case .drag(let point):
      guard let anchor = dragAnchor else { return }
      if panning {
        // The slide point grabbed stays under the pointer.
        viewport = viewport.panned(dx: anchor.x - point.x, dy: anchor.y - point.y)
      } else {
        dragBox = Self.box(anchor, point)
      }
    case .release(let point):
      finishDrag(at: point)
    case .wheel(let lines, let point):
      if spotlightOn && armed == nil && !viewport.isZoomed {
        spotlightRadius = Self.radius(spotlightRadius * pow(1.15, Double(lines)))
      } else {
        viewport = viewport.zoomed(by: pow(Self.wheelZoomStep, Double(-lines)), around: point)
      }
    case .trail(let point):
      guard laserTrail else { return }
      trail.removeAll { now - $0.at > Self.trailLifetime }
      trail.append(TrailPoint(point: point, at: now))
    case .reset:
      self = SpeakerTools(laserTrail: laserTrail)
    }
  }

  /// The tools as they will be when the button comes up where the pointer is now, when that
  /// zooms into a box: a zoom box is being dragged out (not a click, not a pan). Nil otherwise.
  /// What the talk draws ahead while the pointer rests on the box, so that the zoomed slide is
  /// ready to copy when the button comes up.
  public var zoomedOnRelease: SpeakerTools? {
    guard armed == .zoom, !panning, let anchor = dragAnchor, let dragBox,
      max(dragBox.width, dragBox.height) >= Self.clickSize
    else { return nil }
    var released = self
    released.finishDrag(box: dragBox, anchor: anchor)
    return released
  }

  /// A box smaller than this across (slide coordinates) is a click.
  private static let clickSize = 0.01

  private mutating func finishDrag(at point: SlidePoint?) {
    guard let anchor = dragAnchor else {
      (dragBox, panning) = (nil, false)
      return
    }
    finishDrag(box: Self.box(anchor, point ?? anchor), anchor: anchor)
  }

  private mutating func finishDrag(box: Rect, anchor: SlidePoint) {
    defer { (dragAnchor, dragBox, panning) = (nil, nil, false) }
    guard !panning, let mode = armed else { return }
    // A click with no real drag: twice as close around it (zoom), nothing to dim.
    let isClick = max(box.width, box.height) < Self.clickSize
    switch mode {
    case .zoom:
      viewport = isClick ? viewport.zoomed(by: 2, around: anchor) : SlideViewport(box: box)
    case .dim:
      if isClick { return }
      dimBox = box
    }
    armed = nil
  }

  /// A new slide or step shows whole: a zoom, a dimmed box and an armed drag belong to the one
  /// they were made on. The spotlight and the trail are modes and stay.
  mutating func slideChanged() {
    viewport = .whole
    (armed, dimBox, dragBox, dragAnchor, panning) = (nil, nil, nil, nil, false)
  }

  private static func box(_ a: SlidePoint, _ b: SlidePoint) -> Rect {
    Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
  }

  private static func radius(_ value: Double) -> Double {
    min(radiusRange.upperBound, max(radiusRange.lowerBound, value))
  }
}

extension PresentationState {
  /// The state once the zoom box being dragged is let go where the pointer is now
  /// (`SpeakerTools.zoomedOnRelease`), or nil when letting go would not zoom into a box.
  public var zoomedOnRelease: PresentationState? {
    guard let released = tools.zoomedOnRelease else { return nil }
    var state = self
    state.tools = released
    return state
  }
}
