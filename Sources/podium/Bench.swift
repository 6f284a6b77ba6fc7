import ArgumentParser
import Foundation
import PodiumCore
import PodiumSDL

struct Bench: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Measure Podium's speed and print the figures.",
    subcommands: [ExportBench.self]
  )
}

struct ExportBench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Export a deck twice, Podium's way and the naive way, and compare.",
    discussion:
      "Podium's way: PNGs from Podium's encoder on every core. The naive way: one thread and "
      + "IMG_SavePNG at libpng's default settings. Prints wall time, slides per second, peak "
      + "memory (after Podium's run, before the naive one) and the bytes written."
  )

  @Argument(help: "The deck to export, e.g. ../shared/bench/bench-100.md.")
  var deck: String

  @Option(help: "Image size in pixels, WIDTHxHEIGHT.")
  var size: String = "1920x1080"

  @Option(help: "Encoding threads for Podium's run (default: one more than the cores).")
  var jobs: Int = DeckExporter.defaultJobs

  @Flag(help: "Skip the naive run.")
  var fastOnly = false

  func run() throws {
    let loaded = try DeckLoader().loadOrExit(deck)
    guard let pixels = PixelSize(parsing: size) else { throw ValidationError("--size must be WIDTHxHEIGHT") }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("podium-bench-\(getpid())")
    defer { try? FileManager.default.removeItem(at: scratch) }

    func measure(_ encoder: DeckExporter.Options.Encoder, jobs: Int, folder: String) throws -> (Double, DeckExporter.Result) {
      let options = DeckExporter.Options(
        outputDirectory: scratch.appendingPathComponent(folder).path, size: pixels, jobs: jobs, encoder: encoder)
      let start = Date()
      let result = try DeckExporter(deck: loaded.deck, theme: loaded.theme, options: options).run()
      return (Date().timeIntervalSince(start), result)
    }

    print("podium bench export: \(deck), \(loaded.deck.slides.count) slides at \(pixels)")
    print("run                          wall      slides/s   peak RSS   PNG bytes   draw     encode (all threads)")
    let (fastTime, fast) = try measure(.fast, jobs: jobs, folder: "fast")
    let peak = peakResidentMegabytes()
    func row(_ name: String, _ time: Double, _ result: DeckExporter.Result, _ memory: String) {
      let perSecond = Double(result.files.count) / max(time, 0.0001)
      print(
        name.padding(toLength: 28, withPad: " ", startingAt: 0)
          + String(
            format: " %6.3f s  %8.1f   %-9@  %5.1f MB   %.3f s  %.3f s", time, perSecond, memory as NSString,
            Double(result.bytesWritten) / 1_048_576, result.drawSeconds, result.encodeSeconds))
    }
    row("podium (\(jobs) job\(jobs == 1 ? "" : "s"))", fastTime, fast, String(format: "%.0f MB", peak))
    guard !fastOnly else { return }
    let (naiveTime, naive) = try measure(.sdlImage, jobs: 1, folder: "naive")
    row("naive (1 job, IMG_SavePNG)", naiveTime, naive, "-")
    print(
      String(
        format: "speed-up %.1fx; Podium's PNGs are %.2fx the size of IMG_SavePNG's",
        naiveTime / max(fastTime, 0.0001), Double(fast.bytesWritten) / Double(max(naive.bytesWritten, 1))))
  }

  /// The process's peak resident memory so far. The corresponding C function is `getrusage`.
  private func peakResidentMegabytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024  // kilobytes on Linux
  }
}
