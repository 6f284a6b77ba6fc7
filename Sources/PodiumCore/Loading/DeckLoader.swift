import Foundation

/// A deck ready to show: the deck, the theme it asks for (or the configuration's, when it names
/// none) and every problem found on the way. What `check`, `export`, `present`, `rehearse`, live
/// reload and the examples all start from.
public struct LoadedDeck: Sendable {
  /// The deck file.
  public var path: String
  /// The deck, when the file could be read at all.
  public var deck: Deck?
  public var theme: Theme
  public var diagnostics: [Diagnostic]
  /// Facts worth a line that are not problems: how a PDF's notes pages were read.
  public var notices: [String] = []
  /// The deck is an encrypted PDF and no password, or a wrong one, was given.
  public var needsPassword = false

  public var hasErrors: Bool { diagnostics.hasErrors }

  /// The files whose edits change what the slides show: the deck, its theme file and its
  /// images. What live reload watches.
  public var watchedFiles: [String] { Self.watchedFiles(deckAt: path, deck) }

  static func watchedFiles(deckAt path: String, _ deck: Deck?) -> [String] {
    var files = [path]
    if DeckLoader.isPDF(path) { files.append(PdfpcFile.path(besidePDF: path)) }
    if case .file(let theme)? = deck?.metadata.theme { files.append(theme) }
    return files + (deck?.imagePaths ?? []) + (deck?.conversion?.pending ?? [])
  }
}

/// The one way a deck is loaded: parsed, given the configuration's default theme when it names
/// none, and its theme file read. Images are checked from their headers while parsing.
public struct DeckLoader: Sendable {
  /// The theme for decks that name none (the configuration's `theme:`).
  public var defaultTheme: ThemeChoice?
  public var files: any DeckFiles
  /// What sets the deck's formulas; nil leaves them as TeX source.
  public var math: MathTypesetter?
  /// What reads a deck that is a PDF; nil refuses PDFs.
  public var pdf: (any PDFReader)?
  /// The password of an encrypted PDF (`--password`).
  public var password: String?
  /// Which half of each page of a PDF holds notes (`--notes-pages`); nil detects beamer's.
  public var notesPages: NotesPages?
  /// What reads video files' headers; nil shows each video as a placeholder saying so.
  public var videos: (any VideoProbe)?
  /// What converts and reads office decks (`.pptx`, `.odp`, `.key`); nil refuses them.
  public var office: (any OfficeReader)?
  /// How long an office deck's load waits for LibreOffice: all of it (`check`, `export`), its
  /// first slides (a talk, which starts within seconds, the others shown as placeholders until
  /// their pages come), or nothing (a reload during a talk).
  public var officeWait = OfficeWait.whole

  /// This loader, reading an office deck without waiting for LibreOffice: a deck saved during
  /// the talk, whose conversion the console shows from the start while the room keeps the last
  /// version until it is done.
  public var notWaitingForOffice: DeckLoader {
    var loader = self
    loader.officeWait = .nothing
    return loader
  }
  /// The syntax a Markdown deck is read in (`--dialect`); nil finds it from the deck.
  public var dialect: DeckDialect?
  /// Where remote images fetched ahead are found (`podium fetch`); nil shows none of them.
  /// Loading never reaches the network.
  public var remoteImages: RemoteImageCache? = .standard()
  /// What the speaker's presenterm configuration says presenterm decks start from
  /// (`PresentermConfig`), and its problems, told with a presenterm deck.
  public var presenterm: (deck: PresentermDeck?, diagnostics: [Diagnostic]) = (nil, [])

  public init(
    defaultTheme: ThemeChoice? = nil, files: any DeckFiles = LocalFiles(),
    math: MathTypesetter? = .standard()
  ) {
    self.defaultTheme = defaultTheme
    self.files = files
    self.math = math
  }

  /// A loader with the speaker's settings.
  public init(
    configuration: Configuration, files: any DeckFiles = LocalFiles(),
    math: MathTypesetter? = .standard()
  ) {
    self.init(defaultTheme: configuration.theme, files: files, math: math)
    presenterm = PresentermConfig.load(path: PresentermConfig.defaultPath(), files: files)
  }

