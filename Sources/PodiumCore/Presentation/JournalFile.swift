import Dispatch
import Foundation

/// A talk's journal on disk: `$XDG_STATE_HOME/podium/` (default `~/.local/state/podium/`), one
/// file per deck and kind of talk, named after the deck and a checksum of its absolute path.
/// The loop hands it records and goes on: lines are encoded, written and synced on a queue of
/// their own, so a slow or stuck disk never holds up a slide change. A record that begins a
/// talk writes a new file whole (`AtomicFile`); the rest are appended, one line each.
public final class JournalFile: @unchecked Sendable {
  /// The journal's file.
  public let path: String
  /// The deck's absolute path, the journal's key.
  public let deckPath: String
  public let talk: JournalRecord.Talk

  /// What the writing queue found, for the console and the trace.
  public enum Report: Hashable, Sendable {
    case opened(String)
    /// The journal cannot be written: why, in full.
    case failed(String)
  }

  private let queue = DispatchQueue(label: "podium.journal", qos: .utility)
  private let lock = NSLock()
  /// The open file (the queue's alone); -1 until a talk begins, or after a failure to begin.
  private var descriptor: Int32 = -1
  private var failedBefore = false
  private var reports: [Report] = []

  /// The journal of `talk` of the deck at `deckPath`, in `folder` (default: the state folder).
  public init(deck deckPath: String, talk: JournalRecord.Talk, folder: String? = nil) {
    self.deckPath = Self.absolute(deckPath)
    self.talk = talk
    path = Self.path(forDeck: self.deckPath, talk: talk, in: folder ?? Self.folder())
  }

  deinit {
    if descriptor >= 0 { Foundation.close(descriptor) }
  }

  /// `$XDG_STATE_HOME/podium`, else `~/.local/state/podium`.
  public static func folder(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    let state =
      environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
    return state + "/podium"
  }

  /// `talk-0a1b2c3d.present.journal`: the deck's name, for a person looking, and its path's
  /// checksum, so two decks named `talk.md` keep journals of their own.
  public static func path(forDeck deckPath: String, talk: JournalRecord.Talk, in folder: String)
    -> String
  {
    let name = URL(fileURLWithPath: deckPath).deletingPathExtension().lastPathComponent
    let safe = String(name.map { $0.isLetter || $0.isNumber || "-_".contains($0) ? $0 : "_" })
    return folder
      + "/\(safe.prefix(40))-\(CRC32.hex(Array(deckPath.utf8))).\(talk.rawValue).journal"
  }

  static func absolute(_ path: String) -> String {
    let url = URL(fileURLWithPath: path).standardizedFileURL
    return (realpath(url.path, nil)).map { pointer in
      defer { free(pointer) }
      return String(cString: pointer)
    } ?? url.path
  }

  /// The journal as it is on disk now, if it is of this deck.
  public func read() -> TalkJournal? {
    guard let journal = TalkJournal.read(at: path), journal.deckPath == deckPath else { return nil }
    return journal
  }

  /// Appends `records`, written `wall` seconds since 1970, and returns at once.
  public func append(_ records: [JournalRecord], wall: Double) {
    guard !records.isEmpty else { return }
    queue.async { self.write(records, wall: wall) }
  }

  /// What happened since the last call: the journal opened, or why it cannot be written.
  public func takeReports() -> [Report] {
    lock.lock()
    defer { lock.unlock() }
    defer { reports = [] }
    return reports
  }

  /// Writes what is queued, then (`ending`: a clean end) the line that closes the talk, and
  /// closes the file, waiting at most `timeout` seconds for a slow disk. A journal whose talk
  /// never began (the speaker left before answering an offer) is left as it was.
  public func close(ending: Bool, wall: Double = Date().timeIntervalSince1970, timeout: Double = 2)
  {
    let done = DispatchSemaphore(value: 0)
    queue.async {
      if ending && self.descriptor >= 0 { self.write([.end], wall: wall) }
      if self.descriptor >= 0 {
        Foundation.close(self.descriptor)
        self.descriptor = -1
      }
      done.signal()
    }
    _ = done.wait(timeout: .now() + timeout)
  }

  /// Closes the journal on disk now (its talk was recovered into the rehearsal record), so it is
  /// never recovered twice. Returns whether it could.
  @discardableResult
  public func markEnded(wall: Double = Date().timeIntervalSince1970) -> Bool {
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { Foundation.close(descriptor) }
    // A torn last line gets a newline first, so the end line stands on its own.
    let line = Data("\n".utf8) + TalkJournal.line(.end, wall: wall)
    return (try? AtomicFile.writeAll(line, to: descriptor, path: path)) != nil
      && fsync(descriptor) == 0
  }

  // MARK: - The queue's side

  private func write(_ records: [JournalRecord], wall: Double) {
    let lines = records.reduce(into: Data()) { $0 += TalkJournal.line($1, wall: wall) }
    do {
      if case .start = records.first {
        if descriptor >= 0 { Foundation.close(descriptor) }
        descriptor = -1
        try Self.makeFolder(URL(fileURLWithPath: path).deletingLastPathComponent().path)
        try AtomicFile.write(lines, to: path)
        descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else { throw AtomicFile.WriteError.errno(path) }
        report(.opened(path))
      } else if descriptor >= 0 {
        try AtomicFile.writeAll(lines, to: descriptor, path: path)
        guard fdatasync(descriptor) == 0 else { throw AtomicFile.WriteError.errno(path) }
      }
      failedBefore = false
    } catch {
      // Said once until it works again: a full disk is one warning, not one a second.
      if !failedBefore { report(.failed("\(error)")) }
      failedBefore = true
    }
  }

  private func report(_ report: Report) {
    lock.lock()
    reports.append(report)
    lock.unlock()
  }

  /// `mkdir -p`, with the system's reason when a folder cannot be made.
  private static func makeFolder(_ folder: String) throws {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue {
      return
    }
    let parent = URL(fileURLWithPath: folder).deletingLastPathComponent().path
    if parent != folder { try makeFolder(parent) }
    guard mkdir(folder, 0o700) == 0 || errno == EEXIST else {
      throw AtomicFile.WriteError.errno(folder)
    }
  }
}
