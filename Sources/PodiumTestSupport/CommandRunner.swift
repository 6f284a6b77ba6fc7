import Foundation
import Testing

/// Runs the built `podium` binary the way a user would, capturing what it prints.
public struct CommandResult: Sendable {
  public var status: Int32
  public var stdout: String
  public var stderr: String
}

public enum CommandRunner {
  /// The folder that holds the built products (`podium`, the test bundle).
  public static var productsDirectory: URL {
    let candidates = [
      Bundle.main.executableURL?.deletingLastPathComponent(),
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      Fixtures.packageRoot.appendingPathComponent(".build/debug"),
    ].compactMap { $0 }
    return candidates.first {
      FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("podium").path)
    } ?? candidates[0]
  }

  public static var podium: URL { productsDirectory.appendingPathComponent("podium") }

  /// Runs `executable` with `arguments`, optionally in `directory` and with extra environment.
  /// A PDF that `podium export` wrote is checked by `qpdf --check` on the way (`PDFValidity`):
  /// every PDF a test exports is, not only opened.
  public static func run(
    _ executable: URL, _ arguments: [String], in directory: URL? = nil,
    environment: [String: String] = [:]
  ) throws -> CommandResult {
    let result = try runProcess(executable, arguments, in: directory, environment: environment)
    if executable.lastPathComponent == "podium", result.status == 0,
      let pdf = exportedPDF(arguments, in: directory),
      let problems = try PDFValidity.problems(ofPDFAt: pdf)
    {
      Issue.record("podium \(arguments.joined(separator: " ")) wrote a damaged PDF: \(problems)")
    }
    return result
  }

  private static func runProcess(
    _ executable: URL, _ arguments: [String], in directory: URL?, environment: [String: String]
  ) throws -> CommandResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    var env = ProcessInfo.processInfo.environment
    env.merge(environment) { $1 }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read both pipes before waiting, so a chatty command cannot fill a pipe and stall.
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// Runs `podium` with `arguments`.
  public static func podium(
    _ arguments: String..., in directory: URL? = nil, environment: [String: String] = [:]
  ) throws -> CommandResult {
    try run(podium, arguments, in: directory, environment: environment)
  }

  /// The PDF file `podium export ... -o OUT` wrote, if OUT is one.
  static func exportedPDF(_ arguments: [String], in directory: URL?) -> String? {
    guard arguments.first == "export", let flag = arguments.firstIndex(of: "-o"),
      flag + 1 < arguments.count
    else { return nil }
    let output = arguments[flag + 1]
    let path =
      output.hasPrefix("/")
      ? output
      : (directory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        .appendingPathComponent(output).path
    return PDFValidity.isPDF(path) ? path : nil
  }
}

extension Pipe {
  /// The first line a child process writes into the pipe (what it read up to then), trimmed:
  /// servers that print their port or address once they listen.
  func firstLine() -> String {
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = fileHandleForReading.availableData
      if chunk.isEmpty { break }
      line += chunk
    }
    let text = String(decoding: line, as: UTF8.self)
    return String(text.prefix { $0 != "\n" }).trimmingCharacters(in: .whitespaces)
  }
}
