import CSDL2
import PodiumCore

extension FrameRenderer {
  /// The largest scratch a stroke is drawn through; a larger one (no window is) is drawn
  /// triangle by triangle.
  static let strokeScratchLimit = 4096

  /// Draws an ink stroke: an opaque pen's triangles straight into the frame; a highlighter or a
  /// see-through pen through the stroke scratch (see `Renderer.fillTriangles(_:_:multiply:
  /// through:area:)`), as one picture of the stroke's pixels within `clip`. A 1080p slide with
  /// 500 strokes (a quarter of them highlighters) took 200-300 ms to draw blending triangle by
  /// triangle, and takes about 50 ms this way. Without a scratch (a renderer that has no target
  /// textures), triangle by triangle.
  func drawStroke(_ item: StrokeItem, clip: Rect?) {
    let multiply = item.blend == .multiply
    let corners = item.triangles()
    guard multiply || item.color.alpha < 255 else {
      renderer.fillTriangles(corners, item.color, multiply: false)
      return
    }
    let area = (clip.map { item.bounds.intersection($0) } ?? item.bounds).sdlRect
    guard area.w > 0, area.h > 0 else { return }
    if let scratch = strokeScratch(width: Int(area.w), height: Int(area.h)),
      renderer.fillTriangles(
        corners, item.color, multiply: multiply, through: scratch, area: area)
    {
      renderer.clip(clip?.sdlRect)
      return
    }
    renderer.fillTriangles(corners, item.color, multiply: multiply)
  }

  /// A scratch of at least `width` x `height` pixels (the one kept, or a larger one in steps of
  /// 256 pixels, kept in its place); nil past `strokeScratchLimit` or when SDL cannot make one.
  private func strokeScratch(width: Int, height: Int) -> Texture? {
    if let kept = strokeScratch, kept.width >= width, kept.height >= height { return kept }
    let limit = Self.strokeScratchLimit
    guard width <= limit, height <= limit else { return nil }
    func grown(_ wanted: Int, _ kept: Int?) -> Int {
      min(limit, (max(wanted, kept ?? 0) + 255) / 256 * 256)
    }
    let made = try? renderer.scratchTexture(
      width: grown(width, strokeScratch?.width), height: grown(height, strokeScratch?.height))
    if let made { strokeScratch = made }
    return made
  }
}
