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
  private var textTextures: [TextKey: Texture] = [:]
  private var imageTextures: [String: Texture] = [:]
  private var textTextureBytes = 0
  private var imageTextureBytes = 0
  private let textTextureBudget = 24 * 1024 * 1024

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
    var clips: [Rect] = []
    renderer.clip(nil)
    for command in frame.commands {
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
      }
    }
    renderer.clip(nil)
  }

  private func drawText(_ item: TextItem) {
    let key = TextKey(text: item.text, font: item.font, color: item.color)
    let texture: Texture
    if let cached = textTextures[key] {
      texture = cached
    } else {
      guard let surface = try? fonts.renderLine(item.text, font: item.font, color: item.color),
        let made = try? renderer.texture(from: surface)
      else { return }
      let bytes = made.width * made.height * 4
      if textTextureBytes + bytes > textTextureBudget {
        textTextures.removeAll(keepingCapacity: true)
        textTextureBytes = 0
      }
      textTextures[key] = made
      textTextureBytes += bytes
      texture = made
    }
    let x = item.x.rounded()
    let y = item.y.rounded()
    renderer.copy(
      texture, source: nil,
      destination: SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(texture.width), h: Int32(texture.height)))
    guard item.underline || item.strikethrough else { return }
    let metrics = measurer.metrics(for: item.font)
    let thickness = max(1, (item.font.size * 0.06).rounded())
    if item.underline {
      let line = Rect(x: x, y: y + metrics.ascent + item.font.size * 0.1, width: item.width, height: thickness)
      renderer.fill(line.sdlRect, item.color)
    }
    if item.strikethrough {
      let line = Rect(x: x, y: y + metrics.ascent - item.font.size * 0.3, width: item.width, height: thickness)
      renderer.fill(line.sdlRect, item.color)
    }
  }

  private func drawImage(_ item: ImageItem) {
    let texture: Texture
    if let cached = imageTextures[item.path] {
      texture = cached
    } else {
      guard let surface = images.surface(at: item.path), let made = try? renderer.texture(from: surface)
      else { return }
      let bytes = made.width * made.height * 4
      if imageTextureBytes + bytes > ImageLibrary.cacheBudget {
        imageTextures.removeAll(keepingCapacity: true)
        imageTextureBytes = 0
      }
      imageTextures[item.path] = made
      imageTextureBytes += bytes
      texture = made
    }
    renderer.copy(texture, source: item.source?.sdlRect, destination: item.destination.sdlRect)
  }

  /// Forgets cached textures (after the deck or the window changes).
  public func purgeCaches() {
    textTextures.removeAll()
    textTextureBytes = 0
    imageTextures.removeAll()
    imageTextureBytes = 0
  }
}
