import Dispatch
import Foundation
import PodiumCore

/// Writes a deck as one vector PDF: a page per slide, per build step, or per handout page, with
/// real text, embedded font subsets, each picture once, clickable links, an outline of the
/// slides' titles and the deck's metadata; for slides, a `.pdfpc` file beside it carries the
/// speaker notes to PDF presenters.
///
/// The file is written under a temporary name beside the output and put in place when complete
/// (`AtomicFile`: synced, then renamed), so a failed or interrupted export never leaves half a
/// PDF.
public final class PDFExporter {
  public struct Options: Sendable {
    public var outputPath: String
    /// The pixel size slides are laid out at (the deck's shape fitted into it); a page is half as
    /// many points, PowerPoint's 540-point height for a 1080-pixel slide.
    public var size: PixelSize
    public var plan: ExportPlan
    /// Also write the notes, for pdfpc, as NAME.pdfpc beside the PDF (slides only).
    public var writesNotesFile: Bool
    /// The password of an encrypted PDF deck, whose pages go into this PDF.
    public var password: String?
    /// Ink drawn over the slides, as vectors (`--ink`).
    public var ink: TalkInk?

    public init(
      outputPath: String, size: PixelSize = PixelSize(width: 1920, height: 1080),
      plan: ExportPlan = ExportPlan(), writesNotesFile: Bool = true, password: String? = nil,
      ink: TalkInk? = nil
    ) {
      self.ink = ink
      self.outputPath = outputPath
      self.size = size
      self.plan = plan
      self.writesNotesFile = writesNotesFile
      self.password = password
    }
  }

  public struct Result: Sendable {
    public var pages: Int
    public var path: String
    public var bytesWritten: Int
    /// The `.pdfpc` file written beside the PDF, if any.
    public var notesPath: String?
    /// Seconds spent laying out and drawing, and writing the file.
    public var drawSeconds: Double
    public var overflow: [LayoutOverflow]
  }

  public enum ExportError: Error, CustomStringConvertible, Equatable {
    case write(String, String)

    public var description: String {
      switch self {
      case .write(let path, let reason): return "cannot write '\(path)': \(reason)"
      }
    }
  }

  /// Pixels to points: a 1080-pixel slide is 540 points tall, PowerPoint's and Marp's page.
  public static let pointsPerPixel = 0.5

  let deck: Deck
  let theme: Theme
  let options: Options
  let fonts: any FontRunSource
  let measurer: any TextMeasurer
  let images: any ImageMeasurer & ImagePixelSource

  /// `fonts` and `measurer` are the same fonts (PodiumSDL's `FontLibrary`), so the PDF sets the
  /// lines layout measured; `images` measures pictures for layout and decodes those the PDF
  /// cannot take as they are.
  public init(
    deck: Deck, theme: Theme, options: Options, fonts: any FontRunSource,
    measurer: any TextMeasurer, images: any ImageMeasurer & ImagePixelSource
  ) {
    self.deck = deck
    self.theme = theme
    self.options = options
    self.fonts = fonts
    self.measurer = measurer
    self.images = images
  }

  /// The temporary file a run writes before renaming it: hidden, beside the output, so the
  /// rename stays on one file system.
  public var temporaryPath: String { AtomicFile.temporaryPath(for: options.outputPath) }

  /// A page's label when pages are build steps: `Slide 2` on each of slide 2's pages, so that
  /// PDF presenters (pdfpc, Podium) take them as one slide, as they take beamer's overlays. The
  /// label is words because cairo 1.16 mangles labels made only of digits into page-number
  /// ranges that point at the wrong pages; without steps no label is needed, page numbers being
  /// slide numbers.
  static func pageLabel(_ page: ExportPlan.Page, plan: ExportPlan) -> String? {
    guard case .slides = plan.layout, plan.steps else { return nil }
    return "Slide \((page.shots.first?.slideIndex ?? 0) + 1)"
  }

  /// The pdfpc notes file for the output: NAME.pdfpc for NAME.pdf.
  public var notesPath: String {
    PdfpcFile.path(besidePDF: URL(fileURLWithPath: options.outputPath).path)
  }

