import Dispatch
import Foundation
import PodiumCore
import Synchronization

/// Renders a deck to PNG files with no display: one per slide, per build step, or per handout
/// page. Drawing happens on the calling thread; PNG encoding, which dominates, runs on `jobs`
/// threads, with at most a few frames in flight so memory stays bounded.
public final class DeckExporter {
  public struct Options: Sendable {
    public enum Encoder: Sendable, Equatable {
      /// Podium's encoder (`png`), in parallel.
      case fast
      /// `IMG_SavePNG` at libpng's default settings, one frame at a time (for the benchmark).
      case sdlImage
    }

    public var outputDirectory: String
    /// The image size of slides; handout pages take their paper's.
    public var size: PixelSize
    /// Slides, build steps or handout pages, and which slides.
    public var plan: ExportPlan
    public var jobs: Int
    public var encoder: Encoder
    /// The settings of Podium's encoder.
    public var png: PNGEncoder
    /// What draws pages of PDF files (typeset formulas).
    public var pages: (any PageRasterizer)?
    /// What decodes videos' poster frames.
    public var videoFrames: (any VideoFrameSource)?
    /// Ink drawn over the slides (`--ink`).
    public var ink: TalkInk?

    public init(
      outputDirectory: String, size: PixelSize = PixelSize(width: 1920, height: 1080),
      plan: ExportPlan = ExportPlan(), jobs: Int = DeckExporter.defaultJobs,
      encoder: Encoder = .fast, png: PNGEncoder = PNGEncoder()
    ) {
      self.outputDirectory = outputDirectory
      self.size = size
      self.plan = plan
      self.jobs = max(1, jobs)
      self.encoder = encoder
      self.png = png
    }
  }

  /// One file to write.
  public struct Page: Hashable, Sendable {
    public var page: ExportPlan.Page
    public var fileName: String
  }

  public struct Result: Sendable {
    public var files: [String]
    public var bytesWritten: Int
    /// Seconds spent laying out and drawing (on the calling thread).
    public var drawSeconds: Double
    /// Seconds spent encoding and writing, summed over the threads.
    public var encodeSeconds: Double
    /// Slides whose content did not fit and was clipped.
    public var overflow: [LayoutOverflow]
  }

  public enum ExportError: Error, CustomStringConvertible {
    case outputDirectory(String, String)
    case write(String, String)

    public var description: String {
      switch self {
      case .outputDirectory(let path, let reason):
        return "cannot use '\(path)' as the output folder: \(reason)"
      case .write(let path, let reason): return "cannot write '\(path)': \(reason)"
      }
    }
  }

  let deck: Deck
  let theme: Theme
  let options: Options

  /// One encoding thread per core, plus one: the drawing thread sleeps while it waits for a free
  /// canvas, and the extra encoder keeps the cores busy then (measured: 5% faster on 2 cores).
  public static let defaultJobs = ProcessInfo.processInfo.activeProcessorCount + 1

  public init(deck: Deck, theme: Theme, options: Options) {
    self.deck = deck
    self.theme = theme
    self.options = options
  }

  /// The files this export writes, in order. Names are fixed patterns, so nothing in a deck can
  /// make export write outside the output folder.
  public func pages() -> [Page] {
    let plan = options.plan
    return plan.pages(in: deck).map { page in
      let fileName: String
      if case .handouts = plan.layout {
        fileName = "handout-\(String(format: "%03d", page.number)).png"
      } else {
        let shot = page.shots.first ?? SlideShot(slideIndex: 0, step: 0)
        let number = String(format: "%03d", shot.slideIndex + 1)
        fileName = plan.steps ? "slide-\(number)-step-\(shot.step + 1).png" : "slide-\(number).png"
      }
      return Page(page: page, fileName: fileName)
    }
  }

  /// The size of each image: a slide's as asked, a handout page's its paper's.
  public var pageSize: PixelSize {
    if case .handouts(let handout) = options.plan.layout { return handout.paper.pixelSize }
    return options.size
  }

