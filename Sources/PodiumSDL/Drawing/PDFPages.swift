import CSDL2
import PodiumCore

/// PDF pages on a frame (a PDF deck's slides, formulas): drawn at the size they are shown, and
/// what a frame waits for, or has drawn ahead, before it shows.
extension FrameRenderer {
  /// A PDF page (a PDF deck's slide, a formula) drawn at the size it is shown, so it is crisp.
  func pageTexture(_ item: ImageItem) -> Texture? {
    let size = Self.pixelSize(of: item)
    let key = ImageLibrary.pageKey(item, size: size)
    if let cached = pageTextures.value(forKey: key) { return cached }
    guard let page = images.pagePixels(item, size: size),
      let made = try? renderer.texture(bgra: page.bgra, size: size, opaque: page.opaque)
    else { return nil }
    pageTextures.insert(made, forKey: key, cost: made.width * made.height * 4)
    return made
  }

  private static func pixelSize(of item: ImageItem) -> PixelSize {
    let rect = item.destination.sdlRect
    return PixelSize(width: Int(rect.w), height: Int(rect.h))
  }

  /// The pages of PDFs a frame draws, at the sizes it draws them, those of layers not kept
  /// included: what to draw ahead for it.
  public func pageRequests(in frame: SlideFrame) -> [PageRequest] {
    pageItems(in: frame.commands).map { ImageLibrary.pageRequest($0, size: Self.pixelSize(of: $0)) }
  }

  /// Whether drawing the frame needs no page drawn now: each is in a kept layer or texture, or
  /// drawn ahead and waiting.
  public func pagesReady(in frame: SlideFrame) -> Bool {
    guard let pages = images.pages else { return true }
    return pageItems(in: frame.commands).allSatisfy { item in
      let size = Self.pixelSize(of: item)
      return pageTextures.contains(ImageLibrary.pageKey(item, size: size))
        || pages.isReady(ImageLibrary.pageRequest(item, size: size))
    }
  }

  private func pageItems(in commands: [DrawCommand]) -> [ImageItem] {
    commands.flatMap { command -> [ImageItem] in
      switch command {
      case .image(let item) where item.page != nil:
        return [item]
      case .layer(let layer) where !keepsLayer(layer):
        return pageItems(in: layer.frame.commands)
      default:
        return []
      }
    }
  }
}
