import Foundation
import PodiumCore

// A libFuzzer harness over the deck parser and layout: bytes in, a laid-out deck out.
//
// Built by `scripts/fuzz` with `-sanitize=fuzzer,address -DPODIUM_FUZZING`, libFuzzer supplies
// `main` and calls `LLVMFuzzerTestOneInput`. In an ordinary build (`swift build`, as CI runs it)
// the target has its own `main` that replays the files and folders named on the command line
// through the same code, so a reproducer can be run without the fuzzer:
// `swift run deck-fuzz Fuzz/regressions`.

/// Every character is half an em wide and lines are 1.2 em, like `FixedTextMeasurer` in
/// PodiumTestSupport (which this target cannot link: it needs the Testing library).
struct FuzzTextMeasurer: TextMeasurer {
  func metrics(for font: FontSpec) -> FontMetrics {
    let size = Double(font.pixelSize)
    return FontMetrics(ascent: size * 0.8, descent: size * 0.2, lineHeight: size * 1.2)
  }

  func width(of text: String, font: FontSpec) -> Double {
    Double(text.utf8.count) * Double(font.pixelSize) * 0.5 * (font.bold ? 1.1 : 1.0)
  }
}

/// Pretends that some images exist, at sizes that exercise scaling both ways, and that the
/// others are missing, so both the image and the placeholder paths are laid out.
struct FuzzImageMeasurer: ImageMeasurer {
  static let sizes = [
    PixelSize(width: 800, height: 600), PixelSize(width: 1, height: 1),
    PixelSize(width: 4000, height: 10), PixelSize(width: 10, height: 4000),
  ]

  func size(ofImageAt path: String) -> PixelSize? {
    let key = path.utf8.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF }
    return key % 5 == 4 ? nil : Self.sizes[key % 5]
  }
}

enum DeckFuzz {
  static let themes = [Theme.light, Theme.dark]
  static let sizes = [PixelSize(width: 1920, height: 1080), PixelSize(width: 1024, height: 768)]
  /// Steps laid out per slide. Each step lays out the whole slide, so a slide of n pauses costs
  /// n² in steps alone; the first, last and a spread in between are enough to cover the code.
  static let maximumSteps = 6

  /// Parses `bytes` as a deck file and lays out every slide at each size (a sample of the build
  /// steps of long builds) and its handout page, checking what the renderer relies on.
  static func run(_ bytes: UnsafeRawBufferPointer) {
    let result = DeckParser.parse(
      bytes: Array(bytes), file: "/fuzz/deck.md", baseDirectory: "/fuzz")
    layOut(result)
    // What a file given as a deck is, from its first bytes (a photo, an archive, an office
    // deck), under every name that decides a tie.
    for name in ["deck.md", "talk.pptx", "talk.key", "old.ppt"] {
      _ = FileKind.sniff(Array(bytes.prefix(FileKind.headLength)), name: name)
    }
    // JSON, or pdfpc's older `[section]` format, may be a notes file beside a PDF deck: read it
    // as Podium does.
    if bytes.first == UInt8(ascii: "{") || bytes.first == UInt8(ascii: "[") {
      runPdfpc(Array(bytes))
    }
    // An ink sidecar beside the deck, and a crash journal's lines with their ink replayed over
    // it, as `--resume` does.
    var ink = Ink()
    if bytes.starts(with: Array("podium-ink".utf8)) {
      ink =
        InkSidecar.decode(
          String(decoding: bytes, as: UTF8.self), file: "/fuzz/deck.md.ink", scope: .step
        ).ink
    }
    if let journal = TalkJournal.replay(Data(bytes)) { ink.replay(journal.ink) }
    precondition(ink.generation >= 0, "a negative ink generation")
    // Its whiteboard pages put in a small deck, as a talk does: each page once, in order.
    if !ink.boards.isEmpty {
      let slides = (0..<3).map { index in
        Slide(
          index: index, location: SourceLocation(line: index + 1, column: 1),
          blocks: [
            Block(.paragraph([TextRun("slide \(index)")]), at: SourceLocation(line: 1, column: 1))
          ])
      }
      let deck = Deck(
        file: "/fuzz/deck.md", baseDirectory: "/fuzz", dialect: .standard,
        metadata: DeckMetadata(), slides: slides)
      let shown = deck.withWhiteboards(ink.boards)
      precondition(
        shown.slides.count == 3 + Set(ink.boards.map(\.id)).count
          && shown.slides.indices.allSatisfy { shown.slides[$0].index == $0 },
        "a whiteboard page lost, doubled or misnumbered")
    }
    // What a server sends `podium fetch`: sniffed as a remote image before it is kept.
    if case .success(let format) = RemoteImageCache.sniff(Array(bytes)) {
      precondition(RemoteImageCache.formats[format] != nil, "a format that is not kept")
    }
    // A picture's headers, as Podium reads them before any decoder (animated GIF, PNG and
    // WebP are walked block by block).
    for (signature, format) in [("GIF8", "gif"), ("\u{89}PNG", "png"), ("RIFF", "webp")]
    where bytes.starts(with: Array(signature.unicodeScalars.map { UInt8($0.value) })) {
      if case .success(let header) = ImageFile.inspect(bytes: Array(bytes), extension: format),
        let animation = header.animation
      {
        precondition(animation.frames > 1 && animation.plays >= 0, "a bad animation header")
      }
    }
  }

