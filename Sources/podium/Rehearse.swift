import ArgumentParser
import Foundation
import PodiumCore
import PodiumSDL

struct Rehearse: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Practise a talk on one screen, timing every slide.",
    discussion:
      "The presenter console fills the primary display (or a window with --windowed). The clock "
      + "starts when you first move on; t pauses it. On quit (q twice) the time spent on each "
      + "slide and build step is added to DECK.rehearsal.json beside the deck (earlier runs are "
      + "kept) and a table compares this run with the previous one and the plan. 'podium "
      + "present' then paces the talk against the last rehearsal."
  )

  @Argument(help: "The deck file.", completion: .file(extensions: ["md", "markdown"]))
  var deck: String

  @Flag(help: "The console in an ordinary window instead of full screen.")
  var windowed = false

  @Option(help: "Where to keep the rehearsals (default: the deck's name with .rehearsal.json).")
  var record: String?

  @Option(help: "The talk's length for the countdown and the plan, e.g. 20m (default: the deck's duration).")
  var duration: String?

  @Option(help: "The countdown turns amber this long before the end, e.g. 3m (default 2m).")
  var warning: String?

  @Option(help: "Write a JSON-lines trace of displays, windows and slides to FILE (also PODIUM_TRACE).")
  var trace: String?

  func validate() throws {
    try TimingOptions.validate(duration: duration, warning: warning)
  }

  func run() throws {
    let settings = try Settings.load(command: "podium rehearse")
    let loaded = try LoadedDeck.load(deck, command: "the rehearsal did not start", defaultTheme: settings.theme)
    guard !loaded.deck.slides.isEmpty else {
      Console.error("podium rehearse: \(deck) has no slides")
      throw ExitCode.failure
    }
    let recordPath = record ?? RehearsalLog.defaultPath(forDeck: deck)
    // A record that cannot be read is an error before the rehearsal, not a lost run after it.
    var log: RehearsalLog
    do {
      log = try RehearsalLog.read(from: recordPath)
    } catch {
      Console.error("podium rehearse: \(error)")
      throw ExitCode.failure
    }
    let talkDuration = duration.flatMap(TalkDuration.init(parsing:))
    let options = PresentationApp.Options(
      stage: StageOptions(windowed: windowed), duration: talkDuration,
      tracePath: trace ?? ProcessInfo.processInfo.environment["PODIUM_TRACE"], rehearse: true,
      pacing: PacingPlan.plan(for: loaded.deck, duration: talkDuration, rehearsal: log.runs.last),
      warningMinutes: TimingOptions.warningMinutes(warning, settings), deckPath: deck, configuration: settings)
    let recorder: RehearsalRecorder
    do {
      let app = try PresentationApp(deck: loaded.deck, theme: loaded.theme, options: options)
      try app.run()
      recorder = app.recorder
    } catch {
      Console.error("podium rehearse: \(error)")
      throw ExitCode.failure
    }
    guard recorder.total > 0 else {
      print("No time recorded: the clock starts when you first move on.")
      return
    }
    let titles = loaded.deck.slides.map { $0.title ?? "Slide \($0.index + 1)" }
    let run = recorder.run(titles: titles, date: Date())
    let previous = log.runs.last
    log.runs.append(run)
    do {
      try log.write(to: recordPath)
    } catch {
      Console.error("podium rehearse: cannot write \(recordPath): \(error.localizedDescription)")
      throw ExitCode.failure
    }
    let plan = PacingPlan.plan(for: loaded.deck, duration: talkDuration, rehearsal: nil)
    print(
      RehearsalTable.render(
        run: run, previous: previous, plan: plan, duration: talkDuration ?? loaded.deck.metadata.duration))
    print("Rehearsal \(log.runs.count) kept in \(recordPath).")
  }
}

/// The timing options `present` and `rehearse` share.
enum TimingOptions {
  static func validate(duration: String?, warning: String?) throws {
    if let duration, TalkDuration(parsing: duration) == nil {
      throw ValidationError("--duration '\(duration)' is not a length of time, e.g. 20m or 1h10m.")
    }
    if let warning, TalkDuration(parsing: warning) == nil {
      throw ValidationError("--warning '\(warning)' is not a length of time, e.g. 2m or 90s.")
    }
  }

  /// `--warning`, else the configuration's.
  static func warningMinutes(_ warning: String?, _ settings: Configuration) -> Double {
    warning.flatMap(TalkDuration.init(parsing:)).map { Double($0.seconds) / 60 } ?? settings.warningMinutes
  }

  /// The rehearsals kept for a deck; a record that cannot be read is a warning, since the talk
  /// goes on without pacing.
  static func rehearsals(at path: String) -> RehearsalLog {
    do {
      return try RehearsalLog.read(from: path)
    } catch {
      Console.error("podium present: warning: \(error); pacing follows the deck's durations instead")
      return RehearsalLog()
    }
  }
}
