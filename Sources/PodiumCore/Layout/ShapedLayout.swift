/// presenterm's slide-shaping blocks: columns side by side, and empty room; Marp's fitted
/// headings and sized images.
extension LayoutEngine {
  /// Where an inline image goes in `width` x `height`: the size Marp's `![w:300 h:200]` asks
  /// for (the aspect kept when only one is given), made smaller to fit; else as large as fits,
  /// but small images grow at most to twice their size at 1080p, so icons do not turn to mush.
  func imageSize(
    _ image: ImageReference, natural: PixelSize, width: Double, height: Double,
    slideHeight: Double
  ) -> Rect {
    let aspect = Double(natural.width) / Double(max(1, natural.height))
    let asked: (width: Double, height: Double)?
    switch (image.width, image.height) {
    case (let w?, let h?): asked = (w * slideHeight, h * slideHeight)
    case (let w?, nil): asked = (w * slideHeight, w * slideHeight / aspect)
    case (nil, let h?): asked = (h * slideHeight * aspect, h * slideHeight)
    case (nil, nil): asked = nil
    }
    if let asked {
      let scale = min(1, width / max(1, asked.width), height / max(1, asked.height))
      return Rect(x: 0, y: 0, width: asked.width * scale, height: asked.height * scale)
    }
    var target = fitted(natural, in: Rect(x: 0, y: 0, width: width, height: height))
    let limit = 2 * slideHeight / 1080
    if target.width / Double(natural.width) > limit {
      target.width = Double(natural.width) * limit
      target.height = Double(natural.height) * limit
    }
    return target
  }

  /// A PDF deck's slide at one step: its page on white, as PDF viewers show pages, fitted in
  /// the slide's place (a page of another size keeps its shape), black around it.
  func pageFrame(_ page: PageReference, _ canvas: Rect, _ slideRect: Rect) -> SlideFrame {
    var commands: [DrawCommand] = []
    if slideRect != canvas { commands.append(.fill(canvas, RGBAColor(red: 0, green: 0, blue: 0))) }
    let natural = PixelSize(
      width: max(1, Int((page.size.width * 100).rounded())),
      height: max(1, Int((page.size.height * 100).rounded())))
    var placed = fitted(natural, in: slideRect)
    // Whole pixels, so that the page's pixels are the window's.
    placed = Rect(
      x: placed.x.rounded(), y: placed.y.rounded(), width: placed.width.rounded(),
      height: placed.height.rounded())
    commands.append(.fill(placed, RGBAColor(red: 255, green: 255, blue: 255)))
    commands.append(
      .image(ImageItem(path: page.file, destination: placed, source: page.crop, page: page.index)))
    return SlideFrame(
      size: PixelSize(width: Int(canvas.width), height: Int(canvas.height)),
      slideRect: slideRect, commands: commands)
  }

  /// Marp's `<!-- fit -->` heading: the font grown or shrunk until the text fills `width` on one
  /// line, no taller than a third of the slide.
  func fittedHeading(_ font: FontSpec, text: String, width: Double) -> FontSpec {
    let natural = measurer.width(of: text, font: font)
    guard natural > 0, width > 0 else { return font }
    var fitted = font
    let lineHeight = measurer.metrics(for: font).lineHeight / font.size
    let tallest = width * 9 / 16 / 3 / max(1, lineHeight)
    // A little under the width: styled runs (links, bold) measure apart and may come out wider.
    fitted.size = min(font.size * width * 0.97 / natural, tallest)
    return fitted
  }

  /// presenterm's column layout: each column stacked in its share of `width`, side by side, as
  /// tall as the tallest.
  func columnsBox(
    _ columns: ColumnsBlock, block: Block, width: Double, height: Double, context: Context
  ) -> Box {
    let total = Double(columns.widths.reduce(0, +))
    let count = columns.columns.count
    guard total > 0, count > 0 else {
      return Box(width: width, height: 0, pieces: [], location: block.location, spaceAfter: 0)
    }
    let gap = count > 1 ? width * 0.03 : 0
    let usable = width - gap * Double(count - 1)
    var x = 0.0
    var pieces: [Piece] = []
    var tallest = 0.0
    for (index, blocks) in columns.columns.enumerated() {
      let share = usable * Double(columns.widths[index]) / total
      let column = stack(blocks, width: share, height: height, context: context)
      pieces += column.pieces.map { $0.moved(dx: x, dy: 0) }
      tallest = max(tallest, column.height)
      x += share + gap
    }
    return Box(
      width: width, height: tallest, pieces: pieces, location: block.location,
      spaceAfter: bodySize(context) * 0.6)
  }

  /// Empty lines of body text, or the mark after which a stack centres what follows.
  func spacerBox(_ spacer: Block.Spacer, block: Block, width: Double, context: Context) -> Box {
    switch spacer {
    case .lines(let count):
      return Box(
        width: width, height: bodySize(context) * theme.sizes.lineSpacing * Double(count),
        pieces: [], location: block.location, spaceAfter: 0)
    case .middle, .fromMiddle, .bottom:
      return Box(
        width: width, height: 0, pieces: [], location: block.location, spaceAfter: 0,
        anchorsRest: spacer)
    }
  }
}

extension TextFlow.Alignment {
  /// How a block's lines sit: as the block says (presenterm's `alignment`, mdp's centring), else
  /// centred on centred layouts and at the start of the line on others.
  init(_ alignment: Block.Alignment, centered: Bool) {
    switch alignment {
    case .right: self = .right
    case .center: self = .center
    case .natural: self = centered ? .center : .leading
    }
  }
}
