import Foundation

/// One run of `pdflatex` over a document of formulas (`MathTypesetter.document`), in a folder of
/// its own: the PDF it writes is kept in the cache folder, and its log read back.
///
/// TeX's terminal output is read while it runs: each formula announces itself
/// (`PODIUM-BEGIN n`, flushed by reading an empty file), so a formula TeX spends too long over
/// (a macro that expands for ever) is known by its index, TeX is stopped, and the run says which
/// formula it stopped at; so does a run that a fatal error ended (`\input{nofile}` in
/// nonstopmode). The typesetter then sets the others without it.
struct TeXRun {
  var tex: String
  /// The cache folder: the PDF ends up here.
  var directory: String
  /// The longest TeX may spend on one formula, in processor time (on its preamble, twice that
  /// and at least 10 s).
  var formulaLimit: TimeInterval
  /// When the whole run must be over, whatever it is doing.
  var deadline: Date
  /// Asked twice a second: true stops TeX (a later edit of the deck superseded this load).
  var shouldStop: (@Sendable () -> Bool)?

  /// Box sizes in points (width, height, depth), by formula index.
  typealias Boxes = [Int: (Double, Double, Double)]

  /// What a run came to.
  enum Outcome {
    /// The PDF's path, each formula's box, and each failed formula's first error.
    case typeset(pdf: String, boxes: Boxes, errors: [Int: String])
    /// TeX stopped at formula `index` (a fatal error, or too long over it): the others may be
    /// set without it.
    case stopped(at: Int, reason: String)
    /// TeX could not run at all, ran out of the whole run's time, or was told to stop.
    case failed(TeXFailure)
  }

  /// The name of the empty file each formula reads to flush TeX's terminal output.
  static let flushFile = "podium-flush"

  func typeset(_ formulas: [MathFormula], source: String) -> Outcome {
    let files = FileManager.default
    let work =
      directory
      + "/run-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
    let unwritable = TeXFailure("the cache folder \(directory) cannot be written")
    do {
      try files.createDirectory(atPath: work, withIntermediateDirectories: true)
    } catch {
      return .failed(unwritable)
    }
    defer { try? files.removeItem(atPath: work) }
    guard files.createFile(atPath: work + "/formulas.tex", contents: Data(source.utf8)),
      files.createFile(atPath: work + "/\(Self.flushFile).tex", contents: Data())
    else { return .failed(unwritable) }

    var environment = ProcessInfo.processInfo.environment
    // No file outside the folder is read or written, and the log's lines are not wrapped.
    environment["openin_any"] = "p"
    environment["openout_any"] = "p"
    environment["max_print_line"] = "100000"
    var output: [Int32] = [-1, -1]
    guard pipe(&output) == 0 else { return .failed(TeXFailure("no pipe for TeX's output")) }
    let reading = FileHandle(fileDescriptor: output[0], closeOnDealloc: true)
    let process: ChildProcess
    do {
      // TeX yields the cores to the talk it typesets for, and the kernel stops it past the
      // whole run's time even where no Podium is left to (ChildProcess).
      process = try ChildProcess(
        executable: tex,
        arguments: [
          "-interaction=nonstopmode", "-no-shell-escape", "-file-line-error", "formulas.tex",
        ],
        environment: environment, directory: work, output: output[1],
        limits: Self.limits(until: deadline))
      close(output[1])
    } catch {
      close(output[1])
      return .failed(TeXFailure(error.description))
    }
    let progress = TeXProgress()
    let reader = Thread { progress.read(reading) }
    reader.name = "podium tex output"
    reader.start()
    if let stopped = watch(process, progress: progress) {
      process.kill()
      process.wait()
      return stopped
    }

    let log =
      (files.contents(atPath: work + "/formulas.log")).map { String(decoding: $0, as: UTF8.self) }
      ?? ""
    let (boxes, errors, last) = Self.read(log: log)
    // A formula TeX began and never boxed: a fatal error ended the run there.
    if let last, boxes[last] == nil {
      return .stopped(at: last, reason: errors[last] ?? "TeX stopped at it")
    }
    guard files.fileExists(atPath: work + "/formulas.pdf") else {
      return .failed(TeXFailure(errors.values.first ?? "TeX wrote no PDF"))
    }
    let kept = directory + "/" + MathTypesetter.key(text: source) + ".pdf"
    try? files.removeItem(atPath: kept)
    do {
      try files.moveItem(atPath: work + "/formulas.pdf", toPath: kept)
    } catch {
      return .failed(unwritable)
    }
    // A formula whose page TeX wrote in spite of an error is still wrong: its error counts.
    return .typeset(pdf: kept, boxes: boxes, errors: errors)
  }

