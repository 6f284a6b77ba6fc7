/// A slide's background images: covering, contained, at their own size or a share of the width,
/// side by side or stacked, over the whole slide or one side of it (Marp's `![bg ...]`).
extension LayoutEngine {
  /// The backgrounds the room sees, and what only the speaker sees: where a remote image not
  /// fetched would be, its address.
  func backgroundCommands(_ slide: Slide, context: Context) -> (
    drawn: [DrawCommand], speakerOnly: [DrawCommand]
  ) {
    var layers: [(ImageReference, BackgroundImage.Size)] = []
    if case .image(let image) = slide.directives.background { layers.append((image, .cover)) }
    layers += slide.backgrounds.map { ($0.image, $0.size) }
    guard !layers.isEmpty else { return ([], []) }
    // Several `![bg]` images share the background's area side by side (stacked with
    // `vertical`), as in Marp; the area is a side of the slide when the slide is split.
    let area = Self.backgroundArea(slide, in: context.slideRect)
    let vertical = slide.backgrounds.contains(where: \.vertical)
    let count = Double(layers.count)
    var commands: [DrawCommand] = []
    var speakerOnly: [DrawCommand] = []
    for (index, (image, size)) in layers.enumerated() {
      let strip =
        vertical
        ? Rect(
          x: area.x, y: area.y + area.height / count * Double(index), width: area.width,
          height: area.height / count)
        : Rect(
          x: area.x + area.width / count * Double(index), y: area.y, width: area.width / count,
          height: area.height)
      if image.isUnfetched {
        speakerOnly += unfetchedLabel(image, in: strip, context: context)
        continue
      }
      guard let path = image.path, let natural = naturalSize(of: image) else { continue }
      switch size {
      case .cover:
        commands.append(
          .image(
            ImageItem(image, path: path, destination: strip, source: coverCrop(natural, strip))))
      case .contain:
        commands.append(
          .image(
            ImageItem(image, path: path, destination: fitted(natural, in: strip))))
      case .auto, .percent:
        let scale: Double
        if case .percent(let share) = size {
          scale = strip.width * share / Double(max(1, natural.width))
        } else {
          scale = context.slideRect.height / 720
        }
        let width = Double(natural.width) * scale
        let height = Double(natural.height) * scale
        let placed = Rect(
          x: strip.x + (strip.width - width) / 2, y: strip.y + (strip.height - height) / 2,
          width: width, height: height)
        commands.append(.pushClip(strip))
        commands.append(
          .image(ImageItem(image, path: path, destination: placed)))
        commands.append(.popClip)
      }
    }
    return (commands, speakerOnly)
  }

  /// A remote background image not fetched, for the speaker: its address in a band across the
  /// middle of its place.
  private func unfetchedLabel(_ image: ImageReference, in strip: Rect, context: Context)
    -> [DrawCommand]
  {
    let font = FontSpec(family: context.bodyFamily, size: context.slideRect.height * 0.025)
    let lines = flow(context, font: font, color: context.colors.muted).lines(
      [TextRun("\(ImageReference.notFetched): \(image.source)")], width: strip.width * 0.9,
      alignment: .center)
    let height = lines.reduce(0) { $0 + $1.height } + font.size
    var y = strip.y + (strip.height - height) / 2
    var commands: [DrawCommand] = [
      .fill(Rect(x: strip.x, y: y, width: strip.width, height: height), context.colors.placeholder)
    ]
    y += font.size / 2
    for line in lines {
      for var item in line.items {
        item.x += strip.x + strip.width * 0.05
        item.y += y
        commands.append(.text(item))
      }
      y += line.height
    }
    return commands
  }

  /// An image's own size in pixels: a video's from its stream (read when the deck was loaded),
  /// a picture's from its file; nil when it cannot be shown.
  func naturalSize(of image: ImageReference) -> PixelSize? {
    guard let path = image.path else { return nil }
    if let video = image.video {
      return video.stream.map { PixelSize(width: $0.width, height: $0.height) }
    }
    return images.size(ofImageAt: path)
  }

  /// Where a slide's backgrounds go: the whole slide, or its split side (`![bg left:40%]`).
  static func backgroundArea(_ slide: Slide, in slideRect: Rect) -> Rect {
    guard let split = slide.backgrounds.lazy.compactMap(\.split).first else { return slideRect }
    let width = slideRect.width * split.fraction
    return Rect(
      x: split.right ? slideRect.maxX - width : slideRect.x, y: slideRect.y, width: width,
      height: slideRect.height)
  }
}
