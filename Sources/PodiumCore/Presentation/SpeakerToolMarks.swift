/// What the speaker's tools draw over a view of the slide, in that view's pixels: the room
/// dimmed outside a box, the spotlight, the laser's fading trail and its dot; on the console
/// also the box being dragged, where the zoomed region lies on the slide, and which drag is
/// armed. Rectangles only, as the draw list has them, sized by the view so they read the same
/// on a laptop and a projector.
extension PresentationState {
  /// The marks over a view that draws the slide at `view` (borders excluded) through the tools'
  /// viewport, at `now` on the talk's clock. `speaker`: the console's view, which also shows the
  /// drag, the zoom's place and the armed drag.
  public func toolMarks(in view: Rect, at now: Double, speaker: Bool) -> [DrawCommand] {
    guard view.width > 0, view.height > 0 else { return [] }
    let viewport = tools.viewport
    var marks: [DrawCommand] = []
    if let box = tools.dimBox {
      marks += SpeakerToolMarks.outside(
        viewport.rect(of: box, in: view).intersection(view), in: view,
        color: SpeakerToolMarks.dimming)
    }
    if tools.spotlightOn {
      let centre = viewport.location(of: pointer ?? SlidePoint(x: 0.5, y: 0.5), in: view)
      marks += SpeakerToolMarks.spotlight(
        centre: centre, radius: tools.spotlightRadius * view.height, in: view)
    }
    if pointerOn, tools.laserTrail {
      marks += SpeakerToolMarks.trail(tools.trail, viewport: viewport, in: view, at: now)
    }
    if let laser {
      let (x, y) = viewport.location(of: laser, in: view)
      // `dot` sizes itself by the slide's height and centres on the point's place in it.
      let around = Rect(
        x: x - view.width / 2, y: y - view.height / 2, width: view.width, height: view.height)
      marks += SlidePoint(x: 0.5, y: 0.5).dot(in: around)
    }
    guard speaker else { return marks }
    let line = max(2, (view.height * 0.004).rounded())
    if let box = tools.dragBox {
      marks += viewport.rect(of: box, in: view).intersection(view).outline(thickness: line)
        .map { .fill($0, SpeakerToolMarks.accent) }
    }
    if let armed = tools.armed {
      let color = armed == .zoom ? SpeakerToolMarks.accent : SpeakerToolMarks.dimArmed
      marks += view.outline(thickness: line).map { .fill($0, color) }
    }
    if viewport.isZoomed { marks += SpeakerToolMarks.map(of: viewport, in: view, line: line) }
    return marks
  }
}

/// The shapes of `toolMarks`, as rows of rectangles.
enum SpeakerToolMarks {
  static let dimming = RGBAColor(red: 0, green: 0, blue: 0, alpha: 150)
  static let spotlightShade = RGBAColor(red: 0, green: 0, blue: 0, alpha: 185)
  static let accent = RGBAColor(red: 0x40, green: 0xC8, blue: 0xFF)
  static let dimArmed = RGBAColor(red: 0xFF, green: 0xC0, blue: 0x30)

  /// Everything of `view` but `hole`, in four rectangles.
  static func outside(_ hole: Rect, in view: Rect, color: RGBAColor) -> [DrawCommand] {
    guard !hole.isEmpty else { return [.fill(view, color)] }
    let parts = [
      Rect(x: view.x, y: view.y, width: view.width, height: hole.y - view.y),
      Rect(x: view.x, y: hole.maxY, width: view.width, height: view.maxY - hole.maxY),
      Rect(x: view.x, y: hole.y, width: hole.x - view.x, height: hole.height),
      Rect(x: hole.maxX, y: hole.y, width: view.maxX - hole.maxX, height: hole.height),
    ]
    return parts.filter { !$0.isEmpty }.map { .fill($0, color) }
  }

