import ArgumentParser
import Foundation
import PodiumCore
import PodiumSDL

struct Present: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Give a talk: the console on your display, the slides on the projector.",
    discussion:
      "With one display the slides are mirrored full screen and Tab shows the console. Keys: "
      + "Right/Space/PageDown/click next, Left/PageUp/right click previous, Home/End, a number "
      + "then Enter to jump, b or . or F5 or Esc black, w white, f freeze, t pause the timer, "
      + "r reset it, m mirror, s swap displays, + and - notes size, [ and ] or the wheel over "
      + "the notes scroll them, o the overview of every slide, Alt+Left back after a jump, x the "
      + "laser pointer, "
      + "q twice to quit. Displays plugged in or out mid-talk take their "
      + "roles at once; the slide, step and timer carry on. SDL_RENDER_DRIVER=opengl draws on "
      + "the GPU instead of SDL's software renderer."
  )

  @Argument(help: "The deck file.", completion: .file(extensions: ["md", "markdown"]))
  var deck: String

  @OptionGroup var stage: StageOptionGroup

  @Option(help: "The talk's length for the countdown, e.g. 20m (default: the deck's duration).")
  var duration: String?

  @Option(help: "The countdown turns amber this long before the end, e.g. 3m (default 2m).")
  var warning: String?

  @Option(help: "Write a JSON-lines trace of displays, windows and slides to FILE (also PODIUM_TRACE).")
  var trace: String?

  func validate() throws {
    try TimingOptions.validate(duration: duration, warning: warning)
  }

  func run() throws {
    let settings = try Settings.load(command: "podium present")
    let loaded = try LoadedDeck.load(deck, command: "the talk did not start", defaultTheme: settings.theme)
    guard !loaded.deck.slides.isEmpty else {
      Console.error("podium present: \(deck) has no slides")
      throw ExitCode.failure
    }
    let talkDuration = duration.flatMap(TalkDuration.init(parsing:))
    // Pacing follows the last rehearsal when there is one (podium rehearse keeps them).
    let log = TimingOptions.rehearsals(at: RehearsalLog.defaultPath(forDeck: deck))
    var stageOptions = stage.options
    stageOptions.preferredAudience = settings.audienceDisplay
    let options = PresentationApp.Options(
      stage: stageOptions, duration: talkDuration,
      tracePath: trace ?? ProcessInfo.processInfo.environment["PODIUM_TRACE"],
      pacing: PacingPlan.plan(for: loaded.deck, duration: talkDuration, rehearsal: log.runs.last),
      warningMinutes: TimingOptions.warningMinutes(warning, settings), deckPath: deck, configuration: settings)
    do {
      let app = try PresentationApp(deck: loaded.deck, theme: loaded.theme, options: options)
      try app.run()
    } catch {
      Console.error("podium present: \(error)")
      throw ExitCode.failure
    }
  }
}
