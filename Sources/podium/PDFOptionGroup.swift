import ArgumentParser
import Foundation
import PodiumCore
import PodiumOffice
import PodiumPDF
import PodiumVideo

/// What `check`, `export`, `present` and `rehearse` take to read a deck: a PDF's password and
/// notes half, and the tool a Markdown deck was written for.
struct PDFOptionGroup: ParsableArguments {
  @Option(help: "The password of an encrypted PDF (asked for on a terminal when missing).")
  var password: String?

  @Option(
    name: .customLong("notes-pages"),
    help: ArgumentHelp(
      "The half of each PDF page that holds the speaker's notes (beamer's notes on a second "
        + "screen): right, left, top or bottom (default: right when every page is twice as "
        + "wide as a slide).",
      valueName: "side"))
  var notesPages: String?

  @Option(
    help: ArgumentHelp(
      "The tool a Markdown deck was written for: podium, pandoc or slidev (default: found "
        + "from the deck).", valueName: "tool"))
  var dialect: String?

  /// `--dialect`'s tools: Podium's own syntax (with Marp's, remark's, presenterm's), pandoc's
  /// slide shows, Slidev.
  static let dialects: [String: DeckDialect] = [
    "podium": .standard, "marp": .standard, "pandoc": .pandoc, "slidev": .slidev,
  ]

  func validate() throws {
    if let dialect, Self.dialects[dialect.lowercased()] == nil {
      throw ValidationError("--dialect '\(dialect)' is not podium, pandoc or slidev.")
    }
    if let notesPages, NotesPages(rawValue: notesPages) == nil {
      throw ValidationError("--notes-pages '\(notesPages)' is not right, left, top or bottom.")
    }
  }

  /// A loader for these options and the speaker's settings, which reads PDFs with Poppler,
  /// videos' headers with FFmpeg and office decks through LibreOffice.
  /// For an encrypted PDF with no `--password`, the password is asked for on a terminal (and
  /// kept, so that live reload opens the file too).
  func loader(_ settings: Configuration, for deck: String) -> DeckLoader {
    var loader = DeckLoader(configuration: settings)
    loader.pdf = PopplerPDFReader()
    loader.videos = FFmpegVideoProbe()
    var office = LibreOfficeReader.standard()
    office.announce = { Console.error("podium: \($0)") }
    let bar = ConversionBar.shared
    office.progress = { bar.update($0) }
    loader.office = office
    loader.password = password
    loader.notesPages = notesPages.flatMap(NotesPages.init(rawValue:))
    loader.dialect = dialect.flatMap { Self.dialects[$0.lowercased()] }
    if DeckLoader.isPDF(deck), password == nil, isatty(STDIN_FILENO) == 1,
      loader.load(deck).needsPassword,
      let typed = getpass("Password for \((deck as NSString).lastPathComponent): ")
    {
      loader.password = String(cString: typed)
    }
    return loader
  }
}

/// The terminal's bar while an office deck converts, drawn from the conversion's threads; it
/// clears itself when the deck is whole, and stops once a talk's console shows it instead.
final class ConversionBar: @unchecked Sendable {
  /// The command's one bar: a command converts one deck at a time.
  static let shared = ConversionBar()
  private let lock = NSLock()
  private let bar = ProgressBar(enabled: isatty(STDERR_FILENO) == 1)
  private var stopped = false

  func update(_ progress: OfficeProgress) {
    lock.lock()
    defer { lock.unlock() }
    guard !stopped else { return }
    bar.update(progress.done, progress.total)
    if progress.isComplete { bar.finish() }
  }

  /// Clears the bar and draws it no more (the talk has started: its console says the rest).
  func stop() {
    lock.lock()
    defer { lock.unlock() }
    bar.finish()
    stopped = true
  }
}
