import Foundation
import PodiumCore

/// Office decks through LibreOffice, headless: each file converted to PDF once per content and
/// kept in Podium's cache (`$XDG_CACHE_HOME/podium/office`), in a profile folder of Podium's own
/// (never the user's LibreOffice settings), within a time limit after which LibreOffice and
/// everything it started are killed. Notes, hidden slides and clicks come from the file itself
/// (OfficeFile), never from the converter.
public struct LibreOfficeReader: OfficeReader {
  /// Where converted PDFs are kept.
  public var cacheDirectory: String
  /// The `soffice` program, or nil when LibreOffice is not installed.
  public var soffice: String?
  /// The longest one conversion may take (a 30-slide deck takes seconds).
  public var timeLimit: TimeInterval = 120
  /// Told what is about to be converted, before LibreOffice starts (not for a kept PDF): the
  /// command line says so, since a first conversion takes seconds.
  public var announce: (@Sendable (String) -> Void)?

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

  public func info(of path: String, format: OfficeFormat) -> Result<OfficeDeckInfo, OfficeProblem> {
    Result { () throws(OfficeProblem) in try OfficeFile.info(of: path, format: format) }
  }

  public func pdf(of path: String, format: OfficeFormat, step: Int?) -> Result<
    String, OfficeProblem
  > {
    guard let soffice else {
      return .failure(
        OfficeProblem(
          "LibreOffice is not installed: Podium shows \(format.name) decks through it (install "
            + "\(Self.package), or run scripts/setup --office)"))
    }
    guard let key = Self.key(ofFileAt: path, format: format) else {
      return .failure(OfficeProblem("cannot be read"))
    }
    let kept = cacheDirectory + "/" + key + (step.map { "-step\($0)" } ?? "") + ".pdf"
    if FileManager.default.fileExists(atPath: kept) { return .success(kept) }
    let name = (path as NSString).lastPathComponent
    announce?(
      "converting \(name)" + (step.map { " as it is after \($0) click(s)" } ?? "")
        + " to PDF with LibreOffice (once: the PDF is kept in \(cacheDirectory))")
    return convert(path, step: format == .pptx ? step : nil, to: kept, soffice: soffice)
  }

  /// Changes to how decks are converted make earlier cache entries stale.
  static let version = 1

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
  /// and counts pages as the file's slides), no notes pages, pictures as they are.
  static let filter =
    "pdf:impress_pdf_Export:{"
    + "\"ExportHiddenSlides\":{\"type\":\"boolean\",\"value\":\"true\"},"
    + "\"ExportNotesPages\":{\"type\":\"boolean\",\"value\":\"false\"},"
    + "\"ReduceImageResolution\":{\"type\":\"boolean\",\"value\":\"false\"}}"

  private func convert(_ path: String, step: Int?, to kept: String, soffice: String) -> Result<
    String, OfficeProblem
  > {
    let files = FileManager.default
    let work =
      cacheDirectory
      + "/run-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
    do {
      try files.createDirectory(atPath: work + "/out", withIntermediateDirectories: true)
    } catch {
      return .failure(OfficeProblem("the cache folder \(cacheDirectory) cannot be written"))
    }
    defer { try? files.removeItem(atPath: work) }
    var input = path
    if let step {
      // A copy of the deck with the shapes of later clicks hidden, named like the deck.
      input = work + "/" + (path as NSString).lastPathComponent
      do throws(OfficeProblem) {
        try OfficeFile.writeStep(step, of: path, to: input)
      } catch {
        return .failure(error)
      }
    }
    let arguments = [
      soffice, "--headless", "--invisible", "--norestore", "--nologo", "--nodefault",
      "--nolockcheck", "-env:UserInstallation=file://" + work + "/profile", "--convert-to",
      Self.filter, "--outdir", work + "/out", input,
    ]
    let log = work + "/log.txt"
    switch Self.run(arguments, log: log, limit: timeLimit) {
    case .failure(let problem): return .failure(problem)
    case .success(let status) where status != 0:
      return .failure(OfficeProblem("LibreOffice failed (exit \(status)): \(Self.tail(of: log))"))
    case .success:
      break
    }
    let written = ((try? files.contentsOfDirectory(atPath: work + "/out")) ?? []).first {
      $0.lowercased().hasSuffix(".pdf")
    }
    guard let written else {
      return .failure(
        OfficeProblem("LibreOffice could not convert it: \(Self.tail(of: log))"))
    }
    try? files.removeItem(atPath: kept)
    do {
      try files.moveItem(atPath: work + "/out/" + written, toPath: kept)
    } catch {
      return .failure(OfficeProblem("the cache folder \(cacheDirectory) cannot be written"))
    }
    return .success(kept)
  }

  /// The last line LibreOffice wrote, for an error.
  static func tail(of log: String) -> String {
    let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.contains("javaldx") }
    return lines.last.map { String($0.prefix(300)) } ?? "it wrote no PDF"
  }

  /// Runs `arguments` (a ChildProcess: its process group killed with it, and with Podium
  /// however Podium ends), its output into `log`, and waits at most `limit` seconds; then the
  /// whole group is killed (LibreOffice's `soffice` is a script that starts `soffice.bin`).
  static func run(_ arguments: [String], log: String, limit: TimeInterval) -> Result<
    Int32, OfficeProblem
  > {
    let output = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard output >= 0 else { return .failure(OfficeProblem("the cache folder cannot be written")) }
    defer { close(output) }
    let process: ChildProcess
    do {
      process = try ChildProcess(
        executable: arguments[0], arguments: Array(arguments.dropFirst()), output: output,
        error: output, limits: limits(for: limit))
    } catch {
      return .failure(OfficeProblem(error.description))
    }
    guard let ending = process.wait(timeout: limit) else {
      process.kill()
      process.wait()
      return .failure(
        OfficeProblem("LibreOffice did not finish within \(Int(limit)) s and was stopped"))
    }
    return .success(ending.code)
  }

  /// What one conversion may take: the processor time of its time limit, and 8 GiB of address
  /// space (soffice.bin maps about 1 GiB for a large deck).
  static func limits(for limit: TimeInterval) -> ChildProcess.Limits {
    ChildProcess.Limits(processorSeconds: Int(limit.rounded(.up)) + 1, memoryBytes: 8 << 30)
  }
}
