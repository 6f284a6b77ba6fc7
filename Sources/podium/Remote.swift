import ArgumentParser
import Foundation
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

  /// Calls `member` on the talk; a failure is said on the terminal and exits 1.
  static func call(_ member: String, _ arguments: [BusValue] = [], command: String) throws
    -> [BusValue]
  {
    do throws(TalkBusClient.Failure) {
      return try TalkBusClient.call(member, arguments)
    } catch {
      Console.error("podium remote \(command): \(error.message)")
      throw ExitCode.failure
    }
  }

  struct Next: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "The next build step or slide, as the Right key.")

    func run() throws { _ = try Remote.call("Next", command: "next") }
  }

  struct Prev: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "The previous build step or slide, as the Left key.")

    func run() throws { _ = try Remote.call("Previous", command: "prev") }
  }

  struct GoTo: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "goto", abstract: "Slide N (from 1), as its number then Enter.")

    @Argument(help: "The slide's number, from 1.")
    var slide: UInt32

    func run() throws { _ = try Remote.call("GoTo", [.uint32(slide)], command: "goto") }
  }

  struct Black: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Black the room's screen, or bring the slide back, as the b key.")

    func run() throws { _ = try Remote.call("Black", command: "black") }
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
      let answer = try Remote.call("State", command: "state")
      guard case .string(let text)? = answer.first else {
        Console.error("podium remote state: the talk answered \(answer), not its state")
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
