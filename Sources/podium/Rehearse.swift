import ArgumentParser
import Foundation
import PodiumCore
import PodiumPDF
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

  @OptionGroup var talk: TalkOptionGroup

  @OptionGroup var pdf: PDFOptionGroup

  func run() throws {
    let (settings, session, loader) = try TalkOptionGroup.load(
      deck: deck, command: "rehearse", pdf: pdf)
    var talkDeck = session.deck
    let recordPath = record ?? RehearsalLog.defaultPath(forDeck: deck)
    // A record that cannot be read is an error before the rehearsal, not a lost run after it.
    var log: RehearsalLog
    do {
      log = try RehearsalLog.read(from: recordPath)
    } catch {
      Console.error("podium rehearse: \(error)")
      throw ExitCode.failure
    }
    let talkDuration = talk.talkDuration
    let talkPlan = TalkPlan(
      duration: talkDuration,
      pacing: PacingPlan.plan(for: talkDeck, duration: talkDuration, rehearsal: log.runs.last),
      warningMinutes: talk.warningMinutes(settings, deck: talkDeck), rehearse: true)
    let options = PresentationApp.Options(
      stage: StageOptions(windowed: windowed), plan: talkPlan, tracePath: talk.tracePath,
      configuration: settings, loader: loader, pages: PopplerPages(password: loader.password))
    let recorder: RehearsalRecorder
    do {
      let app = try PresentationApp(session: session, options: options)
      try app.run()
      recorder = app.session.recorder
      talkDeck = app.session.deck
    } catch {
      Console.error("podium rehearse: \(error)")
      throw ExitCode.failure
    }
    guard recorder.total > 0 else {
      print("No time recorded: the clock starts when you first move on.")
      return
    }
    let titles = talkDeck.slides.map { $0.title ?? "Slide \($0.index + 1)" }
    let run = recorder.run(titles: titles, date: Date())
    let previous = log.runs.last
    log.runs.append(run)
    do {
      try log.write(to: recordPath)
    } catch {
      Console.error("podium rehearse: cannot write \(recordPath): \(error.localizedDescription)")
      throw ExitCode.failure
    }
    let plan = PacingPlan.plan(for: talkDeck, duration: talkDuration, rehearsal: nil)
    print(
      RehearsalTable.render(
        run: run, previous: previous, plan: plan,
        duration: talkDuration ?? talkDeck.metadata.duration))
    print("Rehearsal \(log.runs.count) kept in \(recordPath).")
  }
}
