import ArgumentParser
import Foundation
import PodiumCore
import PodiumSDL

struct Export: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Render a deck to PNG images, with no display needed.",
    discussion:
      "Writes slide-001.png, slide-002.png, ... into the output folder (created if needed): "
      + "each slide at its last build step; with --steps, slide-001-step-1.png for every step; "
      + "with --notes, handout-001.png pages with the notes under the slide."
  )

  @Argument(help: "The deck file.", completion: .file(extensions: ["md", "markdown"]))
  var deck: String

  @Option(name: [.short, .customLong("output")], help: "The folder to write the images into.")
  var output: String

  @Option(help: "Image size in pixels, WIDTHxHEIGHT.")
  var size: String = "1920x1080"

  @Flag(help: "One image per build step instead of per slide.")
  var steps = false

  @Option(help: "Only these slides, e.g. 3-7,9.")
  var slides: String?

  @Flag(help: "Handout pages: each slide with its speaker notes below.")
  var notes = false

  @Option(help: "Images encoded in parallel (default: one more than the cores).")
  var jobs: Int = DeckExporter.defaultJobs

  func validate() throws {
    guard PixelSize(parsing: size) != nil else {
      throw ValidationError(
        "--size '\(size)' is not WIDTHxHEIGHT with sides from 16 to 16384, e.g. 1920x1080.")
    }
    guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1.") }
    if steps && notes { throw ValidationError("--steps and --notes cannot be combined.") }
  }

  func run() throws {
    let settings = try Settings.load(command: "podium export")
    let loaded = try DeckLoader(configuration: settings).loadOrExit(deck)
    var options = DeckExporter.Options(outputDirectory: output, jobs: jobs)
    options.size = PixelSize(parsing: size) ?? options.size
    options.pages = notes ? .handouts : steps ? .steps : .slides
    if let slides {
      do {
        options.slideNumbers = try SlideSelection.parse(slides, count: loaded.deck.slides.count)
      } catch {
        throw ValidationError("--slides: \(error)")
      }
    }
    let exporter = DeckExporter(deck: loaded.deck, theme: loaded.theme, options: options)
    let bar = ProgressBar(enabled: isatty(STDERR_FILENO) == 1)
    let start = Date()
    let result: DeckExporter.Result
    do {
      result = try exporter.run { done, total in bar.update(done, total) }
    } catch {
      bar.finish()
      Console.error("podium export: \(error)")
      throw ExitCode.failure
    }
    bar.finish()
    for overflow in result.overflow { Console.error(overflow.diagnostic(file: deck).description) }
    let seconds = Date().timeIntervalSince(start)
    let count = result.files.count
    let kind = notes ? "handout page" : steps ? "image" : "slide"
    print(
      "Exported \(count) \(kind)\(count == 1 ? "" : "s") to \(output) at \(options.size) in "
        + String(
          format: "%.2f s (%.0f per second, %.1f MB)", seconds, Double(count) / max(seconds, 0.001),
          Double(result.bytesWritten) / 1_048_576))
  }
}

extension DeckLoader {
  /// Loads a deck for a command that shows it, printing every diagnostic; errors end the
  /// command. `command` names what did not happen, e.g. "nothing was rendered".
  func loadOrExit(_ path: String, command: String = "nothing was rendered") throws -> (
    deck: Deck, theme: Theme
  ) {
    let loaded = load(path)
    for diagnostic in loaded.diagnostics { Console.error(diagnostic.description) }
    guard let deck = loaded.deck, !loaded.hasErrors else {
      Console.error("podium: \(path) has errors; \(command) (run 'podium check \(path)')")
      throw ExitCode.failure
    }
    return (deck, loaded.theme)
  }
}

enum Console {
  static func error(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}

/// A one-line progress bar on a terminal; silent when output is not a terminal.
final class ProgressBar {
  let enabled: Bool
  private var drawn = false

  init(enabled: Bool) {
    self.enabled = enabled
  }

  func update(_ done: Int, _ total: Int) {
    guard enabled, total > 0 else { return }
    let width = 30
    let filled = width * done / total
    let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
    FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total)".utf8))
    drawn = true
  }

  func finish() {
    guard drawn else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    drawn = false
  }
}
