import ArgumentParser
import CMalloc
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
      Check.self, Fetch.self, Present.self, Rehearse.self, Export.self, Displays.self, Config.self,
      Remote.self, Bench.self,
    ]
  )

  /// Exit status for a command line that cannot be understood (not EX_USAGE's 64: shells and
  /// scripts expect 2, as grep and diff use it).
  static let usageExitCode: Int32 = 2

  /// Allocations from this size up get pages of their own, handed back to the system when freed.
  /// A slide's pixels at 1920x1080 are 8 MB; left to itself, glibc raises this threshold after
  /// the first such buffer is freed and keeps later ones in its heap, so a talk's memory would
  /// swing by tens of megabytes with the windows' caches and never come back down (measured in
  /// the soak: settled RSS 187 -> 199 MB over a minute without this, 173 -> 178 MB with it).
  static let ownPagesFrom: Int32 = 1 << 20

  static func main() {
    mallopt(M_MMAP_THRESHOLD, ownPagesFrom)
    do {
      var command = try parseAsRoot(RemoteOptionGroup.arguments(CommandLine.arguments))
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
