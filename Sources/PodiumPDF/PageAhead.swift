import PodiumCore

/// What to draw ahead next, and which drawn pages to keep, within a byte budget: the plan of
/// `PopplerPages`'s workers, a value with no threads so its order and its evictions are tested
/// in microseconds.
///
/// The pages wanted come in order of need (the page a window waits for, then the next and
/// the previous step, then outward). A page wanted at several sizes (the audience's slide, the
/// console's current and next views, the overview) is one job: drawn once at its largest size,
/// the others scaled down from that drawing. Pages are drawn ahead only as far as the wanted
/// pages up to them fit the budget; to make room, pages no longer wanted go first (the least
/// recently used first), then the wanted ones last in the order. The first wanted page is never
/// let go: a window is waiting for it.
///
/// Pages a window waits for now (`awaited`) are also given to a thread of their own at the
/// talk's priority (`nextAwaitedJob`): the workers drawing ahead run nicer than the talk, and on
/// a machine busy with other work they may take seconds over a page the speaker is waiting for.
/// An awaited page a worker has been drawing for longer than `staleAfter` is drawn again there.
struct PageAhead {
  /// One page of one file, cropped or not: what is drawn once for all its sizes.
  struct Page: Hashable {
    var file: String
    var page: Int
    var crop: Rect?

    init(_ request: PageRequest) {
      (file, page, crop) = (request.file, request.page, request.crop)
    }
  }

  /// A page to draw: `requests` largest first; `from`, a drawing of it already kept at a size
  /// at least as large, to scale down instead of drawing the page again.
  struct Job {
    var requests: [PageRequest]
    var from: (request: PageRequest, pixels: [UInt8])?
  }

  /// Bytes of drawn pages kept at most.
  var budget: Int
  /// What a 1080p page takes to draw, on average over the last few (milliseconds of a core):
  /// nil before the first.
  private(set) var drawMs: Double?
  /// From this cost up (a picture page, 40 ms of a core at 1080p) the whole budget is used;
  /// cheaper pages (a vector slide, a few ms) are kept only half as far ahead, down to half
  /// the budget but never under `floor`: they are drawn again in a moment, and each kept
  /// drawing is megabytes.
  static let fullBudgetFrom = 40.0
  /// The least a budget shrinks to for cheap pages (64 MB: the next and previous steps of two
  /// 1080p windows and more); a budget under it is used whole.
  let floor: Int
  private(set) var wanted: [PageRequest] = []
  private var rank: [PageRequest: Int] = [:]
  private var kept: [PageRequest: (pixels: [UInt8], used: Int)] = [:]
  private var uses = 0
  /// The pages being drawn, since when (milliseconds) and whether by the awaited pages' thread.
  private var drawing: [Page: (since: Double, awaited: Bool)] = [:]
  /// The pages a window waits for now: the first `awaited` of the wanted ones.
  private(set) var awaited: Set<Page> = []
  /// How long (milliseconds) a worker drawing ahead may take over a page a window waits for
  /// before the awaited pages' thread draws it too: about a picture page's drawing at 1080p on
  /// a free core.
  static let staleAfter = 50.0
  /// Bytes of the pages kept.
  private(set) var keptBytes = 0

  init(budget: Int, floor: Int = 64 << 20) {
    self.budget = budget
    self.floor = floor
  }

  /// The bytes used: the budget, or a part of it for pages cheap to draw (`fullBudgetFrom`).
  var effectiveBudget: Int {
    guard let drawMs else { return budget }
    let share = Int(Double(budget) * min(1, max(0.5, drawMs / Self.fullBudgetFrom)))
    return max(min(budget, floor), share)
  }

  /// A page of `pixels` drawn by Poppler in `ms` of a core, for the average cost.
  mutating func drew(pixels: Int, in ms: Double) {
    guard pixels > 0, ms >= 0 else { return }
    let at1080p = ms * Double(1920 * 1080) / Double(pixels)
    drawMs = drawMs.map { $0 * 0.75 + at1080p * 0.25 } ?? at1080p
    evict()
  }

  static func bytes(_ request: PageRequest) -> Int {
    max(1, request.size.width * request.size.height * 4)
  }

  /// The pages wanted now, in order of need, instead of those wanted before; a window waits for
  /// the first `awaited` of them.
  mutating func want(_ requests: [PageRequest], awaited: Int = 0) {
    wanted = []
    rank = [:]
    self.awaited = Set(requests.prefix(max(0, awaited)).map(Page.init))
    for request in requests where rank[request] == nil {
      rank[request] = wanted.count
      wanted.append(request)
    }
    evict()
  }

  func isReady(_ request: PageRequest) -> Bool { kept[request] != nil }