  /// Waits for TeX to end, looking at it every 50 ms; what it came to if it must be stopped
  /// first (too long over one formula, over the whole run, or superseded). A formula's time is
  /// the processor time TeX spends on it, so a loaded machine does not make a good formula look
  /// endless; its wall time may be three times that (TeX waiting on nothing still ends).
  private func watch(_ process: ChildProcess, progress: TeXProgress) -> Outcome? {
    var asked = Date.distantPast
    // Where the formula (or, before the first, the preamble) began: its index, time, CPU time.
    var on: (index: Int?, since: Date, cpu: Double) = (nil, Date(), 0)
    let preamble = max(10, 2 * formulaLimit)
    while process.wait(timeout: 0.05) == nil {
      let now = Date()
      let cpu = process.processorSeconds ?? on.cpu
      if let current = progress.current, current.index != on.index {
        on = (current.index, current.since, cpu)
      }
      let limit = on.index == nil ? preamble : formulaLimit
      if cpu - on.cpu > limit || now.timeIntervalSince(on.since) > 3 * limit {
        guard let index = on.index else {
          return .failed(TeXFailure("TeX did not start within \(Self.seconds(preamble))"))
        }
        return .stopped(
          at: index, reason: "TeX did not finish it within \(Self.seconds(formulaLimit))")
      }
      if now > deadline {
        return .failed(TeXFailure("TeX ran out of the time the deck's formulas may take"))
      }
      if let shouldStop, now.timeIntervalSince(asked) >= 0.5 {
        asked = now
        if shouldStop() { return .failed(TeXFailure("stopped: the deck changed again")) }
      }
    }
    return nil
  }

  /// What TeX may take: the processor time of the whole run and a second more, past which the
  /// kernel stops it, and 2 GiB of memory (a run of formulas takes under 100 MB).
  static func limits(until deadline: Date) -> ChildProcess.Limits {
    let seconds = max(1, Int(deadline.timeIntervalSinceNow.rounded(.up)) + 1)
    return ChildProcess.Limits(processorSeconds: seconds, memoryBytes: 2 << 30, nice: 5)
  }

  static func seconds(_ interval: TimeInterval) -> String {
    interval == interval.rounded() ? "\(Int(interval)) s" : "\(interval) s"
  }

  /// Each formula's box (`PODIUM-BOX n 10.0pt 6.8pt 2.4pt`), each formula's first error
  /// (`! Undefined control sequence.` after `PODIUM-BEGIN n`) and the last formula begun, from
  /// TeX's log.
  static func read(log: String) -> (Boxes, [Int: String], last: Int?) {
    var boxes: Boxes = [:]
    var errors: [Int: String] = [:]
    var current: Int?
    var lines = log.split(separator: "\n", omittingEmptySubsequences: false)[...]
    while let line = lines.popFirst() {
      if line.hasPrefix("PODIUM-BEGIN ") {
        current = Int(line.dropFirst("PODIUM-BEGIN ".count))
      } else if line.hasPrefix("PODIUM-BOX ") {
        let fields = line.split(separator: " ")
        func points(_ field: Substring) -> Double? {
          Double(field.replacingOccurrences(of: "pt", with: ""))
        }
        if fields.count == 5, let index = Int(fields[1]), let width = points(fields[2]),
          let height = points(fields[3]), let depth = points(fields[4])
        {
          boxes[index] = (width, height, depth)
        }
      } else if let index = current, errors[index] == nil,
        let message = errorMessage(line, following: lines.first)
      {
        errors[index] = message
      }
    }
    return (boxes, errors, current)
  }

  /// TeX's error in a log line: `! Missing $ inserted.`, or with -file-line-error,
  /// `./formulas.tex:14: Undefined control sequence.`, with the command it names.
  private static func errorMessage(_ line: Substring, following next: Substring?) -> String? {
    var message: Substring
    if line.hasPrefix("! ") {
      message = line.dropFirst(2)
    } else if line.hasPrefix("./formulas.tex:"), let colon = line.dropFirst(15).firstIndex(of: ":")
    {
      message = line[line.index(after: colon)...].drop { $0 == " " }
    } else {
      return nil
    }
    if message.hasSuffix(".") { message = message.dropLast() }
    if message.hasPrefix("LaTeX Error: ") { message = message.dropFirst("LaTeX Error: ".count) }
    // TeX names the undefined command at the end of the line after its message
    // (`<argument> \foo`, or `l.14 $\frac{1}{\foo`).
    if message.hasPrefix("Undefined control sequence"), let next,
      let backslash = next.lastIndex(of: "\\")
    {
      let command = next[backslash...].prefix { $0 == "\\" || $0.isLetter }
      if command.count > 1 { return "\(message) \(command)" }
    }
    return String(message)
  }
}

struct TeXFailure: Error {
  var message: String
  init(_ message: String) { self.message = message }
}

/// Which formula TeX is on, read from its terminal output as it runs (`PODIUM-BEGIN n`), and
/// since when. Sendable by hand: guarded by `lock`.
final class TeXProgress: @unchecked Sendable {
  private let lock = NSLock()
  private var latest: (index: Int, since: Date)?

  /// The formula TeX began last, and when; nil before the first.
  var current: (index: Int, since: Date)? {
    lock.lock()
    defer { lock.unlock() }
    return latest
  }

  /// Reads TeX's output to its end, noting each formula it begins. The corresponding C
  /// function is `read`, through `FileHandle.availableData`.
  func read(_ handle: FileHandle) {
    var pending = Data()
    while true {
      let chunk = handle.availableData
      if chunk.isEmpty { return }
      pending.append(chunk)
      while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
        pending.removeSubrange(pending.startIndex...newline)
        guard line.hasPrefix("PODIUM-BEGIN "),
          let index = Int(line.dropFirst("PODIUM-BEGIN ".count))
        else { continue }
        lock.lock()
        latest = (index, Date())
        lock.unlock()
      }
    }
  }
}
