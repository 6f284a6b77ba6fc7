import ArgumentParser
import Foundation
import PodiumCore
import PodiumPDF
import PodiumSDL

/// The options and the start-up that `present` and `rehearse` share.
struct TalkOptionGroup: ParsableArguments {
  @Option(
    help:
      "The talk's length for the countdown and the plan, e.g. 20m (default: the deck's duration).")
  var duration: String?

  @Option(
    help:
      "The countdown turns amber this long before the end, e.g. 3m (default: the configuration's, else 2m)."
  )
  var warning: String?

  @Option(
    help: "Write a JSON-lines trace of displays, windows and slides to FILE (also PODIUM_TRACE).")
  var trace: String?

  @Flag(
    help:
      "Take up the talk where Podium last left it (a crash, kill -9, a dead battery): slide, step, blanking and the timer, from the journal in $XDG_STATE_HOME/podium."
  )
  var resume = false

  @Option(
    help:
      "How --resume sets the timer: 'talk' (as it read when Podium stopped) or 'wall' (plus the time Podium was down).",
    completion: .list(TalkSession.ResumeClock.allCases.map(\.rawValue)))
  var resumeClock: String = TalkSession.ResumeClock.talk.rawValue

  @Option(
    help:
      "Memory in MB for PDF pages drawn ahead (default: the configuration's page-cache, else eight windowfuls, 64 to 256 MB; 133 MB for two 1080p windows)."
  )
  var pageCache: Int?
  @Flag(
    help:
      "Start with no ink, and keep none: the ink sidecar beside the deck (DECK.ink) is neither read nor written (also 'ink: off' in the configuration)."
  )
  var noInk = false

  func validate() throws {
    if TalkSession.ResumeClock(rawValue: resumeClock) == nil {
      throw ValidationError("--resume-clock '\(resumeClock)' is not talk or wall.")
    }
    if let duration, TalkDuration(parsing: duration) == nil {
      throw ValidationError("--duration '\(duration)' is not a length of time, e.g. 20m or 1h10m.")
    }
    if let pageCache, !Configuration.pageCacheRange.contains(pageCache) {
      throw ValidationError("--page-cache '\(pageCache)' is not a number of MB from 16 to 65536.")
    }
    if let warning, TalkDuration(parsing: warning) == nil {
      throw ValidationError("--warning '\(warning)' is not a length of time, e.g. 2m or 90s.")
    }
  }

  /// What draws the talk's PDF pages, with `--page-cache`, else the configuration's
  /// `page-cache:`, else a budget sized to the windows.
  func pages(password: String?, options: inout PresentationApp.Options) -> PopplerPages {
    let megabytes = pageCache ?? options.configuration.pageCacheMB
    let pages = PopplerPages(password: password, budget: megabytes.map { $0 << 20 }, talk: true)
    if megabytes == nil {
      options.pagesForWindows = { pages.budget = PopplerPages.budget(forWindowPixels: $0) }
    }
    return pages
  }

  /// The ink the talk starts with, from the sidecar beside `deck` (its problems printed as
  /// warnings), and whether to keep it there; nil with `--no-ink` or `ink: off`.
  func ink(_ settings: Configuration, deck: String, command: String) -> Ink? {
    guard !noInk, let scope = settings.inkScope else { return nil }
    let (ink, problems) = InkSidecar.load(deckPath: deck, scope: scope)
    for problem in problems { Console.error("podium \(command): \(problem)") }
    return ink
  }

  var clock: TalkSession.ResumeClock { TalkSession.ResumeClock(rawValue: resumeClock) ?? .talk }

  var talkDuration: TalkDuration? { duration.flatMap(TalkDuration.init(parsing:)) }

  var tracePath: String? { trace ?? ProcessInfo.processInfo.environment["PODIUM_TRACE"] }

  /// `--warning`, else the deck's (a PDF's pdfpc `lastMinutes`), else the configuration's.
  func warningMinutes(_ settings: Configuration, deck: Deck) -> Double {
    warning.flatMap(TalkDuration.init(parsing:)).map { Double($0.seconds) / 60 }
      ?? deck.metadata.warningMinutes ?? settings.warningMinutes
  }

  /// The configuration and the deck, or the command ends with their problems printed.
  static func load(deck: String, command: String, pdf: PDFOptionGroup) throws -> (
    Configuration, TalkSession, DeckLoader
  ) {
    let settings = try Settings.load(command: "podium \(command)")
    let verb = command == "rehearse" ? "the rehearsal" : "the talk"
    var loader = pdf.loader(settings, for: deck)
    // An office deck's talk starts with its first slides; the console shows the rest coming.
    loader.officeWait = .firstSlides
    let loaded = try loader.loadOrExit(deck, command: "\(verb) did not start")
    ConversionBar.shared.stop()
    guard !loaded.deck.slides.isEmpty else {
      Console.error("podium \(command): \(deck) has no slides")
      throw ExitCode.failure
    }
    let session = TalkSession(
      path: deck, deck: loaded.deck, theme: loaded.theme, configuration: settings)
    return (settings, session, loader)
  }

  /// How long a talk that did not end is offered on the console: after an hour it is another
  /// talk.
  static let offerAge = 3600.0

  /// The rehearsals kept for a deck; a record that cannot be read is a warning, since the talk
  /// goes on without pacing.
  static func rehearsals(at path: String) -> RehearsalLog {
    do {
      return try RehearsalLog.read(from: path)
    } catch {
      Console.error(
        "podium present: warning: \(error); pacing follows the deck's durations instead")
      return RehearsalLog()
    }
  }
}
