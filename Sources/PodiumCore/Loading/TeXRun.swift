import Foundation

/// One run of `pdflatex` over a document of formulas (`MathTypesetter.document`), in a folder of
/// its own: the PDF it writes is kept in the cache folder, and its log read back.
struct TeXRun {
  var tex: String
  /// The cache folder: the PDF ends up here.
  var directory: String
  var timeout: TimeInterval

  /// Box sizes in points (width, height, depth), by formula index.
  typealias Boxes = [Int: (Double, Double, Double)]

  /// The PDF's path, each formula's box, and each failed formula's first error; or why TeX
  /// could not run at all.
  func typeset(_ formulas: [MathFormula], source: String)
    -> Result<(String, Boxes, [Int: String]), TeXFailure>
  {
    let files = FileManager.default
    let work =
      directory
      + "/run-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
    do {
      try files.createDirectory(atPath: work, withIntermediateDirectories: true)
    } catch {
      return .failure(TeXFailure("the cache folder \(directory) cannot be written"))
    }
    defer { try? files.removeItem(atPath: work) }
    guard files.createFile(atPath: work + "/formulas.tex", contents: Data(source.utf8)) else {
      return .failure(TeXFailure("the cache folder \(directory) cannot be written"))
    }

    let process = Process()
    process.executableURL = URL(fileURLWithPath: tex)
    process.arguments = [
      "-interaction=nonstopmode", "-no-shell-escape", "-file-line-error", "formulas.tex",
    ]
    process.currentDirectoryURL = URL(fileURLWithPath: work)
    var environment = ProcessInfo.processInfo.environment
    // No file outside the folder is read or written, and the log's lines are not wrapped.
    environment["openin_any"] = "p"
    environment["openout_any"] = "p"
    environment["max_print_line"] = "100000"
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    do {
      try process.run()
    } catch {
      return .failure(TeXFailure("\(tex) could not be started: \(error.localizedDescription)"))
    }
    if finished.wait(timeout: .now() + timeout) == .timedOut {
      process.terminate()
      finished.wait()
      return .failure(TeXFailure("TeX did not finish within \(Int(timeout)) s"))
    }

    let log =
      (files.contents(atPath: work + "/formulas.log")).map { String(decoding: $0, as: UTF8.self) }
      ?? ""
    let (boxes, errors) = Self.read(log: log)
    guard files.fileExists(atPath: work + "/formulas.pdf") else {
      return .failure(TeXFailure(errors.values.first ?? "TeX wrote no PDF"))
    }
    let kept = directory + "/" + MathTypesetter.key(text: source) + ".pdf"
    try? files.removeItem(atPath: kept)
    do {
      try files.moveItem(atPath: work + "/formulas.pdf", toPath: kept)
    } catch {
      return .failure(TeXFailure("the cache folder \(directory) cannot be written"))
    }
    // A formula whose page TeX wrote in spite of an error is still wrong: its error counts.
    return .success((kept, boxes, errors))
  }

  /// Each formula's box (`PODIUM-BOX n 10.0pt 6.8pt 2.4pt`) and each formula's first error
  /// (`! Undefined control sequence.` after `PODIUM-BEGIN n`), from TeX's log.
  static func read(log: String) -> (Boxes, [Int: String]) {
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
    return (boxes, errors)
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
