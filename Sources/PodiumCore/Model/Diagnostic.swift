/// A problem found in a deck, reported as `deck.md:12:3: warning: message`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
  public enum Severity: String, Hashable, Sendable, Comparable {
    case warning
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
      lhs == .warning && rhs == .error
    }
  }

  public var severity: Severity
  /// The file as the user named it (kept relative, so messages match what was typed).
  public var file: String
  /// Where in the file; nil when the problem is with the file as a whole.
  public var location: SourceLocation?
  public var message: String

  public init(_ severity: Severity, file: String, at location: SourceLocation?, _ message: String) {
    self.severity = severity
    self.file = file
    self.location = location
    self.message = message
  }

  public var description: String {
    if let location {
      return "\(file):\(location.line):\(location.column): \(severity.rawValue): \(message)"
    }
    return "\(file): \(severity.rawValue): \(message)"
  }
}

extension Array where Element == Diagnostic {
  public var errorCount: Int { lazy.filter { $0.severity == .error }.count }
  public var warningCount: Int { lazy.filter { $0.severity == .warning }.count }
  public var hasErrors: Bool { contains { $0.severity == .error } }
}

/// Collects diagnostics for one file while parsing keeps going.
struct DiagnosticSink {
  let file: String
  private(set) var diagnostics: [Diagnostic] = []

  init(file: String) {
    self.file = file
  }

  mutating func error(_ message: String, at location: SourceLocation?) {
    diagnostics.append(Diagnostic(.error, file: file, at: location, message))
  }

  mutating func warning(_ message: String, at location: SourceLocation?) {
    diagnostics.append(Diagnostic(.warning, file: file, at: location, message))
  }

  /// Problems found in another file the deck reads (a presenterm theme file, a file a Slidev
  /// slide imports), in that file's name.
  mutating func append(_ found: [Diagnostic]) {
    diagnostics += found
  }

  /// A problem whose severity the caller decides (the same YAML problem is an error in a theme
  /// file and a warning in a Marp deck's front matter).
  mutating func report(
    _ severity: Diagnostic.Severity, _ message: String, at location: SourceLocation?
  ) {
    diagnostics.append(Diagnostic(severity, file: file, at: location, message))
  }
}
