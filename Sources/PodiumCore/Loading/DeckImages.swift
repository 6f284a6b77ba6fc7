extension Block {
  /// The local files of the images in this block and the blocks inside it.
  public var imagePaths: [String] {
    switch kind {
    case .image(let image): return image.path.map { [$0] } ?? []
    case .list(let list): return list.items.flatMap { $0.blocks.flatMap(\.imagePaths) }
    case .quote(let quote): return quote.blocks.flatMap(\.imagePaths)
    default: return []
    }
  }
}

extension Deck {
  /// Every local image file the deck shows: block images, backgrounds and background
  /// directives. What live reload watches besides the deck itself.
  public var imagePaths: [String] {
    var paths: [String] = []
    for slide in slides {
      paths += slide.blocks.flatMap(\.imagePaths)
      paths += slide.backgrounds.compactMap(\.image.path)
      if case .image(let image) = slide.directives.background, let path = image.path {
        paths.append(path)
      }
    }
    var seen = Set<String>()
    return paths.filter { seen.insert($0).inserted }
  }
}