  public func load(_ path: String) -> LoadedDeck {
    // What the file is, by its first bytes: a PDF or an office deck by any name, and never a
    // picture or an archive read as Markdown.
    switch FileKind.sniff(fileAt: path) {
    case .pdf?: return loadPDF(path)
    case .office(let format)?: return loadOffice(path, format: format)
    case .other?:
      let refusal = FileKind.sniff(fileAt: path)?.refusal(of: path) ?? "not a deck"
      return LoadedDeck(
        path: path, deck: nil, theme: .light,
        diagnostics: [Diagnostic(.error, file: path, at: nil, refusal)])
    case .text?, nil:
      if Self.isPDF(path) { return loadPDF(path) }
    }
    var defaults = DeckMetadata()
    defaults.presentermDefaults = presenterm.deck
    let parsed = DeckParser.parse(fileAt: path, files: files, dialect: dialect, defaults: defaults)
    var loaded = LoadedDeck(
      path: path, deck: parsed.deck, theme: .light, diagnostics: parsed.diagnostics)
    if parsed.deck?.dialect == .presenterm { loaded.diagnostics += presenterm.diagnostics }
    guard var deck = parsed.deck else { return loaded }
    if let defaultTheme, deck.metadata.keyLocations["theme"] == nil, !deck.metadata.styledByCSS {
      deck.metadata.theme = defaultTheme
    }
    let (theme, themeDiagnostics) = ThemeLoader.theme(for: deck.metadata.theme, files: files)
    let (styled, styleDiagnostics) = DeckCSS.styled(theme, deck: deck, files: files)
    loaded.theme = styled
    loaded.diagnostics += themeDiagnostics + styleDiagnostics
    loaded.diagnostics += typesetFormulas(in: &deck)
    loaded.diagnostics += probeVideos(in: &deck)
    loaded.diagnostics += findRemoteImages(in: &deck)
    loaded.deck = deck
    return loaded
  }

  /// Reads each video's stream headers (no frame is decoded): its size lays it out, its length
  /// and codec are what `podium check` lists. A clip that cannot be played keeps its path (live
  /// reload watches it) and shows as a placeholder with the reason, with a warning where it is
  /// written; the audience never sees an error.
  private func probeVideos(in deck: inout Deck) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    var probed: [String: Result<VideoStream, ImageFile.Problem>] = [:]
    let file = deck.file
    for index in deck.slides.indices {
      deck.slides[index].updateImages { image, location in
        guard image.video != nil, let path = image.path else { return }
        let result =
          probed[path]
          ?? videos?.probe(path: path)
          ?? .failure(
            ImageFile.Problem(
              reason: "video not supported", message: "cannot be played: no video support"))
        probed[path] = result
        switch result {
        case .success(let stream):
          image.video?.stream = stream
        case .failure(let problem):
          image.problem = problem.reason
          diagnostics.append(
            Diagnostic(
              .warning, file: file, at: location, "video '\(image.source)' \(problem.message)"))
        }
      }
    }
    return diagnostics
  }

  /// Sets the deck's formulas with TeX; a formula TeX cannot set, or every formula when TeX is
  /// not installed, is shown as its source, with a warning at the block that holds it.
  private func typesetFormulas(in deck: inout Deck) -> [Diagnostic] {
    let occurrences = deck.formulaOccurrences
    guard let first = occurrences.first else { return [] }
    guard let math, math.tex != nil else {
      let count = Set(occurrences.map(\.formula)).count
      return [
        Diagnostic(
          .warning, file: deck.file, at: first.location,
          "\(count) formula\(count == 1 ? " is" : "s are") shown as TeX source: pdflatex is not "
            + "installed (install \(MathTypesetter.package), or run scripts/setup --math)")
      ]
    }
    let result = math.typeset(occurrences.map(\.formula))
    deck.formulas = result.formulas
    var reported = Set<MathFormula>()
    var diagnostics: [Diagnostic] = []
    for (formula, location) in occurrences {
      guard let problem = result.problems[formula], reported.insert(formula).inserted else {
        continue
      }
      let shown = formula.tex.count > 40 ? formula.tex.prefix(39) + "…" : formula.tex
      diagnostics.append(
        Diagnostic(
          .warning, file: deck.file, at: location,
          "formula '\(shown)' is shown as TeX source: \(problem)"))
    }
    return diagnostics
  }
}

