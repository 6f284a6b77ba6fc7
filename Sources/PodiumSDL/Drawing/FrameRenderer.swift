import CSDL2
import PodiumCore

/// Draws `SlideFrame`s with an SDL renderer: the one path from draw list to pixels, shared by
/// export and the live windows. It knows nothing about decks.
///
/// Used from one thread.
public final class FrameRenderer {
  let renderer: Renderer
  let fonts: FontLibrary
  let images: ImageLibrary
  let measurer: any TextMeasurer

  /// Text and image textures, kept while the same frames are redrawn (a window redraws the same
  /// slide every second for the clock), bounded by memory so a long talk or a 1,000-slide export
  /// does not grow without limit.
  private var textTextures = LRUCache<TextKey, CachedText>(budget: 24 * 1024 * 1024)
  private var imageTextures = LRUCache<String, Texture>(budget: ImageLibrary.cacheBudget)
  /// Pages of PDFs (a PDF deck's slides, formulas) at the size they are shown. Few are kept: a
  /// slide's page lives on in the layer it is drawn into, and a 1080p page is 8 MB.
  private var pageTextures = LRUCache<String, Texture>(budget: 16 * 1024 * 1024)
  /// Past this many bytes of text textures, those the last frame did not draw are let go before
  /// the next. The console's clock and countdown are new strings every second: kept until the
  /// budget, they would add megabytes a minute to a talk's memory.
  private let textTextureKeep = 4 * 1024 * 1024
  /// What the clips and animations playing now show, by file: drawn over the frame after it is
  /// drawn from its kept layers, each in its item's place, with what the draw list puts over it
  /// (a background clip's text) drawn again there (see `drawLivePictures`).
  public var livePictures: [String: LivePicture] = [:]
  /// Whether drawing an animated picture decodes all its frames, for a window that may play it
  /// (drawing ahead, the next slide's animations are ready when it shows); export draws only
  /// first frames.
  var decodesAnimations = false
  /// Each playing clip's texture, the picture last put into it, and when (milliseconds).
  private var videoTextures: [String: (texture: Texture, picture: ObjectIdentifier, at: Double)] =
    [:]
  /// The least time between two pictures put into a clip's texture, in milliseconds: the
  /// console's view takes at most 15 a second, so a key pressed while a clip plays does not wait
  /// for a picture's conversion there.
  var pictureInterval = 0.0
  /// Frames drawn by this renderer, the clock of `CachedText.lastFrame`.
  private var framesDrawn: UInt64 = 0

  private struct CachedText {
    var texture: Texture
    var lastFrame: UInt64
  }

  /// Bytes of text textures kept now.
  public var textCacheBytes: Int { textTextures.totalCost }

  private struct TextKey: Hashable {
    var text: String
    var font: FontSpec
    var color: RGBAColor
  }

  init(renderer: Renderer, fonts: FontLibrary, images: ImageLibrary, measurer: any TextMeasurer) {
    self.renderer = renderer
    self.fonts = fonts
    self.images = images
    self.measurer = measurer
  }

  /// Draws every command of `frame`, in order. Text or images that cannot be drawn are skipped:
  /// a frame is always drawn whole, never half.
  public func draw(_ frame: SlideFrame) {
    framesDrawn += 1
    if !videoTextures.isEmpty {
      videoTextures = videoTextures.filter { livePictures[$0.key] != nil }
    }
    if textTextures.totalCost > textTextureKeep { dropTextNotInLastFrame() }
    prepare(frame)
    var clips: [Rect] = []
    renderer.clip(nil)
    drawCommands(frame.commands, clips: &clips, onScreen: !livePictures.isEmpty)
    if !livePictures.isEmpty { drawLivePictures(frame.commands, clip: nil, over: []) }
    renderer.clip(nil)
  }

