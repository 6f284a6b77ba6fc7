extension ConsoleLayout {
  /// The ink of `slide` at `step` on a preview of it lying at `rect`: strokes are in slide
  /// coordinates, so they are drawn at the preview's own pixel size, in the console's kept
  /// layer (a new stroke changes the layer's key and draws it again once).
  mutating func addInk(slide: Int, step: Int, in rect: Rect) {
    guard let ink else { return }
    commands += ink.commands(slide: slide, step: step, in: rect)
  }

  /// The current slide's ink, in the kept layer too, so a slide with hundreds of strokes costs
  /// the console a copy, not their drawing, at each tick of the clock (the stroke being drawn
  /// is `ConsoleFrame.addInk`'s, over the layer). On a zoomed view it lies where the zoom puts
  /// the slide, clipped to the view.
  mutating func addCurrentInk(in view: Rect) {
    guard let ink else { return }
    let viewport = state.tools.viewport
    let strokes = ink.commands(
      slide: state.slide, step: state.step, in: viewport.slideRect(in: view))
    commands +=
      viewport.isZoomed && !strokes.isEmpty ? [.pushClip(view)] + strokes + [.popClip] : strokes
  }

  /// The ink of `steps` of `slide` on a thumbnail showing the whole slide.
  mutating func addInk(slide: Int, steps: Range<Int>, in rect: Rect) {
    guard let ink else { return }
    commands += ink.commands(slide: slide, steps: steps, in: rect)
  }
}
