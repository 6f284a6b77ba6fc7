/// HTML elements around blocks (`BoxBlock`): their text's colour and size, their background, and
/// the place an absolutely positioned one takes on the slide, out of the slide's flow.
extension LayoutEngine {
  /// The box of an element in the flow, `width` wide (or as wide as it asks).
  func htmlBox(_ box: BoxBlock, block: Block, width: Double, context: Context) -> Box {
    var inner = context
    if let color = box.color {
      inner.colors.text = color
      inner.colors.heading = color
    }
    let slideHeight = context.slideRect.height
    switch box.fontSize {
    case .pixels(let pixels)?: inner.scale *= pixels / (720 * theme.sizes.body)
    case .percent(let share)?: inner.scale *= share / 100
    case .em(let scale)?: inner.scale *= scale
    case nil: break
    }
    let em = bodySize(context)
    let boxWidth = min(
      width, box.width?.resolved(slideHeight: slideHeight, whole: width, em: em) ?? width)
    let asked = box.height?.resolved(
      slideHeight: slideHeight, whole: context.contentRect.height, em: em)
    let blocks = box.blocks.map { child -> Block in
      var child = child
      if child.alignment == .natural { child.alignment = block.alignment }
      return child
    }
    let stacked = stack(
      blocks, width: boxWidth, height: asked ?? context.contentRect.height, context: inner)
    let height = max(stacked.height, asked ?? 0)
    var left = 0.0
    if boxWidth < width {
      if block.alignment == .center { left = (width - boxWidth) / 2 }
      if block.alignment == .right { left = width - boxWidth }
    }
    var pieces: [Piece] = []
    if let background = box.background {
      pieces.append(
        Piece(
          step: block.step,
          command: .fill(Rect(x: left, y: 0, width: boxWidth, height: height), background)))
    }
    pieces += stacked.pieces.map { $0.moved(dx: left, dy: 0) }
    return Box(
      width: width, height: height, pieces: pieces, location: block.location,
      spaceAfter: em * 0.6)
  }

  /// Whether a block leaves the slide's flow for a place of its own (`position: absolute`).
  static func isPositioned(_ block: Block) -> Bool {
    if case .box(let box) = block.kind, box.placement != nil { return true }
    return false
  }

  /// The slide without its absolutely positioned elements.
  static func flowing(_ slide: Slide) -> Slide {
    guard slide.blocks.contains(where: isPositioned) else { return slide }
    var flowing = slide
    flowing.blocks.removeAll(where: isPositioned)
    return flowing
  }

  /// The slide's absolutely positioned elements, each where its sides say on the slide (its
  /// CSS pixels are the slide's, 720 to its height), in slide coordinates.
  func positionedPieces(_ slide: Slide, context: Context) -> [Piece] {
    var pieces: [Piece] = []
    let page = context.slideRect
    let em = bodySize(context)
    func length(_ value: CSSLength?, _ whole: Double) -> Double? {
      value?.resolved(slideHeight: page.height, whole: whole, em: em)
    }
    for block in slide.blocks where Self.isPositioned(block) {
      guard case .box(var box) = block.kind, let placement = box.placement else { continue }
      box.placement = nil
      let left = length(placement.left, page.width)
      let right = length(placement.right, page.width)
      // Without a width, the box reaches from its side to the slide's other edge (or between
      // its two sides).
      var width = page.width - (left ?? 0) - (right ?? 0)
      if let asked = length(box.width, page.width) { width = asked }
      width = max(page.height / 720, width)
      box.width = nil
      let laid = htmlBox(box, block: block, width: width, context: context)
      let x = left.map { page.x + $0 } ?? right.map { page.maxX - $0 - width } ?? page.x
      let top = length(placement.top, page.height)
      let bottom = length(placement.bottom, page.height)
      let y = top.map { page.y + $0 } ?? bottom.map { page.maxY - $0 - laid.height } ?? page.y
      pieces += laid.pieces.map { $0.moved(dx: x, dy: y) }
    }
    return pieces
  }
}
