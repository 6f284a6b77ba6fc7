import Foundation
import PodiumCore

/// Writes a deck as one HTML page to share (`podium export talk.md -o talk.html`): every build
/// step an inline SVG, drawn from the draw list by the PDF's renderer (`PDFRenderer`) on
/// cairo's SVG surface, so text is the glyph outlines of the fonts and sizes layout measured and
/// a page matches the PNG export; the glyphs and pictures are in the page once
/// (`SVGDefinitions`), with the notes and the small script and style sheet that show the steps
/// (`HTMLPlayer`). A PDF deck's pages (and an office deck's, through their PDF) are drawn by
/// Poppler on the same surface, as vectors.
///
/// The file is written whole under a temporary name beside the output and renamed
/// (`AtomicFile`); a failed or interrupted export leaves no half page.
public final class HTMLExporter: VectorExport {
  public struct Result: Sendable {
    public var steps: Int
    public var slides: Int
    public var path: String
    public var bytesWritten: Int
    /// The bytes of glyph outlines and pictures the steps share.
    public var sharedBytes: Int
    public var overflow: [LayoutOverflow]
  }

  /// The plan the page follows: the slides asked for, each with every build step.
  var plan: ExportPlan {
    var plan = options.plan
    plan.layout = .slides
    plan.steps = true
    return plan
  }

  /// Writes the page; `progress` is called on this thread with (steps done, total).
  public func run(progress: (Int, Int) -> Void = { _, _ in }) throws -> Result {
    let file = ExportOutput(path: options.outputPath)
    try file.prepare()
    var succeeded = false
    defer { if !succeeded { unlink(file.temporaryPath) } }

    let plan = self.plan
    let deck = source.deck
    let pages = plan.pages(in: deck)
    let size = plan.pageSize(for: deck, fitting: options.size)
    var shared = SVGDefinitions()
    var steps: [HTMLPlayer.Step] = []
    var svg: SVGPage?
    let overflow: [LayoutOverflow]
    do {
      overflow = try source.draw(
        plan, size: size, password: options.password, ink: options.ink,
        begin: { _ in
          let page = try SVGPage(size: size)
          svg = page
          return page
        },
        end: { page in
          guard let document = try svg?.finish(), let shot = page.shots.first else { return }
          let slide = deck.slides[shot.slideIndex]
          let label = "Slide \(slide.index + 1)" + (slide.title.map { ": \($0)" } ?? "")
          let element = shared.inline(
            document, prefix: "p\(page.number)-",
            attributes:
              "viewBox=\"0 0 \(size.width) \(size.height)\" role=\"img\" "
              + "aria-label=\"\(HTMLPlayer.escaped(label))\"")
          steps.append(
            HTMLPlayer.Step(
              slide: slide.index + 1, step: shot.step + 1, stepCount: slide.stepCount,
              svg: element))
          progress(page.number, pages.count)
        })
    } catch let error as PDFError {
      throw ExportFileError.write(options.outputPath, error.message)
    }
    let slides = Set(pages.compactMap { $0.shots.first?.slideIndex }).sorted()
    let notes = slides.map { deck.slides[$0] }.filter(\.hasNotes).map { slide in
      HTMLPlayer.Notes(slide: slide.index + 1, paragraphs: slide.notes.map(\.plainText))
    }
    let html = HTMLPlayer.page(
      title: deck.metadata.title ?? deck.slides.first?.title ?? "Slides", size: size,
      slideCount: deck.slides.count, definitions: shared.elements, steps: steps, notes: notes)
    try file.write(Data(html.utf8))
    succeeded = true
    return Result(
      steps: steps.count, slides: slides.count, path: options.outputPath,
      bytesWritten: file.bytesWritten, sharedBytes: shared.byteCount, overflow: overflow)
  }
}
