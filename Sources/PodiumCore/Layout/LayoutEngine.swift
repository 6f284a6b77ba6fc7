import Foundation

/// Lays out one slide build step at one pixel size as a `SlideFrame`.
///
/// Sizes are fractions of the slide's height, so a slide looks the same at 720p and 4K. Layout
/// always places the slide's full content and then draws what the step reveals, so nothing
/// moves when a build step appears. Text that does not fit shrinks, down to the theme's minimum
/// scale; what still does not fit is clipped and reported in `SlideFrame.overflow`.
public struct LayoutEngine {
  public var theme: Theme
  public var measurer: any TextMeasurer
  public var images: any ImageMeasurer
  /// Ink drawn over the slides of exports (`podium export --ink`); a talk's windows draw their
  /// own, live.
  public var ink: TalkInk?

  public init(theme: Theme, measurer: any TextMeasurer, images: any ImageMeasurer) {
    self.theme = theme
    self.measurer = measurer
    self.images = images
  }

  /// Where a slide of `aspect` lies in a canvas of `size`: centred, as large as fits, with
  /// letterbox or pillarbox borders around it, never stretched.
  /// Within a pixel of the aspect counts as the aspect: a one-pixel border is rounding, not
  /// letterboxing.
  public static func slideRect(aspect: AspectRatio, in size: PixelSize) -> Rect {
    let full = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
    if abs(Double(size.height) * aspect.value - Double(size.width)) <= 1 { return full }
    let canvas = Double(size.width) / Double(size.height)
    if canvas > aspect.value {
      let width = (Double(size.height) * aspect.value).rounded()
      return Rect(
        x: ((Double(size.width) - width) / 2).rounded(), y: 0, width: width,
        height: Double(size.height))
    }
    let height = (Double(size.width) / aspect.value).rounded()
    return Rect(
      x: 0, y: ((Double(size.height) - height) / 2).rounded(), width: Double(size.width),
      height: height)
  }

  public func layout(_ slide: Slide, in deck: Deck, step: Int, size: PixelSize) -> SlideFrame {
    if let own = theme.styled(for: slide) {
      return LayoutEngine(theme: own, measurer: measurer, images: images).layout(
        slide, in: deck, step: step, size: size)
    }
    let slide = theme.cssStyle.textAlign.map { slide.aligned($0) } ?? slide
    let canvas = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
    let slideRect = Self.slideRect(aspect: deck.metadata.aspect, in: size)
    if !slide.pages.isEmpty {
      return pageFrame(slide.pages[min(max(0, step), slide.pages.count - 1)], canvas, slideRect)
    }
    var context = Context(engine: self, slide: slide, deck: deck, slideRect: slideRect)
    context.textHeightLimit = context.contentRect.height
    if context.overflowsAsCSS {
      // A browser's section shows what overflows its padding, up to the slide's edges, and
      // centred content overflows both ways: a slide's height more is laid out at most.
      context.textHeightLimit += slideRect.height
    }
    var commands: [DrawCommand] = []
    if slideRect != canvas { commands.append(.fill(canvas, RGBAColor(red: 0, green: 0, blue: 0))) }
    commands.append(.fill(slideRect, context.colors.background))
    if let gradient = context.gradient { commands += gradient.fills(slideRect) }
    let backgrounds = backgroundCommands(slide, context: context)
    commands += backgrounds.drawn

    // Inline HTML's `position: absolute` boxes stand outside the flow (`HTMLBoxLayout`).
    let (pieces, overflow) = content(Self.flowing(slide), context: context)
    let shown = pieces.filter { $0.shows(at: step) }
    let visible = shown.filter { !$0.speakerOnly }.map(\.command)
    if overflow != nil {
      commands.append(.pushClip(context.overflowsAsCSS ? slideRect : context.contentRect))
      commands += visible
      commands.append(.popClip)
    } else {
      commands += visible
    }
    commands += positionedPieces(slide, context: context).filter { $0.step <= step }.map(\.command)
    commands += footerCommands(slide, context: context)
    commands += themeFooter(slide, in: deck, context: context)
    var frame = SlideFrame(
      size: size, slideRect: slideRect, commands: commands,
      overflow: overflow.map { [LayoutOverflow(slideIndex: slide.index, location: $0)] } ?? [])
    frame.speakerOnly = backgrounds.speakerOnly + shown.filter(\.speakerOnly).map(\.command)
    return frame
  }

