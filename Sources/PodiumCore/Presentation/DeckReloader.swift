import Foundation

/// What reading an edited deck came to: made off the talk's thread (`TalkSession.readEdit`),
/// shown on it (`TalkSession.apply`).
public enum DeckEdit: Sendable {
  /// The file is gone (deleted, or moved away).
  case deleted
  /// The file as it loads now, good or not; when it was written (seconds since 1970) and how
  /// long reading it took, in milliseconds.
  case loaded(LoadedDeck, writtenAt: Double, milliseconds: Double)
}

/// Reads an edited deck on a thread of its own, so that nothing a reload does (parsing,
/// typesetting formulas, reading image and clip headers) can hold up the talk's loop: the talk
/// goes on answering keys with the deck it has, and takes the new version, whole, when it is
/// ready.
///
/// Editors write in bursts, so a read starts once `settle` seconds pass with no new edit. An
/// edit seen while a read runs supersedes it: the running read is told to stop (TeX is
/// stopped), its result is dropped, and the newest file is read. Only the read of the newest
/// edit is ever handed to the talk, which `wake` tells (from the reading thread). A read that
/// would change nothing (none of the files the last read depended on was written since: a late
/// echo of the same write) is not made, and nothing is handed over.
///
/// Sendable by hand: everything the two threads share is guarded by `condition`.
public final class DeckReloader: @unchecked Sendable {
  private let path: String
  private let loader: DeckLoader
  private let settle: TimeInterval
  private let clock: @Sendable () -> Double
  private let wake: @Sendable () -> Void
  private let condition = NSCondition()
  /// Counts the edits seen; the newest is the one to read.
  private var requested = 0
  /// The edit last read to its end (or dropped for a newer one).
  private var handled = 0
  private var ready: DeckEdit?
  /// When each file the last read handed to the talk depended on was written: a burst of
  /// events that changed none of them (a late echo of the same write) is not a new version.
  /// Only the reading thread uses it.
  private var lastRead: [String: Double?] = [:]

  /// Reads `path` through `loader` when `request` says it changed. `clock` gives milliseconds.
  public init(
    path: String, loader: DeckLoader, settle: TimeInterval = 0.03,
    clock: @escaping @Sendable () -> Double, wake: @escaping @Sendable () -> Void
  ) {
    self.path = path
    self.loader = loader
    self.settle = settle
    self.clock = clock
    self.wake = wake
    let thread = Thread { [weak self] in self?.readLoop() }
    thread.name = "podium deck reader"
    thread.start()
  }

  /// The deck changed on disk: read it again once the burst of writes is over. Returns at once.
  public func request() {
    condition.lock()
    requested += 1
    condition.broadcast()
    condition.unlock()
  }

  /// The latest read handed over (the newest edit when it was done), once; nil until then. A
  /// read handed over is always the talk's to show, even when a newer edit is being read: that
  /// one follows, and a read that would change nothing is skipped only because this was shown.
  public func take() -> DeckEdit? {
    condition.lock()
    defer { condition.unlock() }
    defer { ready = nil }
    return ready
  }

  /// Whether an edit is waiting to be read or being read.
  public var isReading: Bool {
    condition.lock()
    defer { condition.unlock() }
    return handled != requested
  }

  /// Whether edit `generation` is still the newest.
  private func isNewest(_ generation: Int) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    return requested == generation
  }

  private func readLoop() {
    while true {
      condition.lock()
      while requested == handled { condition.wait() }
      var generation = requested
      condition.unlock()
      // Let the burst of writes end: wait until `settle` passes with no newer edit.
      while true {
        Thread.sleep(forTimeInterval: settle)
        condition.lock()
        let newest = requested
        condition.unlock()
        if newest == generation { break }
        generation = newest
      }
      var loader = loader
      let reading = generation
      loader.math?.shouldStop = { [weak self] in self.map { !$0.isNewest(reading) } ?? true }
      let unchanged = !lastRead.isEmpty && lastRead == writeTimes(Array(lastRead.keys))
      let started = Date().timeIntervalSince1970
      let edit = unchanged ? nil : TalkSession.readEdit(of: path, using: loader, clock: clock)
      condition.lock()
      handled = reading
      let newest = requested == reading && edit != nil
      if newest { ready = edit }
      condition.unlock()
      if let edit { lastRead = newest ? known(after: edit, readFrom: started) : [:] }
      // A superseded read is dropped: the loop goes round for the newest edit.
      if newest { wake() }
    }
  }

  /// What a read handed to the talk knows of its files: when each was written, provided each
  /// is there and was written before the read began (a file written or deleted while it was
  /// read may not be in what was read). Empty when nothing can be taken as known.
  private func known(after edit: DeckEdit, readFrom started: Double) -> [String: Double?] {
    guard case .loaded(let loaded, _, _) = edit else { return [:] }
    let times = writeTimes(loaded.watchedFiles)
    return times.values.allSatisfy { $0.map { $0 < started } ?? false } ? times : [:]
  }

  private func writeTimes(_ files: [String]) -> [String: Double?] {
    // A picture shown twice is watched once.
    Dictionary(files.map { ($0, loader.files.modificationTime(of: $0)) }) { first, _ in first }
  }

  // The reading thread holds the reloader for the rest of the program, as the talk does.
}
