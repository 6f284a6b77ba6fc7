import Foundation
import PodiumCore

/// Office decks through LibreOffice, headless: each file converted to PDF once per content and
/// kept in Podium's cache (`$XDG_CACHE_HOME/podium/office`), in profile folders of Podium's own
/// (never the user's LibreOffice settings), each part within a time limit after which
/// LibreOffice and everything it started are killed. Notes, hidden slides and clicks come from
/// the file itself (OfficeFile), never from the converter.
///
/// A PowerPoint deck is converted once whatever its click builds: copies of it in which each
/// click of each slide is a slide of its own (`OfficeFile.writeStepped`), a part of the deck
/// each, so that the first slides exist within seconds and the parts are made at once on the
/// cores there are, by one LibreOffice each (`OfficeConversionJob`).
public struct LibreOfficeReader: OfficeReader {
  /// Where converted PDFs are kept.
  public var cacheDirectory: String
  /// The `soffice` program, or nil when LibreOffice is not installed.
  public var soffice: String?
  /// The longest LibreOffice may take over one part of a deck (a few dozen slides take
  /// seconds): past it, it is stopped.
  public var timeLimit: TimeInterval = 120
  /// How many LibreOffice processes convert a deck at once; nil: the cores that are free when
  /// it starts (`freeCores`).
  public var workers: Int?
  /// About how many pages a part holds (the first part holds the first two slides, so that the
  /// talk starts within seconds): fewer parts cost LibreOffice less, more show progress sooner.
  public var pagesPerPart = 32
  /// Told what is about to be converted, before LibreOffice starts (not for a kept PDF): the
  /// command line says so, since a first conversion takes seconds.
  public var announce: (@Sendable (String) -> Void)?
  /// Told how far a conversion has come, each time a part is made (from a thread of the
  /// conversion's own): the terminal's progress bar.
  public var progress: (@Sendable (OfficeProgress) -> Void)?
  /// The conversions running in this process, shared by every copy of this reader: a live
  /// reload that asks again while one runs joins it rather than starting LibreOffice again.
  let jobs = OfficeConversionJobs()

  /// The Debian package and the setup option that install it, for messages.
  public static let package = "libreoffice-impress"

  public init(cacheDirectory: String, soffice: String?) {
    self.cacheDirectory = cacheDirectory
    self.soffice = soffice
  }

  /// The cache under `$XDG_CACHE_HOME` (or `~/.cache`), `soffice` from `PATH`.
  public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> LibreOfficeReader
  {
    let home = environment["HOME"] ?? NSHomeDirectory()
    let cache = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.cache"
    let soffice = (environment["PATH"] ?? "/usr/bin").split(separator: ":").lazy
      .flatMap { folder in ["soffice", "libreoffice"].map { "\(folder)/\($0)" } }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
    return LibreOfficeReader(cacheDirectory: cache + "/podium/office", soffice: soffice)
  }

  public func convert(_ path: String, format: OfficeFormat, stepped: Bool, wait: OfficeWait)
    -> Result<OfficeConversion, OfficeProblem>
  {
    guard let key = Self.key(ofFileAt: path, format: format) else {
      return .failure(OfficeProblem("cannot be read"))
    }
    let stepped = stepped && format == .pptx
    let name = key + (stepped ? "" : "-whole")
    var plan: OfficeConversionPlan
    if let running = jobs.job(forKey: name) {
      // A talk's look at a conversion running: its plan, without reading the file again.
      plan = running.plan
    } else {
      do throws(OfficeProblem) {
        plan = try OfficeConversionPlan(
          path: path, format: format, stepped: stepped, key: name, cache: cacheDirectory,
          workers: workers ?? Self.freeCores(), pagesPerPart: pagesPerPart)
      } catch {
        return .failure(error)
      }
    }
    if plan.isComplete { return .success(plan.conversion()) }
    guard let soffice else {
      return .failure(
        OfficeProblem(
          "LibreOffice is not installed: Podium shows \(format.name) decks through it (install "
            + "\(Self.package), or run scripts/setup --office)"))
    }
    let (job, started) = jobs.job(for: plan, path: path) {
      OfficeConversionJob(
        plan: plan, soffice: soffice, timeLimit: timeLimit, progress: progress)
    }
    if started {
      announce?(plan.announcement)
      job.start()
    }
    switch wait {
    case .nothing where plan.parts.allSatisfy({ $0.slides != nil }):
      // The slides are known: the deck's placeholders show at once, the parts as they come.
      break
    case .whole:
      if let problem = job.wait(untilFirst: false) { return .failure(problem) }
    case .firstSlides, .nothing:
      if let problem = job.wait(untilFirst: true) { return .failure(problem) }
    }
    jobs.forget(job)
    return .success(plan.conversion(problem: job.failure))
  }