  /// A draw command in block coordinates, with the build step that reveals it.
  struct Piece {
    var step: Int
    var command: DrawCommand
    /// The step from which it is hidden again (`Block.hiddenFrom`).
    var hiddenFrom: Int?
    /// Drawn on the presenter console only (`SlideFrame.speakerOnly`).
    var speakerOnly = false

    init(step: Int, command: DrawCommand, hiddenFrom: Int? = nil, speakerOnly: Bool = false) {
      self.step = step
      self.command = command
      self.hiddenFrom = hiddenFrom
      self.speakerOnly = speakerOnly
    }

    func moved(dx: Double, dy: Double) -> Piece {
      Piece(
        step: step, command: command.translated(dx: dx, dy: dy), hiddenFrom: hiddenFrom,
        speakerOnly: speakerOnly)
    }

    func shows(at current: Int) -> Bool {
      step <= current && hiddenFrom.map { current < $0 } != false
    }
  }

  /// A laid-out block: its pieces relative to its top-left corner.
  struct Box {
    var width: Double
    var height: Double
    var pieces: [Piece]
    var location: SourceLocation
    var spaceAfter: Double
    /// Where what comes after this box goes: around the middle of the stack (`jump_to_middle`),
    /// from its middle down, or at its bottom (an empty-room spacer's kind); nil keeps it below.
    var anchorsRest: Block.Spacer?
  }

  private var sizes: Theme.Sizes { theme.sizes }

  func bodySize(_ context: Context) -> Double {
    sizes.body * context.slideRect.height * context.scale
  }

  // MARK: - Backgrounds and footer

  /// The footer's font and the top of its line, in the middle of the bottom margin.
  func footerLine(_ context: Context) -> (FontSpec, Double) {
    let size = sizes.body * sizes.footer * context.slideRect.height
    let font = FontSpec(family: context.bodyFamily, size: size)
    let bottomMargin = context.slideRect.maxY - context.contentRect.maxY
    let y = context.contentRect.maxY + (bottomMargin - measurer.metrics(for: font).lineHeight) / 2
    return (font, y)
  }

  /// The deck's footer at the bottom left, and `n / N` at the bottom right when `paginate` is on.
  private func footerCommands(_ slide: Slide, context: Context) -> [DrawCommand] {
    if let look = theme.cssLook { return cssCorners(look, context: context) }
    let (font, y) = footerLine(context)
    let metrics = measurer.metrics(for: font)
    var commands: [DrawCommand] = []
    if let footer = context.footer {
      let width = measurer.width(of: footer, font: font)
      commands.append(
        .text(
          TextItem(
            text: footer, font: font, color: context.colors.muted, x: context.contentRect.x, y: y,
            width: width)))
    }
    if let header = context.header {
      // Marp's header sits in the top margin as the footer sits in the bottom one.
      let topMargin = context.contentRect.y - context.slideRect.y
      commands.append(
        .text(
          TextItem(
            text: header, font: font, color: context.colors.muted, x: context.contentRect.x,
            y: context.slideRect.y + (topMargin - metrics.lineHeight) / 2,
            width: measurer.width(of: header, font: font))))
    }
    if let page = context.pageLabel {
      let width = measurer.width(of: page, font: font)
      commands.append(
        .text(
          TextItem(
            text: page, font: font, color: context.colors.muted,
            x: context.contentRect.maxX - width, y: y, width: width)))
    }
    return commands
  }

  // MARK: - Content

  /// Lays out the slide's blocks, shrinking to fit; returns the pieces in slide coordinates and
  /// the location of the first block that overflowed, if any.
  private func content(_ slide: Slide, context base: Context) -> ([Piece], SourceLocation?) {
    guard !slide.blocks.isEmpty else { return ([], nil) }
    var context = base
    let attempt = arrange(slide.blocks, context: context)
    if attempt.overflow == nil || !context.fit {
      return (attempt.pieces, attempt.overflow)
    }
    context.scale = sizes.minimumScale
    let smallest = arrange(slide.blocks, context: context)
    if smallest.overflow != nil { return (smallest.pieces, smallest.overflow) }
    // The largest scale that fits, to within a few per cent.
    var low = sizes.minimumScale
    var high = 1.0
    var best = smallest
    for _ in 0..<7 {
      context.scale = (low + high) / 2
      let trial = arrange(slide.blocks, context: context)
      if trial.overflow == nil {
        low = context.scale
        best = trial
      } else {
        high = context.scale
      }
    }
    return (best.pieces, nil)
  }

  private struct Arrangement {
    var pieces: [Piece]
    var overflow: SourceLocation?
  }

