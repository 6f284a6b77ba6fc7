import Foundation
import Yams

/// `console:` in config.yaml: the console's arrangement by window size, as the speaker left it
/// (Shift+L, F6 to F8 and the splitters write it back):
///
///     console:
///       1920x1080: notes split 0.42
///       default: standard
extension Configuration {
  static func readConsole(
    _ node: Node, into config: inout Configuration, sink: inout DiagnosticSink
  ) {
    guard let mapping = node.mapping else {
      sink.error(
        "console is a mapping of window sizes (1920x1080, or default) to arrangements",
        at: node.sourceLocation)
      return
    }
    for (sizeNode, value) in mapping {
      let name = sizeNode.scalar?.string ?? ""
      guard name == "default" || PixelSize(parsing: name) != nil else {
        sink.error(
          "console: '\(name)' is not a window size such as 1920x1080, or default",
          at: sizeNode.sourceLocation)
        continue
      }
      guard let arrangement = value.scalar.flatMap({ ConsoleArrangement(line: $0.string) }) else {
        sink.error(
          "console: \(ConsoleArrangement.expected), not '\(value.scalar?.string ?? "a mapping")'",
          at: value.sourceLocation)
        continue
      }
      if name == "default" {
        config.console.fallback = arrangement
      } else {
        config.console.bySize[name] = arrangement
      }
    }
  }

  /// The `console:` lines of `podium config --print`, and of the file when it is written back.
  var printedConsole: [String] { Self.consoleLines(console) }

  static func consoleLines(_ console: ConsoleArrangements) -> [String] {
    var lines = ["console:              # the console's arrangement by window size"]
    for name in console.bySize.keys.sorted() {
      lines.append("  \(name): \(console.bySize[name]!.line)")
    }
    lines.append("  default: \(console.fallback.line)")
    return lines
  }

  /// `text` (a config.yaml) with its top-level `console:` block, if any, replaced by
  /// `console`'s: every other line as the speaker wrote it, comments too.
  public static func replacingConsole(in text: String, with console: ConsoleArrangements)
    -> String
  {
    var lines = text.isEmpty ? [] : text.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    let block = consoleLines(console)
    guard let start = lines.firstIndex(where: { $0.hasPrefix("console:") }) else {
      return (lines + block).joined(separator: "\n") + "\n"
    }
    // The block: its indented (or blank, or comment) lines up to the next top-level key.
    var end = start + 1
    while end < lines.count,
      lines[end].isEmpty || lines[end].hasPrefix(" ")
        || lines[end].hasPrefix("\t")
    {
      end += 1
    }
    lines.replaceSubrange(start..<end, with: block)
    return lines.joined(separator: "\n") + "\n"
  }

  /// Writes `console` into the configuration file at `path` (made with its folder when there is
  /// none), atomically: a talk killed mid-write leaves the old file or the new, never half.
  public static func saveConsole(_ console: ConsoleArrangements, to path: String) throws {
    let old = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(replacingConsole(in: old, with: console).utf8).write(
      to: URL(fileURLWithPath: path), options: .atomic)
  }
}