  /// A pdfpc notes file made into a PDF deck, as `DeckLoader` makes one: pages (up to 64) whose
  /// labels and sticky notes come from the file's entries, some twice as wide as a slide, with
  /// notes pages detected or asked for; then laid out like any deck. Poppler, which reads the
  /// PDF itself, is not in this harness: `PDFDeckCommandTests` feeds it damaged PDFs.
  static func runPdfpc(_ bytes: [UInt8]) {
    guard case .success(let file) = PdfpcFile.parse(bytes) else { return }
    let entries = (file.pages ?? []).filter { $0.idx >= 0 && $0.idx < 64 }
    // The older format's notes are by slide: enough pages for each to land on one.
    let noted = min(64, max(0, file.slideNotes?.keys.max() ?? 0))
    let count = max((entries.map(\.idx).max() ?? 0) + 1, noted)
    var pages = (0..<count).map { index in
      PDFDocumentInfo.Page(width: index % 4 == 3 ? 453.5 : 907, height: 255.1)
    }
    for entry in entries {
      pages[entry.idx].label = entry.label
      if let note = entry.note { pages[entry.idx].notes.append(note) }
    }
    let asked: NotesPages? = count % 2 == 0 ? nil : NotesPages.allCases[count % 4]
    let (deck, _) = PDFDeckBuilder(
      path: "/fuzz/deck.pdf", info: PDFDocumentInfo(pages: pages), pdfpc: file, notesPages: asked
    ).deck()
    precondition(deck.slides.reduce(0) { $0 + $1.pages.count } == count, "pages lost")
    layOut(deck)
  }

  static func layOut(_ result: DeckParseResult) {
    for diagnostic in result.diagnostics {
      _ = diagnostic.description
    }
    guard var deck = result.deck else {
      precondition(result.hasErrors, "no deck and no error")
      return
    }
    // Videos' streams come from FFmpeg when a deck is loaded: pretend some clips are there, at
    // sizes that exercise scaling both ways, so clips are laid out as pictures.
    for index in deck.slides.indices {
      deck.slides[index].updateImages { image, _ in
        guard image.video != nil, let path = image.path,
          let size = FuzzImageMeasurer().size(ofImageAt: path)
        else { return }
        image.video?.stream = VideoStream(
          width: size.width, height: size.height, duration: 12, frameRate: 30, codec: "h264",
          audioCodec: nil)
      }
    }
    _ = deck.videos
    layOut(deck)
  }

  static func layOut(_ deck: Deck) {
    _ = deck.imagePaths
    for (slideNumber, slide) in deck.slides.enumerated() {
      precondition(slide.index == slideNumber, "slide \(slideNumber) has index \(slide.index)")
      precondition(slide.stepCount >= 1, "slide \(slideNumber) has no step")
      _ = slide.title
      for block in slide.blocks + slide.notes { _ = block.plainText }
      // Alternate the engines so both themes are covered without doubling the work.
      let engine = LayoutEngine(
        theme: themes[slideNumber % themes.count], measurer: FuzzTextMeasurer(),
        images: FuzzImageMeasurer())
      for size in sizes {
        for step in sampledSteps(slide.stepCount) {
          check(engine.layout(slide, in: deck, step: step, size: size), slide: slideNumber)
        }
      }
      // Handout pages: alone with its notes, and beside them in threes.
      for perPage in [1, 3] {
        let shot = SlideShot(slideIndex: slide.index, step: slide.stepCount - 1)
        check(
          engine.handoutPage(
            [shot], perPage: perPage, in: deck, pageNumber: 1, pageCount: 1,
            size: Paper.a4.pixelSize),
          slide: slideNumber)
      }
    }
    // The presenter console on the last slide (its notes scroll, so they are laid out whole),
    // then the overview of every slide.
    let engine = LayoutEngine(
      theme: .dark, measurer: FuzzTextMeasurer(), images: FuzzImageMeasurer())
    var state = PresentationState(stepCounts: deck.slides.map(\.stepCount))
    let status = ConsoleStatus(now: 0, elapsed: 0, clock: "12:00", audience: "fuzz")
    _ = state.apply(.last, at: 0)
    check(engine.console(deck: deck, state: state, status: status, size: sizes[0]).frame, slide: -1)
    _ = state.apply(.toggleOverview, at: 0)
    check(engine.console(deck: deck, state: state, status: status, size: sizes[1]).frame, slide: -1)
  }

