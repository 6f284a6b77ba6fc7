import ArgumentParser
import Foundation
import PodiumCore
import PodiumSDL

@main
struct Podium: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "podium",
    abstract:
      "Present Markdown slide decks: presenter console on your screen, slides on the projector.",
    discussion:
      "Decks are Markdown files: slides separated by '---', notes after '???', builds with "
      + "'<!-- pause -->'. See Decks/tour.md for a tour.",
    version: "podium \(PodiumVersion.current) (\(LibraryVersions.summary))",
    subcommands: [
      Check.self, Present.self, Rehearse.self, Export.self, Displays.self, Config.self, Bench.self,
    ]
  )

  /// Exit status for a command line that cannot be understood (not EX_USAGE's 64: shells and
  /// scripts expect 2, as grep and diff use it).
  static let usageExitCode: Int32 = 2

  static func main() {
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch {
      let code = exitCode(for: error)
      if code == .validationFailure {
        FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
        Foundation.exit(usageExitCode)
      }
      exit(withError: error)
    }
  }
}
