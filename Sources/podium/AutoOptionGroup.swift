import ArgumentParser
import Foundation
import PodiumCore

/// `podium present --auto 20s`, `--use-rehearsal-timings`, `--loop` and `--kiosk`: a deck that
/// runs itself, at a booth, in a lobby or for a talk given to the rehearsal's times. Slides
/// with `<!-- advance: 8s -->` (or reveal.js's `data-autoslide`) run themselves without them.
struct AutoOptionGroup: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Move on by itself: each slide stays TIME (8s, 1.5s, 500ms, 1m), shared among its build "
        + "steps, where the slide sets no 'advance' of its own. Any key takes over; a hands "
        + "back.", valueName: "TIME"))
  var auto: String?

  @Flag(
    help: ArgumentHelp(
      "Move on by itself, each build step held as long as in the last rehearsal (podium "
        + "rehearse); slides the rehearsal does not know wait, or take --auto."))
  var useRehearsalTimings = false

  @Flag(help: ArgumentHelp("After the last slide, start again from the first."))
  var loop = false

  @Flag(
    help: ArgumentHelp(
      "A booth or a lobby: the deck runs itself and loops (each slide 10 s unless --auto or the "
        + "deck says), no key or click does anything, and only Ctrl+Alt+Q ends it."))
  var kiosk = false

  func validate() throws {
    if let auto, AdvanceTime.seconds(parsing: auto) == nil {
      throw ValidationError(
        "--auto '\(auto)' is not a length of time; expected e.g. 20s, 1.5s, 500ms or 1m.")
    }
  }

  /// The deck running itself as asked, nil when neither the options nor the deck ask. Without
  /// a rehearsal to follow, `--use-rehearsal-timings` says so and the talk goes on.
  func autoAdvance(deck: Deck, rehearsals: RehearsalLog, command: String) -> AutoAdvance? {
    var rehearsal: RehearsalRun?
    if useRehearsalTimings {
      rehearsal = rehearsals.lastFinished
      if rehearsal == nil {
        Console.error(
          "podium \(command): warning: --use-rehearsal-timings: this deck has no rehearsal "
            + "(podium rehearse keeps them); "
            + (auto == nil ? "the slides wait for you" : "each slide takes --auto"))
      }
    }
    let every = auto.flatMap(AdvanceTime.seconds(parsing:))
    guard every != nil || useRehearsalTimings || loop || kiosk || AutoAdvance.isAsked(by: deck)
    else { return nil }
    return AutoAdvance(every: every, rehearsal: rehearsal, loop: loop, kiosk: kiosk)
  }
}
