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
    // Cell edges on whole pixels, so that none is blended with what lies under it (a seam the
    // colour of the slide's ground); each cell overlaps the next by a pixel, which the next one
    // paints over, so that a PDF viewer shows no hairline between them either.
    let xs = (0...columns).map { (rect.x + rect.width * Double($0) / Double(columns)).rounded() }
    let ys = (0...rows).map { (rect.y + rect.height * Double($0) / Double(rows)).rounded() }
    for row in 0..<rows {
      for column in 0..<columns {
        let (left, top) = (xs[column], ys[row])
        let cell = Rect(
          x: left, y: top,
          width: xs[column + 1] - left + (column == columns - 1 ? 0 : 1),
          height: ys[row + 1] - top + (row == rows - 1 ? 0 : 1))
        let middle = (x: (left + xs[column + 1]) / 2 - rect.x, y: (top + ys[row + 1]) / 2 - rect.y)
        commands.append(.fill(cell, color(x: middle.x, y: middle.y)))
      }
    }
    return commands
  }
}