  /// The cores no other work is using: the cores less what is busy, at least one. Busy is the
  /// last minute's load or, when less, the processes running at this moment (the fourth field
  /// of /proc/loadavg, less this one): the minute's average stays high for a minute after a
  /// burst has ended (a LibreOffice run just before read 0.7 and gave one LibreOffice where two
  /// cores were idle). A LibreOffice more than there are free cores only slows the others down
  /// (each pays its start, about two seconds of a core, and they take turns).
  static func freeCores(
    cores: Int = ProcessInfo.processInfo.activeProcessorCount, load: Double? = nil,
    runningNow: Int? = nil
  ) -> Int {
    let now = load == nil ? currentLoad() : nil
    var busy = load ?? now?.minute ?? 0
    if let running = runningNow ?? now?.running {
      busy = min(busy, Double(max(0, running - 1)))
    }
    return max(1, min(cores, Int((Double(cores) - busy).rounded())))
  }

  /// The last minute's load and the kernel's count of runnable processes now, this one
  /// included (`/proc/loadavg`: `0.70 0.51 0.40 1/345 6789`); nil where there is no such file.
  static func currentLoad() -> (minute: Double, running: Int)? {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else {
      return nil
    }
    let fields = text.split(separator: " ")
    guard fields.count >= 4, let minute = Double(fields[0]),
      let slash = fields[3].firstIndex(of: "/"), let running = Int(fields[3][..<slash])
    else { return nil }
    return (minute, running)
  }

  /// Changes to how decks are converted make earlier cache entries stale.
  static let version = 2

  /// The cache's name for a file's content: its bytes hashed, with the format and `version`.
  static func key(ofFileAt path: String, format: OfficeFormat) -> String? {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
      let handle = FileHandle(forReadingAtPath: path)
    else { return nil }
    defer { try? handle.close() }
    var key = ContentKey()
    key.add(Array("\(version) \(format.rawValue)\u{0}".utf8))
    while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
      key.add(chunk)
    }
    return key.name
  }

  /// LibreOffice's PDF export as Podium wants it: hidden slides too (Podium hides them itself,
  /// and counts pages as the file's slides), no notes pages, pictures as they are; `pages`
  /// (`3-10`) only those.
  static func filter(pages: String? = nil) -> String {
    "pdf:impress_pdf_Export:{"
      + "\"ExportHiddenSlides\":{\"type\":\"boolean\",\"value\":\"true\"},"
      + "\"ExportNotesPages\":{\"type\":\"boolean\",\"value\":\"false\"},"
      + (pages.map { "\"PageRange\":{\"type\":\"string\",\"value\":\"\($0)\"}," } ?? "")
      + "\"ReduceImageResolution\":{\"type\":\"boolean\",\"value\":\"false\"}}"
  }

  /// The last line LibreOffice wrote, for an error.
  static func tail(of log: String) -> String {
    let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter {
        !$0.isEmpty && !$0.contains("javaldx") && !$0.hasPrefix("convert ")
          && !$0.hasPrefix("Overwriting")
      }
    return lines.last.map { String($0.prefix(300)) } ?? "it wrote no PDF"
  }

  /// What one LibreOffice may take: the processor time of its time limit, and 8 GiB of address
  /// space (soffice.bin maps about 1 GiB for a large deck).
  static func limits(for limit: TimeInterval) -> ChildProcess.Limits {
    ChildProcess.Limits(processorSeconds: Int(limit.rounded(.up)) + 1, memoryBytes: 8 << 30)
  }
}