extension DeckLoader {
  /// Whether a deck is a PDF, by its name.
  public static func isPDF(_ path: String) -> Bool {
    path.lowercased().hasSuffix(".pdf")
  }

  /// Whether the file's last kilobyte holds `%%EOF`, as every complete PDF's does.
  static func endsLikeAPDF(_ path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    guard let size = try? handle.seekToEnd() else { return false }
    try? handle.seek(toOffset: size > 1024 ? size - 1024 : 0)
    let tail = (try? handle.readToEnd()) ?? Data()
    return tail.range(of: Data("%%EOF".utf8)) != nil
  }

  /// What a pdfpc file asks that Podium does not do, with where it asks it.
  static func unhonoured(_ file: PdfpcFile) -> [PdfpcProblem] {
    var problems = file.problems
    let here = SourceLocation(line: 1, column: 1)
    if let end = file.endSlide {
      problems.append(
        PdfpcProblem(
          message: "pdfpc's end slide (\(end)) is not kept: the talk runs to the last slide",
          location: file.location(of: "end_user_slide") ?? here))
    }
    if file.noteFontSize != nil {
      problems.append(
        PdfpcProblem(
          message:
            "pdfpc's notes font size is not kept: set 'notes-size' in Podium's configuration",
          location: file.location(of: "font_size") ?? here))
    }
    return problems
  }

  /// A PDF as a deck: its pages read by `pdf`, its notes from the pdfpc file beside it (or from
  /// `notes`, for a PDF Podium made of an office deck).
  private func loadPDF(_ path: String, notes given: PdfpcFile? = nil) -> LoadedDeck {
    var loaded = LoadedDeck(path: path, deck: nil, theme: .dark, diagnostics: [])
    func fail(_ message: String) -> LoadedDeck {
      loaded.diagnostics.append(Diagnostic(.error, file: path, at: nil, message))
      return loaded
    }
    guard let pdf else { return fail("this build of Podium cannot read PDFs") }
    // A FIFO or a device is refused before Poppler could wait on it.
    if case .failure(let failure) = OpenFile.open(path) {
      return fail(LocalFiles.describe(failure, path: path))
    }
    // A PDF being written (LaTeX rewrites it in place) is not read until it ends: Poppler would
    // rebuild a cut file into fewer pages, and a live reload would take them.
    guard Self.endsLikeAPDF(path) else {
      return fail("the PDF is incomplete (it does not end with %%EOF); still being written?")
    }
    let info: PDFDocumentInfo
    switch pdf.read(path, password: password) {
    case .success(let read): info = read
    case .failure(.encrypted):
      loaded.needsPassword = true
      let name = (path as NSString).lastPathComponent
      return fail(
        password == nil
          ? "\(name) is password-protected; give the password with --password"
          : "the password for \(name) is wrong")
    case .failure(.damaged(let reason)):
      return fail("cannot read the PDF: \(reason)")
    }
    guard !info.pages.isEmpty else { return fail("the PDF has no pages") }

    var pdfpc = given
    let notesPath = PdfpcFile.path(besidePDF: path)
    if given == nil, FileManager.default.fileExists(atPath: notesPath) {
      switch files.contents(of: notesPath, limit: 16 << 20, kind: "notes file") {
      case .success(let bytes):
        switch PdfpcFile.parse(bytes) {
        case .success(let file):
          pdfpc = file
          loaded.diagnostics += Self.unhonoured(file).map {
            Diagnostic(.warning, file: notesPath, at: $0.location, $0.message)
          }
        case .failure(let problem):
          loaded.diagnostics.append(
            Diagnostic(
              .warning, file: notesPath, at: nil,
              "pdfpc notes ignored: \(problem.message)"))
        }
      case .failure(let problem):
        loaded.diagnostics.append(Diagnostic(.warning, file: notesPath, at: nil, problem.message))
      }
    }
    var builder = PDFDeckBuilder(path: path, info: info, pdfpc: pdfpc, notesPages: notesPages)
    builder.titles = { [password] pages, crop in
      pdf.firstLines(of: pages, crop: crop, in: path, password: password)
    }
    let (deck, notice) = builder.deck()
    loaded.deck = deck
    loaded.notices = notice.map { [$0] } ?? []
    return loaded
  }

