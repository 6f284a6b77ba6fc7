/// The part of the slide a view shows: the whole slide, or, zoomed (`z`), a box of it that fills
/// the view. A value in slide coordinates (0...1 across and down, like `SlidePoint`), so every
/// window maps its own pixels through it: the audience's, the console's current-slide view, and
/// whatever else draws on the slide (the laser, ink) lands on the same spot of the slide
/// whatever the zoom.
///
/// The region always has the slide's aspect (its width and height are the same fraction of the
/// slide's), so a zoomed slide fills the view as the whole one does, without borders of its own.
public struct SlideViewport: Hashable, Sendable {
  /// The part shown, in slide coordinates; `width == height`, inside 0...1.
  public private(set) var region: Rect

  /// The whole slide: no zoom.
  public static let whole = SlideViewport(uncheckedRegion: Rect(x: 0, y: 0, width: 1, height: 1))

  /// How far a box can zoom in: 4 times across, where a 1080p audience lays the slide out at
  /// 7680x4320 (a PDF deck's page is drawn whole at that size, 132 MB, so no further).
  public static let maximumZoom = 4.0

  private init(uncheckedRegion: Rect) {
    region = uncheckedRegion
  }

  /// A view of `box` (slide coordinates), widened to the slide's aspect around its centre, no
  /// smaller than `1 / maximumZoom` across and moved inside the slide.
  public init(box: Rect) {
    let side = Self.clampedSide(max(abs(box.width), abs(box.height)))
    let centreX = box.x + box.width / 2
    let centreY = box.y + box.height / 2
    self.init(uncheckedRegion: Self.inside(centreX - side / 2, centreY - side / 2, side))
  }

  /// Whether the view shows less than the whole slide.
  public var isZoomed: Bool { region.width < 1 - 1e-9 }

  /// How many times larger than the whole slide's view the slide is drawn (1 unzoomed).
  public var factor: Double { 1 / region.width }

  /// The view `factor` times closer (or further, below 1) with `point` where it is on screen:
  /// the wheel zooms around the pointer. Back to `whole` when that shows the whole slide.
  public func zoomed(by factor: Double, around point: SlidePoint) -> SlideViewport {
    guard factor > 0 else { return self }
    let side = Self.clampedSide(region.width / factor)
    // The point keeps its place in the view: its fraction across the region stays the same.
    let fx = (point.x - region.x) / region.width
    let fy = (point.y - region.y) / region.height
    return SlideViewport(
      uncheckedRegion: Self.inside(point.x - fx * side, point.y - fy * side, side))
  }

  /// The view moved by (`dx`, `dy`) in slide coordinates, kept inside the slide.
  public func panned(dx: Double, dy: Double) -> SlideViewport {
    SlideViewport(uncheckedRegion: Self.inside(region.x + dx, region.y + dy, region.width))
  }

  // MARK: - Slide points and view positions

  /// The point of the slide under (`px`, `py`) of a view that draws this viewport at `view`
  /// (the whole view, borders excluded), or nil off the view. What the console's pointer uses:
  /// a laser dot, a zoom box or an ink stroke drawn on a zoomed view lands where it is on the
  /// slide.
  public func slidePoint(underX px: Double, y py: Double, in view: Rect) -> SlidePoint? {
    guard let local = SlidePoint.under(x: px, y: py, in: view) else { return nil }
    return SlidePoint(
      x: region.x + local.x * region.width, y: region.y + local.y * region.height)
  }

  /// Where `point` of the slide is drawn on a view that shows this viewport at `view`; it may be
  /// outside the view when the point is outside the region.
  public func location(of point: SlidePoint, in view: Rect) -> (x: Double, y: Double) {
    (
      view.x + (point.x - region.x) / region.width * view.width,
      view.y + (point.y - region.y) / region.height * view.height
    )
  }

  /// Where a rectangle of the slide (slide coordinates) is drawn on such a view.
  public func rect(of part: Rect, in view: Rect) -> Rect {
    let (x, y) = location(of: SlidePoint(x: part.x, y: part.y), in: view)
    return Rect(
      x: x, y: y, width: part.width / region.width * view.width,
      height: part.height / region.height * view.height)
  }

  /// The whole slide's rectangle on a view that shows this viewport at `view`: where the slide
  /// laid out at the zoomed size lies, most of it outside the view.
  public func slideRect(in view: Rect) -> Rect {
    rect(of: Rect(x: 0, y: 0, width: 1, height: 1), in: view)
  }

  // MARK: - Clamping

  private static func clampedSide(_ side: Double) -> Double {
    guard side.isFinite else { return 1 }
    return min(1, max(1 / maximumZoom, side))
  }

  private static func inside(_ x: Double, _ y: Double, _ side: Double) -> Rect {
    func clamp(_ value: Double) -> Double {
      guard value.isFinite else { return 0 }
      return min(1 - side, max(0, value))
    }
    return Rect(x: clamp(x), y: clamp(y), width: side, height: side)
  }
}