  private func arrange(_ blocks: [Block], context: Context) -> Arrangement {
    let area = context.contentRect
    switch context.layout {
    case .twoColumn:
      var rest = blocks[...]
      var pieces: [Piece] = []
      var top = area.y
      if let first = rest.first, case .heading = first.kind {
        let heading = box(for: first, width: area.width, context: context)
        pieces += heading.pieces.map { $0.moved(dx: area.x, dy: top) }
        top += heading.height + heading.spaceAfter
        rest = rest.dropFirst()
      }
      let split = columnSplit(Array(rest))
      let gap = area.width * 0.06
      let columnWidth = (area.width - gap) / 2
      let height = area.maxY - top
      let left = stack(
        Array(rest[..<(rest.startIndex + split)]), width: columnWidth, height: height,
        context: context)
      let right = stack(
        Array(rest[(rest.startIndex + split)...]), width: columnWidth, height: height,
        context: context)
      pieces += left.pieces.map { $0.moved(dx: area.x, dy: top) }
      pieces += right.pieces.map { $0.moved(dx: area.x + columnWidth + gap, dy: top) }
      return Arrangement(pieces: pieces, overflow: left.overflow ?? right.overflow)

    case .imageLeft, .imageRight:
      guard
        let imageIndex = blocks.firstIndex(where: {
          if case .image = $0.kind { return true } else { return false }
        })
      else { return arrangeFlow(blocks, context: context) }
      let gap = area.width * 0.05
      let half = (area.width - gap) / 2
      let imageBox = imageBox(
        for: blocks[imageIndex], width: half, height: area.height, context: context)
      var others = blocks
      others.remove(at: imageIndex)
      let text = stack(others, width: half, height: area.height, context: context)
      let imageX = context.layout == .imageLeft ? area.x : area.x + half + gap
      let textX = context.layout == .imageLeft ? area.x + half + gap : area.x
      let imageY = area.y + (area.height - imageBox.height) / 2
      let textY = area.y + max(0, (area.height - text.height) / 2)
      return Arrangement(
        pieces: imageBox.pieces.map {
          $0.moved(dx: imageX + (half - imageBox.width) / 2, dy: imageY)
        }
          + text.pieces.map { $0.moved(dx: textX, dy: textY) },
        overflow: text.overflow)

    default:
      return arrangeFlow(blocks, context: context)
    }
  }

  private func arrangeFlow(_ blocks: [Block], context: Context) -> Arrangement {
    let area = context.contentRect
    let flow = stack(blocks, width: area.width, height: area.height, context: context)
    // Overflowing content stands where CSS puts it (`justify-content: center` is not `safe`:
    // it overflows at the top as at the bottom); in Podium's own decks it starts at the top.
    let lowest = context.overflowsAsCSS ? -Double.infinity : 0
    var top =
      context.centered || context.middle
      ? area.y + max(context.safeCentre ? 0 : lowest, (area.height - flow.height) / 2) : area.y
    if context.bottom && !context.centered {
      top = area.y + max(lowest, area.height - flow.height)
    }
    return Arrangement(
      pieces: flow.pieces.map { $0.moved(dx: area.x, dy: top) }, overflow: flow.overflow)
  }

  /// Where a two-column slide splits: at its second heading, else halfway through the blocks.
  private func columnSplit(_ blocks: [Block]) -> Int {
    let headings = blocks.indices.filter {
      if case .heading = blocks[$0].kind { return true } else { return false }
    }
    if headings.count >= 2 { return headings[1] }
    return (blocks.count + 1) / 2
  }

  struct Stack {
    var pieces: [Piece]
    var height: Double
    var overflow: SourceLocation?
  }

