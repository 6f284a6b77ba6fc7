extension ConsoleLayout {
  /// The current slide's view: the slide as the room sees it, zoomed as the room sees it (laid
  /// out again at the zoomed size, as `layout(slideAt:in:step:size:viewport:cache:)` does for
  /// the audience), so the speaker's drags and ink land where the room sees them.
  mutating func currentSlideImage(in area: Rect) -> Rect {
    let viewport = state.tools.viewport
    guard viewport.isZoomed else { return slideImage(state.position, in: area) }
    let fitted = LayoutEngine.slideRect(
      aspect: deck.metadata.aspect,
      in: PixelSize(width: max(16, Int(area.width)), height: max(16, Int(area.height))))
    let size = PixelSize(width: Int(fitted.width), height: Int(fitted.height))
    let position = state.position
    let frame = engine.layout(
      slideAt: position.slide, in: deck, step: position.step, size: size, viewport: viewport,
      cache: frames)
    let placed = Rect(
      x: area.x.rounded(), y: area.y.rounded(), width: fitted.width, height: fitted.height)
    let key =
      LayoutEngine.layerKey(slide: position.slide, step: position.step, viewport: viewport)
      + (frame.speakerOnly.isEmpty ? "" : " speaker")
    commands.append(.layer(LayerItem(key: key, x: placed.x, y: placed.y, frame: frame.forSpeaker)))
    return placed
  }
}
