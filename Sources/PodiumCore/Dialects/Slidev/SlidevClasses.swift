import Foundation

/// The UnoCSS utility classes Slidev decks put on slides (`class: text-center`) that mean
/// something Podium can draw: text alignment, text sizes (as UnoCSS's scale, relative to the
/// base size) and grid columns. Every other class is CSS that Podium does not draw; it is left
/// aside silently, as an unknown class never stops Slidev.
enum SlidevClasses {
  /// UnoCSS's `text-*` sizes over its base `text-base` (1rem).
  static let sizes: [String: Double] = [
    "text-xs": 0.75, "text-sm": 0.875, "text-base": 1, "text-lg": 1.125, "text-xl": 1.25,
    "text-2xl": 1.5, "text-3xl": 1.875, "text-4xl": 2.25, "text-5xl": 3, "text-6xl": 3.75,
  ]

  static let alignments: [String: Block.Alignment] = [
    "text-center": .center, "text-left": .natural, "text-right": .right,
  ]

  static func apply(_ classes: [String], to slide: inout Slide) {
    for name in classes {
      if let alignment = alignments[name] {
        for index in slide.blocks.indices { slide.blocks[index].alignment = alignment }
      }
      if let scale = sizes[name] {
        for index in slide.blocks.indices { slide.blocks[index].fontScale *= scale }
      }
      if name.hasPrefix("grid-cols-"), let count = Int(name.dropFirst("grid-cols-".count)),
        (2...6).contains(count)
      {
        slide.blocks = gridded(slide.blocks, columns: count)
      }
    }
  }

  /// The blocks after the slide's title in a grid of `columns`, filled row by row as CSS fills
  /// a grid: block N in column N mod `columns`.
  static func gridded(_ blocks: [Block], columns: Int) -> [Block] {
    let titled = blocks.first?.isHeading == true
    let body = Array(blocks.dropFirst(titled ? 1 : 0))
    guard body.count > 1, let first = body.first else { return blocks }
    var cells = [[Block]](repeating: [], count: columns)
    for (index, block) in body.enumerated() { cells[index % columns].append(block) }
    let grid = Block(
      .columns(ColumnsBlock(widths: Array(repeating: 1, count: columns), columns: cells)),
      at: first.location, step: first.step)
    return (titled ? [blocks[0]] : []) + [grid]
  }
}
