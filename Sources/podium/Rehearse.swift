import ArgumentParser
import Foundation
import PodiumCore
import PodiumPDF
import PodiumSDL
import PodiumVideo

struct Rehearse: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Practise a talk on one screen, timing every slide.",
    discussion:
      "The presenter console fills the primary display (or a window with --windowed). The clock "
      + "starts when you first move on; t pauses it. On quit (q twice) the time spent on each "
      + "slide and build step is added to DECK.rehearsal.json beside the deck (earlier runs are "
      + "kept) and a table compares this run with the previous one and the plan. 'podium "
      + "present' then paces the talk against the last rehearsal. A rehearsal that Podium did "
      + "not finish (a crash, kill -9) is kept from its journal: as a run marked interrupted on "
      + "the next start (or --recover), or taken up where it stopped with --resume."
  )

  @Argument(help: "The deck file.", completion: .file(extensions: ["md", "markdown"]))
  var deck: String

  @Flag(help: "The console in an ordinary window instead of full screen.")
  var windowed = false

  @Option(
    help: ArgumentHelp(
      "Where to keep the rehearsals (default: the deck's name with .rehearsal.json).",
      valueName: "FILE"))
  var rehearsals: String?

  @OptionGroup var recording: RecordOptionGroup

  @Flag(
    help:
      "Add a rehearsal that Podium did not finish to the record, marked interrupted, and exit.")
  var recover = false

  @OptionGroup var talk: TalkOptionGroup

  @OptionGroup var pdf: PDFOptionGroup

  func run() throws {
    let recordPath = rehearsals ?? RehearsalLog.defaultPath(forDeck: deck)
    let journal = JournalFile(deck: deck, talk: .rehearse)
    let unfinished = journal.read().flatMap { $0.closed || $0.state == nil ? nil : $0 }
    if recover {
      let (_, session, _) = try TalkOptionGroup.load(deck: deck, command: "rehearse", pdf: pdf)
      guard let unfinished else {
        print("No interrupted rehearsal of \(deck) to recover.")
        return
      }
      try Self.recover(unfinished, titles: session.deck.titles, into: recordPath, journal: journal)
      return
    }
    let (settings, session, loader) = try TalkOptionGroup.load(
      deck: deck, command: "rehearse", pdf: pdf)
    var talkDeck = session.deck
    var resume: PresentationApp.Resume?
    if let unfinished {
      if talk.resume {
        resume = .init(journal: unfinished, clock: talk.clock, ask: false)
      } else {
        try Self.recover(unfinished, titles: talkDeck.titles, into: recordPath, journal: journal)
      }
    } else if talk.resume {
      Console.error(
        "podium rehearse: warning: no unfinished rehearsal of \(deck) to resume; starting a new one"
      )
    }
    let log = Self.readRecord(recordPath)
    let talkDuration = talk.talkDuration
    let talkPlan = TalkPlan(
      duration: talkDuration,
      pacing: PacingPlan.plan(for: talkDeck, duration: talkDuration, rehearsal: log.lastFinished),
      warningMinutes: talk.warningMinutes(settings, deck: talkDeck), rehearse: true)
    var options = PresentationApp.Options(
      stage: StageOptions(windowed: windowed), plan: talkPlan, tracePath: talk.tracePath,
      configuration: settings, loader: loader, video: FFmpegPlayback(),
      journal: journal, resume: resume)
    options.pages = talk.pages(password: loader.password, options: &options)
    // The rehearsal recorded as the room would see it: drawn offscreen, as there is no room.
    let movie = recording.start(settings, deck: deck, command: "rehearse")
    options.recording = movie?.recorder
    defer { movie?.finish(command: "rehearse") }
    let recorder: RehearsalRecorder
    do {
      let app = try PresentationApp(session: session, options: options)
      try app.run()
      // Whiteboard pages' times go to the slides they follow: the record is the deck's.
      recorder = app.session.recorder.foldingBoards(of: app.session.deck)
      talkDeck = app.session.deckAsRead
    } catch {
      journal.close(ending: false)
      Console.error("podium rehearse: \(error)")
      throw ExitCode.failure
    }
    guard recorder.total > 0 else {
      journal.close(ending: true)
      print("No time recorded: the clock starts when you first move on.")
      return
    }
    let run = recorder.run(titles: talkDeck.titles, date: Date())
    // Read again: the record may have changed while the rehearsal ran.
    var kept = Self.readRecord(recordPath)
    let previous = kept.lastFinished
    kept.runs.append(run)
    do {
      try kept.write(to: recordPath)
    } catch {
      // The journal stays open: the next start recovers this run.
      journal.close(ending: false)
      Console.error("podium rehearse: \(error); the run is kept in \(journal.path)")
      throw ExitCode.failure
    }
    journal.close(ending: true)
    let plan = PacingPlan.plan(for: talkDeck, duration: talkDuration, rehearsal: nil)
    print(
      RehearsalTable.render(
        run: run, previous: previous, plan: plan,
        duration: talkDuration ?? talkDeck.metadata.duration))
    print("Rehearsal \(kept.runs.count) kept in \(recordPath).")
  }

  /// The record, with one that cannot be read reported at its place and moved aside.
  static func readRecord(_ path: String) -> RehearsalLog {
    let kept = RehearsalLog.readKeepingAside(path)
    if let problem = kept.problem {
      let aside =
        kept.keptAside.map { "kept aside as \($0)" } ?? "left as it is (it could not be moved)"
      Console.error("\(problem); \(aside); this rehearsal starts a new record")
    }
    return kept.log
  }

  /// Adds the rehearsal `journal` kept to the record as a run marked interrupted, with the
  /// times up to its last line, and closes the journal so it is added once.
  static func recover(
    _ unfinished: TalkJournal, titles: [String], into recordPath: String, journal: JournalFile
  ) throws {
    let seconds = unfinished.spent
    guard seconds.joined().reduce(0, +) > 0 else {
      journal.markEnded()
      return
    }
    let run = RehearsalRecorder.run(
      seconds, titles: titles, date: Date(timeIntervalSince1970: unfinished.updated),
      interrupted: true)
    var log = readRecord(recordPath)
    log.runs.append(run)
    do {
      try log.write(to: recordPath)
    } catch {
      Console.error("podium rehearse: cannot keep the interrupted rehearsal: \(error)")
      throw ExitCode.failure
    }
    journal.markEnded()
    print(
      "Recovered an interrupted rehearsal (\(ConsoleStatus.format(run.total)), \(run.slides.filter { $0.seconds > 0 }.count) slides) into \(recordPath), run \(log.runs.count)."
    )
  }
}

extension Deck {
  /// Each slide's title, or `Slide N`: how the rehearsal record names them.
  var titles: [String] { slides.map { $0.title ?? "Slide \($0.index + 1)" } }
}
