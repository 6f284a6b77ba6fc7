extension ConsoleLayout {
  /// The ink of `slide` at `step` on a preview of it lying at `rect`: strokes are in slide
  /// coordinates, so they are drawn at the preview's own pixel size, in the console's kept
  /// layer (a new stroke changes the layer's key and draws it again once).
  mutating func addInk(slide: Int, step: Int, in rect: Rect) {
    guard let ink else { return }
    commands += ink.commands(slide: slide, step: step, in: rect)
  }

  /// The ink of `steps` of `slide` on a thumbnail showing the whole slide.
  mutating func addInk(slide: Int, steps: Range<Int>, in rect: Rect) {
    guard let ink else { return }
    commands += ink.commands(slide: slide, steps: steps, in: rect)
  }
}
