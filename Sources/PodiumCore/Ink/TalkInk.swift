import Foundation

/// What the speaker does with ink (`d`, `h`, `e`, `c`, `i`, `k`, Ctrl+Z, Ctrl+Y, Shift+W,
/// Shift+B).
public enum InkCommand: String, CaseIterable, Hashable, Sendable {
  /// Picks the tool; pressed again, the next width; after the widest, the tool is put down
  /// (clicks advance slides again).
  case pen, highlighter, eraser
  /// Clears the slide (this step's ink, or the slide's under `ink-scope: slide`).
  case clear
  /// Hides all ink, or shows it again.
  case toggleHidden
  /// The tool's next colour.
  case nextColor
  case undo, redo
  /// A white (Shift+W) or black (Shift+B) page after the slide on show, to draw on
  /// (`Whiteboard`); on such a page with no ink, the page taken away.
  case whiteboard, blackboard

  /// The page's shade, for the two that make one.
  public var board: Whiteboard.Shade? {
    switch self {
    case .whiteboard: .white
    case .blackboard: .black
    default: nil
    }
  }
}

/// A talk's ink as the speaker works it: the strokes (`Ink`), the tool in hand, its colour and
/// width, and the stroke being drawn. The session holds one; the painter draws from it.
public struct TalkInk: Hashable, Sendable {
  public private(set) var ink: Ink
  /// The tool in hand; nil: clicks on the slide advance it, as without ink.
  public private(set) var tool: InkTool?
  public private(set) var hidden = false
  private var colorIndex: [InkTool: Int] = [:]
  private var widthIndex: [InkTool: Int] = [:]
  /// The stroke being drawn, and where it will go.
  public private(set) var drawing: (place: Ink.Place, stroke: InkStroke)?
  /// Each slide's identity (`InkIdentity`) and title, by index.
  public private(set) var identities: [String] = []
  private var titles: [String?] = []
  /// Identities in the sidecar that match no slide of the deck: `podium check` names them.
  public private(set) var orphans: [String] = []
  /// The slide's width over its height, for distances.
  public private(set) var aspect = 16.0 / 9

  public init(ink: Ink = Ink(), deck: Deck? = nil) {
    self.ink = ink
    if let deck { follow(deck) }
  }

