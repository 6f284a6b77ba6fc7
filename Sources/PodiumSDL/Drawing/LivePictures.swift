import CSDL2
import PodiumCore

/// Clips and animations on a frame: their pictures drawn over the kept layers that hold them,
/// the textures that take a clip's pictures, and the layers a playing clip hides.
extension FrameRenderer {
  /// Whether a playing clip hides all of a layer where it is visible, so copying the layer
  /// would be for nothing: the live pass draws the clip over every pixel of it, and then what
  /// the layer puts over the clip. Only a clip the layer draws outside any clip of its own
  /// counts, as only there does its picture cover its whole place (a clip's pictures are
  /// opaque).
  func hiddenByLiveClip(_ layer: LayerItem, visible: Rect) -> Bool {
    let shown = visible.sdlRect
    guard shown.w > 0, shown.h > 0 else { return true }
    var depth = 0
    for command in layer.frame.commands {
      switch command {
      case .pushClip: depth += 1
      case .popClip: depth -= 1
      case .image(let item) where depth == 0 && coversItsPlace(item):
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

  /// Whether a clip is playing whose picture, once it has a texture, covers every pixel of its
  /// place (a clip's pictures are opaque; an animation's frames may not be).
  func coversItsPlace(_ item: ImageItem) -> Bool {
    guard case .video? = livePicture(item) else { return false }
    return videoTextures[item.path] != nil
  }

  /// What the item shows now if it is a clip or animation playing (on, see `picturesPlayOn`).
  func livePicture(_ item: ImageItem) -> LivePicture? {
    switch picturesPlayOn ? livePictures[item.path] : nil {
    case .video(let picture)? where item.video != nil: .video(picture)
    case .frame(let index)? where item.animation != nil: .frame(index)
    default: nil
    }
  }

  /// The playing clips and animations `frame` shows, in drawing order, each clip's texture given
  /// its new picture first if it takes one now: where each draws (`drawLivePictures`), whether
  /// its picture covers that place whole, and what is drawn over it. A window sends the tiles
  /// they draw unhashed, and need not copy its layer under those they cover.
  func shownPictures(_ frame: SlideFrame) -> [ShownPicture] {
    var shown: [ShownPicture] = []
    guard !livePictures.isEmpty else { return shown }
    forEachLivePicture(frame.commands, clip: nil, over: []) { item, area, after in
      guard liveTexture(item) != nil else { return }
      let picture: ShownPicture.Picture? =
        switch livePicture(item) {
        case .video?: videoTextures[item.path].map { .clip($0.picture) }
        case .frame(let index)?: .frame(index)
        case nil: nil
        }
      guard let picture else { return }
      shown.append(
        ShownPicture(
          path: item.path, picture: picture, destination: item.destination, area: area,
          over: Array(after.joined())))
    }
    return shown
  }

  /// Where a frame showing `now` differs, inside its playing pictures, from one that showed
  /// `before` (a frame answering a key while clips play, or one redrawn while they are paused):
  /// for a picture shown before in the same place, what is drawn over it from the first command
  /// that changed on, in the old frame and the new; a picture new there, or gone, whole.
  func changedOverPictures(_ now: [ShownPicture], since before: [ShownPicture]) -> [Rect] {
    var unmatched = before
    var changed: [Rect] = []
    for new in now {
      guard
        let index = unmatched.firstIndex(where: {
          $0.path == new.path && $0.picture == new.picture
            && $0.destination == new.destination && $0.area == new.area
        })
      else {
        changed.append(new.area)
        continue
      }
      let old = unmatched.remove(at: index)
      let same = zip(new.over, old.over).prefix { Self.drawSame($0, $1) }.count
      for command in new.over[same...] + old.over[same...] {
        for rect in drawnArea(of: command) {
          let part = Rect(rect).intersection(new.area)
          if !part.isEmpty { changed.append(part) }
        }
      }
    }
    return changed + unmatched.map(\.area)
  }

  /// Whether two commands draw the same pixels: layers by their key, place and size (what
  /// names their content), so that a console's slide views are not compared line by line.
  private static func drawSame(_ one: DrawCommand, _ other: DrawCommand) -> Bool {
    switch (one, other) {
    case (.layer(let first), .layer(let second)):
      first.key == second.key && first.destination == second.destination
    default:
      one == other
    }
  }

  /// Draws each playing clip's or animation's current picture in its place, over the frame just
  /// drawn, and after it what its layer, and each layer around that, draw after it, clipped to
  /// it: so the layers stay kept textures (drawn ahead, copied whole) while a picture inside
  /// them changes thirty times a second, and a background clip's text stays over it. With
  /// `parts`, only where its place meets them.
  func drawLivePictures(
    _ commands: [DrawCommand], clip: Rect?, over: [ArraySlice<DrawCommand>],
    parts: [Rect]? = nil
  ) {
    forEachLivePicture(commands, clip: clip, over: over) { item, area, after in
      guard let texture = liveTexture(item) else { return }
      for part in parts.map({ $0.map(area.intersection) }) ?? [area] where !part.isEmpty {
        renderer.clip(part.sdlRect)
        copyLive(texture, item)
        for commands in after { drawClipped(commands, to: part) }
      }
    }
  }

  /// Calls `body` for each playing clip or animation in `commands`, with its place inside the
  /// clips and layers around it and the commands that follow it in its layer and in each layer
  /// around that, innermost first (`over` holds those of the layers around `commands`).
  private func forEachLivePicture(
    _ commands: [DrawCommand], clip: Rect?, over: [ArraySlice<DrawCommand>],
    _ body: (ImageItem, Rect, [ArraySlice<DrawCommand>]) -> Void
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
        forEachLivePicture(
          layer.frame.translated(dx: layer.x, dy: layer.y), clip: bounds,
          over: [commands[(index + 1)...]] + over, body)
      case .image(let item) where livePicture(item) != nil:
        let area = clips.last.map { $0.intersection(item.destination) } ?? item.destination
        guard area.width >= 1, area.height >= 1 else { continue }
        body(item, area, [commands[(index + 1)...]] + over)
      default:
        continue
      }
    }
  }

  /// Draws `commands` inside `area` only: a clip they pop that they did not push (one opened
  /// before them) is ignored, so nothing spills out of the area.
  func drawClipped(_ commands: ArraySlice<DrawCommand>, to area: Rect) {
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

  /// The texture of what a playing clip or animation shows now, if it is playing.
  func liveTexture(_ item: ImageItem) -> Texture? {
    switch livePicture(item) {
    case .video(let picture)?:
      // A view of three quarters of the clip's width or less draws its half-size copy.
      let small = item.destination.width * 4 <= Double(picture.width) * 3 ? picture.half : nil
      return videoTexture(item, small ?? picture)
    case .frame(let index)?:
      let key = "\(item.path)\u{0}frame \(index)"
      if let cached = imageTextures.value(forKey: key) { return cached }
      guard let surface = images.animationFrame(at: item.path, index: index),
        let made = try? renderer.texture(from: surface)
      else { return nil }
      imageTextures.insert(made, forKey: key, cost: made.width * made.height * 4)
      return made
    case nil:
      return nil
    }
  }

  /// The clip's texture, updated when its picture changed.
  func videoTexture(_ item: ImageItem, _ picture: any VideoPicture) -> Texture? {
    let identity = ObjectIdentifier(picture)
    let now = Window.milliseconds()
    if let kept = videoTextures[item.path], kept.texture.width == picture.width,
      kept.texture.height == picture.height
    {
      if kept.picture != identity && now - kept.at >= pictureInterval && !holdsPictures {
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
  func copyLive(_ texture: Texture, _ item: ImageItem) {
    let destination = item.destination.sdlRect
    if item.video != nil { texture.filtered = Int(destination.w) >= texture.width }
    renderer.copy(texture, source: item.source?.sdlRect, destination: destination)
  }
}

/// A playing clip or animation as a frame shows it (`FrameRenderer.shownPictures`).
struct ShownPicture {
  /// Which picture: the one a clip's texture holds, or an animation's frame.
  enum Picture: Equatable {
    case clip(ObjectIdentifier)
    case frame(Int)
  }

  var path: String
  var picture: Picture
  /// Where the picture is placed, and the part of that inside the clips and layers around it.
  var destination: Rect
  var area: Rect
  /// What is drawn over it: the commands after it in its layer and in each layer around that.
  var over: [DrawCommand]

  /// Whether the picture covers `area` whole: a clip's pictures are opaque (see
  /// `FrameRenderer.coversItsPlace`); an animation's frames may not be.
  var covers: Bool {
    if case .clip = picture { return true }
    return false
  }
}

/// What a playing clip or animation shows now: a clip's decoded picture, or an animation's frame.
public enum LivePicture {
  case video(any VideoPicture)
  case frame(Int)
}