  static func sampledSteps(_ count: Int) -> [Int] {
    guard count > maximumSteps else { return Array(0..<count) }
    return (0..<maximumSteps).map { $0 * (count - 1) / (maximumSteps - 1) }
  }

  /// What the SDL renderer needs from a frame: coordinates it can turn into `Int32` pixels and
  /// clips that are pushed before they are popped.
  static func check(_ frame: SlideFrame, slide: Int) {
    var depth = 0
    for command in frame.commands {
      switch command {
      case .fill(let rect, _), .pushClip(let rect):
        checkRect(rect, slide: slide)
        if case .pushClip = command { depth += 1 }
      case .popClip:
        depth -= 1
        precondition(depth >= 0, "slide \(slide): popClip without pushClip")
      case .text(let item):
        precondition(!item.text.isEmpty || item.width == 0, "slide \(slide): empty text item")
        for value in [item.x, item.y, item.width, item.font.size] {
          checkValue(value, slide: slide)
        }
        precondition(item.font.size > 0, "slide \(slide): font size \(item.font.size)")
      case .image(let item):
        checkRect(item.destination, slide: slide)
        if let source = item.source { checkRect(source, slide: slide) }
      case .layer(let item):
        check(item.frame, slide: slide)
      case .stroke(let item):
        precondition(item.points.count % 2 == 0, "slide \(slide): odd stroke coordinates")
        for value in item.points + [item.width] { checkValue(value, slide: slide) }
      }
    }
    precondition(depth == 0, "slide \(slide): \(depth) clips left pushed")
  }

  static func checkRect(_ rect: Rect, slide: Int) {
    for value in [rect.x, rect.y, rect.width, rect.height] { checkValue(value, slide: slide) }
  }

  static func checkValue(_ value: Double, slide: Int) {
    precondition(value.isFinite, "slide \(slide): coordinate \(value)")
    precondition(abs(value) < Double(Int32.max), "slide \(slide): coordinate \(value) beyond Int32")
  }
}

#if PODIUM_FUZZING
  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    DeckFuzz.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
  }
#else
  /// Replays inputs without libFuzzer: each argument is a file, or a folder of files. Prints how
  /// long parsing and layout took; `--parse-only` skips layout.
  @main
  enum Replay {
    static func main() throws {
      let manager = FileManager.default
      var arguments = Array(CommandLine.arguments.dropFirst())
      let parseOnly = arguments.contains("--parse-only")
      arguments.removeAll { $0 == "--parse-only" }
      var count = 0
      for argument in arguments {
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: argument, isDirectory: &isDirectory) else {
          FileHandle.standardError.write(Data("deck-fuzz: no such file: '\(argument)'\n".utf8))
          exit(2)
        }
        let files =
          isDirectory.boolValue
          ? try manager.contentsOfDirectory(atPath: argument).sorted().map { argument + "/" + $0 }
          : [argument]
        for file in files {
          let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
          let start = Date()
          let result = DeckParser.parse(bytes: bytes, file: "/fuzz/deck.md", baseDirectory: "/fuzz")
          let parsed = Date()
          if !parseOnly { DeckFuzz.layOut(result) }
          let seconds = { (from: Date, to: Date) in
            String(format: "%.3f", to.timeIntervalSince(from))
          }
          print(
            "deck-fuzz: \(file): ok: parsed in \(seconds(start, parsed)) s, laid out in \(seconds(parsed, Date())) s"
          )
          count += 1
        }
      }
      print("deck-fuzz: replayed \(count) input(s)")
    }
  }
#endif
