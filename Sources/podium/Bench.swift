import ArgumentParser
import Foundation
import PodiumCore
import PodiumPDF
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
    abstract:
      "Export a deck with each PNG encoder, to PDF, HTML and video in one run, and compare.",
    discussion:
      "Podium's way: PNGs from Podium's encoder on every core, with its own deflate and, in "
      + "the same run, with libdeflate at level 1 and at each --level asked for. The naive way: "
      + "one thread and IMG_SavePNG at libpng's default settings, the size reference. Then the "
      + "deck as one vector PDF and as one HTML page of SVGs (-o talk.html), and, when pandoc "
      + "and pdflatex are installed, the same Markdown through pandoc and beamer. Prints for each run wall and CPU time, slides per second, "
      + "the bytes written and their ratio to libpng's, and peak memory (after the first PNG run "
      + "and after the PDF). Then the deck as a video (-o talk.mp4, 5 s a slide), with how many "
      + "times faster than real time it is."
  )

  @Argument(help: "The deck to export, e.g. Decks/tour.md.")
  var deck: String

  @Option(help: "Image size in pixels, WIDTHxHEIGHT.")
  var size: String = "1920x1080"

  @Option(help: "Encoding threads for Podium's runs (default: one more than the cores).")
  var jobs: Int = DeckExporter.defaultJobs

  @Option(
    name: .customLong("level"),
    help: ArgumentHelp(
      "Also measure libdeflate at this level, 1 to 12 (repeatable; level 1 is always measured).",
      discussion: "Podium exports with its own deflate, SlideDeflate."))
  var levels: [Int] = []

  @Flag(help: "Skip the naive run.")
  var fastOnly = false

  @Flag(help: "Skip the PDF and HTML runs.")
  var noPDF = false

  @Flag(help: "Skip the video run (-o talk.mp4, 5 s a slide).")
  var noVideo = false

  func validate() throws {
    guard levels.allSatisfy({ (1...12).contains($0) }) else {
      throw ValidationError("--level must be from 1 to 12")
    }
  }

  /// One export's figures.
  struct Run {
    var name: String
    var wall: Double
    var cpu: Double
    var pages: Int
    var bytes: Int
    var draw: Double
    var encode: Double
    var memory = "-"
  }

  func run() throws {
    let loaded = try DeckLoader().loadOrExit(deck)
    guard let pixels = PixelSize(parsing: size) else {
      throw ValidationError("--size must be WIDTHxHEIGHT")
    }
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("podium-bench-\(getpid())")
    defer { try? FileManager.default.removeItem(at: scratch) }

    var runs: [Run] = []
    func measure(
      _ name: String, _ encoder: DeckExporter.Options.Encoder, png: PNGEncoder = PNGEncoder(),
      jobs: Int
    ) throws {
      let options = DeckExporter.Options(
        outputDirectory: scratch.appendingPathComponent("run-\(runs.count)").path,
        size: pixels, jobs: jobs, encoder: encoder, png: png)
      let cpuStart = cpuSeconds()
      let start = Date()
      let result = try DeckExporter(deck: loaded.deck, theme: loaded.theme, options: options).run()
      let wall = Date().timeIntervalSince(start)
      runs.append(
        Run(
          name: name, wall: wall, cpu: cpuSeconds() - cpuStart, pages: result.files.count,
          bytes: result.bytesWritten, draw: result.drawSeconds, encode: result.encodeSeconds))
    }

    print("podium bench export: \(deck), \(loaded.deck.slides.count) slides at \(pixels)")
    // A few slides first, not counted, so that the first run measured does not alone pay for
    // the program's first use of its libraries and fonts.
    var warmUp = loaded.deck
    warmUp.slides = Array(warmUp.slides.prefix(5))
    _ = try DeckExporter(
      deck: warmUp, theme: loaded.theme,
      options: DeckExporter.Options(
        outputDirectory: scratch.appendingPathComponent("warm-up").path, size: pixels,
        jobs: jobs)
    ).run()
    let threads = "\(jobs) job\(jobs == 1 ? "" : "s")"
    try measure("podium (\(threads), \(PNGEncoder().compressor))", .fast, jobs: jobs)
    runs[0].memory = String(format: "%.0f MB", peakResidentMegabytes())
    for level in Set([1] + levels).sorted() {
      let png = PNGEncoder(compressor: .libdeflate(level: level))
      try measure("podium (\(threads), \(png.compressor))", .fast, png: png, jobs: jobs)
    }
    if !fastOnly {
      try measure("naive (1 job, IMG_SavePNG)", .sdlImage, jobs: 1)
    }
    let naive = fastOnly ? nil : runs.last
    if !noPDF { try measurePDF(loaded, pixels: pixels, scratch: scratch, runs: &runs) }
    let video = noVideo ? nil : try measureVideo(loaded, pixels: pixels, scratch: scratch)
    if let video { runs.append(video.run) }
    print(table(runs, reference: naive?.bytes))
    if let naive {
      print(
        String(
          format: "speed-up %.1fx; Podium's PNGs are %.2fx the size of IMG_SavePNG's",
          naive.wall / max(runs[0].wall, 0.0001),
          Double(runs[0].bytes) / Double(max(naive.bytes, 1))))
    }
    if let pdf = runs.first(where: { $0.name.hasPrefix("podium PDF") }) {
      print(
        String(
          format: "PDF: %.2fx the PNG export's time, %.2f MB",
          pdf.wall / max(runs[0].wall, 0.0001), Double(pdf.bytes) / 1_048_576))
      if let beamer = runs.first(where: { $0.name.hasPrefix("pandoc") }) {
        print(String(format: "PDF: %.1fx faster than pandoc + beamer", beamer.wall / pdf.wall))
      }
    }
    if let html = runs.first(where: { $0.name.hasPrefix("podium HTML") }) {
      print(
        String(
          format: "HTML: %.2fx the PNG export's time, %.2f MB (%d bytes)",
          html.wall / max(runs[0].wall, 0.0001), Double(html.bytes) / 1_048_576, html.bytes))
    }
    if let video {
      print(
        String(
          format:
            "video: %.0f s of H.264 (%d slides at 5 s, their steps and transitions) in %.2f s, %.0fx real time",
          video.seconds, loaded.deck.slides.count, video.run.wall,
          video.seconds / max(video.run.wall, 0.0001)))
    }
  }

  /// The deck as a video, every slide held 5 s (`podium export -o talk.mp4
  /// --seconds-per-slide 5`).
  private func measureVideo(_ loaded: (deck: Deck, theme: Theme), pixels: PixelSize, scratch: URL)
    throws -> (run: Run, seconds: Double)
  {
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let plan = ExportPlan(steps: true)
    let script = MovieScript(
      deck: loaded.deck, shots: plan.shots(in: loaded.deck), rehearsal: nil, secondsPerSlide: 5)
    let cpuStart = cpuSeconds()
    let start = Date()
    let export = MovieExport(
      deck: loaded.deck, theme: loaded.theme, plan: plan, script: script,
      path: scratch.appendingPathComponent("deck.mp4").path,
      size: plan.pageSize(for: loaded.deck, fitting: pixels), pages: nil, videoFrames: nil,
      ink: nil)
    let result = try export.run { _, _ in }
    let wall = Date().timeIntervalSince(start)
    return (
      Run(
        name: "podium video (H.264, 5 s a slide)", wall: wall, cpu: cpuSeconds() - cpuStart,
        pages: script.scenes.count, bytes: Int(result.bytes), draw: 0, encode: 0,
        memory: String(format: "%.0f MB", peakResidentMegabytes())),
      result.seconds
    )
  }

  /// The deck as one PDF and one HTML page, and through pandoc and beamer (pdflatex) when both
  /// are installed.
  private func measurePDF(
    _ loaded: (deck: Deck, theme: Theme), pixels: PixelSize, scratch: URL, runs: inout [Run]
  ) throws {
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let fonts = FontLibrary()
    runs.append(
      try timed("podium PDF (1 thread)") {
        let pdf = try PDFExporter(
          deck: loaded.deck, theme: loaded.theme,
          options: PDFExporter.Options(
            outputPath: scratch.appendingPathComponent("deck.pdf").path, size: pixels),
          fonts: fonts, measurer: SDLTextMeasurer(library: fonts), images: ImageLibrary()
        ).run()
        return (pdf.pages, pdf.bytesWritten, pdf.drawSeconds)
      })
    // The same deck as one HTML page of SVGs (podium export -o deck.html).
    runs.append(
      try timed("podium HTML (1 thread)") {
        let html = try HTMLExporter(
          deck: loaded.deck, theme: loaded.theme,
          options: HTMLExporter.Options(
            outputPath: scratch.appendingPathComponent("deck.html").path, size: pixels,
            writesNotesFile: false),
          fonts: fonts, measurer: SDLTextMeasurer(library: fonts), images: ImageLibrary()
        ).run()
        return (html.steps, html.bytesWritten, 0)
      })

    guard let pandoc = executable("pandoc"), executable("pdflatex") != nil else {
      print("(pandoc + beamer not measured: pandoc or pdflatex is not installed)")
      return
    }
    let beamerOutput = scratch.appendingPathComponent("beamer.pdf").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: pandoc)
    // From the deck's folder, as its relative image paths expect.
    let deckURL = URL(fileURLWithPath: deck).standardizedFileURL
    process.arguments = [
      deckURL.path, "-t", "beamer", "--pdf-engine=pdflatex", "-o", beamerOutput,
    ]
    process.currentDirectoryURL = deckURL.deletingLastPathComponent()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let beamerStart = Date()
    var usage = rusage()
    try process.run()
    process.waitUntilExit()
    let beamerWall = Date().timeIntervalSince(beamerStart)
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    let childCPU =
      Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    guard process.terminationStatus == 0 else {
      print("(pandoc + beamer failed on this deck, exit \(process.terminationStatus))")
      return
    }
    let bytes =
      (try? FileManager.default.attributesOfItem(atPath: beamerOutput)[.size] as? Int) ?? 0
    runs.append(
      Run(
        name: "pandoc + beamer (pdflatex)", wall: beamerWall, cpu: childCPU,
        pages: loaded.deck.slides.count, bytes: bytes, draw: 0, encode: 0))
  }

  /// The path of `name` on PATH, if it is installed.
  /// Times `work` on this thread, with the peak memory so far.
  private func timed(
    _ name: String, _ work: () throws -> (pages: Int, bytes: Int, draw: Double)
  ) rethrows -> Run {
    let cpuStart = cpuSeconds()
    let start = Date()
    let result = try work()
    return Run(
      name: name, wall: Date().timeIntervalSince(start), cpu: cpuSeconds() - cpuStart,
      pages: result.pages, bytes: result.bytes, draw: result.draw, encode: 0,
      memory: String(format: "%.0f MB", peakResidentMegabytes()))
  }

  private func executable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// The runs as a table; sizes relative to `reference` bytes (libpng's) when there is one.
  private func table(_ runs: [Run], reference: Int?) -> String {
    func left(_ text: String, _ width: Int) -> String {
      text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0)
    }
    func right(_ text: String, _ width: Int) -> String {
      String(repeating: " ", count: max(0, width - text.count)) + text
    }
    var lines = [
      left("run", 32) + right("wall", 9) + right("CPU", 9) + right("slides/s", 10)
        + right("bytes", 13) + right("x libpng", 10) + right("peak RSS", 10)
        + right("draw", 9) + right("encode", 9) + "  (CPU: all threads; encode: summed)"
    ]
    for run in runs {
      let perSecond = Double(run.pages) / max(run.wall, 0.0001)
      let bytes = run.bytes
      let ratio = reference.map { String(format: "%.2fx", Double(bytes) / Double(max($0, 1))) }
      lines.append(
        left(run.name, 32) + right(String(format: "%.3f s", run.wall), 9)
          + right(String(format: "%.3f s", run.cpu), 9)
          + right(String(format: "%.1f", perSecond), 10) + right(grouped(bytes), 13)
          + right(ratio ?? "-", 10) + right(run.memory, 10)
          + right(String(format: "%.3f s", run.draw), 9)
          + right(String(format: "%.3f s", run.encode), 9))
    }
    return lines.joined(separator: "\n")
  }

  /// 12345678 as "12,345,678".
  private func grouped(_ value: Int) -> String {
    var digits = String(value)
    var index = digits.endIndex
    while digits.distance(from: digits.startIndex, to: index) > 3 {
      index = digits.index(index, offsetBy: -3)
      digits.insert(",", at: index)
    }
    return digits
  }

  /// User and system CPU time of the process so far, all threads. The corresponding C function
  /// is `getrusage`.
  private func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }

  /// The process's peak resident memory so far. The corresponding C function is `getrusage`.
  private func peakResidentMegabytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024  // kilobytes on Linux
  }
}
