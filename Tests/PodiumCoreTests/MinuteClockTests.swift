import Foundation
import PodiumCore
import Testing

@Suite struct MinuteClockTests {
  @Test func writesEachMinuteAsItsFormatterWould() {
    let clock = MinuteClock()
    let formatter = DateFormatter()
    formatter.dateFormat = "HH:mm"
    // Seconds into a minute, across minute and hour boundaries, back and forth (the clock
    // and the planned end are asked for in turn), and past the few minutes kept.
    let start = 1_800_000_000.0
    let seconds =
      [0, 1, 59, 60, 61, 3599, 3600, 0, 7201, 59, 86_399, 86_400]
      + (0..<20).map { $0 * 60 + 30 }
    for second in seconds {
      let date = Date(timeIntervalSince1970: start + Double(second))
      #expect(clock.string(from: date) == formatter.string(from: date), "at \(second) s")
    }
  }
}
