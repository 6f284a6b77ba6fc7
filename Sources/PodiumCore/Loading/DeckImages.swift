extension Block {
  /// Calls `body` with each image of this block and the blocks inside it, which it may change.
  mutating func updateImages(_ body: (inout ImageReference, SourceLocation) -> Void) {
    switch kind {
    case .image(var image):
      body(&image, location)
      kind = .image(image)
    case .list(var list):
      for item in list.items.indices {
        for block in list.items[item].blocks.indices {
          list.items[item].blocks[block].updateImages(body)
        }
      }
      kind = .list(list)
    case .quote(var quote):
      for block in quote.blocks.indices { quote.blocks[block].updateImages(body) }
      kind = .quote(quote)
    case .columns(var columns):
      for column in columns.columns.indices {
        for block in columns.columns[column].indices {
          columns.columns[column][block].updateImages(body)
        }
      }
      kind = .columns(columns)
    case .box(var box):
      for block in box.blocks.indices { box.blocks[block].updateImages(body) }
      kind = .box(box)
    default:
      break
    }
  }
}

extension Slide {
  /// Calls `body` with each image of the slide (blocks, backgrounds and the background
  /// directive, with where each is written), which it may change.
  public mutating func updateImages(_ body: (inout ImageReference, SourceLocation) -> Void) {
    for index in blocks.indices { blocks[index].updateImages(body) }
    for index in backgrounds.indices { body(&backgrounds[index].image, location) }
    if case .image(var image) = directives.background {
      body(&image, location)
      directives.background = .image(image)
    }
  }

  /// The slide's images, with where each is written.
  public var images: [(image: ImageReference, location: SourceLocation)] {
    var copy = self
    var found: [(ImageReference, SourceLocation)] = []
    copy.updateImages { image, location in found.append((image, location)) }
    return found
  }
}

extension Deck {
  /// Every local image file the deck shows: block images (in lists, quotes and columns too),
  /// backgrounds and background directives, videos and their posters. What live reload
  /// watches besides the deck itself.
  public var imagePaths: [String] {
    var seen = Set<String>()
    return slides.flatMap { $0.images }.flatMap { image, _ in
      [image.path, image.video?.posterImage].compactMap { $0 }
    }.filter { seen.insert($0).inserted }
  }

  /// Every video the slides show, with the slide and where it is written, in the deck's order.
  public var videos: [(slide: Int, image: ImageReference, location: SourceLocation)] {
    slides.flatMap { slide in
      slide.images.filter { $0.image.video != nil }.map { (slide.index, $0.image, $0.location) }
    }
  }
}