  /// Writes every page; `progress` is called on this thread with (pages done, total).
  public func run(progress: (Int, Int) -> Void = { _, _ in }) throws -> Result {
    let directory = URL(fileURLWithPath: options.outputDirectory)
    try prepare(directory)
    let fonts = FontLibrary()
    let images = ImageLibrary(pages: options.pages, videoFrames: options.videoFrames)
    let measurer = SDLTextMeasurer(library: fonts)
    var engine = LayoutEngine(theme: theme, measurer: measurer, images: images)
    engine.ink = options.ink
    // One canvas per frame in flight: the calling thread draws the next slide while others
    // encode the previous ones straight from their canvases, with no copy.
    let canvasCount = options.encoder == .fast ? options.jobs + 1 : 1
    let canvases = try (0..<canvasCount).map { _ in
      CanvasHandle(
        canvas: try OffscreenCanvas(
          size: pageSize, fonts: fonts, images: images, measurer: measurer))
    }

    let pages = self.pages()
    let state = Mutex(SharedState(freeCanvases: Array(canvases.indices)))
    let available = DispatchSemaphore(value: canvasCount)
    let group = DispatchGroup()
    let queue = DispatchQueue(label: "podium.export.encode", attributes: .concurrent)
    var overflow: [LayoutOverflow] = []
    var files: [String] = []

    var drawSeconds = 0.0
    for (index, page) in pages.enumerated() {
      available.wait()
      let canvasIndex = state.withLock { $0.freeCanvases.removeLast() }
      let handle = canvases[canvasIndex]
      let drawStart = DispatchTime.now()
      let frame = engine.frame(
        for: page.page, of: options.plan, in: deck, pageCount: pages.count, size: pageSize)
      overflow += frame.overflow.filter { !overflow.contains($0) }
      handle.canvas.draw(frame)
      drawSeconds +=
        Double(DispatchTime.now().uptimeNanoseconds - drawStart.uptimeNanoseconds) / 1e9
      let path = directory.appendingPathComponent(page.fileName).path
      files.append(path)

      let (encoder, png) = (options.encoder, options.png)
      let encode: @Sendable () -> Void = {
        let encodeStart = DispatchTime.now()
        do {
          let bytes: Int
          switch encoder {
          case .sdlImage:
            try handle.canvas.saveWithSDLImage(path: path)
            bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
          case .fast:
            bytes = try handle.canvas.writePNG(path: path, encoder: png)
          }
          state.withLock { $0.bytes += bytes }
        } catch {
          state.withLock { $0.failures.append("cannot write '\(path)': \(error)") }
        }
        let seconds =
          Double(DispatchTime.now().uptimeNanoseconds - encodeStart.uptimeNanoseconds) / 1e9
        state.withLock {
          $0.encodeSeconds += seconds
          $0.freeCanvases.append(canvasIndex)
        }
        available.signal()
      }
      if options.encoder == .fast {
        queue.async(group: group, execute: encode)
      } else {
        encode()
      }
      if let failure = state.withLock({ $0.failures.first }) {
        group.wait()
        throw ExportError.write(path, failure)
      }
      progress(index + 1, pages.count)
    }
    group.wait()
    if let failure = state.withLock({ $0.failures.first }) {
      throw ExportError.write(options.outputDirectory, failure)
    }
    return Result(
      files: files, bytesWritten: state.withLock { $0.bytes }, drawSeconds: drawSeconds,
      encodeSeconds: state.withLock { $0.encodeSeconds }, overflow: overflow)
  }

  /// A canvas passed between threads. Safe because the exporter gives each canvas to one thread
  /// at a time: drawn on the calling thread, then read by one encoder, then returned.
  private struct CanvasHandle: @unchecked Sendable {
    let canvas: OffscreenCanvas
  }

  private struct SharedState: Sendable {
    var freeCanvases: [Int]
    var bytes = 0
    var encodeSeconds = 0.0
    var failures: [String] = []
  }

  private func prepare(_ directory: URL) throws {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw ExportError.outputDirectory(directory.path, "it is a file")
      }
      return
    }
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw ExportError.outputDirectory(directory.path, error.localizedDescription)
    }
  }
}
