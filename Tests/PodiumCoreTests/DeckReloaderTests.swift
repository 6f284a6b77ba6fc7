import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

/// Live reload off the talk's thread: the deck on disk read by `DeckReloader`, a later edit
/// superseding a read still running, and the talk's loop never waiting for any of it.
@Suite struct DeckReloaderTests {
  let folder = NSTemporaryDirectory() + "podium-reloader-\(UUID().uuidString)"

  /// Counts the wakes the reloader sends, as the talk's loop would see them.
  final class Wakes: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func wake() {
      lock.lock()
      count += 1
      lock.unlock()
    }
    var seen: Int {
      lock.lock()
      defer { lock.unlock() }
      return count
    }
  }

  func write(_ text: String, to path: String) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }

  func milliseconds() -> Double { Date().timeIntervalSince1970 * 1000 }

  /// Waits until `reloader` has a read to hand over, up to `seconds`.
  func awaitRead(_ reloader: DeckReloader, within seconds: Double) -> DeckEdit? {
    let end = Date().addingTimeInterval(seconds)
    while Date() < end {
      if let edit = reloader.take() { return edit }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return nil
  }

  /// A reloader of `path` that sets formulas with `math` and counts its wakes in `wakes`.
  func reloader(of path: String, math: MathTypesetter?, wakes: Wakes) -> DeckReloader {
    DeckReloader(
      path: path, loader: DeckLoader(math: math), clock: { Date().timeIntervalSince1970 * 1000 },
      wake: wakes.wake)
  }

  /// The deck an edit read, or a recorded issue.
  func deck(of edit: DeckEdit) -> LoadedDeck? {
    guard case .loaded(let loaded, _, _) = edit else {
      Issue.record("expected the deck, got \(edit)")
      return nil
    }
    return loaded
  }

  @Test func anEditIsReadOffTheCallersThreadAndHandedOverOnce() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/talk.md"
    try write("# One\n\n---\n\n# Two\n", to: path)
    let wakes = Wakes()
    let reloader = reloader(of: path, math: nil, wakes: wakes)
    #expect(reloader.take() == nil && !reloader.isReading)
    // The same picture twice (not a picture: a warning, and a file to watch).
    try write("not a picture", to: folder + "/a.png")
    try write(
      "# One\n\n---\n\n# Two\n\n![a](a.png)\n\n---\n\n# Three\n\n![a](a.png)\n", to: path)
    reloader.request()
    #expect(reloader.isReading)
    let read = try #require(awaitRead(reloader, within: 10))
    let loaded = try #require(deck(of: read))
    #expect(loaded.deck?.slides.count == 3)
    // The wake follows the handing over (from the reader's thread).
    #expect(eventually(timeout: 5) { wakes.seen == 1 ? true : nil } == true)
    #expect(reloader.take() == nil && !reloader.isReading)

    // An echo of the same write changes nothing: no read is handed over.
    reloader.request()
    #expect(awaitRead(reloader, within: 0.5) == nil)
    #expect(wakes.seen == 1 && !reloader.isReading)

    try FileManager.default.removeItem(atPath: path)
    reloader.request()
    guard case .deleted? = awaitRead(reloader, within: 10) else {
      Issue.record("a deleted deck should read as deleted")
      return
    }
  }

  @Test func aLaterEditSupersedesAReadStillTypesetting() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var math = try MathTypesetter.forTests(cache: folder + "/math")
    math.formulaLimit = 20
    let path = folder + "/talk.md"
    try write("# One\n", to: path)
    let wakes = Wakes()
    let reloader = reloader(of: path, math: math, wakes: wakes)
    // A formula TeX never finishes: the read would take the whole 20 s.
    try write("# One\n\n$\\def\\x{\\x}\\x$\n", to: path)
    reloader.request()
    Thread.sleep(forTimeInterval: 1)
    #expect(reloader.take() == nil)
    let saved = milliseconds()
    try write("# One, fixed\n\n$x^2$\n", to: path)
    reloader.request()
    let read = try #require(awaitRead(reloader, within: 15))
    let loaded = try #require(deck(of: read))
    // TeX was stopped for the newer edit rather than run to its limit.
    #expect(milliseconds() - saved < 10_000)
    #expect(loaded.deck?.formulas.count == 1)
    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
    // Only the newest read reached the talk.
    #expect(eventually(timeout: 5) { wakes.seen == 1 ? true : nil } == true)
    Thread.sleep(forTimeInterval: 0.3)
    #expect(wakes.seen == 1)
  }

  @Test func aTurnLongerThanTheLimitIsAStallNamingWhatTookLongest() {
    var turn = TurnTimer(at: 1000)
    turn.ended("input", at: 1002)
    turn.ended("render", at: 1010)
    #expect(turn.stall(endingAt: 1040) == nil)
    turn.ended("journal", at: 1070)
    let stall = turn.stall(endingAt: 1071)
    #expect(stall == TraceEvent.Stall(ms: 71, doing: "journal", doingMs: 60))
  }
}
