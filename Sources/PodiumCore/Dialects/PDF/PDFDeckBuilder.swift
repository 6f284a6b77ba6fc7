import Foundation

/// A deck made of a PDF, as pdfpc reads one: consecutive pages with the same page label are the
/// build steps of one slide (beamer labels each overlay of a frame with the frame's number); a
/// PDF without labels has a slide per page. Notes come from pdfpc's notes file beside it
/// (`talk.pdfpc`, Markdown unless it says `disableMarkdown`), from the pages' text annotations,
/// and from beamer notes pages, whose notes half the console shows as a picture.
public struct PDFDeckBuilder {
  public var path: String
  public var info: PDFDocumentInfo
  public var pdfpc: PdfpcFile?
  /// The notes half asked for (`--notes-pages`); nil finds beamer's usual layout by itself.
  public var notesPages: NotesPages?
  /// The first line of text of each page's slide part, when page labels cannot be trusted.
  public var titles: (([Int], (Int) -> Rect) -> [String?])?

  public init(
    path: String, info: PDFDocumentInfo, pdfpc: PdfpcFile? = nil, notesPages: NotesPages? = nil
  ) {
    self.path = path
    self.info = info
    self.pdfpc = pdfpc
    self.notesPages = notesPages
  }

  /// The deck, and a line saying how notes pages were read, if they were.
  public func deck() -> (Deck, notice: String?) {
    var metadata = DeckMetadata(title: info.title, author: info.author)
    // pdfpc's file says which half holds the notes when its talk was given with notes pages.
    let fromFile = pdfpc?.beamerNotePosition.flatMap { NotesPages(rawValue: $0.lowercased()) }
    let chosen = notesPages ?? fromFile ?? NotesPages.detected(in: info.pages)
    metadata.notesPages = chosen
    if let pdfpc {
      metadata.duration = pdfpc.duration.map { TalkDuration(seconds: max(1, $0) * 60) }
      metadata.endTime = pdfpc.endTime
      metadata.warningMinutes = pdfpc.lastMinutes.map(Double.init)
    }
    let groups = slidePages(side: chosen)
    var slides: [Slide] = []
    for (index, pages) in groups.enumerated() {
      var slide = Slide(
        index: index, location: SourceLocation(line: pages[0] + 1, column: 1), blocks: [],
        stepCount: pages.count)
      slide.pages = pages.map { reference(page: $0, notes: false, side: chosen) }
      slide.label = info.pages[pages[0]].label
      slide.notes = notes(for: pages, slide: index, side: chosen)
      slides.append(slide)
    }
    if let first = slides.first?.pages.first {
      metadata.aspect = Self.aspect(first.size)
    }
    let deck = Deck(
      file: path, baseDirectory: (path as NSString).deletingLastPathComponent, dialect: .pdf,
      metadata: metadata, slides: slides)
    var notice: String?
    if let chosen {
      let how =
        notesPages != nil
        ? "--notes-pages"
        : fromFile != nil
          ? "the pdfpc file's notes position" : "each page is twice as wide as its slide"
      notice =
        "notes pages: the \(chosen.rawValue) half of each page is the speaker's notes (\(how)); "
        + "the audience sees the other half"
    }
    return (deck, notice)
  }

