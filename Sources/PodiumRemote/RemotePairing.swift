import Foundation

/// Who may use the remote: a random token of 128 bits (in the QR code's URL, then a cookie) and
/// a 6-digit PIN to type instead, which ends once a phone has paired and locks for the rest of
/// a minute after 5 wrong tries. A value; `RemoteServer` keeps it under its lock.
public struct RemotePairing: Sendable {
  /// 32 hex digits from the system's random source (`getrandom`).
  public let token: String
  /// Six digits, nil once used.
  public private(set) var pin: String?
  /// When the wrong tries of the last minute were made (seconds on any monotonic clock).
  private var wrongTries: [Double] = []
  public static let triesPerMinute = 5

  public enum Answer: Equatable, Sendable {
    case paired(token: String)
    case wrong(triesLeft: Int)
    case lockedOut(seconds: Int)
    /// The PIN was used already: pair with the QR code's URL.
    case expired
  }

  public init() {
    var random = SystemRandomNumberGenerator()
    token = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &random)) }
      .joined()
    pin = String(format: "%06d", Int.random(in: 0...999_999, using: &random))
  }

  /// For tests: a known token and PIN.
  public init(token: String, pin: String?) {
    self.token = token
    self.pin = pin
  }

  /// Whether `candidate` is the token, comparing every byte whatever the first difference
  /// (no timing tells how much of a guess was right).
  public func accepts(token candidate: String) -> Bool {
    Self.constantTimeEquals(Array(candidate.utf8), Array(token.utf8))
  }

  /// Tries `guess` as the PIN at `now` (seconds): the token on the right one, which ends the PIN.
  public mutating func pair(pin guess: String, at now: Double) -> Answer {
    wrongTries.removeAll { now - $0 >= 60 }
    if wrongTries.count >= Self.triesPerMinute {
      let oldest = wrongTries.min() ?? now
      return .lockedOut(seconds: max(1, Int((oldest + 60 - now).rounded(.up))))
    }
    guard let pin else {
      // Still a guess: it counts towards the lockout.
      wrongTries.append(now)
      return .expired
    }
    if Self.constantTimeEquals(Array(guess.utf8), Array(pin.utf8)) {
      self.pin = nil
      return .paired(token: token)
    }
    wrongTries.append(now)
    return .wrong(triesLeft: Self.triesPerMinute - wrongTries.count)
  }

  static func constantTimeEquals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    var difference = UInt8(truncatingIfNeeded: a.count ^ b.count)
    for index in 0..<max(a.count, b.count) {
      let x = index < a.count ? a[index] : 0
      let y = index < b.count ? b[index] : 0
      difference |= x ^ y
    }
    return difference == 0 && a.count == b.count
  }
}
