import Foundation
import PodiumCore

/// One deck being converted: a LibreOffice per worker of the plan, each converting its parts
/// one after another in one run (started once, it reads each part's file and writes its PDF),
/// all at once. Each PDF is put in the cache as soon as it is whole, so that the talk shows the
/// first slides while the rest are made; a LibreOffice that makes no part within the time
/// limit is stopped with everything it started, and so is the whole job when it is cancelled
/// (a newer version of the file was saved) or when Podium ends, however it ends (ChildProcess).
///
/// Sendable by hand: what the threads share is guarded by `condition`.
final class OfficeConversionJob: @unchecked Sendable {
  let plan: OfficeConversionPlan
  private let soffice: String
  private let timeLimit: TimeInterval
  private let progress: (@Sendable (OfficeProgress) -> Void)?
  private let condition = NSCondition()
  private var made = Set<Int>()
  private var copyMade = false
  private var problem: OfficeProblem?
  private var running = 0
  private var cancelled = false
  private var processes: [ChildProcess] = []
  private var work = ""

  init(
    plan: OfficeConversionPlan, soffice: String, timeLimit: TimeInterval,
    progress: (@Sendable (OfficeProgress) -> Void)?
  ) {
    self.plan = plan
    self.soffice = soffice
    self.timeLimit = timeLimit
    self.progress = progress
  }

  /// Starts a thread per LibreOffice (and one for the OpenDocument copy of a `.ppt` or
  /// `.key`); returns at once.
  func start() {
    let files = FileManager.default
    work =
      plan.cache
      + "/run-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
    try? files.removeItem(atPath: plan.failureMarker)
    Self.removeAbandoned(in: plan.cache)
    do {
      try files.createDirectory(atPath: work, withIntermediateDirectories: true)
    } catch {
      fail(OfficeProblem("the cache folder \(plan.cache) cannot be written"))
      return
    }
    // Parts an earlier run made before it was stopped are not made again.
    let kept = Set(plan.parts.indices.filter { files.fileExists(atPath: plan.parts[$0].file) })
    var tasks: [@Sendable () -> Void] = []
    for (worker, parts) in plan.workers.enumerated() {
      let left = parts.filter { !kept.contains($0) }
      if !left.isEmpty { tasks.append { [self] in self.convert(left, worker: worker) } }
    }
    if let copy = plan.copy, !files.fileExists(atPath: copy) {
      tasks.append { [self] in self.makeCopy() }
    } else {
      copyMade = true
    }
    condition.lock()
    made = kept
    running = tasks.count
    condition.unlock()
    if tasks.isEmpty { try? files.removeItem(atPath: work) }
    for (index, task) in tasks.enumerated() {
      let thread = Thread { task() }
      thread.name = "podium libreoffice \(index + 1)"
      thread.start()
    }
  }

  /// Waits until the first part is made (`first`) or all of it; the problem when it failed
  /// before that.
  func wait(untilFirst first: Bool) -> OfficeProblem? {
    condition.lock()
    defer { condition.unlock() }
    while problem == nil && running > 0 && !(first && made.contains(0) && isCopyReady) {
      condition.wait()
    }
    if first && made.contains(0) && isCopyReady { return nil }
    return problem ?? (made.count == plan.parts.count ? nil : OfficeProblem("it was stopped"))
  }

  private var isCopyReady: Bool { plan.copy == nil || copyMade }

  /// Whether every LibreOffice has ended.
  var isFinished: Bool {
    condition.lock()
    defer { condition.unlock() }
    return running == 0
  }

  /// Why it failed, once it has.
  var failure: OfficeProblem? {
    condition.lock()
    defer { condition.unlock() }
    return problem
  }

  /// Stops every LibreOffice of the job (a newer version of the file is being converted).
  func cancel() {
    condition.lock()
    cancelled = true
    let running = processes
    condition.unlock()
    for process in running { process.kill() }
  }

  // MARK: - The workers

