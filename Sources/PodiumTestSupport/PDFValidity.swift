import Foundation
import Testing

/// Whether a PDF that a test wrote is whole and well formed, as `qpdf --check` (Debian's qpdf)
/// judges it: not only that a reader opens it. Poppler opens many a damaged file by rebuilding
/// its cross-reference table in silence; qpdf names every such repair.
public enum PDFValidity {
  /// What qpdf finds wrong with the PDF at `path`, or nil when it finds nothing (exit 0).
  public static func problems(ofPDFAt path: String) throws -> String? {
    let result = try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/qpdf"), ["--check", path])
    guard result.status != 0 else { return nil }
    return "qpdf --check exit \(result.status): \(result.stdout)\(result.stderr)"
  }

  /// Records an issue where the PDF at `path` is damaged.
  public static func expectValid(
    _ path: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let problems = try problems(ofPDFAt: path)
    #expect(problems == nil, "\(path): \(problems ?? "")", sourceLocation: sourceLocation)
  }

  /// Whether the file at `path` is a PDF (begins with `%PDF-`).
  public static func isPDF(_ path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    return (try? handle.read(upToCount: 5)) == Data("%PDF-".utf8)
  }
}
