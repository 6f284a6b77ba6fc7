import ArgumentParser
import Foundation
import PodiumCore
import PodiumPDF
import PodiumSDL
import PodiumVideo

struct Export: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract:
      "Render a deck to PNG images, a vector PDF, one HTML page or a video, with no display needed.",
    discussion:
      "-o talk.pdf writes one PDF (the format follows the extension; --format when it does "
      + "not): a page per slide, real text, links, an outline, and talk.pdfpc beside it with "
      + "the notes for PDF presenters. -o DIR writes slide-001.png, slide-002.png, ... into the "
      + "folder (created if needed). Each slide is at its last build step; with --steps, one page "
      + "or image per step. --handout 1|2|3|6 (or --notes, for 1) prints handout pages on "
      + "portrait paper: 1 = the slide with its notes below, 3 = slides with notes or lines "
      + "beside them, 2 and 6 = grids. -o talk.mp4 (or .mkv, .webm) renders a video: every "
      + "build step held for the time the last rehearsal spent on it (podium rehearse), or an "
      + "even share of --seconds-per-slide (default 5), with the deck's transitions and a "
      + "chapter per slide (also in talk.chapters.vtt). -o talk.html writes one self-contained HTML "
      + "page to share: every build step as vector SVG, the notes behind the n key, arrow keys, "
      + "clicks and swipes, nothing fetched from the network."
  )

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case pdf, png, video, html
  }

  @Argument(help: "The deck file.", completion: .file(extensions: ["md", "markdown"]))
  var deck: String

  @Option(
    name: [.short, .customLong("output")],
    help:
      "The PDF, HTML or video file to write (talk.pdf, talk.html, talk.mp4), or the folder to write PNG images into."
  )
  var output: String

  @Option(
    help:
      "pdf, png, html or video (default: pdf for .pdf, html for .html, video for .mp4, .mkv and .webm, else png)."
  )
  var format: Format?

  @Option(
    help:
      "A video's time on each slide, shared among its build steps (default: the last rehearsal's times, else 5)."
  )
  var secondsPerSlide: Double?

  @Option(help: "Slide size in pixels, WIDTHxHEIGHT (a PDF page is half as many points).")
  var size: String = "1920x1080"

  @Flag(help: "One page or image per build step instead of per slide.")
  var steps = false

  @Option(help: "Only these slides, e.g. 3-7,9.")
  var slides: String?

  @Flag(help: "Slides marked <!-- skip --> too (they are left out otherwise).")
  var all = false

  @Flag(help: "Handout pages with the notes under each slide (the same as --handout 1).")
  var notes = false

  @Option(help: "Handout pages with 1, 2, 3 or 6 slides each, on portrait paper.")
  var handout: Int?

  @Option(help: "Paper for handouts: a4 or letter (default: the locale's).")
  var paper: String?

  @Flag(
    help:
      "Draw the talk's ink (the sidecar DECK.ink beside the deck) over the slides: pixels in PNGs, vectors in the PDF, handouts too."
  )
  var ink = false

  @Option(help: "PNG images encoded in parallel (default: one more than the cores).")
  var jobs: Int = DeckExporter.defaultJobs

  @OptionGroup var pdfOptions: PDFOptionGroup

  func validate() throws {
    guard PixelSize(parsing: size) != nil else {
      throw ValidationError(
        "--size '\(size)' is not WIDTHxHEIGHT with sides from 16 to 16384, e.g. 1920x1080.")
    }
    guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1.") }
    if let secondsPerSlide, !(0.1...86_400).contains(secondsPerSlide) {
      throw ValidationError("--seconds-per-slide must be from 0.1 to 86400.")
    }
    if chosenFormat == .video {
      guard MovieWriter.Container(path: output) != nil else {
        throw ValidationError(
          "a video is written to a file ending in \(MovieWriter.Container.extensions), not '\(output)'."
        )
      }
    }
    if chosenFormat == .video || chosenFormat == .html, handout != nil || notes {
      throw ValidationError("--handout and --notes make pages: export them as PDF or PNG.")
    }
    if chosenFormat != .video, secondsPerSlide != nil {
      throw ValidationError("--seconds-per-slide is for a video (-o talk.mp4).")
    }
    if let handout, !Handout.layouts.contains(handout) {
      throw ValidationError("--handout '\(handout)' is not 1, 2, 3 or 6 slides a page.")
    }
    if notes, let handout, handout != 1 {
      throw ValidationError(
        "--notes is --handout 1; it cannot be combined with --handout \(handout).")
    }
    if let paper, Paper(rawValue: paper.lowercased()) == nil {
      throw ValidationError("--paper '\(paper)' is not a4 or letter.")
    }
  }

  /// The output's format: as asked, else by its extension.
  var chosenFormat: Format {
    if let format { return format }
    let ext = URL(fileURLWithPath: output).pathExtension.lowercased()
    if ext == "pdf" { return .pdf }
    if ext == "html" || ext == "htm" { return .html }
    return Configuration.movieExtensions.contains(ext) ? .video : .png
  }

  func plan(slideCount: Int) throws -> ExportPlan {
    // A video shows every build step, as the talk does.
    var plan = ExportPlan(steps: steps || chosenFormat == .video, includeHidden: all)
    if let perPage = handout ?? (notes ? 1 : nil) {
      let paper =
        self.paper.flatMap { Paper(rawValue: $0.lowercased()) }
        ?? Paper.forLocale(ProcessInfo.processInfo.environment)
      plan.layout = .handouts(Handout(perPage: perPage, paper: paper))
    }
    if let slides {
      do {
        plan.slideNumbers = try SlideSelection.parse(slides, count: slideCount)
      } catch {
        throw ValidationError("--slides: \(error)")
      }
    }
    return plan
  }

  func run() throws {
    let settings = try Settings.load(command: "podium export")
    let loader = pdfOptions.loader(settings, for: deck)
    var loaded = try loader.loadOrExit(deck)
    var talkInk: TalkInk?
    if ink {
      let (read, problems) = InkSidecar.load(
        deckPath: deck, scope: settings.inkScope ?? .step, moveDamaged: false)
      for problem in problems { Console.error("podium export: \(problem)") }
      // The talk's whiteboard pages are pages of the export too, as the room saw them.
      loaded.deck = loaded.deck.withWhiteboards(read.boards)
      talkInk = TalkInk(ink: read, deck: loaded.deck)
    }
    let plan = try plan(slideCount: loaded.deck.slides.count)
    let slideSize = PixelSize(parsing: size) ?? PixelSize(width: 1920, height: 1080)
    let bar = ProgressBar(enabled: isatty(STDERR_FILENO) == 1)
    let start = Date()
    let count: Int
    let bytes: Int
    let overflow: [LayoutOverflow]
    var pageSize = ""
    var notesFile: String?
    var movieLine: String?
    var htmlLine: String?
    do {
      switch chosenFormat {
      case .pdf:
        let fonts = FontLibrary()
        let images = ImageLibrary(videoFrames: FFmpegVideoFrames())
        let exporter = PDFExporter(
          deck: loaded.deck, theme: loaded.theme,
          options: PDFExporter.Options(
            outputPath: output, size: slideSize, plan: plan, password: loader.password,
            ink: talkInk),
          fonts: fonts, measurer: SDLTextMeasurer(library: fonts), images: images)
        let cleanup = InterruptCleanup(removing: exporter.temporaryPath)
        defer { cleanup.disarm() }
        let result = try exporter.run { done, total in bar.update(done, total) }
        let points = PDFExporter.pagePoints(
          plan: plan, pixels: plan.pageSize(for: loaded.deck, fitting: slideSize))
        pageSize = String(format: "%.0fx%.0f pt", points.width, points.height)
        (count, bytes, overflow, notesFile) = (
          result.pages, result.bytesWritten, result.overflow, result.notesPath
        )
      case .html:
        let fonts = FontLibrary()
        let exporter = HTMLExporter(
          deck: loaded.deck, theme: loaded.theme,
          options: HTMLExporter.Options(
            outputPath: output, size: slideSize, plan: plan, writesNotesFile: false,
            password: loader.password, ink: talkInk),
          fonts: fonts, measurer: SDLTextMeasurer(library: fonts),
          images: ImageLibrary(videoFrames: FFmpegVideoFrames()))
        let cleanup = InterruptCleanup(removing: exporter.temporaryPath)
        defer { cleanup.disarm() }
        let result = try exporter.run { done, total in bar.update(done, total) }
        pageSize = "\(plan.pageSize(for: loaded.deck, fitting: slideSize))"
        (count, bytes, overflow) = (result.steps, result.bytesWritten, result.overflow)
        htmlLine =
          "\(result.slides) slide\(result.slides == 1 ? "" : "s") in one page; open it in a browser (n: notes, f: full screen, ?: keys)"
      case .png:
        var options = DeckExporter.Options(outputDirectory: output, plan: plan, jobs: jobs)
        options.size = slideSize
        options.pages = PopplerPages(password: loader.password)
        options.videoFrames = FFmpegVideoFrames()
        options.ink = talkInk
        let exporter = DeckExporter(deck: loaded.deck, theme: loaded.theme, options: options)
        let result = try exporter.run { done, total in bar.update(done, total) }
        pageSize = "\(exporter.pageSize)"
        (count, bytes, overflow) = (result.files.count, result.bytesWritten, result.overflow)
      case .video:
        let rehearsal = TalkOptionGroup.rehearsals(at: RehearsalLog.defaultPath(forDeck: deck))
          .lastFinished
        let shots = plan.shots(in: loaded.deck)
        let script = MovieScript(
          deck: loaded.deck, shots: shots, rehearsal: rehearsal, secondsPerSlide: secondsPerSlide)
        let movieSize = plan.pageSize(for: loaded.deck, fitting: slideSize)
        let export = MovieExport(
          deck: loaded.deck, theme: loaded.theme, plan: plan, script: script, path: output,
          size: movieSize, pages: PopplerPages(password: loader.password),
          videoFrames: FFmpegVideoFrames(), ink: talkInk)
        let cleanup = InterruptCleanup(removing: output)
        defer { cleanup.disarm() }
        let result = try export.run { done, total in bar.update(done, total) }
        pageSize = "\(movieSize)"
        (count, bytes, overflow) = (script.scenes.count, Int(result.bytes), result.overflow)
        let timing =
          secondsPerSlide != nil
          ? "--seconds-per-slide"
          : script.rehearsedScenes > 0
            ? "the last rehearsal (\(script.rehearsedScenes) of \(script.scenes.count) steps)"
            : "\(MovieScript.defaultSecondsPerSlide.formatted()) s a slide"
        movieLine =
          "A \(ConsoleStatus.format(result.seconds)) video (times from \(timing)); chapters in \(result.chaptersPath)"
      }
    } catch {
      bar.finish()
      Console.error("podium export: \(error)")
      throw ExitCode.failure
    }
    bar.finish()
    for overflow in overflow { Console.error(overflow.diagnostic(file: deck).description) }
    let seconds = Date().timeIntervalSince(start)
    let kind: String
    if case .handouts = plan.layout {
      kind = "handout page"
    } else {
      kind =
        chosenFormat == .video || chosenFormat == .html
        ? "build step" : steps ? (chosenFormat == .pdf ? "page" : "image") : "slide"
    }
    print(
      "Exported \(count) \(kind)\(count == 1 ? "" : "s") to \(output) at \(pageSize) in "
        + String(
          format: "%.2f s (%.0f per second, %.1f MB)", seconds, Double(count) / max(seconds, 0.001),
          Double(bytes) / 1_048_576))
    if let notesFile { print("Speaker notes for PDF presenters (pdfpc) in \(notesFile)") }
    if let movieLine { print(movieLine) }
    if let htmlLine { print(htmlLine) }
  }
}

/// Removes a file if the process is interrupted (Ctrl-C, SIGTERM) while it is being written, so
/// an interrupted export leaves nothing behind. The handler only unlinks a path prepared in
/// advance, which is safe inside a signal handler.
final class InterruptCleanup {
  nonisolated(unsafe) private static var path: UnsafeMutablePointer<CChar>?

  init(removing path: String) {
    Self.path = strdup(path)
    for signal in [SIGINT, SIGTERM, SIGHUP] {
      _ = Foundation.signal(signal) { number in
        if let path = InterruptCleanup.path { unlink(path) }
        _ = Foundation.signal(number, SIG_DFL)
        raise(number)
      }
    }
  }

  /// The export ended (done or failed, the exporter tidied up): signals act as before.
  func disarm() {
    for signal in [SIGINT, SIGTERM, SIGHUP] { _ = Foundation.signal(signal, SIG_DFL) }
    free(Self.path)
    Self.path = nil
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
    for notice in loaded.notices { Console.error("\(path): \(notice)") }
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
