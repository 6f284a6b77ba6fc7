import PodiumCore
import Testing

@testable import PodiumPDF

/// The plan of pages drawn ahead: which page is drawn next, at which sizes, and which drawings
/// are let go for the budget. A fake page source draws: pixels of the right size, filled with
/// the page's number.
@Suite struct PageAheadTests {
  static let audience = PixelSize(width: 192, height: 108)
  static let console = PixelSize(width: 96, height: 54)
  static let next = PixelSize(width: 48, height: 27)

  static func request(_ page: Int, _ size: PixelSize = audience) -> PageRequest {
    PageRequest(file: "/deck.pdf", page: page, size: size, crop: nil)
  }

  static func bytes(_ size: PixelSize) -> Int { size.width * size.height * 4 }

  /// Runs the plan to the end with the fake page source; the jobs in the order drawn.
  static func drawAll(_ plan: inout PageAhead) -> [PageAhead.Job] {
    var jobs: [PageAhead.Job] = []
    while let job = plan.nextJob() {
      jobs.append(job)
      plan.finished(
        job,
        job.requests.map { ($0, [UInt8](repeating: UInt8($0.page), count: bytes($0.size))) })
    }
    return jobs
  }

  @Test func drawsInTheOrderOfNeedEachPageOnceAtItsLargestSize() {
    var plan = PageAhead(budget: 1 << 30)
    // Step 5 is next (audience and console), 3 previous, then outward: 6, 2.
    plan.want([
      Self.request(5), Self.request(5, Self.console), Self.request(6, Self.next),
      Self.request(3), Self.request(3, Self.console), Self.request(4, Self.next),
      Self.request(6), Self.request(6, Self.console), Self.request(2),
    ])
    let jobs = Self.drawAll(&plan)
    #expect(jobs.map { $0.requests[0].page } == [5, 6, 3, 4, 2])
    // Page 6 is one job for its three sizes, the largest first: drawn once, scaled twice.
    #expect(jobs[1].requests.map(\.size) == [Self.audience, Self.console, Self.next])
    #expect(jobs.allSatisfy { $0.from == nil })
    for request in plan.wanted { #expect(plan.isReady(request)) }
  }

  @Test func aSmallerSizeOfAPageDrawnIsScaledFromThatDrawing() {
    var plan = PageAhead(budget: 1 << 30)
    plan.want([Self.request(1)])
    _ = Self.drawAll(&plan)
    plan.want([Self.request(1), Self.request(1, Self.console)])
    let jobs = Self.drawAll(&plan)
    #expect(jobs.count == 1)
    #expect(jobs.first?.requests == [Self.request(1, Self.console)])
    #expect(jobs.first?.from?.request == Self.request(1))
    // A larger size than any drawn cannot be scaled down to: it is drawn.
    plan.want([Self.request(1, PixelSize(width: 384, height: 216))])
    #expect(plan.nextJob()?.from == nil)
  }

  @Test func drawsAheadOnlyAsFarAsTheBudgetGoes() {
    // Room for three audience pages.
    var plan = PageAhead(budget: 3 * Self.bytes(Self.audience))
    plan.want((1...10).map { Self.request($0) })
    let jobs = Self.drawAll(&plan)
    #expect(jobs.map { $0.requests[0].page } == [1, 2, 3])
    #expect(plan.keptBytes == 3 * Self.bytes(Self.audience))
    #expect(!plan.isReady(Self.request(4)))
  }

  @Test func pagesNoLongerWantedGoFirstTheLeastRecentlyUsedFirst() {
    var plan = PageAhead(budget: 3 * Self.bytes(Self.audience))
    plan.want([Self.request(1), Self.request(2), Self.request(3)])
    _ = Self.drawAll(&plan)
    _ = plan.pixels(for: Self.request(1))  // page 2 is now the least recently used
    // The talk moved on: 4 is wanted first, then 3 and 5.
    plan.want([Self.request(4), Self.request(3), Self.request(5)])
    let jobs = Self.drawAll(&plan)
    #expect(jobs.map { $0.requests[0].page } == [4, 5])
    #expect(!plan.isReady(Self.request(1)) && !plan.isReady(Self.request(2)))
    #expect(plan.isReady(Self.request(3)) && plan.isReady(Self.request(4)))
    #expect(plan.isReady(Self.request(5)))
    #expect(plan.keptBytes <= plan.budget)
  }

  @Test func aSmallerBudgetLetsGoOfTheLastWantedButNeverTheFirst() {
    var plan = PageAhead(budget: 4 * Self.bytes(Self.audience))
    plan.want([Self.request(7), Self.request(8), Self.request(6), Self.request(9)])
    _ = Self.drawAll(&plan)
    plan.budget = Self.bytes(Self.audience) / 2
    plan.want(plan.wanted)
    #expect(plan.isReady(Self.request(7)))
    #expect(![8, 6, 9].contains { plan.isReady(Self.request($0)) })
    // A page waited for is drawn even when it alone is over the budget.
    plan.want([Self.request(1)])
    #expect(plan.nextJob()?.requests == [Self.request(1)])
  }

  @Test func aPageBeingDrawnIsNotGivenToASecondWorker() {
    var plan = PageAhead(budget: 1 << 30)
    plan.want([Self.request(1), Self.request(2)])
    let first = plan.nextJob()
    let second = plan.nextJob()
    #expect(first?.requests == [Self.request(1)])
    #expect(second?.requests == [Self.request(2)])
    #expect(plan.nextJob() == nil)
    plan.removeAll()
    #expect(plan.wanted.isEmpty && plan.keptBytes == 0)
  }

  @Test func aPageAWindowWaitsForGoesToTheAwaitedThreadOnceAWorkerTakesTooLong() {
    var plan = PageAhead(budget: 1 << 30)
    // A window waits for page 4 at two sizes; 5 and 3 are ahead.
    plan.want(
      [Self.request(4), Self.request(4, Self.console), Self.request(5), Self.request(3)],
      awaited: 2)
    // Nothing being drawn: the awaited thread takes page 4, both sizes, the largest first.
    let now = plan.nextAwaitedJob(at: 0)
    #expect(now?.requests == [Self.request(4), Self.request(4, Self.console)])
    #expect(plan.nextAwaitedJob(at: 1000) == nil)
    // The workers draw ahead, not page 4 again.
    #expect(plan.nextJob(at: 0)?.requests == [Self.request(5)])
    // Ahead pages are never the awaited thread's.
    plan.want([Self.request(6), Self.request(7)], awaited: 1)
    let worker = plan.nextJob(at: 100)
    #expect(worker?.requests == [Self.request(6)])
    #expect(plan.nextAwaitedJob(at: 100) == nil)
    #expect(plan.awaitedInProgress)
    // A worker drawing page 6 for longer than staleAfter: the awaited thread draws it too.
    #expect(plan.nextAwaitedJob(at: 100 + PageAhead.staleAfter - 1) == nil)
    let again = plan.nextAwaitedJob(at: 100 + PageAhead.staleAfter + 1)
    #expect(again?.requests == [Self.request(6)])
    #expect(!plan.awaitedInProgress)
    // Whichever finishes first is kept; the other's drawing replaces it, counted once.
    let pixels = [UInt8](repeating: 6, count: Self.bytes(Self.audience))
    if let again { plan.finished(again, [(Self.request(6), pixels)]) }
    #expect(plan.isReady(Self.request(6)))
    if let worker { plan.finished(worker, [(Self.request(6), pixels)]) }
    #expect(plan.keptBytes == Self.bytes(Self.audience))
    #expect(plan.nextAwaitedJob(at: 1000) == nil)
  }

  @Test func pagesCheapToDrawAreKeptHalfAsFarAhead() {
    // Room for four audience pages while pages cost 40 ms or more at 1080p.
    var plan = PageAhead(budget: 4 * Self.bytes(Self.audience), floor: 0)
    plan.drew(pixels: 1920 * 1080, in: 80)
    #expect(plan.effectiveBudget == plan.budget)
    plan.want((1...10).map { Self.request($0) })
    #expect(Self.drawAll(&plan).map { $0.requests[0].page } == [1, 2, 3, 4])
    // Vector slides, 4 ms at 1080p (here 1 ms for a quarter of the pixels): the average falls
    // and the budget with it, to half, never less; the last wanted pages are let go.
    for _ in 0..<40 { plan.drew(pixels: 960 * 540, in: 1) }
    #expect(plan.effectiveBudget == plan.budget / 2)
    #expect(plan.keptBytes <= plan.budget / 2)
    #expect(plan.isReady(Self.request(1)) && plan.isReady(Self.request(2)))
    #expect(!plan.isReady(Self.request(3)) && !plan.isReady(Self.request(4)))
    #expect(plan.nextJob() == nil)
    // Dearer pages again: the whole budget comes back, and the next pages are drawn ahead.
    for _ in 0..<40 { plan.drew(pixels: 1920 * 1080, in: 60) }
    #expect(plan.effectiveBudget == plan.budget)
    #expect(plan.nextJob()?.requests == [Self.request(3)])
    // A budget under the floor is used whole, however cheap the pages.
    var small = PageAhead(budget: 4 * Self.bytes(Self.audience))
    small.drew(pixels: 1920 * 1080, in: 1)
    #expect(small.effectiveBudget == small.budget)
    var large = PageAhead(budget: 256 << 20)
    large.drew(pixels: 1920 * 1080, in: 1)
    #expect(large.effectiveBudget == 128 << 20)
    var middling = PageAhead(budget: 100 << 20)
    middling.drew(pixels: 1920 * 1080, in: 1)
    #expect(middling.effectiveBudget == 64 << 20)
  }
}
