/// One slide build step laid out at one pixel size: the draw list between layout and pixels.
/// The renderer draws the commands in order and knows nothing about decks.
public struct SlideFrame: Hashable, Sendable {
  public var size: PixelSize
  /// Where the slide itself lies inside `size` (the rest is letterbox or pillarbox border).
  public var slideRect: Rect
  public var commands: [DrawCommand]
  /// Content that did not fit even at the smallest text size and was clipped.
  public var overflow: [LayoutOverflow]
  /// What only the speaker sees, drawn over `commands` on the presenter console's views of the
  /// slide: the placeholder of a remote image not fetched (the audience, a PNG and a PDF show
  /// nothing in its place, as Marp does offline). Windows and exports draw `commands` alone.
  public var speakerOnly: [DrawCommand] = []

  public init(
    size: PixelSize, slideRect: Rect, commands: [DrawCommand], overflow: [LayoutOverflow] = []
  ) {
    self.size = size
    self.slideRect = slideRect
    self.commands = commands
    self.overflow = overflow
  }

  /// The draw list as text, one command a line: what snapshot tests compare.
  public var snapshot: String {
    let speaker = speakerOnly.map { "speaker-only " + $0.snapshot }
    return (["frame \(size) slide \(slideRect)"] + commands.map(\.snapshot) + speaker)
      .joined(separator: "\n")
  }

  /// The frame as the presenter console shows it: what the room sees with what only the
  /// speaker sees drawn over it.
  public var forSpeaker: SlideFrame {
    guard !speakerOnly.isEmpty else { return self }
    var frame = self
    frame.commands += speakerOnly
    frame.speakerOnly = []
    return frame
  }

  /// The same frame moved by (dx, dy): for placing a slide on a handout page.
  public func translated(dx: Double, dy: Double) -> [DrawCommand] {
    commands.map { $0.translated(dx: dx, dy: dy) }
  }
}

public enum DrawCommand: Hashable, Sendable {
  case fill(Rect, RGBAColor)
  case text(TextItem)
  case image(ImageItem)
  /// Later commands draw only inside the rectangle, until the matching `popClip`.
  case pushClip(Rect)
  case popClip
  /// A whole frame drawn with its top-left corner at a point: a slide on the presenter console,
  /// or the slide on the audience window. A renderer may keep it as a texture under its key and
  /// draw it again with one copy.
  case layer(LayerItem)
  /// A stroke of ink: a polyline with round joins (docs/INK.md).
  case stroke(StrokeItem)

  public var snapshot: String {
    switch self {
    case .fill(let rect, let color):
      return "fill \(rect) \(color)"
    case .text(let item):
      var line = "text \(format1(item.x)),\(format1(item.y)) w\(format1(item.width)) "
      line += "\(item.font) \(item.color) \"\(item.text)\""
      if item.underline { line += " underline" }
      if item.strikethrough { line += " strike" }
      if item.keyCap != nil { line += " key" }
      return line
    case .image(let item):
      let source = item.source.map { " from \($0)" } ?? ""
      let filters =
        item.filters.isEmpty ? "" : " " + item.filters.map(\.name).joined(separator: " ")
      let page = item.page.map { " page \($0)" } ?? ""
      let tint = item.tint.map { " tint \($0)" } ?? ""
      return "image \(item.destination)\(source) \"\(item.path)\"\(page)\(filters)\(tint)"
    case .pushClip(let rect):
      return "clip \(rect)"
    case .popClip:
      return "unclip"
    case .layer(let item):
      let inner = item.frame.commands.map {
        "  " + $0.snapshot.replacingOccurrences(of: "\n", with: "\n  ")
      }
      return
        ([
          "layer \"\(item.key)\" at \(format1(item.x)),\(format1(item.y)) \(item.frame.size)"
            + (item.opacity < 1 ? " opacity \(format1(item.opacity))" : "")
        ]
        + inner)
        .joined(separator: "\n")
    case .stroke(let item):
      return item.snapshot
    }
  }

  /// The right edge of what a drawing command covers; nil for clips.
  var rightEdge: Double? {
    switch self {
    case .fill(let rect, _): return rect.maxX
    case .text(let item): return item.x + item.width
    case .image(let item): return item.destination.maxX
    case .layer(let item): return item.destination.maxX
    case .stroke(let item): return item.bounds.maxX
    case .pushClip, .popClip: return nil
    }
  }

