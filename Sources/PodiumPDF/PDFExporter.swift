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
public final class PDFExporter: VectorExport {
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

  /// Pixels to points: a 1080-pixel slide is 540 points tall, PowerPoint's and Marp's page.
  public static let pointsPerPixel = 0.5

  var deck: Deck { source.deck }

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
    let file = ExportOutput(path: output)
    try file.prepare()
    let temporary = file.temporaryPath
    var succeeded = false
    defer { if !succeeded { unlink(temporary) } }

    let started = DispatchTime.now()
    let plan = options.plan
    let pages = plan.pages(in: deck)
    let size = plan.pageSize(for: deck, fitting: options.size)
    let overflow: [LayoutOverflow]
    do {
      let document = try PDFDocument(path: temporary)
      document.setMetadata(
        title: deck.metadata.title ?? deck.slides.first?.title, author: deck.metadata.author,
        subject: deck.metadata.subtitle, creator: "Podium")
      let points = Self.pagePoints(plan: plan, pixels: size)
      let scale = points.width / Double(size.width)
      var outlined: Set<Int> = []
      overflow = try source.draw(
        plan, size: size, password: options.password, ink: options.ink,
        begin: { page in
          document.beginPage(
            points: points, scale: scale, label: Self.pageLabel(page, plan: plan))
          return document
        },
        end: { page in
          document.endPage()
          // The outline names each slide once, at its first page.
          for shot in page.shots where !outlined.contains(shot.slideIndex) {
            outlined.insert(shot.slideIndex)
            let slide = deck.slides[shot.slideIndex]
            document.addOutline(
              "\(slide.index + 1). \(slide.title ?? "Slide \(slide.index + 1)")",
              page: page.number)
          }
          try document.check("drawing page \(page.number)")
          progress(page.number, pages.count)
        })
      try document.finish()
    } catch let error as PDFError {
      throw ExportFileError.write(output, error.message)
    }

    var notes: String?
    if options.writesNotesFile, case .slides = plan.layout {
      let text = PDFPCNotes(deck: deck, pages: pages, plan: plan).json
      do {
        try AtomicFile.write(Data(text.utf8), to: notesPath)
        notes = notesPath
      } catch let error as AtomicFile.WriteError {
        throw ExportFileError.write(notesPath, error.reason)
      }
    }
    try file.commit()
    succeeded = true
    return Result(
      pages: pages.count, path: output, bytesWritten: file.bytesWritten, notesPath: notes,
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
