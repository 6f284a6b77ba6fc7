import Foundation
import PodiumCore
import PodiumSDL
import PodiumVideo

/// `podium export talk.md -o talk.mp4`: the deck drawn offscreen, step by step as
/// `MovieScript` times it, into a `MovieWriter`. A transition is drawn frame by frame, 30 a
/// second; a held step is one key frame shown for its time, repeated once a second and at its
/// last frame (the frame rate varies, as screen recorders write: a slide held for a minute
/// costs 60 frames, not 1,800, and every player shows it so).
struct MovieExport {
  var deck: Deck
  var theme: Theme
  var plan: ExportPlan
  var script: MovieScript
  var path: String
  var size: PixelSize
  var pages: (any PageRasterizer)?
  var videoFrames: (any VideoFrameSource)?
  var ink: TalkInk?
  var framesPerSecond = 30

  struct Result {
    var seconds: Double
    var bytes: Int64
    var overflow: [LayoutOverflow]
    var chaptersPath: String
  }

  func run(progress: (Int, Int) -> Void) throws -> Result {
    let fonts = FontLibrary()
    let images = ImageLibrary(pages: pages, videoFrames: videoFrames)
    let measurer = SDLTextMeasurer(library: fonts)
    var engine = LayoutEngine(theme: theme, measurer: measurer, images: images)
    engine.ink = ink
    let canvas = try OffscreenCanvas(size: size, fonts: fonts, images: images, measurer: measurer)
    // Slides kept as textures: a transition's frames are two copies each.
    canvas.cacheLayers()
    let writer = try MovieWriter(
      MovieWriter.Settings(
        path: path, size: size, framesPerSecond: framesPerSecond, sound: nil,
        threads: ProcessInfo.processInfo.activeProcessorCount))
    let pagesByShot = Dictionary(
      plan.pages(in: deck).compactMap { page in page.shots.first.map { ($0, page) } },
      uniquingKeysWith: { first, _ in first })
    let pageCount = pagesByShot.count
    var overflow: [LayoutOverflow] = []
    func frame(_ shot: SlideShot) -> SlideFrame {
      guard let page = pagesByShot[shot] else {
        return SlideFrame(
          size: size, slideRect: Rect(x: 0, y: 0, width: 0, height: 0), commands: [])
      }
      let frame = engine.frame(for: page, of: plan, in: deck, pageCount: pageCount, size: size)
      overflow += frame.overflow.filter { !overflow.contains($0) }
      return frame
    }
    func layer(_ shot: SlideShot, _ frame: SlideFrame) -> LayerItem {
      LayerItem(
        key: LayoutEngine.layerKey(slide: shot.slideIndex, step: shot.step), x: 0, y: 0,
        frame: frame)
    }
    func add(_ index: Int64, key: Bool = false) throws {
      try canvas.withPixels { pixels, pitch in
        if key {
          try writer.addKeyPicture(
            bgrx: pixels, width: size.width, height: size.height, pitch: pitch, index: index)
        } else {
          try writer.addPicture(
            bgrx: pixels, width: size.width, height: size.height, pitch: pitch, index: index)
        }
      }
    }
    let rate = Double(framesPerSecond)
    var previous: (shot: SlideShot, frame: SlideFrame)?
    var next: Int64 = 0
    for (number, scene) in script.scenes.enumerated() {
      let current = frame(scene.shot)
      let last = Int64(((scene.start + scene.seconds) * rate).rounded()) - 1
      if let play = scene.transition, let previous {
        let old = layer(previous.shot, previous.frame)
        let new = layer(scene.shot, current)
        while next <= last, Double(next) / rate < play.start + play.seconds {
          canvas.draw(play.frame(old: old, new: new, size: size, at: Double(next) / rate))
          try add(next)
          next += 1
        }
      }
      if next <= last {
        canvas.draw(current)
        try add(next, key: true)
        var repeated = next + Int64(framesPerSecond)
        while repeated < last {
          try writer.repeatPicture(index: repeated)
          repeated += Int64(framesPerSecond)
        }
        if last > next { try writer.repeatPicture(index: last) }
        next = last + 1
      }
      previous = (scene.shot, current)
      progress(number + 1, script.scenes.count)
    }
    for chapter in script.chapters.chapters {
      writer.addChapter(title: chapter.title, start: chapter.start)
    }
    try writer.finish(end: script.end)
    let chaptersPath = MovieChapters.path(besideMovie: path)
    try AtomicFile.write(Data(script.chapters.webVTT(end: script.end).utf8), to: chaptersPath)
    let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int64) ?? 0
    return Result(
      seconds: script.end, bytes: bytes ?? 0, overflow: overflow,
      chaptersPath: chaptersPath)
  }
}