  /// The rows a drawing command covers, for leaving out what a clip hides; nil for clips.
  var verticalExtent: (top: Double, bottom: Double)? {
    switch self {
    case .fill(let rect, _): return (rect.y, rect.maxY)
    case .text(let item): return (item.y, item.y + item.font.size * 1.5)
    case .image(let item): return (item.destination.y, item.destination.maxY)
    case .layer(let item): return (item.y, item.destination.maxY)
    case .stroke(let item): return (item.bounds.y, item.bounds.maxY)
    case .pushClip, .popClip: return nil
    }
  }

  public func translated(dx: Double, dy: Double) -> DrawCommand {
    func move(_ rect: Rect) -> Rect {
      Rect(x: rect.x + dx, y: rect.y + dy, width: rect.width, height: rect.height)
    }
    switch self {
    case .fill(let rect, let color): return .fill(move(rect), color)
    case .text(var item):
      item.x += dx
      item.y += dy
      return .text(item)
    case .image(var item):
      item.destination = move(item.destination)
      return .image(item)
    case .pushClip(let rect): return .pushClip(move(rect))
    case .popClip: return .popClip
    case .layer(var item):
      item.x += dx
      item.y += dy
      return .layer(item)
    case .stroke(let item):
      return .stroke(item.translated(dx: dx, dy: dy))
    }
  }
}

/// A frame placed at (`x`, `y`) in the frame that holds it. `key` names the content: two layers
/// with the same key and frame size draw the same pixels, so a renderer can cache them.
public struct LayerItem: Hashable, Sendable {
  public var key: String
  public var x: Double
  public var y: Double
  public var frame: SlideFrame
  /// Drawn over what is beneath at this opacity (a slide fading in a transition); 1 hides it.
  public var opacity = 1.0

  public init(key: String, x: Double, y: Double, frame: SlideFrame) {
    self.key = key
    self.x = x
    self.y = y
    self.frame = frame
  }

  /// Where the layer lands in the frame that holds it.
  public var destination: Rect {
    Rect(x: x, y: y, width: Double(frame.size.width), height: Double(frame.size.height))
  }
}

/// One line of text in one style. `y` is the top of the font's line box (baseline minus ascent).
public struct TextItem: Hashable, Sendable {
  public var text: String
  public var font: FontSpec
  public var color: RGBAColor
  public var x: Double
  public var y: Double
  /// The measured width, for underline and strikethrough and for tests.
  public var width: Double
  public var underline: Bool
  public var strikethrough: Bool
  /// Where the text links to, for outputs that can follow links (a PDF); pixels ignore it.
  public var link: String?
  /// A typeset formula drawn in the item's place and colour, `text` being its TeX.
  public var formula: TypesetFormula?
  /// Marp's `==highlight==`: a band of this colour behind the text.
  public var highlight: RGBAColor?
  /// HTML's `<kbd>`: a frame of this colour around the band, a little wider than the text.
  public var keyCap: RGBAColor?

  public init(
    text: String, font: FontSpec, color: RGBAColor, x: Double, y: Double, width: Double,
    underline: Bool = false, strikethrough: Bool = false, link: String? = nil
  ) {
    self.text = text
    self.font = font
    self.color = color
    self.x = x
    self.y = y
    self.width = width
    self.underline = underline
    self.strikethrough = strikethrough
    self.link = link
  }

  /// Where the line's image goes: text is drawn at whole pixels, as glyph bitmaps are.
  public var origin: (x: Double, y: Double) { (x.rounded(), y.rounded()) }