  /// `view` darkened but for a disc around `centre`: a band above and below it, and on each
  /// pixel row across it the parts either side of the disc.
  static func spotlight(centre: (x: Double, y: Double), radius: Double, in view: Rect)
    -> [DrawCommand]
  {
    let color = spotlightShade
    let top = max(view.y, (centre.y - radius).rounded(.down))
    let bottom = min(view.maxY, (centre.y + radius).rounded(.up))
    guard top < bottom else { return [.fill(view, color)] }
    var commands: [DrawCommand] = [
      .fill(Rect(x: view.x, y: view.y, width: view.width, height: top - view.y), color),
      .fill(Rect(x: view.x, y: bottom, width: view.width, height: view.maxY - bottom), color),
    ]
    var y = top
    while y < bottom {
      let dy = y + 0.5 - centre.y
      let half = max(0, radius * radius - dy * dy).squareRoot()
      let left = min(view.maxX, max(view.x, centre.x - half))
      let right = max(view.x, min(view.maxX, centre.x + half))
      commands.append(.fill(Rect(x: view.x, y: y, width: left - view.x, height: 1), color))
      commands.append(.fill(Rect(x: right, y: y, width: view.maxX - right, height: 1), color))
      y += 1
    }
    return commands.filter {
      if case .fill(let rect, _) = $0 { return !rect.isEmpty }
      return true
    }
  }

  /// The laser's recent path: dots along it, smaller and fainter the older they are.
  static func trail(
    _ points: [SpeakerTools.TrailPoint], viewport: SlideViewport, in view: Rect, at now: Double
  ) -> [DrawCommand] {
    let life = SpeakerTools.trailLifetime
    let live = points.filter { now - $0.at < life }
    guard live.count > 1 else { return [] }
    let radius = max(2, view.height * 0.006)
    var commands: [DrawCommand] = []
    var budget = 240
    for (a, b) in zip(live, live.dropFirst()) {
      let start = viewport.location(of: a.point, in: view)
      let end = viewport.location(of: b.point, in: view)
      let length = ((end.x - start.x) * (end.x - start.x) + (end.y - start.y) * (end.y - start.y))
        .squareRoot()
      let count = max(1, min(budget, Int(length / radius)))
      budget -= count
      for index in 0..<count {
        let t = Double(index) / Double(count)
        let fresh = 1 - (now - (a.at + (b.at - a.at) * t)) / life
        guard fresh > 0 else { continue }
        commands += disc(
          x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t,
          radius: radius * (0.4 + 0.6 * fresh),
          color: RGBAColor(red: 0xFF, green: 0x30, blue: 0x30, alpha: UInt8(40 + 180 * fresh)))
      }
      if budget <= 0 { break }
    }
    return commands
  }

  /// A filled disc as rows of rectangles.
  static func disc(x cx: Double, y cy: Double, radius: Double, color: RGBAColor) -> [DrawCommand] {
    let rows = max(1, Int(radius.rounded(.up)))
    return (-rows..<rows).map { row in
      let y = Double(row) + 0.5
      let half = max(0, radius * radius - y * y).squareRoot()
      return .fill(Rect(x: cx - half, y: cy + Double(row), width: 2 * half, height: 1), color)
    }
  }

  /// The whole slide small in the view's corner, with the zoomed region framed on it: where
  /// the room's view is.
  static func map(of viewport: SlideViewport, in view: Rect, line: Double) -> [DrawCommand] {
    let width = (view.width * 0.2).rounded()
    let height = (view.height * 0.2).rounded()
    let margin = (view.height * 0.02).rounded()
    let whole = Rect(
      x: view.maxX - width - margin, y: view.maxY - height - margin, width: width, height: height)
    let region = viewport.region
    let part = Rect(
      x: whole.x + region.x * width, y: whole.y + region.y * height,
      width: max(line * 2, region.width * width), height: max(line * 2, region.height * height))
    let frame = RGBAColor(red: 0xFF, green: 0xFF, blue: 0xFF, alpha: 200)
    return [.fill(whole, RGBAColor(red: 0, green: 0, blue: 0, alpha: 140))]
      + whole.outline(thickness: max(1, line / 2)).map { .fill($0, frame) }
      + [.fill(part, RGBAColor(red: 0x40, green: 0xC8, blue: 0xFF, alpha: 90))]
      + part.outline(thickness: line).map { .fill($0, accent) }
  }
}
