import ArgumentParser
import Foundation
import PodiumCore

struct Config: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "config",
    abstract: "Check and show your configuration file.",
    discussion:
      "Podium reads $XDG_CONFIG_HOME/podium/config.yaml (~/.config/podium/config.yaml): "
      + "'keys' (extra bindings, e.g. 'next: [PageDown, j]'), 'theme' (for decks that name none), "
      + "'warning' (e.g. 3m), 'audience-display' (a preferred output name), 'notes-size' "
      + "(0.5 to 3), 'views' (e.g. [notes@HDMI-2]: see podium present --views), 'remote' and 'remote-readonly' (the phone remote), 'ink' (step, slide or off), 'laser-trail' (true: the laser pointer leaves a fading trail) and 'console' (the console's arrangement by window size, e.g. '1920x1080: notes split 0.40', which Shift+L, F6 to F8 and the splitters write). Unknown settings are warnings; bad values are errors with their line. Exits 1 "
      + "when the file has errors."
  )

  @Flag(help: "Print the effective configuration.")
  var print = false

  func run() throws {
    let config = try Settings.load(command: "podium config")
    if print {
      Swift.print(config.printed)
    } else {
      Swift.print(
        "\(config.path ?? Configuration.defaultPath()): \(config.path == nil ? "none; Podium's defaults apply" : "ok")"
      )
    }
  }
}

/// The configuration as every command reads it: problems printed with their place, errors
/// stopping the command before anything starts.
enum Settings {
  static func load(command: String) throws -> Configuration {
    let (config, diagnostics) = Configuration.load(path: Configuration.defaultPath())
    for diagnostic in diagnostics { Console.error(diagnostic.description) }
    if diagnostics.hasErrors {
      Console.error("\(command): the configuration has errors (run 'podium config')")
      throw ExitCode.failure
    }
    return config
  }
}
