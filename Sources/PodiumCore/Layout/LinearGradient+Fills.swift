import Foundation

extension LinearGradient {
  /// Fills that paint the gradient over `rect`: bands across the gradient line where it runs
  /// along a side, a grid of cells where it runs aslant, each in the colour at its middle.
  /// Fine enough that neighbouring cells differ by a step of a colour channel or two.
  public func fills(_ rect: Rect) -> [DrawCommand] {
    guard rect.width > 0, rect.height > 0 else { return [] }
    let radians = angle * .pi / 180
    let (dx, dy) = (sin(radians), -cos(radians))
    // The gradient line's length: the corners' extent along its direction.
    let length = abs(rect.width * dx) + abs(rect.height * dy)
    func color(x: Double, y: Double) -> RGBAColor {
      let along = (x - rect.width / 2) * dx + (y - rect.height / 2) * dy
      return self.color(at: 0.5 + along / max(length, 1))
    }
    let vertical = abs(dx) < 1e-9
    let horizontal = abs(dy) < 1e-9
    let columns = vertical ? 1 : horizontal ? 128 : 64
    let rows = horizontal ? 1 : vertical ? 72 : 36
    var commands: [DrawCommand] = []
    commands.reserveCapacity(columns * rows)
    let cellWidth = rect.width / Double(columns)
    let cellHeight = rect.height / Double(rows)
    for row in 0..<rows {
      for column in 0..<columns {
        let x = Double(column) * cellWidth
        let y = Double(row) * cellHeight
        // Each cell a pixel wider and taller, so that no seam of the slide shows between them.
        let cell = Rect(
          x: rect.x + x, y: rect.y + y,
          width: column == columns - 1 ? rect.width - x : cellWidth + 1,
          height: row == rows - 1 ? rect.height - y : cellHeight + 1)
        commands.append(.fill(cell, color(x: x + cellWidth / 2, y: y + cellHeight / 2)))
      }
    }
    return commands
  }
}
