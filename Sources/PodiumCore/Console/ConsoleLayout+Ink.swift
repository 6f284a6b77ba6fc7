extension ConsoleLayout {
  /// Ink strokes in the console's commands, by their places' layer keys and where they lie.
  struct InkPlaced: Hashable {
    var rects: [Rect]
    var keys: [String?]
  }

  /// The ink of `slide` at `step` on a preview of it lying at `rect`: strokes are in slide
  /// coordinates, so they are drawn at the preview's own pixel size, in the console's kept
  /// layer (a new stroke changes the layer's key and draws it again once).
  mutating func addInk(slide: Int, step: Int, in rect: Rect) {
    guard let ink else { return }
    let kept = ink.keptCommands(slide: slide, step: step, in: rect, cache: frames)
    commands += kept?.commands ?? []
    inkKeys.append(InkPlaced(rects: [rect], keys: [kept?.key]))
  }

  /// The current slide's ink, in the kept layer too, so a slide with hundreds of strokes costs
  /// the console a copy, not their drawing, at each tick of the clock (the stroke being drawn
  /// is `ConsoleFrame.addInk`'s, over the layer). On a zoomed view it lies where the zoom puts
  /// the slide, clipped to the view.
  mutating func addCurrentInk(in view: Rect) {
    guard let ink else { return }
    let viewport = state.tools.viewport
    let kept = ink.keptCommands(
      slide: state.slide, step: state.step, in: viewport.slideRect(in: view), cache: frames)
    let strokes = kept?.commands ?? []
    commands +=
      viewport.isZoomed && !strokes.isEmpty ? [.pushClip(view)] + strokes + [.popClip] : strokes
    inkKeys.append(
      InkPlaced(
        rects: [viewport.slideRect(in: view), view], keys: [kept?.key]))
  }

  /// The ink of `steps` of `slide` on a thumbnail showing the whole slide.
  mutating func addInk(slide: Int, steps: Range<Int>, in rect: Rect) {
    guard let ink else { return }
    commands += ink.commands(slide: slide, steps: steps, in: rect)
    inkKeys.append(
      InkPlaced(rects: [rect], keys: steps.map { ink.layerKey(slide: slide, step: $0) }))
  }

  /// The key of the console's kept layer `body`: a hash of what it draws, its ink strokes by
  /// `inkKeys` (each place's strokes, and where they lie) rather than by their points, whose
  /// hashing was most of a millisecond of every console frame for 500 strokes on its two views.
  /// Strokes come into the body only through the functions above, each with its key.
  func layerKey(_ body: SlideFrame) -> Int {
    var hasher = Hasher()
    var shell = body
    shell.commands = []
    hasher.combine(shell)
    for command in body.commands {
      if case .stroke = command { continue }
      hasher.combine(command)
    }
    hasher.combine(inkKeys)
    return hasher.finalize()
  }
}
