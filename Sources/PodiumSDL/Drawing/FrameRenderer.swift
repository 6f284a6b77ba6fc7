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
  var imageTextures = LRUCache<String, Texture>(budget: ImageLibrary.cacheBudget)
  /// Pages of PDFs (a PDF deck's slides, formulas) at the size they are shown. Few are kept: a
  /// slide's page lives on in the layer it is drawn into, and a 1080p page is 8 MB. (Not
  /// private: PDFPages.swift uses it.)
  var pageTextures = LRUCache<String, Texture>(budget: 16 * 1024 * 1024)
  /// Past this many bytes of text textures, those the last frame did not draw are let go before
  /// the next. The console's clock and countdown are new strings every second: kept until the
  /// budget, they would add megabytes a minute to a talk's memory.
  private let textTextureKeep = 4 * 1024 * 1024
  /// What the clips and animations playing now show, by file: drawn over the frame after it is
  /// drawn from its kept layers, each in its item's place, with what the draw list puts over it
  /// (a background clip's text) drawn again there (see `drawLivePictures`).
  public var livePictures: [String: LivePicture] = [:] {
    didSet {
      let stopped = Set(oldValue.keys).subtracting(livePictures.keys)
      guard !stopped.isEmpty else { return }
      // Layers holding a stand-in for a clip that stopped would show it: they are drawn again.
      var gone: [Texture] = []
      layers.removeAll { _, kept in
        guard !kept.standIns.isDisjoint(with: stopped) else { return false }
        gone.append(kept.texture)
        return true
      }
      letGo += gone.map { ($0, true) }
    }
  }
  /// Textures let go while a frame is drawn (the layers and pictures of a clip that stopped),
  /// freed after it, while drawing ahead (`freeLetGo`): freeing a few 8 MB textures cost the
  /// frame that leaves a clip's slide up to 2 ms here. Layers drawn before then reuse those
  /// made for layers.
  private var letGo: [(texture: Texture, layer: Bool)] = []
  /// Whether drawing an animated picture decodes all its frames, for a window that may play it
  /// (drawing ahead, the next slide's animations are ready when it shows); export draws only
  /// first frames.
  var decodesAnimations = false
  /// Each playing clip's texture, the picture last put into it, and when (milliseconds).
  /// (Not private, as `imageTextures` and `drawCommands` are not: LivePictures.swift uses
  /// them.)
  var videoTextures: [String: (texture: Texture, picture: ObjectIdentifier, at: Double)] =
    [:]
  /// The least time between two pictures put into a clip's texture, in milliseconds: the
  /// console's view takes at most 15 a second, so a key pressed while a clip plays does not wait
  /// for a picture's conversion there.
  var pictureInterval = 0.0
  /// While set, a clip's texture keeps the picture it has: a frame answering a key is not held
  /// up by converting the clip's next picture (2 to 6 ms at 1080p here); the picture frame
  /// drawn right after it takes the new picture.
  var holdsPictures = false
  /// False while drawing ahead for a frame by which the clips and animations playing now will
  /// have stopped (the room will see another slide): they are drawn as they will be shown then,
  /// a poster or a first frame, not a picture of now or a stand-in.
  var picturesPlayOn = true
  /// Where blended ink strokes are drawn before they go over the frame (InkStrokes.swift).
  var strokeScratch: Texture?
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
    beginFrame()
    prepare(frame)
    var clips: [Rect] = []
    renderer.clip(nil)
    drawCommands(frame.commands, clips: &clips, onScreen: !livePictures.isEmpty)
    if !livePictures.isEmpty { drawLivePictures(frame.commands, clip: nil, over: []) }
    renderer.clip(nil)
  }

  /// Draws what a frame puts over its base layer (see `baseLayer`), the layer being in place,
  /// and its playing clips and animations, as `draw` would; with `parts`, the clips and
  /// animations only there (the rest of them is on screen already: see `changedOverPictures`).
  func drawOver(_ frame: SlideFrame, parts: [Rect]? = nil) {
    beginFrame()
    var clips: [Rect] = []
    renderer.clip(nil)
    drawCommands(Array(frame.commands.dropFirst()), clips: &clips)
    if !livePictures.isEmpty { drawLivePictures(frame.commands, clip: nil, over: [], parts: parts) }
    renderer.clip(nil)
  }

  /// What every frame drawn starts with: the frame count the text textures are kept by, and
  /// letting go of what the last frame did not use.
  private func beginFrame() {
    framesDrawn += 1
    for (path, stopped) in videoTextures where livePictures[path] == nil {
      letGo.append((stopped.texture, false))
      videoTextures[path] = nil
    }
    if textTextures.totalCost > textTextureKeep { dropTextNotInLastFrame() }
  }

  /// Where drawing `commands` puts pixels, as rectangles; nil when that cannot be told without
  /// drawing them (a layer). Makes the text textures it needs to know their size.
  func drawnAreas(_ commands: ArraySlice<DrawCommand>) -> [SDL_Rect]? {
    var areas: [SDL_Rect] = []
    for command in commands {
      if case .layer = command { return nil }
      areas += drawnArea(of: command)
    }
    return areas
  }

  /// Where drawing one command may put pixels (a layer: anywhere in its place), before any clip.
  func drawnArea(of command: DrawCommand) -> [SDL_Rect] {
    switch command {
    case .fill(let rect, _):
      return [rect.sdlRect]
    case .text(let item):
      guard let texture = textTexture(item) else { return [] }
      let lines =
        item.underline || item.strikethrough
        ? item.decorations(metrics: measurer.metrics(for: item.font)).map(\.sdlRect) : []
      return [textPlace(item, texture)] + lines
    case .image(let item):
      return [item.destination.sdlRect]
    case .layer(let item):
      return [item.destination.sdlRect]
    case .stroke(let item):
      return [item.bounds.sdlRect]
    case .pushClip, .popClip:
      return []
    }
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
      case .fill, .pushClip, .popClip, .stroke:
        break
      }
    }
  }

  /// Draws a layer into its texture, the layers inside it first (so drawing it never switches
  /// the target half-way), or marks the kept one as used. A kept layer's contents are not walked:
  /// the console's slide part holds every line of text, and its texture already has them.
  private func prepareLayer(_ item: LayerItem) {
    if !keepsLayer(item) {
      for case .layer(let inner) in item.frame.commands { prepareLayer(inner) }
    }
    _ = layerTexture(item)
  }

  /// `onScreen`: drawing the window's frame itself, with clips playing, where a layer a clip
  /// hides is left out (never into a layer's texture, which outlives the clip).
  func drawCommands(_ commands: [DrawCommand], clips: inout [Rect], onScreen: Bool = false) {
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
      case .stroke(let item):
        drawStroke(item, clip: clips.last)
      case .layer(let item):
        let visible = clips.last.map { $0.intersection(item.destination) } ?? item.destination
        if onScreen, hiddenByLiveClip(item, visible: visible) {
          layersHidden += 1
          continue
        }
        if let texture = layerTexture(item) {
          // Drawing a layer that was not ready switched the target and its clip: restore it.
          renderer.clip(clips.last?.sdlRect)
          texture.opacity = UInt8((min(1, max(0, item.opacity)) * 255).rounded())
          renderer.copy(texture, source: nil, destination: item.destination.sdlRect)
          texture.opacity = 255
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
  private var layers = LRUCache<LayerKey, KeptLayer>(budget: 64 * 1024 * 1024)

  /// A layer drawn into its texture, and the hashes of its tiles once a window has them (see
  /// `ChangedRows.presentLayer`).
  private struct KeptLayer {
    var texture: Texture
    var tiles: [UInt64]?
    /// The clips, by file, whose place it (or a layer inside it) holds a stand-in for.
    var standIns: Set<String> = []
  }

  /// While a layer's texture is drawn, the clips it holds stand-ins for so far.
  private var standIns: Set<String>?

  /// The kept layer a frame starts with when that layer covers all of it (the audience's
  /// slide; the console, under its clock and timers), and what the frame draws over it besides
  /// its playing clips (`shownPictures`): a window can show such a frame by copying only the tiles
  /// that differ from what it shows. The tiles' hashes are nil until `keepTiles` gives them.
  func baseLayer(_ frame: SlideFrame)
    -> (texture: Texture, tiles: [UInt64]?, over: ArraySlice<DrawCommand>)?
  {
    guard case .layer(let item)? = frame.commands.first,
      item.x == 0, item.y == 0, item.frame.size == frame.size,
      let kept = layers.value(forKey: LayerKey(key: item.key, size: item.frame.size))
    else { return nil }
    return (kept.texture, kept.tiles, frame.commands.dropFirst())
  }

  /// Whether the layer is kept drawn in its texture.
  func keepsLayer(_ item: LayerItem) -> Bool {
    layers.contains(LayerKey(key: item.key, size: item.frame.size))
  }

  /// Lets go of the layer `frame` starts with (a zoom drawn ahead for a box the speaker moved
  /// on from): its texture draws the next layer of its size rather than a new one.
  func forgetLayer(of frame: SlideFrame) {
    guard case .layer(let item)? = frame.commands.first,
      let kept = layers.removeValue(forKey: LayerKey(key: item.key, size: item.frame.size))
    else { return }
    letGo.append((kept.texture, true))
  }

  /// Keeps the tile hashes of the layer `frame` starts with (see `baseLayer`).
  func keepTiles(_ tiles: [UInt64], forLayerOf frame: SlideFrame) {
    guard case .layer(let item)? = frame.commands.first else { return }
    layers.update(forKey: LayerKey(key: item.key, size: item.frame.size)) { $0.tiles = tiles }
  }
  /// Layers drawn into a texture, and layers found ready, since this renderer was made.
  public private(set) var layersDrawn = 0
  public private(set) var layersReused = 0
  /// Layers not copied because a playing clip hid them (see `hiddenByLiveClip`).
  public private(set) var layersHidden = 0

  private func layerTexture(_ item: LayerItem) -> Texture? {
    let key = LayerKey(key: item.key, size: item.frame.size)
    if let cached = layers.value(forKey: key) {
      layersReused += 1
      standIns?.formUnion(cached.standIns)
      return cached.texture
    }
    guard let format = layerFormat else { return nil }
    let width = item.frame.size.width
    let height = item.frame.size.height
    let bytes = width * height * 4
    guard bytes <= layerBudget else { return nil }
    guard
      let texture = spareLayerTexture(width: width, height: height)
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
    let outer = standIns
    standIns = []
    drawCommands(item.frame.commands, clips: &clips)
    let held = standIns ?? []
    standIns = outer?.union(held)
    renderer.clip(nil)
    try? renderer.setTarget(nil)
    layers.insert(KeptLayer(texture: texture, standIns: held), forKey: key, cost: bytes)
    layersDrawn += 1
    return texture
  }

  /// Makes room for a layer of `width` x `height`, least recently used first, and gives a
  /// texture of that size let go (dropped to make room, or in `letGo`) to draw it into instead
  /// of a new one: a new 1080p texture costs 8 MB of fresh, zeroed pages.
  private func spareLayerTexture(width: Int, height: Int) -> Texture? {
    let fits = { (texture: Texture) in texture.width == width && texture.height == height }
    if let dropped = layers.makeRoom(for: width * height * 4).lazy.map(\.texture).first(where: fits)
    {
      return dropped
    }
    guard let index = letGo.firstIndex(where: { $0.layer && fits($0.texture) }) else { return nil }
    return letGo.remove(at: index).texture
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

  /// Where a line of text is drawn: its texture at the item's origin.
  private func textPlace(_ item: TextItem, _ texture: Texture) -> SDL_Rect {
    let (x, y) = item.origin
    return SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(texture.width), h: Int32(texture.height))
  }

  private func drawText(_ item: TextItem) {
    guard let texture = textTexture(item) else { return }
    renderer.copy(texture, source: nil, destination: textPlace(item, texture))
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

  private func drawImage(_ item: ImageItem) {
    if decodesAnimations, item.animation != nil { _ = images.animation(at: item.path) }
    if standIns != nil, coversItsPlace(item) {
      // A playing clip's place in a layer: the live pass always draws its picture over it, so
      // the layer holds a plain stand-in, the same at every step. Its tiles' hashes then change
      // only where something else does, and drawing it costs no picture's scaling. The layer
      // is let go when the clip stops (`livePictures`).
      renderer.fill(item.destination.sdlRect, RGBAColor(red: 0, green: 0, blue: 0))
      standIns?.insert(item.path)
      return
    }
    if let live = liveTexture(item) {
      copyLive(live, item)
      return
    }
    guard let texture = imageTexture(item) else { return }
    let source = item.page == nil ? item.source?.sdlRect : nil
    renderer.copy(texture, source: source, destination: item.destination.sdlRect)
  }

  /// Frees the textures let go while frames were drawn (`letGo`).
  func freeLetGo() {
    letGo.removeAll()
  }

  /// Forgets cached textures (after the deck or the window changes).
  public func purgeCaches() {
    letGo.removeAll()
    textTextures.removeAll()
    imageTextures.removeAll()
    pageTextures.removeAll()
    layers.removeAll()
    videoTextures.removeAll()
    strokeScratch = nil
  }
}
