import ArgumentParser
import Foundation
import PodiumCore
import PodiumSDL

struct Displays: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "List the displays SDL sees and the role each would get.",
    discussion:
      "Roles follow the same rules as 'podium present' with the same options, so this answers "
      + "\"where will my slides go?\" before the talk. Exits 1 when an option names a display "
      + "that is not there. The microphones 'podium present --record --mic NAME' can record "
      + "follow."
  )

  @OptionGroup var stage: StageOptionGroup

  @Flag(help: "Print JSON, for scripts.")
  var json = false

  func run() throws {
    let video: VideoSubsystem
    do {
      video = try VideoSubsystem()
    } catch {
      Console.error("podium displays: cannot reach a display server: \(error)")
      throw ExitCode.failure
    }
    let displays = SDLDisplayProvider().displays()
    let microphones = Microphone.deviceNames()
    let assigned: Stage
    do {
      assigned = try StageAssignment.assign(displays, options: stage.options)
    } catch {
      Console.error("podium displays: \(error)")
      throw ExitCode.failure
    }
    if json {
      struct Entry: Encodable {
        var index: Int
        var name: String
        var x, y, width, height: Int
        var usable: DisplayInfo.Area
        var dpi: Double?
        var refreshRate: Int?
        var scale: Double?
        var primary: Bool
        var role: String
      }
      struct Output: Encodable {
        var driver: String
        var mode: String
        var presenter: Int
        var audience: [Int]
        var displays: [Entry]
        var microphones: [String]
      }
      let output = Output(
        driver: video.description, mode: assigned.mode.rawValue, presenter: assigned.presenter,
        audience: assigned.audience,
        displays: displays.map {
          Entry(
            index: $0.index, name: $0.name, x: $0.x, y: $0.y, width: $0.width, height: $0.height,
            usable: $0.usable, dpi: $0.dpi, refreshRate: $0.refreshRate, scale: $0.scale,
            primary: $0.isPrimary,
            role: assigned.role(of: $0.index))
        }, microphones: microphones)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      print(String(decoding: try encoder.encode(output), as: UTF8.self))
      return
    }
    print(
      "\(displays.count) display\(displays.count == 1 ? "" : "s") (\(video.description)), \(assigned.mode.rawValue):"
    )
    for display in displays {
      var details = "\(display.width)x\(display.height) at \(display.x),\(display.y)"
      if let refresh = display.refreshRate { details += ", \(refresh) Hz" }
      if let dpi = display.dpi { details += String(format: ", %.0f dpi", dpi) }
      if let scale = display.scale { details += ", scale \(scale.formatted())" }
      let usable = display.usable
      if usable
        != DisplayInfo.Area(
          x: display.x, y: display.y, width: display.width, height: display.height)
      {
        details += ", usable \(usable.width)x\(usable.height) at \(usable.x),\(usable.y)"
      }
      if display.isPrimary { details += ", primary" }
      print(
        "  \(display.index)  \(display.name.padding(toLength: 10, withPad: " ", startingAt: 0)) \(details)  ->  \(assigned.role(of: display.index))"
      )
    }
    print(
      microphones.isEmpty
        ? "no microphones (SDL's audio driver: \(ProcessInfo.processInfo.environment["SDL_AUDIODRIVER"] ?? "default"))"
        : "\(microphones.count) microphone\(microphones.count == 1 ? "" : "s") (--mic NAME):")
    for name in microphones { print("  \(name)") }
  }
}
