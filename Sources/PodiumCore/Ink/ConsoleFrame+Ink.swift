import Foundation

/// A button of the console's ink strip: a tool, or a colour for the tool in hand.
public struct InkToolButton: Hashable, Sendable {
  public var command: InkCommand
  public var rect: Rect

  public init(command: InkCommand, rect: Rect) {
    self.command = command
    self.rect = rect
  }
}

extension ConsoleFrame {
  /// Draws the stroke being drawn on the console's view of the current slide (its committed ink
  /// is in the console's kept layer: `console(...ink:)`), and the ink strip along the view's top-right corner: pen, highlighter, eraser (the one in
  /// hand framed), then the colour (a click: the next one). Only the speaker sees the strip.
  /// On a zoomed view (`viewport`) the ink is drawn where the zoom puts it, clipped to the view.
  public mutating func addInk(
    _ ink: TalkInk, slide: Int, step: Int, viewport: SlideViewport = .whole
  ) {
    guard currentSlide.width > 0, currentSlide.height > 0, overview.isEmpty else { return }
    let inked = viewport.slideRect(in: currentSlide)
    let strokes = ink.liveCommands(slide: slide, step: step, in: inked)
    frame.commands +=
      viewport.isZoomed && !strokes.isEmpty
      ? [.pushClip(currentSlide)] + strokes + [.popClip] : strokes
    let size = max(18, (currentSlide.height * 0.065).rounded())
    let gap = (size * 0.25).rounded()
    let buttons: [InkCommand] = [.pen, .highlighter, .eraser, .nextColor]
    var x = currentSlide.maxX - gap - Double(buttons.count) * (size + gap)
    let y = currentSlide.y + gap
    let back = Rect(
      x: x - gap / 2, y: y - gap / 2, width: Double(buttons.count) * (size + gap),
      height: size + gap)
    frame.commands.append(.fill(back, RGBAColor(red: 0x20, green: 0x20, blue: 0x20, alpha: 170)))
    inkTools = []
    for command in buttons {
      let rect = Rect(x: x, y: y, width: size, height: size)
      let tool = InkTool(rawValue: command.rawValue)
      if let tool, tool == ink.tool {
        frame.commands.append(.fill(rect, RGBAColor(red: 0xFF, green: 0xFF, blue: 0xFF)))
      }
      let inner = Rect(
        x: rect.x + 2, y: rect.y + 2, width: rect.width - 4, height: rect.height - 4)
      frame.commands.append(.fill(inner, RGBAColor(red: 0x40, green: 0x40, blue: 0x40)))
      switch command {
      case .pen, .highlighter:
        let width = command == .pen ? max(2, size * 0.12) : max(4, size * 0.35)
        let color = (tool ?? .pen).palette[0]
        let item = StrokeItem(
          points: [
            inner.x + size * 0.2, inner.maxY - size * 0.2, inner.maxX - size * 0.2,
            inner.y + size * 0.2,
          ],
          width: width, color: color, blend: .normal)
        frame.commands.append(.stroke(item))
      case .eraser:
        frame.commands.append(
          .fill(
            Rect(
              x: inner.x + size * 0.2, y: inner.y + size * 0.3, width: inner.width - size * 0.4,
              height: inner.height - size * 0.6), RGBAColor(red: 0xF0, green: 0xA0, blue: 0xB0)))
      default:
        frame.commands.append(
          .fill(
            Rect(
              x: inner.x + size * 0.15, y: inner.y + size * 0.15, width: inner.width - size * 0.3,
              height: inner.height - size * 0.3), ink.color))
      }
      inkTools.append(InkToolButton(command: command, rect: rect))
      x += size + gap
    }
  }
}

extension LayoutEngine {
  /// `frame` of `slide` at `step` with its ink (`ink`) drawn over it, for exports: that step's,
  /// or with `wholeSlide` (a page per slide, which shows its last step) every step's.
  func inked(_ frame: SlideFrame, slide: Int, step: Int, wholeSlide: Bool) -> SlideFrame {
    guard let ink else { return frame }
    var frame = frame
    frame.commands +=
      wholeSlide
      ? ink.commands(slide: slide, steps: 0..<(step + 1), in: frame.slideRect)
      : ink.commands(slide: slide, step: step, in: frame.slideRect)
    return frame
  }
}
