import PodiumCore

/// What PDF and HTML export share: their options, what they draw from and the file they write
/// (`PDFExporter`, `HTMLExporter`).
public class VectorExport {
  public struct Options: Sendable {
    public var outputPath: String
    /// The pixel size slides are laid out at (the deck's shape fitted into it): for a PDF, a
    /// page is half as many points, PowerPoint's 540-point height for a 1080-pixel slide; for
    /// HTML, the SVGs' units, which a browser scales to its window.
    public var size: PixelSize
    public var plan: ExportPlan
    /// Also write the notes, for pdfpc, as NAME.pdfpc beside the PDF (slides only; an HTML
    /// page holds its notes).
    public var writesNotesFile: Bool
    /// The password of an encrypted PDF deck, whose pages go into the export.
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

  let options: Options
  let source: VectorPages

  /// `fonts` and `measurer` are the same fonts (PodiumSDL's `FontLibrary`), so the vectors set
  /// the lines layout measured; `images` measures pictures for layout and decodes those the
  /// surface cannot take as they are.
  public init(
    deck: Deck, theme: Theme, options: Options, fonts: any FontRunSource,
    measurer: any TextMeasurer, images: any ImageMeasurer & ImagePixelSource
  ) {
    self.options = options
    source = VectorPages(
      deck: deck, theme: theme, fonts: fonts, measurer: measurer, images: images)
  }

  /// The temporary file a run writes before renaming it: hidden, beside the output, so the
  /// rename stays on one file system.
  public var temporaryPath: String { ExportOutput(path: options.outputPath).temporaryPath }
}

/// What PDF and HTML export draw from, and the loop they share: each page of a plan laid out
/// and drawn by one `PDFRenderer` (its fonts and pictures kept from page to page) on the
/// surface the export gives it.
struct VectorPages {
  let deck: Deck
  let theme: Theme
  /// The same fonts as `measurer` (PodiumSDL's `FontLibrary`), so the vectors set the lines
  /// layout measured.
  let fonts: any FontRunSource
  let measurer: any TextMeasurer
  /// Measures pictures for layout and decodes those a surface cannot take as they are.
  let images: any ImageMeasurer & ImagePixelSource

  /// Lays out every page of `plan` at `size` and draws it on the surface `begin` gives for it
  /// (the PDF's next page, a new SVG page); `end` follows each page drawn. Returns the
  /// overflow layout found, each once.
  func draw(
    _ plan: ExportPlan, size: PixelSize, password: String?, ink: TalkInk?,
    begin: (ExportPlan.Page) throws -> VectorSurface,
    end: (ExportPlan.Page) throws -> Void
  ) throws -> [LayoutOverflow] {
    let pages = plan.pages(in: deck)
    var engine = LayoutEngine(theme: theme, measurer: measurer, images: images)
    engine.ink = ink
    var overflow: [LayoutOverflow] = []
    var renderer: PDFRenderer?
    for page in pages {
      let surface = try begin(page)
      let drawing =
        renderer ?? PDFRenderer(document: surface, fonts: fonts, measurer: measurer, images: images)
      drawing.document = surface
      drawing.password = password
      renderer = drawing
      let frame = engine.frame(for: page, of: plan, in: deck, pageCount: pages.count, size: size)
      overflow += frame.overflow.filter { !overflow.contains($0) }
      drawing.draw(frame)
      try end(page)
    }
    return overflow
  }
}