  /// Whether a playing clip hides all of a layer where it is visible, so copying the layer
  /// would be for nothing: the live pass draws the clip over every pixel of it, and then what
  /// the layer puts over the clip. Only a clip the layer draws outside any clip of its own
  /// counts, as only there does its picture cover its whole place (a clip's pictures are
  /// opaque).
  private func hiddenByLiveClip(_ layer: LayerItem, visible: Rect) -> Bool {
    let shown = visible.sdlRect
    guard shown.w > 0, shown.h > 0 else { return true }
    var depth = 0
    for command in layer.frame.commands {
      switch command {
      case .pushClip: depth += 1
      case .popClip: depth -= 1
      case .image(let item) where depth == 0 && item.video != nil:
        guard case .video? = livePictures[item.path], videoTextures[item.path] != nil else {
          continue
        }
        let place = item.destination
        let covers = Rect(
          x: place.x + layer.x, y: place.y + layer.y, width: place.width, height: place.height
        ).sdlRect
        if covers.x <= shown.x, covers.y <= shown.y, covers.x + covers.w >= shown.x + shown.w,
          covers.y + covers.h >= shown.y + shown.h
        {
          return true
        }
      default: continue
      }
    }
    return false
  }

  /// Draws each playing clip's or animation's current picture in its place, over the frame just
  /// drawn, and after it what its layer, and each layer around that, draw after it, clipped to
  /// it: so the layers stay kept textures (drawn ahead, copied whole) while a picture inside
  /// them changes thirty times a second, and a background clip's text stays over it. `over`
  /// holds the commands that follow each enclosing layer, innermost first.
  private func drawLivePictures(
    _ commands: [DrawCommand], clip: Rect?, over: [ArraySlice<DrawCommand>]
  ) {
    var clips: [Rect] = clip.map { [$0] } ?? []
    for (index, command) in commands.enumerated() {
      switch command {
      case .pushClip(let rect):
        clips.append(clips.last.map { $0.intersection(rect) } ?? rect)
      case .popClip:
        _ = clips.popLast()
      case .layer(let layer):
        let bounds = clips.last.map { $0.intersection(layer.destination) } ?? layer.destination
        drawLivePictures(
          layer.frame.translated(dx: layer.x, dy: layer.y), clip: bounds,
          over: [commands[(index + 1)...]] + over)
      case .image(let item):
        guard let texture = liveTexture(item) else { continue }
        let area = clips.last.map { $0.intersection(item.destination) } ?? item.destination
        guard area.width >= 1, area.height >= 1 else { continue }
        renderer.clip(area.sdlRect)
        copyLive(texture, item)
        for after in [commands[(index + 1)...]] + over {
          drawClipped(after, to: area)
        }
      default:
        continue
      }
    }
  }

  /// Draws `commands` inside `area` only: a clip they pop that they did not push (one opened
  /// before them) is ignored, so nothing spills out of the area.
  private func drawClipped(_ commands: ArraySlice<DrawCommand>, to area: Rect) {
    var depth = 0
    let balanced = commands.filter { command in
      switch command {
      case .pushClip: depth += 1
      case .popClip:
        guard depth > 0 else { return false }
        depth -= 1
      default: break
      }
      return true
    }
    var clips = [area]
    renderer.clip(area.sdlRect)
    drawCommands(Array(balanced), clips: &clips)
  }

  /// Draws the layers of `frame` into their textures, ahead of time, without drawing the frame:
  /// the next slide is prepared while the speaker talks, so moving to it is one copy.
  /// Text and images outside layers are prepared too, so the console's notes are ready.
  public func prepare(_ frame: SlideFrame) {
    for command in frame.commands {
      switch command {
      case .layer(let item):
        prepareLayer(item)
      case .text(let item):
        _ = textTexture(item)
      case .image(let item):
        _ = imageTexture(item)
      case .fill, .pushClip, .popClip:
        break
      }
    }
  }

  /// Draws a layer into its texture, the layers inside it first (so drawing it never switches
  /// the target half-way), or marks the kept one as used. A kept layer's contents are not walked:
  /// the console's slide part holds every line of text, and its texture already has them.
  private func prepareLayer(_ item: LayerItem) {
    if !layers.contains(LayerKey(key: item.key, size: item.frame.size)) {
      for case .layer(let inner) in item.frame.commands { prepareLayer(inner) }
    }
    _ = layerTexture(item)
  }

