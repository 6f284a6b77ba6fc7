extension TraceEvent {
  /// The speaker's view tools changed: the zoom (`factor` 1 is the whole slide; `region` in
  /// slide coordinates, x, y, width, height), and for the audience's window of `audience`
  /// pixels the size the slide is laid out at and where that layout's corner lies on it (what
  /// an export at `layout` cropped at minus `offset` must equal); the spotlight, the dimmed box
  /// and the laser's trail. 1-based slide and step.
  public struct Zoom: Codable, Hashable, Sendable {
    public var slide: Int
    public var step: Int
    public var factor: Double
    public var region: [Double]
    public var audience: String?
    public var layout: String?
    public var offset: [Double]?
    public var spotlight: Bool
    public var dim: [Double]?
    public var trail: Bool

    /// What `state`'s tools show on an audience window of `audience` pixels whose slide has
    /// the deck's `aspect`.
    public init(_ state: PresentationState, audience: PixelSize?, aspect: AspectRatio) {
      let tools = state.tools
      slide = state.slide + 1
      step = state.step + 1
      let region = tools.viewport.region
      factor = (tools.viewport.factor * 10_000).rounded() / 10_000
      self.region = [region.x, region.y, region.width, region.height]
      if let audience {
        let view = LayoutEngine.slideRect(aspect: aspect, in: audience)
        let zoom = ZoomedLayout(viewport: tools.viewport, slideRect: view)
        self.audience = "\(audience.width)x\(audience.height)"
        layout = "\(zoom.layoutSize.width)x\(zoom.layoutSize.height)"
        offset = [zoom.offsetX, zoom.offsetY]
      }
      spotlight = tools.spotlightOn
      dim = tools.dimBox.map { [$0.x, $0.y, $0.width, $0.height] }
      trail = tools.laserTrail
    }
  }
}

extension TraceEvent {
  /// Ink changed (a stroke ended, an erasure, a clear, undo, redo) and its journal line went to
  /// the journal: the ink's `generation` after it (what `--resume` must come back to) and how
  /// many strokes the talk's ink holds.
  public struct InkJournalled: Codable, Hashable, Sendable {
    public var generation: Int
    public var strokes: Int

    public init(generation: Int, strokes: Int) {
      self.generation = generation
      self.strokes = strokes
    }
  }
}