  private func convert(_ parts: [Int], worker: Int) {
    defer { finish() }
    let files = FileManager.default
    let folder = work + "/w\(worker + 1)"
    var inputs: [String] = []
    do throws(OfficeProblem) {
      do {
        try files.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)
      } catch {
        throw OfficeProblem("the cache folder \(plan.cache) cannot be written")
      }
      var zip: ZipArchive?
      var related: [String: [String]] = [:]
      if plan.format == .pptx {
        let opened = try ZipArchive(path: plan.path)
        related = try OfficeFile.relatedParts(opened)
        zip = opened
      }
      for index in parts {
        let part = plan.parts[index]
        let input = folder + "/part\(index + 1)." + (plan.path as NSString).pathExtension
        if let zip, let slides = part.slides {
          try OfficeFile.writeStepped(
            zip, slides: plan.slides, range: slides, to: input, related: related)
        } else {
          do {
            try files.createSymbolicLink(atPath: input, withDestinationPath: plan.path)
          } catch {
            throw OfficeProblem("the cache folder \(plan.cache) cannot be written")
          }
        }
        inputs.append(input)
      }
    } catch {
      fail(error)
      return
    }
    // A part converted as a range of the whole deck has its own filter; the others share one.
    let filter = LibreOfficeReader.filter(
      pages: parts.count == 1 ? plan.parts[parts[0]].pageRange : nil)
    let outputs = inputs.map {
      folder + "/out/" + (($0 as NSString).lastPathComponent as NSString).deletingPathExtension
        + ".pdf"
    }
    let ending = run(
      inputs, filter: filter, folder: folder, limitFor: parts.count
    ) { [self] in
      // Each PDF LibreOffice has written whole goes into the cache at once.
      var madeNow = false
      for (position, index) in parts.enumerated() where !self.isMade(index) {
        guard Self.isWhole(outputs[position]) else { break }
        guard self.keep(outputs[position], as: plan.parts[index].file) else { break }
        self.mark(index)
        madeNow = true
      }
      return madeNow
    }
    let missing = parts.filter { !isMade($0) }
    guard !missing.isEmpty else { return }
    switch ending {
    case .failure(let problem): fail(problem)
    case .success(let status) where status != 0:
      fail(
        OfficeProblem(
          "LibreOffice failed (exit \(status)): \(LibreOfficeReader.tail(of: folder + "/log.txt"))"
        ))
    case .success:
      fail(
        OfficeProblem(
          "LibreOffice could not convert it: \(LibreOfficeReader.tail(of: folder + "/log.txt"))"))
    }
  }

  /// LibreOffice's OpenDocument copy of a `.ppt` or `.key`, whose XML holds the notes.
  private func makeCopy() {
    defer { finish() }
    guard let copy = plan.copy else { return }
    let folder = work + "/copy"
    let input = folder + "/deck." + (plan.path as NSString).pathExtension
    do {
      try FileManager.default.createDirectory(
        atPath: folder + "/out", withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(atPath: input, withDestinationPath: plan.path)
    } catch {
      fail(OfficeProblem("the cache folder \(plan.cache) cannot be written"))
      return
    }
    let output = folder + "/out/deck.odp"
    _ = run([input], filter: "odp", folder: folder, limitFor: 1) { false }
    // Without it the slides still show; only the notes are missing.
    _ = keep(output, as: copy)
    condition.lock()
    copyMade = true
    condition.broadcast()
    condition.unlock()
  }

  /// Runs LibreOffice over `inputs` with `filter`, its output into `folder/log.txt`, calling
  /// `check` ten times a second (true when a part was made) until it ends. Stopped when no part
  /// comes within the time limit, or when the job is cancelled.
  private func run(
    _ inputs: [String], filter: String, folder: String, limitFor parts: Int,
    check: () -> Bool
  ) -> Result<Int32, OfficeProblem> {
    let log = folder + "/log.txt"
    let output = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard output >= 0 else { return .failure(OfficeProblem("the cache folder cannot be written")) }
    defer { close(output) }
    let arguments =
      [
        "--headless", "--invisible", "--norestore", "--nologo", "--nodefault", "--nolockcheck",
        "-env:UserInstallation=file://" + folder + "/profile", "--convert-to", filter,
        "--outdir", folder + "/out",
      ] + inputs
    let process: ChildProcess
    do {
      process = try ChildProcess(
        executable: soffice, arguments: arguments, output: output, error: output,
        limits: LibreOfficeReader.limits(for: timeLimit * Double(max(1, parts))))
    } catch {
      return .failure(OfficeProblem(error.description))
    }
    condition.lock()
    if cancelled {
      condition.unlock()
      process.kill()
      process.wait()
      return .failure(OfficeProblem("it was stopped"))
    }
    processes.append(process)
    condition.unlock()
    // At the talk's own priority: the loop, asleep between keys, is woken ahead of it when a key
    // comes, and the rest of the deck comes sooner than it would yielding to every other job.
    var lastMade = Date()
    while true {
      let ending = process.wait(timeout: 0.1)
      if check() { lastMade = Date() }
      if let ending { return .success(ending.code) }
      if isCancelled {
        process.kill()
        process.wait()
        return .failure(OfficeProblem("it was stopped"))
      }
      if Date().timeIntervalSince(lastMade) > timeLimit {
        process.kill()
        process.wait()
        _ = check()
        return .failure(
          OfficeProblem("LibreOffice did not finish within \(Int(timeLimit)) s and was stopped"))
      }
    }
  }

  /// Whether LibreOffice has written the PDF at `path` to its end (`%%EOF` in its last bytes:
  /// it writes the trailer last).
  static func isWhole(_ path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    guard let size = try? handle.seekToEnd(), size > 8 else { return false }
    try? handle.seek(toOffset: size > 64 ? size - 64 : 0)
    let tail = (try? handle.readToEnd()) ?? Data()
    return tail.range(of: Data("%%EOF".utf8)) != nil
  }

  /// Moves a made file into the cache under its name there (whole: a rename in one folder, or
  /// a copy beside it renamed).
  private func keep(_ made: String, as kept: String) -> Bool {
    let files = FileManager.default
    guard files.fileExists(atPath: made) else { return false }
    if rename(made, kept) == 0 { return true }
    let beside = kept + ".part-\(ProcessInfo.processInfo.processIdentifier)"
    guard (try? files.copyItem(atPath: made, toPath: beside)) != nil else { return false }
    return rename(beside, kept) == 0
  }

  private func isMade(_ part: Int) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    return made.contains(part)
  }

  private var isCancelled: Bool {
    condition.lock()
    defer { condition.unlock() }
    return cancelled
  }

  private func mark(_ part: Int) {
    condition.lock()
    made.insert(part)
    let slides = plan.parts.enumerated().filter { made.contains($0.offset) }
      .map { $0.element.slides?.count ?? 0 }.reduce(0, +)
    let total = plan.parts.compactMap(\.slides?.upperBound).max() ?? 0
    condition.broadcast()
    condition.unlock()
    progress?(
      OfficeProgress(
        name: (plan.path as NSString).lastPathComponent, done: slides, total: total))
  }

  private func fail(_ failure: OfficeProblem) {
    condition.lock()
    let first = problem == nil && !cancelled
    if problem == nil { problem = failure }
    condition.broadcast()
    condition.unlock()
    if first {
      // A talk showing the parts made so far watches for this file.
      try? Data(failure.message.utf8).write(to: URL(fileURLWithPath: plan.failureMarker))
    }
  }

  private func finish() {
    condition.lock()
    let last = running == 1
    condition.unlock()
    // The last thread leaves nothing behind before anyone waiting hears that it is over.
    if last { try? FileManager.default.removeItem(atPath: work) }
    condition.lock()
    running -= 1
    condition.broadcast()
    condition.unlock()
  }

  /// Removes the work folders of conversions whose Podium is gone (ended mid-conversion: its
  /// LibreOffices went with it, their folders stayed).
  static func removeAbandoned(in cache: String) {
    let files = FileManager.default
    for name in (try? files.contentsOfDirectory(atPath: cache)) ?? [] where name.hasPrefix("run-") {
      let fields = name.split(separator: "-")
      guard fields.count >= 3, let pid = Int32(fields[1]) else { continue }
      if kill(pid, 0) != 0 && errno == ESRCH { try? files.removeItem(atPath: cache + "/" + name) }
    }
  }
}

