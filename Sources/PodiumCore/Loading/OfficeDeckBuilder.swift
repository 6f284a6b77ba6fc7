import Foundation

/// An office deck as a deck of PDF pages: the pages LibreOffice made, each slide's click steps
/// in order and the slide whole last, the notes and hidden slides from the file itself. A slide
/// whose pages are not made yet (a talk that started before the conversion ended) shows the
/// room its title and the console a placeholder, until they come.
struct OfficeDeckBuilder {
  var path: String
  var format: OfficeFormat
  var conversion: OfficeConversion
  var pdf: any PDFReader

  enum Failure: Error {
    /// The pages LibreOffice made are not the ones asked for.
    case pages(String)
    /// A PDF it made cannot be read.
    case unreadable(String)
  }

  /// What a slide's page is drawn at before its size is known (16:9 in points).
  static let defaultSize = PageReference.Size(width: 960, height: 540)

  func deck() -> Result<LoadedDeck, Failure> {
    var diagnostics: [Diagnostic] = []
    var info: OfficeDeckInfo?
    switch conversion.info {
    case .success(let read): info = read
    case .failure(let problem):
      diagnostics.append(
        Diagnostic(.warning, file: path, at: nil, "speaker notes not read: \(problem.message)"))
    }
    var pages: [Int: [PageReference]] = [:]
    var next = 0
    var title: String?
    var linedUp = true
    for part in conversion.parts {
      guard part.ready else {
        guard let slides = part.slides else { break }
        next = slides.upperBound
        continue
      }
      let read: PDFDocumentInfo
      switch pdf.read(part.file, password: nil) {
      case .success(let document): read = document
      case .failure(.encrypted):
        return .failure(.unreadable("cannot read the PDF LibreOffice made: it is encrypted"))
      case .failure(.damaged(let reason)):
        return .failure(.unreadable("cannot read the PDF LibreOffice made: \(reason)"))
      }
      title = title ?? read.title
      var range = part.slides ?? next..<(next + read.pages.count)
      var steps = range.map { slide in
        conversion.stepped ? (info?.slides[safe: slide]?.clicks ?? 0) + 1 : 1
      }
      let expected = steps.reduce(0, +)
      if read.pages.count != expected {
        let made = "LibreOffice made \(read.pages.count) pages of \(expected)"
        guard !conversion.stepped, conversion.parts.count == 1 else {
          return .failure(.pages(made))
        }
        // The deck whole in one PDF: its pages are the slides, whatever the file says.
        linedUp = false
        range = 0..<read.pages.count
        steps = Array(repeating: 1, count: read.pages.count)
      }
      var index = 0
      for (slide, count) in zip(range, steps) {
        pages[slide] = (0..<count).map { step in
          let page = read.pages[index + step]
          return PageReference(
            file: part.file, index: index + step,
            size: PageReference.Size(width: page.width, height: page.height))
        }
        index += count
      }
      next = range.upperBound
    }
    let described = linedUp ? info?.slides.count ?? next : next
    if let info, !linedUp {
      diagnostics.append(
        Diagnostic(
          .warning, file: path, at: nil,
          "LibreOffice made \(next) pages of \(info.slides.count) slides: notes and hidden slides may not line up"
        ))
    }
    let count = max(described, next)
    guard count > 0 else { return .failure(.unreadable("LibreOffice made no pages of it")) }
    let known = pages.values.first?.first?.size ?? Self.defaultSize
    let document = PDFDocumentInfo(
      pages: (0..<count).map { slide in
        let size = pages[slide]?.last?.size ?? known
        return PDFDocumentInfo.Page(width: size.width, height: size.height)
      }, title: title)
    var notes = PdfpcFile()
    if let info {
      var byNumber: [Int: String] = [:]
      for (index, slide) in info.slides.enumerated() where !slide.notes.isEmpty {
        byNumber[index + 1] = slide.notes
      }
      notes.slideNotes = byNumber
    }
    var (deck, _) = PDFDeckBuilder(path: path, info: document, pdfpc: notes).deck()
    deck.file = path
    deck.baseDirectory = (path as NSString).deletingLastPathComponent
    deck.metadata.title = deck.metadata.title ?? (path as NSString).lastPathComponent
    for index in deck.slides.indices {
      let described = linedUp ? info?.slides[safe: index] : nil
      if described?.hidden == true { deck.slides[index].directives.hidden = true }
      if let made = pages[index] {
        deck.slides[index].pages = made
        deck.slides[index].stepCount = made.count
      } else {
        deck.slides[index].pages = []
        deck.slides[index].stepCount =
          conversion.stepped ? (described?.clicks ?? 0) + 1 : 1
        deck.slides[index].blocks = [placeholder(index, title: described?.title ?? "")]
      }
    }
    if !conversion.pending.isEmpty {
      let progress = conversion.progress(name: (path as NSString).lastPathComponent)
      deck.conversion = DeckConversion(
        progress: progress, pending: conversion.pending + conversion.watched,
        problem: conversion.problem?.message)
      if let problem = conversion.problem {
        diagnostics.append(
          Diagnostic(
            .warning, file: path, at: nil,
            "LibreOffice stopped after \(progress.done) of \(progress.total) slides: \(problem.message)"
          ))
      }
    }
    var loaded = LoadedDeck(path: path, deck: deck, theme: .dark, diagnostics: diagnostics)
    loaded.notices = [
      "\(format.name) deck converted to PDF by LibreOffice (kept in Podium's cache)"
    ]
    return .success(loaded)
  }

  /// A slide not converted yet: the room sees its title, as a browser shows a picture it cannot
  /// load by its alt text; the console a box saying it is being converted.
  private func placeholder(_ index: Int, title: String) -> Block {
    let here = SourceLocation(line: index + 1, column: 1)
    let image = ImageReference(
      source: "slide \(index + 1)", alt: title, path: nil,
      problem: "being converted by LibreOffice")
    return Block(.image(image), at: here)
  }
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? {
    indices.contains(index) ? self[index] : nil
  }
}
