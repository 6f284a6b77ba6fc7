/// A zoomed view of a slide, drawn again at that scale: the slide is laid out at the size it
/// has when the viewport's region fills the view (text shaped at that size, PDF pages and
/// pictures drawn at it), and the draw list moved so the region lands on the view and clipped
/// to it. Never a bitmap scaled up.
public struct ZoomedLayout: Hashable, Sendable {
  /// The size the whole slide is laid out at.
  public var layoutSize: PixelSize
  /// Where that layout's top-left corner lies on the view's frame (negative: off the view).
  public var offsetX: Double
  public var offsetY: Double

  /// How `viewport` of a slide whose view lies at `slideRect` is laid out: the whole slide at
  /// `slideRect`'s size times the zoom, moved by whole pixels so that the region's corner lands
  /// on the view's.
  public init(viewport: SlideViewport, slideRect: Rect) {
    let width = max(16, Int((slideRect.width * viewport.factor).rounded()))
    let height = max(16, Int((slideRect.height * viewport.factor).rounded()))
    layoutSize = PixelSize(width: width, height: height)
    offsetX = (slideRect.x - viewport.region.x * Double(width)).rounded()
    offsetY = (slideRect.y - viewport.region.y * Double(height)).rounded()
  }
}

extension LayoutEngine {
  /// Slide `index` at build step `step` as a view of `size` shows it through `viewport`: the
  /// plain layout when it is the whole slide, else the slide laid out again at the zoomed size
  /// (`ZoomedLayout`), moved and clipped to the slide's place in the view. What lies wholly
  /// outside the view is left out, so a far zoom draws no more than the part that shows.
  public func layout(
    slideAt index: Int, in deck: Deck, step: Int, size: PixelSize, viewport: SlideViewport,
    cache: SlideFrameCache?
  ) -> SlideFrame {
    let plain = layout(slideAt: index, in: deck, step: step, size: size, cache: cache)
    guard viewport.isZoomed else { return plain }
    let view = plain.slideRect
    let zoom = ZoomedLayout(viewport: viewport, slideRect: view)
    let big = layout(slideAt: index, in: deck, step: step, size: zoom.layoutSize, cache: cache)
    let canvas = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
    // The view in the big layout's pixels: what is kept.
    let seen = Rect(
      x: view.x - zoom.offsetX, y: view.y - zoom.offsetY, width: view.width, height: view.height)
    let slide = deck.slides[index]
    let page = slide.pages.isEmpty ? nil : slide.pages[min(max(0, step), slide.pages.count - 1)]
    // Lines of text cut to the words that show: a line at the zoomed size is mostly off the view.
    let shown = Self.commands(big.commands, meeting: seen).compactMap {
      visiblePart(of: $0, in: seen).map {
        Self.pagePart($0, of: page, in: seen).translated(dx: zoom.offsetX, dy: zoom.offsetY)
      }
    }
    var commands: [DrawCommand] = []
    // The borders beside the slide stay as the unzoomed view has them (the letterbox colour).
    if view != canvas { commands.append(.fill(canvas, RGBAColor(red: 0, green: 0, blue: 0))) }
    commands += [.pushClip(view)] + shown + [.popClip]
    var frame = SlideFrame(size: size, slideRect: view, commands: commands)
    frame.speakerOnly = Self.commands(big.speakerOnly, meeting: seen).map {
      $0.translated(dx: zoom.offsetX, dy: zoom.offsetY)
    }
    return frame
  }

  /// The layer key of a zoomed view: the slide step's, with the region, so each zoom is a
  /// texture of its own and the unzoomed slide's is kept.
  public static func layerKey(slide: Int, step: Int, viewport: SlideViewport) -> String {
    let key = layerKey(slide: slide, step: step)
    guard viewport.isZoomed else { return key }
    let region = viewport.region
    return key + " zoom \(region.x),\(region.y) \(region.width)"
  }

  /// A PDF deck's page cut to the part of it inside `seen`: Poppler draws only that part (its
  /// crop, in the page's points), at the zoomed size, rather than the whole page at 4 times the
  /// screen's size. Other commands as they are.
  static func pagePart(_ command: DrawCommand, of page: PageReference?, in seen: Rect)
    -> DrawCommand
  {
    guard case .image(var item) = command, let page, item.page == page.index,
      item.path == page.file
    else { return command }
    let whole = item.source ?? Rect(x: 0, y: 0, width: page.size.width, height: page.size.height)
    let drawn = item.destination
    let visible = drawn.intersection(seen)
    guard drawn.width > 0, drawn.height > 0, !visible.isEmpty, visible != drawn else {
      return command
    }
    let (sx, sy) = (whole.width / drawn.width, whole.height / drawn.height)
    item.source = Rect(
      x: whole.x + (visible.x - drawn.x) * sx, y: whole.y + (visible.y - drawn.y) * sy,
      width: visible.width * sx, height: visible.height * sy)
    item.destination = visible
    return .image(item)
  }

  /// The commands of `list` that draw something inside `rect`, with every clip kept (a clip's
  /// push and pop pair up). Text is taken to reach a line and a half of its size below its top
  /// and a little either side of its measured width.
  static func commands(_ list: [DrawCommand], meeting rect: Rect) -> [DrawCommand] {
    list.filter { command in
      guard let bounds = bounds(of: command) else { return true }
      return bounds.maxX > rect.x && bounds.x < rect.maxX && bounds.maxY > rect.y
        && bounds.y < rect.maxY
    }
  }

  private static func bounds(of command: DrawCommand) -> Rect? {
    switch command {
    case .fill(let rect, _): return rect
    case .text(let item):
      let pad = item.font.size
      return Rect(
        x: item.x - pad, y: item.y - pad * 0.5, width: item.width + 2 * pad,
        height: item.font.size * 2)
    case .image(let item): return item.destination
    case .layer(let item): return item.destination
    case .stroke(let item): return item.bounds
    case .pushClip, .popClip: return nil
    }
  }
}