  /// `onScreen`: drawing the window's frame itself, with clips playing, where a layer a clip
  /// hides is left out (never into a layer's texture, which outlives the clip).
  private func drawCommands(_ commands: [DrawCommand], clips: inout [Rect], onScreen: Bool = false)
  {
    for command in commands {
      switch command {
      case .fill(let rect, let color):
        renderer.fill(rect.sdlRect, color)
      case .text(let item):
        drawText(item)
      case .image(let item):
        drawImage(item)
      case .pushClip(let rect):
        let clip = clips.last.map { $0.intersection(rect) } ?? rect
        clips.append(clip)
        renderer.clip(clip.sdlRect)
      case .popClip:
        clips.removeLast()
        renderer.clip(clips.last?.sdlRect)
      case .layer(let item):
        let visible = clips.last.map { $0.intersection(item.destination) } ?? item.destination
        if onScreen, hiddenByLiveClip(item, visible: visible) {
          layersHidden += 1
          continue
        }
        if let texture = layerTexture(item) {
          // Drawing a layer that was not ready switched the target and its clip: restore it.
          renderer.clip(clips.last?.sdlRect)
          renderer.copy(texture, source: nil, destination: item.destination.sdlRect)
        } else {
          // No texture to keep it in (headless export, or out of memory): draw it in place.
          clips.append(visible)
          renderer.clip(visible.sdlRect)
          drawCommands(
            item.frame.translated(dx: item.x, dy: item.y), clips: &clips, onScreen: onScreen)
          clips.removeLast()
          renderer.clip(clips.last?.sdlRect)
        }
      }
    }
  }

  // MARK: - Layers

  private struct LayerKey: Hashable {
    var key: String
    var size: PixelSize
  }

  /// The pixel format layer textures are made in, the window's; nil draws layers in place.
  var layerFormat: UInt32?
  /// How many bytes of layer textures to keep: the least recently used go first.
  var layerBudget: Int {
    get { layers.budget }
    set { layers.budget = newValue }
  }
  private var layers = LRUCache<LayerKey, Texture>(budget: 64 * 1024 * 1024)
  /// Layers drawn into a texture, and layers found ready, since this renderer was made.
  public private(set) var layersDrawn = 0
  public private(set) var layersReused = 0
  /// Layers not copied because a playing clip hid them (see `hiddenByLiveClip`).
  public private(set) var layersHidden = 0

  private func layerTexture(_ item: LayerItem) -> Texture? {
    let key = LayerKey(key: item.key, size: item.frame.size)
    if let cached = layers.value(forKey: key) {
      layersReused += 1
      return cached
    }
    guard let format = layerFormat else { return nil }
    let width = item.frame.size.width
    let height = item.frame.size.height
    let bytes = width * height * 4
    guard bytes <= layerBudget else { return nil }
    // Make room, least recently used first. A dropped texture of the same size is drawn over
    // instead of freed: a new 1080p texture costs 8 MB of fresh, zeroed pages.
    let reusable = layers.makeRoom(for: bytes).first { $0.width == width && $0.height == height }
    guard
      let texture = reusable
        ?? (try? renderer.targetTexture(width: width, height: height, format: format))
    else {
      return nil
    }
    do {
      try renderer.setTarget(texture)
    } catch {
      return nil
    }
    var clips: [Rect] = []
    renderer.clip(nil)
    drawCommands(item.frame.commands, clips: &clips)
    renderer.clip(nil)
    try? renderer.setTarget(nil)
    layers.insert(texture, forKey: key, cost: bytes)
    layersDrawn += 1
    return texture
  }

  private func textTexture(_ item: TextItem) -> Texture? {
    let key = TextKey(text: item.text, font: item.font, color: item.color)
    if let cached = textTextures.value(forKey: key) {
      let frame = framesDrawn
      if cached.lastFrame != frame { textTextures.update(forKey: key) { $0.lastFrame = frame } }
      return cached.texture
    }
    guard let surface = try? fonts.renderLine(item.text, font: item.font, color: item.color),
      let made = try? renderer.texture(from: surface)
    else { return nil }
    textTextures.insert(
      CachedText(texture: made, lastFrame: framesDrawn), forKey: key,
      cost: made.width * made.height * 4)
    return made
  }

  /// Lets go of the text textures the previous frame did not use (the clock's last second, the
  /// lines of slides whose layers are kept as pixels anyway).
  private func dropTextNotInLastFrame() {
    let lastFrame = framesDrawn - 1
    textTextures.removeAll { _, cached in cached.lastFrame < lastFrame }
  }

  private func drawText(_ item: TextItem) {
    guard let texture = textTexture(item) else { return }
    let (x, y) = item.origin
    renderer.copy(
      texture, source: nil,
      destination: SDL_Rect(
        x: Int32(x), y: Int32(y), w: Int32(texture.width), h: Int32(texture.height)))
    guard item.underline || item.strikethrough else { return }
    for bar in item.decorations(metrics: measurer.metrics(for: item.font)) {
      renderer.fill(bar.sdlRect, item.color)
    }
  }

