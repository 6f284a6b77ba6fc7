/// Laid-out slides kept by (slide, step, size), so that the audience window, the console's
/// current-slide view and its next-slide preview lay a slide out once, not on every redraw.
/// Bounded: past `capacity` frames the least recently used one goes, so visiting every slide of
/// a 2,000-slide deck keeps memory flat.
///
/// A reference type because the windows of one talk share it; used from one thread.
public final class SlideFrameCache {
  public struct Key: Hashable, Sendable {
    public var slide: Int
    public var step: Int
    public var size: PixelSize

    public init(slide: Int, step: Int, size: PixelSize) {
      self.slide = slide
      self.step = step
      self.size = size
    }
  }

  /// Ink strokes drawn on a slide lying at a rectangle: the strokes of a place by their layer
  /// key (`TalkInk.layerKey`), which changes with them.
  struct InkKey: Hashable {
    var ink: String
    var rect: Rect
  }

  public let capacity: Int
  private var frames: LRUCache<Key, SlideFrame>
  /// Strokes as drawing commands, kept as the frames are: a window asks for a slide's ink at
  /// every frame, and 500 strokes took a quarter of a millisecond to turn into commands again.
  private var ink: LRUCache<InkKey, [DrawCommand]>
  /// The console's key hints, laid out (`ConsoleLayout.keyHints`).
  private var hints = LRUCache<KeyHintsLine, TextItem>(budget: 4)
  /// Frames laid out, and frames found ready, since the cache was made or emptied.
  public private(set) var misses = 0
  public private(set) var hits = 0

  public init(capacity: Int = 48) {
    self.capacity = max(1, capacity)
    frames = LRUCache(budget: self.capacity)
    ink = LRUCache(budget: self.capacity)
  }

  public var count: Int { frames.count }

  /// The frame for `key`, laid out by `make` when it is not kept.
  public func frame(_ key: Key, make: () -> SlideFrame) -> SlideFrame {
    if let kept = frames.value(forKey: key) {
      hits += 1
      return kept
    }
    misses += 1
    let frame = make()
    frames.insert(frame, forKey: key)
    return frame
  }

  /// The commands drawing the ink whose layer key is `key` on a slide lying at `rect`, made by
  /// `make` when they are not kept.
  public func inkCommands(_ key: String, in rect: Rect, make: () -> [DrawCommand])
    -> [DrawCommand]
  {
    let inkKey = InkKey(ink: key, rect: rect)
    if let kept = ink.value(forKey: inkKey) { return kept }
    let commands = make()
    ink.insert(commands, forKey: inkKey)
    return commands
  }

  /// The console's key hints `line` laid out, by `make` when they are not kept.
  func keyHints(_ line: KeyHintsLine, make: () -> TextItem) -> TextItem {
    if let kept = hints.value(forKey: line) { return kept }
    let item = make()
    hints.insert(item, forKey: line)
    return item
  }

  /// Forgets every frame: the deck or the theme changed.
  public func removeAll() {
    frames.removeAll()
    ink.removeAll()
    hints.removeAll()
    hits = 0
    misses = 0
  }
}

extension LayoutEngine {
  /// `layout(_:in:step:size:)` through `cache`, when there is one.
  public func layout(
    slideAt index: Int, in deck: Deck, step: Int, size: PixelSize, cache: SlideFrameCache?
  ) -> SlideFrame {
    let make = { self.layout(deck.slides[index], in: deck, step: step, size: size) }
    guard let cache else { return make() }
    return cache.frame(SlideFrameCache.Key(slide: index, step: step, size: size), make: make)
  }

  /// The layer key of a slide step: the same for every window, the size tells them apart.
  public static func layerKey(slide: Int, step: Int) -> String {
    "slide \(slide + 1) step \(step + 1)"
  }

  /// A slide step as the presenter console shows it, with what only the speaker sees (a remote
  /// image's placeholder) drawn over it, under a key of its own when that differs from the
  /// room's.
  public static func speakerLayer(slide: Int, step: Int, x: Double, y: Double, frame: SlideFrame)
    -> LayerItem
  {
    let key = layerKey(slide: slide, step: step) + (frame.speakerOnly.isEmpty ? "" : " speaker")
    return LayerItem(key: key, x: x, y: y, frame: frame.forSpeaker)
  }
}
