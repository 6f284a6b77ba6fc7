import Foundation
import Yams

/// The rehearsal record on disk (`talk.rehearsal.json` beside `talk.md`): read with the place of
/// any problem, written whole or not at all, and never overwritten when it cannot be read.
extension RehearsalLog {
  /// A record that cannot be read: where (when the file says) and why.
  public struct ReadError: Error, CustomStringConvertible {
    public var path: String
    public var location: SourceLocation?
    public var reason: String

    public var description: String {
      Diagnostic(.error, file: path, at: location, "not a rehearsal record (\(reason))")
        .description
    }
  }

  /// Where rehearsals of the deck at `deckPath` are kept: beside it, `.md` replaced.
  public static func defaultPath(forDeck deckPath: String) -> String {
    let url = URL(fileURLWithPath: deckPath)
    return url.deletingPathExtension().appendingPathExtension("rehearsal.json").path
  }

  /// The log at `path`; an empty log when there is no file yet.
  public static func read(from path: String) throws -> RehearsalLog {
    guard FileManager.default.fileExists(atPath: path) else { return RehearsalLog() }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ReadError(path: path, location: nil, reason: "it cannot be read")
    }
    do {
      return try JSONDecoder().decode(RehearsalLog.self, from: data)
    } catch let error as DecodingError {
      throw locate(error, in: String(decoding: data, as: UTF8.self), path: path)
    } catch {
      throw ReadError(path: path, location: nil, reason: error.localizedDescription)
    }
  }

  /// Writes the log atomically (temporary file, fsync, rename): an interrupted write never
  /// loses the earlier runs.
  public func write(to path: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try AtomicFile.write(encoder.encode(self), to: path)
  }

  /// A record read for a rehearsal that adds to it.
  public struct Kept: Sendable {
    public var log: RehearsalLog
    /// Why the file could not be read, with its place.
    public var problem: ReadError?
    /// Where the unreadable file was moved.
    public var keptAside: String?
  }

  /// The record at `path` for a rehearsal to add to. One that cannot be read (damaged, or
  /// edited by hand into something else) is moved aside to `NAME.bad` (`NAME.bad.2`, ... when
  /// that is taken), never overwritten, and the rehearsal starts a new record.
  public static func readKeepingAside(_ path: String) -> Kept {
    do {
      return Kept(log: try read(from: path))
    } catch {
      let problem = error as? ReadError ?? ReadError(path: path, reason: "\(error)")
      var aside = path + ".bad"
      var number = 2
      while FileManager.default.fileExists(atPath: aside) {
        aside = path + ".bad.\(number)"
        number += 1
      }
      let moved = rename(path, aside) == 0
      return Kept(log: RehearsalLog(), problem: problem, keptAside: moved ? aside : nil)
    }
  }

  /// The error with the place in `text` it is about: where the JSON stops being JSON, or the
  /// value (or object) whose key or type is wrong.
  private static func locate(_ error: DecodingError, in text: String, path: String) -> ReadError {
    let root: Node?
    do {
      root = try YAMLText.compose(text)
    } catch let yaml {
      let (message, location) = YAMLText.describe(yaml)
      return ReadError(path: path, location: location, reason: "not JSON: \(message)")
    }
    let context: DecodingError.Context
    switch error {
    case .dataCorrupted(let found), .keyNotFound(_, let found), .typeMismatch(_, let found),
      .valueNotFound(_, let found):
      context = found
    @unknown default:
      return ReadError(path: path, location: nil, reason: "\(error)")
    }
    var node = root
    var location = root?.mark.map(SourceLocation.init)
    for key in context.codingPath {
      if let index = key.intValue {
        node = node?.sequence.flatMap { $0.indices.contains(index) ? $0[index] : nil }
      } else {
        node = node?.mapping?[key.stringValue]
      }
      if let mark = node?.mark { location = SourceLocation(mark) }
    }
    let keys = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
    var reason = context.debugDescription
    if case .keyNotFound(let key, _) = error { reason = "'\(key.stringValue)' is missing" }
    return ReadError(
      path: path, location: location,
      reason: keys.isEmpty ? reason : keys.joined(separator: ".") + ": " + reason)
  }
}
