/// Times one turn of the talk's loop, part by part, to tell when it did not turn for longer
/// than `limit`: a key pressed meanwhile waited that long before the loop read it, and its own
/// latency (from when SDL read it) cannot show that. The trace's `stall` event says so.
public struct TurnTimer: Sendable {
  /// The longest a turn may take before it counts as a stall, in milliseconds.
  public static let limit = 50.0
  public private(set) var started: Double
  private var last: Double
  private var longest: (part: String, ms: Double) = ("", 0)

  /// A turn that starts at `now` (milliseconds).
  public init(at now: Double) {
    started = now
    last = now
  }

  /// The part of the turn called `part` ended at `now`.
  public mutating func ended(_ part: String, at now: Double) {
    let took = now - last
    if took > longest.ms { longest = (part, took) }
    last = now
  }

  /// The stall, when the turn that ended at `now` took longer than `limit`.
  public func stall(endingAt now: Double) -> TraceEvent.Stall? {
    let took = now - started
    guard took > Self.limit else { return nil }
    return TraceEvent.Stall(ms: took, doing: longest.part, doingMs: longest.ms)
  }
}

extension TraceEvent {
  /// The loop did not turn for `ms` milliseconds (over `TurnTimer.limit`): input that came
  /// meanwhile waited that long before it was read, whatever its own latency says. `doing` is
  /// the part of the turn that took longest (`doing_ms`).
  public struct Stall: Codable, Hashable, Sendable {
    public var ms: Double
    public var doing: String
    public var doingMs: Double

    enum CodingKeys: String, CodingKey {
      case ms, doing
      case doingMs = "doing_ms"
    }

    public init(ms: Double, doing: String, doingMs: Double) {
      self.ms = (ms * 10).rounded() / 10
      self.doing = doing
      self.doingMs = (doingMs * 10).rounded() / 10
    }
  }
}
