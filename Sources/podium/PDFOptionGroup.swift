import ArgumentParser
import Foundation
import PodiumCore
import PodiumPDF
import PodiumVideo

/// What `check`, `export`, `present` and `rehearse` take for a deck that is a PDF.
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

  func validate() throws {
    if let notesPages, NotesPages(rawValue: notesPages) == nil {
      throw ValidationError("--notes-pages '\(notesPages)' is not right, left, top or bottom.")
    }
  }

  /// A loader for these options and the speaker's settings, which reads PDFs with Poppler and
  /// videos' headers with FFmpeg.
  /// For an encrypted PDF with no `--password`, the password is asked for on a terminal (and
  /// kept, so that live reload opens the file too).
  func loader(_ settings: Configuration, for deck: String) -> DeckLoader {
    var loader = DeckLoader(configuration: settings)
    loader.pdf = PopplerPDFReader()
    loader.videos = FFmpegVideoProbe()
    loader.password = password
    loader.notesPages = notesPages.flatMap(NotesPages.init(rawValue:))
    if DeckLoader.isPDF(deck), password == nil, isatty(STDIN_FILENO) == 1,
      loader.load(deck).needsPassword,
      let typed = getpass("Password for \((deck as NSString).lastPathComponent): ")
    {
      loader.password = String(cString: typed)
    }
    return loader
  }
}