  public static func == (lhs: TalkInk, rhs: TalkInk) -> Bool {
    lhs.ink == rhs.ink && lhs.tool == rhs.tool && lhs.hidden == rhs.hidden
      && lhs.colorIndex == rhs.colorIndex && lhs.widthIndex == rhs.widthIndex
      && lhs.drawing?.stroke == rhs.drawing?.stroke && lhs.identities == rhs.identities
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ink.revision)
    hasher.combine(tool)
    hasher.combine(drawing?.stroke.points.count)
  }

  /// Follows a deck (the first, or one read again after an edit): the slides' identities, and
  /// the ink of edited slides moved to them by title.
  public mutating func follow(_ deck: Deck) {
    identities = InkIdentity.identities(of: deck)
    titles = deck.slides.map(\.title)
    aspect = deck.metadata.aspect.value
    orphans = ink.rebind(to: identities, titles: titles)
    drawing = nil
  }

  /// A whiteboard page after slide `slide` (0-based) of the deck followed; the pen in hand
  /// when none was. The page, or nil for a slide the deck does not have.
  mutating func addBoard(after slide: Int, shade: Whiteboard.Shade) -> Whiteboard? {
    guard identities.indices.contains(slide) else { return nil }
    if tool == nil || tool == .eraser { tool = .pen }
    return ink.addBoard(after: identities[slide], shade: shade)
  }

  /// Takes the page at slide `slide` away when it is one and has no ink. Whether it went.
  mutating func removeBoard(at slide: Int) -> Bool {
    guard identities.indices.contains(slide), Whiteboard.isBoard(identities[slide]) else {
      return false
    }
    return ink.removeBoard(identities[slide])
  }

  /// Starts again from `ink` (the journal's, at `--resume`), on the deck followed so far.
  mutating func restart(with ink: Ink) {
    self.ink = ink
    orphans = self.ink.rebind(to: identities, titles: titles)
    drawing = nil
  }

  public var color: RGBAColor {
    let tool = tool ?? .pen
    let palette = tool.palette
    return palette[(colorIndex[tool] ?? 0) % palette.count]
  }

  public var width: Double {
    let tool = tool ?? .pen
    return tool.widths[min(widthIndex[tool] ?? 0, tool.widths.count - 1)]
  }

  /// The place of `slide` and `step` (0-based), nil for a slide the deck does not have.
  public func place(slide: Int, step: Int) -> Ink.Place? {
    guard identities.indices.contains(slide) else { return nil }
    return ink.place(slide: identities[slide], step: step)
  }

  /// Applies a key's command on `slide` at `step`. Whether anything changed.
  public mutating func apply(_ command: InkCommand, slide: Int, step: Int) -> Bool {
    switch command {
    case .pen, .highlighter, .eraser:
      let chosen = InkTool(rawValue: command.rawValue) ?? .pen
      if tool == chosen {
        let next = (widthIndex[chosen] ?? 0) + 1
        if next >= chosen.widths.count {
          widthIndex[chosen] = 0
          tool = nil
        } else {
          widthIndex[chosen] = next
        }
      } else {
        tool = chosen
      }
      drawing = nil
      return true
    case .nextColor:
      let chosen = tool ?? .pen
      colorIndex[chosen] = ((colorIndex[chosen] ?? 0) + 1) % chosen.palette.count
      return true
    case .toggleHidden:
      hidden.toggle()
      return true
    case .clear:
      guard let place = place(slide: slide, step: step) else { return false }
      return ink.clear(place)
    case .undo:
      return ink.undo() != nil
    case .redo:
      return ink.redo() != nil
    case .whiteboard, .blackboard:
      // The session's: a page changes the slides (TalkSession+Ink.swift).
      return false
    }
  }

  /// The pen (or eraser) goes down at `point` of `slide` and `step`. Whether the ink took the
  /// press: with no tool in hand, it is a click as before.
  public mutating func press(_ point: InkPoint, slide: Int, step: Int) -> Bool {
    guard let tool, let place = place(slide: slide, step: step) else { return false }
    hidden = false
    if tool == .eraser {
      drawing = (place, InkStroke(tool: .eraser, color: color, width: width, points: [point]))
      ink.erase(at: point, radius: width / 2, aspect: aspect, in: place)
      return true
    }
    ink.titles[place.slide] = titles.indices.contains(slide) ? titles[slide] : nil
    drawing = (place, InkStroke(tool: tool, color: color, width: width, points: [point]))
    return true
  }

  /// The pen moves while down. Whether anything on screen changes.
  public mutating func move(to point: InkPoint) -> Bool {
    guard let (place, drawn) = drawing, let last = drawn.points.last else { return false }
    var stroke = drawn
    if stroke.tool == .eraser {
      drawing?.stroke.points = [point]
      return ink.erase(at: point, radius: stroke.width / 2, aspect: aspect, in: place)
    }
    guard point.distance(to: last, aspect: aspect) >= InkStroke.minimumStep,
      stroke.points.count < InkSidecar.pointLimit
    else { return false }
    stroke.points.append(point)
    drawing = (place, stroke)
    return true
  }

  /// The pen comes up: the stroke, smoothed and simplified, joins the slide's ink.
  public mutating func release() -> Bool {
    guard let (place, stroke) = drawing else { return false }
    drawing = nil
    guard stroke.tool != .eraser else { return false }
    ink.add(stroke.smoothed(aspect: aspect), at: place)
    return true
  }

  /// The committed strokes of `slide` at `step`, drawn on a slide lying at `rect`.
  public func commands(slide: Int, step: Int, in rect: Rect) -> [DrawCommand] {
    guard !hidden, identities.indices.contains(slide) else { return [] }
    return Self.commands(ink.strokes(slide: identities[slide], step: step), in: rect)
  }

  /// The strokes' layer key (`layerKey(slide:step:)`), which a kept layer holding them takes
  /// into its own, and `commands(slide:step:in:)` through `cache`, where they are kept by it: a
  /// window asks for them at every frame, its kept layer most often making them unneeded. nil
  /// where there are none.
  public func keptCommands(slide: Int, step: Int, in rect: Rect, cache: SlideFrameCache?)
    -> (key: String, commands: [DrawCommand])?
  {
    guard let key = layerKey(slide: slide, step: step) else { return nil }
    let make = { commands(slide: slide, step: step, in: rect) }
    return (key, cache?.inkCommands(key, in: rect, make: make) ?? make())
  }

  /// The strokes of every step of `slide` (a page that shows the whole slide: an export without
  /// `--steps`), each place once.
  public func commands(slide: Int, steps: Range<Int>, in rect: Rect) -> [DrawCommand] {
    guard !hidden, identities.indices.contains(slide) else { return [] }
    let places = Set(steps.map { ink.place(slide: identities[slide], step: $0) })
    let strokes = places.sorted().flatMap { ink.strokes[$0] ?? [] }
    return Self.commands(strokes, in: rect)
  }

  /// The stroke being drawn, if it is on `slide` at `step`.
  public func liveCommands(slide: Int, step: Int, in rect: Rect) -> [DrawCommand] {
    guard let (place, stroke) = drawing, stroke.tool != .eraser,
      place == self.place(slide: slide, step: step)
    else { return [] }
    return Self.commands([stroke], in: rect)
  }

  /// Strokes drawn on a slide lying at `rect`: highlighters first, so the pen's lines stay on
  /// top of them, clipped to the slide.
  public static func commands(_ strokes: [InkStroke], in rect: Rect) -> [DrawCommand] {
    guard !strokes.isEmpty else { return [] }
    let ordered =
      strokes.filter { $0.tool == .highlighter } + strokes.filter { $0.tool != .highlighter }
    return [.pushClip(rect)] + ordered.map { .stroke($0.item(in: rect)) } + [.popClip]
  }

  /// The version of what `slide` at `step` shows, for a cached layer's key.
  public func layerKey(slide: Int, step: Int) -> String? {
    guard !hidden, identities.indices.contains(slide) else { return nil }
    let strokes = ink.strokes(slide: identities[slide], step: step)
    guard !strokes.isEmpty else { return nil }
    return "ink \(ink.version(slide: identities[slide], step: step))"
  }
}