  private func imageTexture(_ item: ImageItem) -> Texture? {
    if item.page != nil { return pageTexture(item) }
    let key = item.picturePath + "\u{0}" + item.filters.map(\.name).joined(separator: " ")
    if let cached = imageTextures.value(forKey: key) { return cached }
    guard let surface = images.surface(at: item.picturePath, filters: item.filters),
      let made = try? renderer.texture(from: surface)
    else { return nil }
    imageTextures.insert(made, forKey: key, cost: made.width * made.height * 4)
    return made
  }

  /// A PDF page (a PDF deck's slide, a formula) drawn at the size it is shown, so it is crisp.
  private func pageTexture(_ item: ImageItem) -> Texture? {
    let size = Self.pixelSize(of: item)
    let key = ImageLibrary.pageKey(item, size: size)
    if let cached = pageTextures.value(forKey: key) { return cached }
    guard let surface = images.pageSurface(item, size: size),
      let made = try? renderer.texture(from: surface)
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
      case .layer(let layer)
      where !layers.contains(LayerKey(key: layer.key, size: layer.frame.size)):
        return pageItems(in: layer.frame.commands)
      default:
        return []
      }
    }
  }

  /// The texture of what a playing clip or animation shows now, if it is playing.
  private func liveTexture(_ item: ImageItem) -> Texture? {
    switch livePictures[item.path] {
    case .video(let picture)? where item.video != nil:
      // A view of three quarters of the clip's width or less draws its half-size copy.
      let small = item.destination.width * 4 <= Double(picture.width) * 3 ? picture.half : nil
      return videoTexture(item, small ?? picture)
    case .frame(let index)? where item.animation != nil:
      let key = "\(item.path)\u{0}frame \(index)"
      if let cached = imageTextures.value(forKey: key) { return cached }
      guard let surface = images.animationFrame(at: item.path, index: index),
        let made = try? renderer.texture(from: surface)
      else { return nil }
      imageTextures.insert(made, forKey: key, cost: made.width * made.height * 4)
      return made
    default:
      return nil
    }
  }

  /// The clip's texture, updated when its picture changed.
  private func videoTexture(_ item: ImageItem, _ picture: any VideoPicture) -> Texture? {
    let identity = ObjectIdentifier(picture)
    let now = Window.milliseconds()
    if let kept = videoTextures[item.path], kept.texture.width == picture.width,
      kept.texture.height == picture.height
    {
      if kept.picture != identity && now - kept.at >= pictureInterval {
        kept.texture.update(with: picture)
        videoTextures[item.path] = (kept.texture, identity, now)
      }
      return kept.texture
    }
    guard let made = try? renderer.videoTexture(width: picture.width, height: picture.height)
    else { return nil }
    made.update(with: picture)
    videoTextures[item.path] = (made, identity, now)
    return made
  }

  /// A clip's or animation's current picture in the item's place. A clip shrunk (the console's
  /// view of it) is sampled, not filtered: filtering 1080p pictures down would cost the console
  /// milliseconds on every picture.
  private func copyLive(_ texture: Texture, _ item: ImageItem) {
    let destination = item.destination.sdlRect
    if item.video != nil { texture.filtered = Int(destination.w) >= texture.width }
    renderer.copy(texture, source: item.source?.sdlRect, destination: destination)
  }

  private func drawImage(_ item: ImageItem) {
    if decodesAnimations, item.animation != nil { _ = images.animation(at: item.path) }
    if let live = liveTexture(item) {
      copyLive(live, item)
      return
    }
    guard let texture = imageTexture(item) else { return }
    let source = item.page == nil ? item.source?.sdlRect : nil
    renderer.copy(texture, source: source, destination: item.destination.sdlRect)
  }

  /// Forgets cached textures (after the deck or the window changes).
  public func purgeCaches() {
    textTextures.removeAll()
    imageTextures.removeAll()
    pageTextures.removeAll()
    layers.removeAll()
    videoTextures.removeAll()
  }
}

/// What a playing clip or animation shows now: a clip's decoded picture, or an animation's frame.
public enum LivePicture {
  case video(any VideoPicture)
  case frame(Int)
}