  /// The pages of each slide: a run of pages with one label, or a page of its own.
  ///
  /// Beamer's notes on a second screen write the labels of a file with a notes page after each
  /// slide into one without them, so labels come back to earlier values; then, in a PDF of
  /// notes pages, consecutive pages whose slide part has the same title (the text in its top
  /// band, where themes put a frame's title) are one slide. A page pdfpc's file marks as an
  /// overlay (`forcedOverlay`, or an `overlay` past 0) joins the slide before it.
  func slidePages(side: NotesPages? = nil) -> [[Int]] {
    let overlays = Dictionary(
      (pdfpc?.pages ?? []).map { ($0.idx, $0) }, uniquingKeysWith: { first, _ in first })
    var labels = info.pages.map(\.label)
    // pdfpc groups runs of one label, even where labels start again (an appendix numbered
    // from 1). Only with notes pages, whose labels beamer writes as the file's without them,
    // are labels that come back no guide.
    if side != nil, !Self.labelsRunOnce(labels), let titles {
      labels = titles(Array(info.pages.indices)) { index in
        let page = info.pages[index]
        let slide =
          side?.split(width: page.width, height: page.height).slide
          ?? Rect(x: 0, y: 0, width: page.width, height: page.height)
        return Rect(
          x: slide.x + slide.width * 0.02, y: slide.y, width: slide.width * 0.96,
          height: slide.height * 0.15)
      }
    }
    var groups: [[Int]] = []
    for (index, label) in labels.enumerated() {
      let sameLabel = label != nil && index > 0 && labels[index - 1] == label
      let forced =
        overlays[index]?.forcedOverlay == true || (overlays[index]?.overlay ?? 0) > 0
      if sameLabel || forced, !groups.isEmpty {
        groups[groups.count - 1].append(index)
      } else {
        groups.append([index])
      }
    }
    return groups
  }

  private func reference(page index: Int, notes: Bool, side: NotesPages?) -> PageReference {
    let page = info.pages[index]
    guard let side else {
      return PageReference(
        file: path, index: index, size: PageReference.Size(width: page.width, height: page.height))
    }
    let halves = side.split(width: page.width, height: page.height)
    let crop = notes ? halves.notes : halves.slide
    return PageReference(
      file: path, index: index, crop: crop,
      size: PageReference.Size(width: crop.width, height: crop.height))
  }

  /// The notes of the slide made of `pages`: pdfpc's for the slide, then each page's own (an
  /// overlay page's with that build step, as pdfpc shows notes per page; the same text on
  /// several overlays once, with the first), then the pages' sticky notes, and the notes half
  /// of its first page.
  private func notes(for pages: [Int], slide: Int, side: NotesPages?) -> [Block] {
    var texts: [(text: String, step: Int)] = []
    var seen = Set<String>()
    if let note = pdfpc?.slideNotes?[slide + 1] { texts.append((note, 0)) }
    for entry in pdfpc?.pages ?? [] {
      guard let step = pages.firstIndex(of: entry.idx),
        let note = entry.note?.trimmingCharacters(in: .whitespacesAndNewlines), !note.isEmpty,
        seen.insert(note).inserted
      else { continue }
      texts.append((note, step))
    }
    for (step, page) in pages.enumerated() {
      for note in info.pages[page].notes where seen.insert(note).inserted {
        texts.append((note, step))
      }
    }
    var blocks = texts.flatMap { note -> [Block] in
      let (text, step) = note
      let here = SourceLocation(line: pages[step] + 1, column: 1)
      if pdfpc?.disableMarkdown == true {
        return [Block(.paragraph([TextRun(text)]), at: here, step: step)]
      }
      let parsed = DeckParser.parse(text: text, file: path, baseDirectory: "/")
      return (parsed.deck?.slides.flatMap(\.blocks) ?? []).map { $0.shown(at: step) }
    }
    if let side {
      var image = ImageReference(source: "page \(pages[0] + 1)", alt: "notes", path: path)
      image.page = reference(page: pages[0], notes: true, side: side)
      blocks.append(Block(.image(image), at: SourceLocation(line: pages[0] + 1, column: 1)))
    }
    return blocks
  }

  /// Whether each label's pages stand together: no label comes back after another.
  static func labelsRunOnce(_ labels: [String?]) -> Bool {
    var finished = Set<String>()
    for (index, label) in labels.enumerated() {
      guard let label else { continue }
      if finished.contains(label) { return false }
      if index + 1 < labels.count, labels[index + 1] != label { finished.insert(label) }
    }
    return true
  }

  /// A page's shape as an aspect ratio, in whole hundredths of a point, reduced.
  static func aspect(_ size: PageReference.Size) -> AspectRatio {
    var width = max(1, Int((size.width * 100).rounded()))
    var height = max(1, Int((size.height * 100).rounded()))
    var (a, b) = (width, height)
    while b != 0 { (a, b) = (b, a % b) }
    width /= a
    height /= a
    return AspectRatio(width: width, height: height)
  }
}
