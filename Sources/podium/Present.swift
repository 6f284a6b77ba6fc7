import ArgumentParser
import Foundation
import PodiumCore
import PodiumPDF
import PodiumRemote
import PodiumSDL
import PodiumVideo

struct Present: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Give a talk: the console on your display, the slides on the projector.",
    discussion:
      "With one display the slides are mirrored full screen and Tab shows the console. A click "
      + "moves on and a right click back; the wheel over the notes scrolls them; a number then "
      + "Enter jumps; q twice quits. Keys, named as in the configuration's 'keys:' (podium config "
      + "--help), where your own come first: " + KeyBindings.summary + ". Displays plugged in "
      + "or out mid-talk take their roles at once; the slide, step and timer carry on. "
      + "SDL_RENDER_DRIVER=opengl draws on the GPU instead of SDL's software renderer."
  )

  @Argument(help: "The deck file.", completion: .file(extensions: ["md", "markdown"]))
  var deck: String

  @OptionGroup var stage: StageOptionGroup

  @OptionGroup var talk: TalkOptionGroup

  @OptionGroup var views: ViewOptionGroup

  @OptionGroup var pdf: PDFOptionGroup

  @Flag(
    help: ArgumentHelp(
      "Change slides at once on the audience's window: no Marp transitions ('transition: fade')."
    ))
  var noTransitions = false

  @OptionGroup var remote: RemoteOptionGroup

  @OptionGroup var recording: RecordOptionGroup

  @OptionGroup var auto: AutoOptionGroup

  func run() throws {
    let (settings, session, loader) = try TalkOptionGroup.load(
      deck: deck, command: "present", pdf: pdf)
    let talkDuration = talk.talkDuration
    // Pacing follows the last rehearsal when there is one (podium rehearse keeps them).
    let log = TalkOptionGroup.rehearsals(at: RehearsalLog.defaultPath(forDeck: deck))
    var stageOptions = stage.options
    stageOptions.preferredAudience = settings.audienceDisplay
    views.apply(to: &stageOptions, configuration: settings)
    let plan = TalkPlan(
      duration: talkDuration,
      pacing: PacingPlan.plan(
        for: session.deck, duration: talkDuration, rehearsal: log.lastFinished),
      warningMinutes: talk.warningMinutes(settings, deck: session.deck))
    let journal = JournalFile(deck: deck, talk: .present)
    var options = PresentationApp.Options(
      stage: stageOptions, plan: plan, tracePath: talk.tracePath, configuration: settings,
      loader: loader, video: FFmpegPlayback(), journal: journal, resume: resume(journal))
    options.pages = talk.pages(password: loader.password, options: &options)
    options.transitions = !noTransitions
    options.autoAdvance = auto.autoAdvance(deck: session.deck, rehearsals: log, command: "present")
    let server: RemoteServer?
    do {
      server = try remote.start(settings)
    } catch {
      Console.error("podium present: cannot start the phone remote: \(error)")
      throw ExitCode.failure
    }
    options.remote = server
    defer { server?.stop() }
    let bus = remote.startBus(settings)
    options.control = bus
    defer { bus?.stop() }
    options.ink = talk.ink(settings, deck: deck, command: "present")
    let movie = recording.start(settings, deck: deck, command: "present")
    options.recording = movie?.recorder
    defer { movie?.finish(command: "present") }
    do {
      let app = try PresentationApp(session: session, options: options)
      try app.run()
    } catch {
      journal.close(ending: false)
      Console.error("podium present: \(error)")
      throw ExitCode.failure
    }
    // q twice, Ctrl+C, SIGTERM or the window closed: the talk ended; nothing is offered again.
    journal.close(ending: true)
  }

  /// With --resume, the talk the journal holds (also one that ended, for a slip of q q); without,
  /// an offer on the console of a talk that did not end, from the last hour.
  private func resume(_ journal: JournalFile) -> PresentationApp.Resume? {
    let found = journal.read().flatMap { $0.state == nil ? nil : $0 }
    if talk.resume {
      guard let found else {
        Console.error(
          "podium present: warning: no talk of \(deck) to resume (\(journal.path)); starting at the first slide"
        )
        return nil
      }
      return .init(journal: found, clock: talk.clock, ask: false)
    }
    // A kiosk has nobody to answer an offer: it starts afresh.
    guard let found, !auto.kiosk,
      found.isUnfinished(at: Date().timeIntervalSince1970, within: TalkOptionGroup.offerAge)
    else { return nil }
    return .init(journal: found, clock: talk.clock, ask: true)
  }
}
