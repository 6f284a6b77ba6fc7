import ArgumentParser
import Foundation
import PodiumBus
import PodiumRemote

/// `podium remote next|prev|goto N|black|state`: drives the running talk through its D-Bus
/// service (`TalkBus`), as a key does; for stream decks, stage managers' scripts and window
/// managers' bindings.
struct Remote: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Drive the running talk from outside, as its keys do (D-Bus, the session bus).",
    discussion:
      "Talks to the 'podium present' running in this desktop session: \(TalkBus.name) on the "
      + "session bus, object \(TalkBus.path), interface \(TalkBus.interface). Exits 1 when no "
      + "talk is running, when there is no session bus, or when the talk refuses the command "
      + "(a slide that is not in the deck).",
    subcommands: [Next.self, Prev.self, GoTo.self, Black.self, State.self]
  )

  /// Calls `verb`'s member on the talk; a failure is said on the terminal and exits 1. The
  /// launcher (Sources/PodiumLauncher) makes the same calls itself when typed as the help says.
  static func call(_ verb: TalkBusClient.Verb, _ arguments: [BusValue] = []) throws {
    do throws(TalkBusClient.Failure) {
      _ = try TalkBusClient.call(verb.member, arguments)
    } catch {
      Console.error(error.line(for: verb))
      throw ExitCode.failure
    }
  }

  struct Next: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "The next build step or slide, as the Right key.")

    func run() throws { try Remote.call(.next) }
  }

  struct Prev: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "The previous build step or slide, as the Left key.")

    func run() throws { try Remote.call(.prev) }
  }

  struct GoTo: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "goto", abstract: "Slide N (from 1), as its number then Enter.")

    @Argument(help: "The slide's number, from 1.")
    var slide: UInt32

    func run() throws { try Remote.call(.goto, [.uint32(slide)]) }
  }

  struct Black: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Black the room's screen, or bring the slide back, as the b key.")

    func run() throws { try Remote.call(.black) }
  }

  struct State: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print the slide, the step, the time and the notes.",
      discussion:
        "--json prints what the phone remote reads: slide, slides, step, steps, notes, "
        + "elapsed, remaining, pace, clock, black, white, frozen and more.")

    @Flag(help: "Print JSON, for scripts.")
    var json = false

    func run() throws {
      let text: String
      do throws(TalkBusClient.Failure) {
        text = try TalkBusClient.state()
      } catch {
        Console.error(error.line(for: .state))
        throw ExitCode.failure
      }
      if json {
        print(text)
        return
      }
      guard let state = try? JSONDecoder().decode(RemoteSnapshot.self, from: Data(text.utf8))
      else {
        Console.error("podium remote state: the talk's state is not JSON of its kind: \(text)")
        throw ExitCode.failure
      }
      print(Self.describe(state))
    }

    /// The state as a speaker reads it.
    static func describe(_ state: RemoteSnapshot) -> String {
      var lines = ["slide \(state.slide) of \(state.slides), step \(state.step) of \(state.steps)"]
      var time = ["elapsed \(state.elapsed)"]
      if let remaining = state.remaining { time.append("\(remaining) remaining") }
      if let pace = state.pace { time.append(pace) }
      lines.append(time.joined(separator: ", "))
      let room = [
        state.black ? "black" : nil, state.white ? "white" : nil, state.frozen ? "frozen" : nil,
      ].compactMap { $0 }
      if !room.isEmpty { lines.append("the room's screen: " + room.joined(separator: ", ")) }
      if !state.notes.isEmpty {
        lines.append("notes:")
        lines += state.notes.map { "  " + $0.replacingOccurrences(of: "\n", with: "\n  ") }
      }
      return lines.joined(separator: "\n")
    }
  }
}
