import Dispatch
import Foundation
import PodiumCore
import Synchronization

/// Renders a deck to PNG files with no display: one per slide, per build step, or per handout
/// page. Drawing happens on the calling thread; PNG encoding, which dominates, runs on `jobs`
/// threads, with at most a few frames in flight so memory stays bounded.
public final class DeckExporter {
  public struct Options: Sendable {
    public enum Pages: Sendable, Equatable {
      /// Each slide at its last build step.
      case slides
      /// Every build step of every slide.
      case steps
      /// Handout pages: the slide with its notes below.
      case handouts
    }

    public enum Encoder: Sendable, Equatable {
      /// Podium's own encoder, in parallel.
      case fast
      /// `IMG_SavePNG` at libpng's default settings, one frame at a time (for the benchmark).
      case sdlImage
    }

    public var outputDirectory: String
    public var size: PixelSize
    public var pages: Pages
    /// 1-based slide numbers to export; nil for all.
    public var slideNumbers: Set<Int>?
    public var jobs: Int
    public var encoder: Encoder

    public init(
      outputDirectory: String, size: PixelSize = PixelSize(width: 1920, height: 1080),
      pages: Pages = .slides, slideNumbers: Set<Int>? = nil,
      jobs: Int = ProcessInfo.processInfo.activeProcessorCount, encoder: Encoder = .fast
    ) {
      self.outputDirectory = outputDirectory
      self.size = size
      self.pages = pages
      self.slideNumbers = slideNumbers
      self.jobs = max(1, jobs)
      self.encoder = encoder
    }
  }

  /// One file to write.
  public struct Page: Hashable, Sendable {
    public var slideIndex: Int
    public var step: Int
    public var fileName: String
  }

  public struct Result: Sendable {
    public var files: [String]
    public var bytesWritten: Int
    /// Slides whose content did not fit and was clipped.
    public var overflow: [LayoutOverflow]
  }

  public enum ExportError: Error, CustomStringConvertible {
    case outputDirectory(String, String)
    case write(String, String)

    public var description: String {
      switch self {
      case .outputDirectory(let path, let reason): return "cannot use '\(path)' as the output folder: \(reason)"
      case .write(let path, let reason): return "cannot write '\(path)': \(reason)"
      }
    }
  }

  let deck: Deck
  let theme: Theme
  let options: Options

  public init(deck: Deck, theme: Theme, options: Options) {
    self.deck = deck
    self.theme = theme
    self.options = options
  }

  /// The files this export writes, in order. Names are fixed patterns, so nothing in a deck can
  /// make export write outside the output folder.
  public func pages() -> [Page] {
    var pages: [Page] = []
    for slide in deck.slides where options.slideNumbers?.contains(slide.index + 1) ?? true {
      let number = String(format: "%03d", slide.index + 1)
      switch options.pages {
      case .slides:
        pages.append(Page(slideIndex: slide.index, step: slide.stepCount - 1, fileName: "slide-\(number).png"))
      case .steps:
        for step in 0..<slide.stepCount {
          pages.append(Page(slideIndex: slide.index, step: step, fileName: "slide-\(number)-step-\(step + 1).png"))
        }
      case .handouts:
        pages.append(Page(slideIndex: slide.index, step: slide.stepCount - 1, fileName: "handout-\(number).png"))
      }
    }
    return pages
  }

  /// Writes every page; `progress` is called on this thread with (pages done, total).
  public func run(progress: (Int, Int) -> Void = { _, _ in }) throws -> Result {
    let directory = URL(fileURLWithPath: options.outputDirectory)
    try prepare(directory)
    let fonts = FontLibrary()
    let images = ImageLibrary()
    let measurer = SDLTextMeasurer(library: fonts)
    let engine = LayoutEngine(theme: theme, measurer: measurer, images: images)
    let canvas = try OffscreenCanvas(size: options.size, fonts: fonts, images: images, measurer: measurer)

    let pages = self.pages()
    let state = Mutex(SharedState())
    let inFlight = DispatchSemaphore(value: options.jobs + 1)
    let group = DispatchGroup()
    let queue = DispatchQueue(label: "podium.export.encode", attributes: .concurrent)
    var overflow: [LayoutOverflow] = []
    var files: [String] = []

    for (index, page) in pages.enumerated() {
      let slide = deck.slides[page.slideIndex]
      let frame =
        options.pages == .handouts
        ? engine.handout(slide, in: deck, size: options.size)
        : engine.layout(slide, in: deck, step: page.step, size: options.size)
      if page.step == slide.stepCount - 1 { overflow += frame.overflow }
      canvas.draw(frame)
      let path = directory.appendingPathComponent(page.fileName).path
      files.append(path)

      switch options.encoder {
      case .sdlImage:
        do {
          try canvas.saveWithSDLImage(path: path)
        } catch {
          throw ExportError.write(path, "\(error)")
        }
        let written = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        state.withLock { $0.bytes += written }
      case .fast:
        let pixels = canvas.pixelCopy()
        let size = options.size
        inFlight.wait()
        group.enter()
        queue.async {
          defer {
            inFlight.signal()
            group.leave()
          }
          do {
            let png = try pixels.withUnsafeBytes {
              try PNGEncoder().encode(bgrx: $0, width: size.width, height: size.height, pitch: size.width * 4)
            }
            try Data(png).write(to: URL(fileURLWithPath: path), options: .atomic)
            state.withLock { $0.bytes += png.count }
          } catch {
            state.withLock { $0.failures.append("cannot write '\(path)': \(error)") }
          }
        }
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
    return Result(files: files, bytesWritten: state.withLock { $0.bytes }, overflow: overflow)
  }

  private struct SharedState: Sendable {
    var bytes = 0
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
