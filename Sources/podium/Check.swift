import ArgumentParser
import Foundation
import PodiumCore
import PodiumSDL

struct Check: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check decks for problems without presenting them.",
    discussion:
      "Prints each problem as 'deck.md:LINE:COLUMN: error|warning: message', then a summary "
      + "line per deck. Exits 0 when no deck has an error, 1 when one has, 2 for a usage error."
  )

  @Argument(
    help: "The deck files to check.", completion: .file(extensions: ["md", "markdown", "pdf"]))
  var decks: [String]

  @Flag(help: "Print the result as JSON, for editors and scripts.")
  var json = false

  @Flag(help: "Treat warnings as errors (exit 1 when there is any).")
  var strict = false

  @Flag(
    help: ArgumentHelp(
      "Download the decks' remote images into the cache first, as 'podium fetch' does (exit 1 "
        + "when one cannot be fetched)."))
  var fetch = false

  @OptionGroup var pdf: PDFOptionGroup

  func validate() throws {
    if decks.isEmpty { throw ValidationError("Missing a deck file, e.g. 'podium check talk.md'.") }
  }

  func run() throws {
    var reports: [CheckReport] = []
    // Decks are checked as they would be shown: with the configured theme when they name none.
    // The configuration's own problems are 'podium config's to report.
    let settings = Configuration.load(path: Configuration.defaultPath()).0
    var fetchFailed = false
    for path in decks {
      if fetch {
        // JSON keeps standard output to itself: the fetch's lines go to standard error.
        let fetched = Fetch.fetch(deck: path, options: nil) { line in
          if json {
            FileHandle.standardError.write(Data((line + "\n").utf8))
          } else {
            print(line)
          }
        }
        if !fetched { fetchFailed = true }
      }
      let loaded = pdf.loader(settings, for: path).load(path)
      if !json {
        for notice in loaded.notices { print("\(path): \(notice)") }
      }
      var diagnostics = loaded.diagnostics
      if let deck = loaded.deck {
        diagnostics += SystemChecks.diagnostics(for: deck, theme: loaded.theme)
        diagnostics += InkSidecar.check(deckPath: path, deck: deck, scope: settings.inkScope)
      }
      reports.append(CheckReport(file: path, deck: loaded.deck, diagnostics: diagnostics))
    }
    if json {
      print(try CheckReport.json(reports))
    } else {
      for report in reports {
        for diagnostic in report.diagnostics { print(diagnostic) }
        print(report.summary)
      }
    }
    let failed = reports.contains {
      $0.diagnostics.hasErrors || (strict && !$0.diagnostics.isEmpty)
    }
    if failed || fetchFailed { throw ExitCode.failure }
  }
}