  /// What draws the item: its highlight band, then its text, or its formula as a page of a PDF
  /// in the text's colour.
  public func commands(metrics: FontMetrics) -> [DrawCommand] {
    var commands: [DrawCommand] = []
    if let keyCap {
      // The key's frame: four bars around the band, the band padded as the flow left room.
      let pad = (font.size * 0.3).rounded()
      let line = max(1, (font.size * 0.06).rounded())
      let face = Rect(
        x: x - pad, y: y, width: width + 2 * pad, height: metrics.ascent + metrics.descent)
      commands += [
        .fill(Rect(x: face.x, y: face.y, width: face.width, height: line), keyCap),
        .fill(Rect(x: face.x, y: face.maxY - line, width: face.width, height: line), keyCap),
        .fill(Rect(x: face.x, y: face.y, width: line, height: face.height), keyCap),
        .fill(Rect(x: face.maxX - line, y: face.y, width: line, height: face.height), keyCap),
      ]
      if let highlight { commands.insert(.fill(face, highlight), at: 0) }
    } else if let highlight {
      commands.append(
        .fill(Rect(x: x, y: y, width: width, height: metrics.ascent + metrics.descent), highlight))
    }
    guard let formula else { return commands + [.text(self)] }
    let scale = font.size / TypesetFormula.pointsPerEm
    let margin = formula.margin * scale
    let top = y + metrics.ascent - formula.height * scale
    let page = Rect(
      x: x - margin, y: top - margin, width: width + 2 * margin,
      height: (formula.height + formula.depth) * scale + 2 * margin)
    return commands + [
      .image(ImageItem(path: formula.file, destination: page, page: formula.page, tint: color))
    ]
  }

  /// The underline and strikethrough bars of the line, for a font of `metrics`.
  public func decorations(metrics: FontMetrics) -> [Rect] {
    let thickness = max(1, (font.size * 0.06).rounded())
    let (x, y) = origin
    var bars: [Rect] = []
    if underline {
      bars.append(
        Rect(x: x, y: y + metrics.ascent + font.size * 0.1, width: width, height: thickness))
    }
    if strikethrough {
      bars.append(
        Rect(x: x, y: y + metrics.ascent - font.size * 0.3, width: width, height: thickness))
    }
    return bars
  }
}

/// An image scaled into `destination`; `source` crops the image first (in image pixels), as a
/// covering background does.
public struct ImageItem: Hashable, Sendable {
  public var path: String
  public var destination: Rect
  public var source: Rect?
  /// Marp's filters, drawn on the image's own pixels before it is scaled.
  public var filters: [ImageFilter] = []
  /// For a PDF file: the zero-based page drawn, at the destination's own size (crisp at any
  /// size; vector in a PDF). `source` then crops the page, in points.
  public var page: Int?
  /// The page's ink drawn in this colour, its transparency kept: a formula in the text's colour.
  public var tint: RGBAColor?
  /// For a video file: the clip, drawn as its poster (`VideoClip.posterTime`, or its poster
  /// picture) unless a window plays it.
  public var video: VideoClip? {
    get { videoStorage?.value }
    set { videoStorage = newValue.map(OutOfLine.value) }
  }
  /// Kept out of line: every draw command would otherwise carry its bytes.
  private var videoStorage: OutOfLine<VideoClip>?
  /// An animated picture: a window playing it draws its current frame instead of the first.
  public var animation: AnimationHeader?

  public init(
    path: String, destination: Rect, source: Rect? = nil, filters: [ImageFilter] = [],
    page: Int? = nil, tint: RGBAColor? = nil, video: VideoClip? = nil
  ) {
    self.path = path
    self.destination = destination
    self.source = source
    self.filters = filters
    self.page = page
    self.tint = tint
    videoStorage = video.map(OutOfLine.value)
  }

  /// A deck's image (or clip) drawn from `path` into `destination`, with what the deck asks of
  /// it: filters, a clip's options, an animation.
  public init(_ image: ImageReference, path: String, destination: Rect, source: Rect? = nil) {
    self.init(
      path: path, destination: destination, source: source, filters: image.filters,
      video: image.video)
    animation = image.animation
  }
}

/// Content clipped because it did not fit: reported by `podium check` with the slide and line.
public struct LayoutOverflow: Hashable, Sendable {
  public var slideIndex: Int
  /// The first block that did not fit.
  public var location: SourceLocation

  public init(slideIndex: Int, location: SourceLocation) {
    self.slideIndex = slideIndex
    self.location = location
  }

  /// The warning `podium check` and `podium export` give, at the first block that is cut off.
  public func diagnostic(file: String) -> Diagnostic {
    Diagnostic(
      .warning, file: file, at: location,
      "slide \(slideIndex + 1) does not fit even at the smallest text size; "
        + "from here on it is cut off")
  }
}
