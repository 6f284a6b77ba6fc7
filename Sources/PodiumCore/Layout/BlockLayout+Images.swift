/// Images in a block's place: a picture fitted to the room it has, a page of a PDF, or a
/// placeholder naming what is missing.
extension BlockLayout {
  /// An image fitted into `width` × `height` with its aspect kept, or a placeholder naming it.
  func imageBox(for block: Block, width: Double, height: Double) -> Box {
    guard case .image(let image) = block.kind else {
      return box(for: block, width: width)
    }
    if let page = image.page {
      // A page of a PDF (a notes page's notes): vectors, fitted at any size.
      let natural = PixelSize(
        width: max(1, Int(page.size.width * 100)), height: max(1, Int(page.size.height * 100)))
      let target = fitted(natural, in: Rect(x: 0, y: 0, width: width, height: height))
      let item = ImageItem(
        path: page.file, destination: Rect(x: 0, y: 0, width: target.width, height: target.height),
        source: page.crop, page: page.index)
      return Box(
        width: target.width, height: target.height,
        pieces: [Piece(step: block.step, command: .image(item))], location: block.location,
        spaceAfter: em * 0.6)
    }
    if let path = image.path, let natural = engine.naturalSize(of: image) {
      let target = engine.imageSize(
        image, natural: natural, width: width, height: height, slideHeight: context.slideRect.height
      )
      return Box(
        width: target.width, height: target.height,
        pieces: [
          Piece(
            step: block.step,
            command: .image(
              ImageItem(
                image, path: path,
                destination: Rect(x: 0, y: 0, width: target.width, height: target.height))))
        ],
        location: block.location, spaceAfter: em * 0.6)
    }
    // Missing or unreadable (or a remote picture not fetched): the room sees what a browser
    // shows of a picture it cannot load, its alt text in its place, and never an error; the
    // console's view of the slide shows a box over it naming what is wrong, for the speaker.
    let boxHeight = min(height, width * 9 / 16, context.slideRect.height * 0.4)
    let boxWidth = min(width, boxHeight * 16 / 9)
    var pieces = centredLines(
      image.alt, font: FontSpec(family: context.bodyFamily, size: em * 0.8), color: colors.muted,
      width: boxWidth, height: boxHeight, step: block.step)
    let frame = Rect(x: 0, y: 0, width: boxWidth, height: boxHeight)
    let problem = image.problem ?? "image not found"
    var speaker = [Piece(step: block.step, command: .fill(frame, colors.placeholder))]
    speaker += centredLines(
      "\(problem): \(image.source)", font: FontSpec(family: context.bodyFamily, size: em * 0.7),
      color: colors.muted, width: boxWidth, height: boxHeight, step: block.step)
    let border = max(1, (em * 0.05).rounded())
    speaker += [
      Rect(x: 0, y: 0, width: boxWidth, height: border),
      Rect(x: 0, y: boxHeight - border, width: boxWidth, height: border),
      Rect(x: 0, y: 0, width: border, height: boxHeight),
      Rect(x: boxWidth - border, y: 0, width: border, height: boxHeight),
    ].map { Piece(step: block.step, command: .fill($0, colors.muted)) }
    for index in speaker.indices { speaker[index].speakerOnly = true }
    pieces += speaker
    return Box(
      width: boxWidth, height: boxHeight, pieces: pieces, location: block.location,
      spaceAfter: em * 0.6)
  }

  /// `text` in lines centred in a box of `width` × `height`.
  private func centredLines(
    _ text: String, font: FontSpec, color: RGBAColor, width: Double, height: Double, step: Int
  ) -> [Piece] {
    guard !text.isEmpty else { return [] }
    let lines = engine.flow(context, font: font, color: color).lines(
      [TextRun(text)], width: width * 0.9, alignment: .center)
    var y = (height - lines.reduce(0) { $0 + $1.height }) / 2
    var pieces: [Piece] = []
    for line in lines {
      for var item in line.items {
        item.x += width * 0.05
        item.y += y
        pieces.append(Piece(step: step, command: .text(item)))
      }
      y += line.height
    }
    return pieces
  }
}
