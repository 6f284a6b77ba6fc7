import Foundation

/// What writes a wall-clock time as the console shows it (`14:05`).
public protocol ClockFormatting {
  func string(from date: Date) -> String
}

extension DateFormatter: ClockFormatting {}

/// The console's clock, `HH:mm`, written once a minute: `DateFormatter.string(from:)` took a
/// twentieth of a millisecond of every console frame, which shows the time and the planned end.
public final class MinuteClock: ClockFormatting {
  private let formatter: DateFormatter
  /// What each minute (since 1970) was written as, a few at a time.
  private var written: [Int: String] = [:]

  public init() {
    formatter = DateFormatter()
    formatter.dateFormat = "HH:mm"
  }

  public func string(from date: Date) -> String {
    let minute = Int((date.timeIntervalSince1970 / 60).rounded(.down))
    if let text = written[minute] { return text }
    if written.count >= 8 { written = [:] }
    let text = formatter.string(from: date)
    written[minute] = text
    return text
  }
}