  /// A kept drawing, now the most recently used. An empty one stands for a page that could not
  /// be drawn.
  mutating func pixels(for request: PageRequest) -> [UInt8]? {
    guard let entry = kept[request] else { return nil }
    uses += 1
    kept[request]?.used = uses
    return entry.pixels
  }

  /// The largest kept drawing of the page of `request`, at least as large, to scale down.
  func largerDrawing(of request: PageRequest) -> (request: PageRequest, pixels: [UInt8])? {
    let page = Page(request)
    return
      kept
      .filter {
        Page($0.key) == page && !$0.value.pixels.isEmpty
          && $0.key.size.width >= request.size.width && $0.key.size.height >= request.size.height
      }
      .max { $0.key.size.width < $1.key.size.width }
      .map { ($0.key, $0.value.pixels) }
  }

  /// The next page to draw, the most needed one not drawn nor being drawn, if the wanted pages
  /// up to it fit the budget (the first always does); it counts as being drawn until
  /// `finished`.
  mutating func nextJob(at time: Double = 0) -> Job? {
    var bytesBefore = 0
    var seen: Set<Page> = []
    for request in wanted {
      let page = Page(request)
      if seen.insert(page).inserted {
        let sizes = wanted.filter { Page($0) == page }
        let cost = sizes.reduce(0) { $0 + Self.bytes($1) }
        let missing = sizes.filter { kept[$0] == nil }
        if !missing.isEmpty && drawing[page] == nil {
          if bytesBefore > 0 && bytesBefore + cost > effectiveBudget { return nil }
          drawing[page] = (time, false)
          return job(missing)
        }
        bytesBefore += cost
      }
    }
    return nil
  }

  /// The next page a window waits for that the awaited pages' thread should draw: one nobody
  /// draws, or one a worker has been drawing for more than `staleAfter` milliseconds at
  /// `time`; nil when there is none (`awaitedInProgress` says whether to look again later).
  mutating func nextAwaitedJob(at time: Double) -> Job? {
    for request in wanted where awaited.contains(Page(request)) {
      let page = Page(request)
      let missing = wanted.filter { Page($0) == page && kept[$0] == nil }
      guard !missing.isEmpty else { continue }
      if let current = drawing[page] {
        if current.awaited || time - current.since < Self.staleAfter { continue }
      }
      drawing[page] = (time, true)
      return job(missing)
    }
    return nil
  }

  /// Whether a page a window waits for is being drawn by a worker drawing ahead, not yet for
  /// `staleAfter`: the awaited pages' thread looks again then.
  var awaitedInProgress: Bool {
    awaited.contains { drawing[$0].map { !$0.awaited } ?? false }
  }

  private func job(_ missing: [PageRequest]) -> Job {
    let ordered = missing.sorted { Self.bytes($0) > Self.bytes($1) }
    let from = ordered.first.flatMap { largerDrawing(of: $0) }
    return Job(requests: ordered, from: from)
  }

  /// Keeps what a job drew (an empty drawing for a page that could not be drawn, so that a
  /// window waiting for it stops waiting), then makes room.
  mutating func finished(_ job: Job, _ drawn: [(PageRequest, [UInt8])]) {
    drawing[Page(job.requests[0])] = nil
    for (request, pixels) in drawn { store(request, pixels) }
    evict()
  }

  /// Keeps a drawing made elsewhere (a page drawn on the caller's thread), to scale the page's
  /// other sizes from.
  mutating func keep(_ request: PageRequest, _ pixels: [UInt8]) {
    store(request, pixels)
    evict()
  }

  private mutating func store(_ request: PageRequest, _ pixels: [UInt8]) {
    if let old = kept[request] { keptBytes -= old.pixels.count }
    uses += 1
    kept[request] = (pixels, uses)
    keptBytes += pixels.count
  }

  /// Lets go of pages until the kept ones fit the budget: those not wanted first, the least
  /// recently used first, then wanted ones from the end of the order, the first never.
  private mutating func evict() {
    let budget = effectiveBudget
    guard keptBytes > budget else { return }
    let unwanted = kept.filter { rank[$0.key] == nil }.sorted { $0.value.used < $1.value.used }
    for (request, _) in unwanted where keptBytes > budget {
      remove(request)
    }
    let first = wanted.first.map(Page.init)
    for request in wanted.reversed() where keptBytes > budget {
      if Page(request) == first { break }
      remove(request)
    }
  }

  private mutating func remove(_ request: PageRequest) {
    guard let entry = kept.removeValue(forKey: request) else { return }
    keptBytes -= entry.pixels.count
  }

  /// Forgets every drawing and every wish (the files changed); jobs running finish unkept.
  mutating func removeAll() {
    (wanted, rank, kept, keptBytes, drawing, awaited) = ([], [:], [:], 0, [:], [])
  }
}