  /// An office deck: converted to PDF by `office` (once per content, kept in the cache; each
  /// click of a PowerPoint slide a page of its own), its notes and hidden slides read from the
  /// file itself. Called off the talk's thread: before the talk starts, or by the reader of live
  /// reload.
  private func loadOffice(_ path: String, format: OfficeFormat) -> LoadedDeck {
    func fail(_ message: String) -> LoadedDeck {
      LoadedDeck(
        path: path, deck: nil, theme: .dark,
        diagnostics: [Diagnostic(.error, file: path, at: nil, message)])
    }
    guard let office else { return fail("this build of Podium cannot read \(format.name) decks") }
    guard let pdf else { return fail("this build of Podium cannot read PDFs") }
    var stepped = true
    var warnings: [Diagnostic] = []
    while true {
      let conversion: OfficeConversion
      switch office.convert(path, format: format, stepped: stepped, wait: officeWait) {
      case .success(let made): conversion = made
      case .failure(let problem): return fail(problem.message)
      }
      switch OfficeDeckBuilder(path: path, format: format, conversion: conversion, pdf: pdf).deck()
      {
      case .failure(.pages(let message)) where stepped:
        // The copies with a slide per click did not come out as planned: the slides whole.
        warnings.append(
          Diagnostic(.warning, file: path, at: nil, "click steps shown whole: \(message)"))
        stepped = false
      case .failure(.pages(let message)), .failure(.unreadable(let message)):
        return fail(message)
      case .success(var loaded):
        loaded.diagnostics = warnings + loaded.diagnostics
        if var deck = loaded.deck {
          loaded.diagnostics += clickWarnings(of: conversion, format: format, path: path)
          deck.metadata.namedFonts = (try? conversion.info.get())?.fonts ?? []
          loaded.deck = deck
        }
        return loaded
      }
    }
  }

  /// What the conversion leaves out of a deck's clicks: the slides of a format whose clicks are
  /// not steps, shown whole, and effects not played.
  private func clickWarnings(of conversion: OfficeConversion, format: OfficeFormat, path: String)
    -> [Diagnostic]
  {
    guard let info = try? conversion.info.get() else { return [] }
    var found: [Diagnostic] = []
    let clicking = info.slides.filter { $0.clicks > 0 }.count
    if clicking > 0, !conversion.stepped, format != .pptx {
      found.append(
        Diagnostic(
          .warning, file: path, at: nil,
          "\(clicking) slide\(clicking == 1 ? " has" : "s have") shapes that enter on click: Podium shows each such slide whole"
        ))
    }
    let unplayed = info.slides.enumerated().filter { $0.element.unplayed > 0 }.map { $0.offset + 1 }
    if let first = unplayed.first {
      let list =
        unplayed.prefix(8).map(String.init).joined(separator: ", ")
        + (unplayed.count > 8 ? ", …" : "")
      found.append(
        Diagnostic(
          .warning, file: path, at: nil,
          "\(unplayed.count) slide\(unplayed.count == 1 ? " has" : "s have") exit, emphasis or motion effects, not played: the shapes stay as their entrances leave them (slide\(unplayed.count == 1 ? "" : "s") \(unplayed.count == 1 ? String(first) : list))"
        ))
    }
    return found
  }
}