  /// Stacks blocks top to bottom in `width`. Images share the height the other blocks leave.
  func stack(_ blocks: [Block], width: Double, height: Double, context: Context) -> Stack {
    var boxes: [Box?] = []
    var used = 0.0
    for block in blocks {
      if case .image = block.kind {
        boxes.append(nil)
      } else if case .columns(let columns) = block.kind, used <= context.textHeightLimit {
        // Columns hold images too: they get the height the blocks before them leave.
        let box = columnsBox(
          columns, block: block, width: width, height: max(height - used, height * 0.4),
          context: context)
        used += box.height + box.spaceAfter
        boxes.append(box)
      } else if used > context.textHeightLimit {
        // Below the bottom of the slide, clipped: a slide of 100,000 paragraphs lays out those
        // that show. The overflow is already found above.
        boxes.append(Box(width: 0, height: 0, pieces: [], location: block.location, spaceAfter: 0))
      } else {
        let box = box(for: block, width: width, context: context)
        used += box.height + box.spaceAfter
        boxes.append(box)
      }
    }
    let imageIndices = blocks.indices.filter { boxes[$0] == nil }
    if !imageIndices.isEmpty {
      let share = max(height - used, height * 0.25) / Double(imageIndices.count)
      for index in imageIndices {
        var image = imageBox(for: blocks[index], width: width, height: share, context: context)
        image.pieces = image.pieces.map { $0.moved(dx: (width - image.width) / 2, dy: 0) }
        boxes[index] = image
      }
    }
    if let look = theme.cssLook { cssGaps(look, blocks: blocks, boxes: &boxes, context: context) }
    var y = 0.0
    var pieces: [Piece] = []
    var overflow: SourceLocation?
    let placed = boxes.compactMap { $0 }
    for (index, box) in placed.enumerated() {
      if let anchor = box.anchorsRest {
        // The rest runs to the next anchor, which places what follows it itself.
        let end = placed[(index + 1)...].firstIndex { $0.anchorsRest != nil } ?? placed.count
        let rest = placed[(index + 1)..<end]
        let restHeight =
          rest.reduce(0) { $0 + $1.height + $1.spaceAfter } - (rest.last?.spaceAfter ?? 0)
        switch anchor {
        case .fromMiddle: y = max(y, height / 2)
        case .bottom: y = max(y, height - restHeight)
        default: y = max(y, (height - restHeight) / 2)
        }
      }
      if overflow == nil && y + box.height > height + 0.5 { overflow = box.location }
      pieces += box.pieces.map { $0.moved(dx: 0, dy: y) }
      y += box.height
      if index < placed.count - 1 { y += box.spaceAfter }
    }
    return Stack(pieces: pieces, height: y, overflow: overflow)
  }

  // MARK: - Blocks

  /// `lineHeight` is CSS's, a multiple of the font's size, for a Marp theme's headings; nil for
  /// the theme's text.
  func flow(
    _ context: Context, font: FontSpec, color: RGBAColor, lineHeight: Double? = nil
  ) -> TextFlow {
    var style = TextFlow.Style(
      font: font, codeFamily: context.codeFamily, color: color, linkColor: context.colors.accent,
      codeColor: theme.inlineCode ?? color, lineSpacing: sizes.lineSpacing,
      formulas: context.formulas)
    style.cssPixel = context.slideRect.height / 720 * context.scale
    style.strongColor = theme.cssStyle.strongColor
    style.emphasisColor = theme.cssStyle.emphasisColor
    guard let look = theme.cssLook else { return TextFlow(style: style, measurer: measurer) }
    cssText(look, &style, lineHeight: lineHeight)
    let spacing = look.letterSpacing * context.slideRect.height / 720
    guard spacing > 0 else { return TextFlow(style: style, measurer: measurer) }
    return TextFlow(
      style: style,
      measurer: LetterSpacedMeasurer(
        base: measurer, spacing: spacing, codeFamily: context.codeFamily))
  }

  func box(for block: Block, width: Double, context: Context) -> Box {
    var scaled = context
    scaled.scale *= block.fontScale
    return BlockLayout(engine: self, context: scaled).box(for: block, width: width)
  }

  func imageBox(for block: Block, width: Double, height: Double, context: Context) -> Box {
    BlockLayout(engine: self, context: context).imageBox(for: block, width: width, height: height)
  }
}

/// Scales `natural` to fit inside `rect`, centred, aspect kept.
func fitted(_ natural: PixelSize, in rect: Rect) -> Rect {
  guard natural.width > 0, natural.height > 0, rect.width > 0, rect.height > 0 else { return rect }
  let scale = min(rect.width / Double(natural.width), rect.height / Double(natural.height))
  let width = Double(natural.width) * scale
  let height = Double(natural.height) * scale
  return Rect(
    x: rect.x + (rect.width - width) / 2, y: rect.y + (rect.height - height) / 2, width: width,
    height: height)
}

/// The part of an image of `natural` size that covers `rect` with the aspect kept (centre crop).
func coverCrop(_ natural: PixelSize, _ rect: Rect) -> Rect {
  let imageAspect = Double(natural.width) / Double(natural.height)
  let rectAspect = rect.width / rect.height
  if imageAspect > rectAspect {
    let width = Double(natural.height) * rectAspect
    return Rect(
      x: (Double(natural.width) - width) / 2, y: 0, width: width, height: Double(natural.height))
  }
  let height = Double(natural.width) / rectAspect
  return Rect(
    x: 0, y: (Double(natural.height) - height) / 2, width: Double(natural.width), height: height)
}
