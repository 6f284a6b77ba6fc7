import Foundation
import Testing

/// Compares `text` with the snapshot file `__Snapshots__/NAME.txt` beside the calling test file.
/// With `RECORD_SNAPSHOTS=1` in the environment it writes the file instead and fails the test, so
/// a recording run can never pass by accident; a missing snapshot is recorded and fails too.
public func assertSnapshot(
  _ text: String, named name: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    .appendingPathComponent("__Snapshots__")
  let file = folder.appendingPathComponent("\(name).txt")
  let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
  let existing = try? String(contentsOf: file, encoding: .utf8)
  if record || existing == nil {
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try? (text + "\n").write(to: file, atomically: true, encoding: .utf8)
    Issue.record(
      "recorded snapshot \(file.path); check it and run again without RECORD_SNAPSHOTS",
      sourceLocation: sourceLocation)
    return
  }
  let expected =
    (existing ?? "").hasSuffix("\n") ? String((existing ?? "").dropLast()) : (existing ?? "")
  guard expected != text else { return }
  let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let new = text.split(separator: "\n", omittingEmptySubsequences: false)
  let line =
    (0..<min(old.count, new.count)).first { old[$0] != new[$0] } ?? min(old.count, new.count)
  let was = line < old.count ? String(old[line]) : "(end)"
  let now = line < new.count ? String(new[line]) : "(end)"
  Issue.record(
    "snapshot \(name) differs at line \(line + 1):\n  expected: \(was)\n  actual:   \(now)\n(RECORD_SNAPSHOTS=1 re-records)",
    sourceLocation: sourceLocation)
}