/// The conversions running in this process, by cache key: asked again while one runs (a live
/// reload, the talk's next look at the cache), a reader joins it. A new version of a file stops
/// the conversion of its older one.
final class OfficeConversionJobs: @unchecked Sendable {
  private let lock = NSLock()
  private var byKey: [String: OfficeConversionJob] = [:]

  /// The job converting `plan`'s deck: the one running, or a new one from `make` (`started`),
  /// the older versions of the same file stopped.
  func job(for plan: OfficeConversionPlan, path: String, make: () -> OfficeConversionJob) -> (
    OfficeConversionJob, started: Bool
  ) {
    lock.lock()
    defer { lock.unlock() }
    let key = plan.key
    if let running = byKey[key] { return (running, false) }
    for (other, job) in byKey where job.plan.path == path {
      job.cancel()
      byKey[other] = nil
    }
    let job = make()
    byKey[key] = job
    return (job, true)
  }

  /// The job of a cache key, running or failed in this process.
  func job(forKey key: String) -> OfficeConversionJob? {
    lock.lock()
    defer { lock.unlock() }
    return byKey[key]
  }

  /// Forgets a job that has ended well: the cache holds it all now. One that failed is kept,
  /// so that this process does not start LibreOffice over the same file again and again.
  func forget(_ job: OfficeConversionJob) {
    lock.lock()
    defer { lock.unlock() }
    if job.isFinished, job.failure == nil,
      let key = byKey.first(where: { $0.value === job })?.key
    {
      byKey[key] = nil
    }
  }
}