  /// Writes the PDF; `progress` is called on this thread with (pages done, total).
  public func run(progress: (Int, Int) -> Void = { _, _ in }) throws -> Result {
    let output = options.outputPath
    try prepareFolder()
    let temporary = temporaryPath
    try reserve(temporary)
    var succeeded = false
    defer { if !succeeded { unlink(temporary) } }

    let started = DispatchTime.now()
    let plan = options.plan
    let pages = plan.pages(in: deck)
    let size = plan.pageSize(for: deck, fitting: options.size)
    var engine = LayoutEngine(theme: theme, measurer: measurer, images: images)
    engine.ink = options.ink
    var overflow: [LayoutOverflow] = []
    do {
      let document = try PDFDocument(path: temporary)
      document.setMetadata(
        title: deck.metadata.title ?? deck.slides.first?.title, author: deck.metadata.author,
        subject: deck.metadata.subtitle, creator: "Podium")
      let renderer = PDFRenderer(
        document: document, fonts: fonts, measurer: measurer, images: images)
      renderer.password = options.password
      let points = Self.pagePoints(plan: plan, pixels: size)
      let scale = points.width / Double(size.width)
      var outlined: Set<Int> = []
      for page in pages {
        document.beginPage(
          points: points, scale: scale, label: Self.pageLabel(page, plan: plan))
        let frame = engine.frame(
          for: page, of: plan, in: deck, pageCount: pages.count, size: size)
        overflow += frame.overflow.filter { !overflow.contains($0) }
        renderer.draw(frame)
        document.endPage()
        // The outline names each slide once, at its first page.
        for shot in page.shots where !outlined.contains(shot.slideIndex) {
          outlined.insert(shot.slideIndex)
          let slide = deck.slides[shot.slideIndex]
          document.addOutline(
            "\(slide.index + 1). \(slide.title ?? "Slide \(slide.index + 1)")", page: page.number)
        }
        try document.check("drawing page \(page.number)")
        progress(page.number, pages.count)
      }
      try document.finish()
    } catch let error as PDFError {
      throw ExportError.write(output, error.message)
    }

    var notes: String?
    if options.writesNotesFile, case .slides = plan.layout {
      let text = PDFPCNotes(deck: deck, pages: pages, plan: plan).json
      do {
        try AtomicFile.write(Data(text.utf8), to: notesPath)
        notes = notesPath
      } catch let error as AtomicFile.WriteError {
        throw ExportError.write(notesPath, error.reason)
      }
    }
    do {
      try AtomicFile.commit(temporary, to: output)
    } catch let error as AtomicFile.WriteError {
      throw ExportError.write(output, error.reason)
    }
    succeeded = true
    let bytes = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
    return Result(
      pages: pages.count, path: output, bytesWritten: bytes, notesPath: notes,
      drawSeconds: Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9,
      overflow: overflow)
  }

  /// A page's size in points: a slide's half its pixels, a handout's its paper's.
  public static func pagePoints(plan: ExportPlan, pixels: PixelSize) -> (
    width: Double, height: Double
  ) {
    if case .handouts(let handout) = plan.layout { return handout.paper.points }
    return (Double(pixels.width) * pointsPerPixel, Double(pixels.height) * pointsPerPixel)
  }

  /// Makes the output's folder if it is missing, as PNG export makes its own; an output that is
  /// a folder is refused.
  private func prepareFolder() throws {
    let output = URL(fileURLWithPath: options.outputPath)
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: output.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      throw ExportError.write(options.outputPath, "it is a folder")
    }
    let folder = output.deletingLastPathComponent()
    if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw ExportError.write(options.outputPath, "'\(folder.path)' is not a folder")
      }
      return
    }
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw ExportError.write(options.outputPath, Self.reason(error))
    }
  }

  /// Creates the temporary file, so a folder that cannot be written is reported before any
  /// work, with the system's reason.
  private func reserve(_ path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw ExportError.write(options.outputPath, String(cString: strerror(errno)))
    }
    close(descriptor)
  }

  private static func reason(_ error: Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(underlying.code)))
    }
    return error.localizedDescription
  }
}

/// The notes file pdfpc reads beside a PDF (its format 2, JSON): each page's slide number, build
/// step and notes, and the talk's duration and end time.
struct PDFPCNotes {
  let deck: Deck
  let pages: [ExportPlan.Page]
  let plan: ExportPlan

  var json: String {
    var file = PdfpcFile(disableMarkdown: true, endTime: deck.metadata.endTime)
    file.duration = deck.metadata.duration.map { max(1, ($0.seconds + 59) / 60) }
    file.pages = pages.map { page in
      let shot = page.shots.first ?? SlideShot(slideIndex: 0, step: 0)
      let slide = deck.slides[shot.slideIndex]
      return PdfpcFile.Page(
        idx: page.number - 1,
        label: PDFExporter.pageLabel(page, plan: plan) ?? "\(shot.slideIndex + 1)",
        overlay: shot.step,
        forcedOverlay: shot.step > 0, hidden: false,
        note: slide.hasNotes ? slide.notes.map(\.plainText).joined(separator: "\n\n") : nil)
    }
    return file.json
  }
}
