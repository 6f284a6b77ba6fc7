import Foundation
import PodiumCore

#if canImport(Glibc)
  import Glibc
#endif

/// Pages of PDF files as pixels, for the screen (`PageRasterizer`): PDF decks and formulas drawn
/// at each window's own size. Pages asked for ahead are drawn on worker threads, each with its
/// own Poppler documents (Poppler's objects are never shared between threads), in the order
/// and within the byte budget `PageAhead` plans: a page wanted at several sizes (the audience's
/// slide, the console's views of it) is drawn once, at the largest, and scaled down for the
/// others. A page not drawn ahead is drawn on the caller's thread.
public final class PopplerPages: PageRasterizer, @unchecked Sendable {
  /// The default budget of pages drawn ahead for windows of `pixels` pixels in all: eight
  /// windowfuls (two 1080p windows: 133 MB, the next and previous few slides for both),
  /// between 64 and 256 MB; pages cheap to draw use down to half of it (`PageAhead`).
  public static func budget(forWindowPixels pixels: Int) -> Int {
    min(256 << 20, max(64 << 20, pixels * 4 * 8))
  }

  /// Guards everything below but the caller's documents.
  private let condition = NSCondition()
  private var plan: PageAhead
  private var whenReady: (@Sendable () -> Void)?
  private var started = false
  /// Counts `forget()`s: a worker lets its documents go, and what it drew is not kept, when it
  /// changes.
  private var generation = 0
  private var drawnCount = 0
  private var scaledCount = 0
  private let threads: Int
  /// Whether pages drawn on the caller's thread are kept too (a talk), not only those drawn
  /// ahead (an export, which never asks ahead, keeps nothing).
  private let keepsCallersPages: Bool
  /// The caller's documents, under their own lock.
  private let callerLock = NSLock()
  private var callerFiles = LRUCache<String, OpenPDF?>(budget: 8)
  /// The password of an encrypted PDF deck (`--password`).
  private let password: String?

  /// `budget`: bytes of pages drawn ahead kept at most (`budget(forWindowPixels:)` for two
  /// 1080p windows by default); `threads`: how many draw at once (one a core, at most two: a
  /// third gains nothing on two cores and competes with the loop); `talk`: pages drawn on the
  /// caller's thread are kept as well, to scale their other sizes from.
  public init(password: String? = nil, budget: Int? = nil, threads: Int? = nil, talk: Bool = false)
  {
    self.password = password
    keepsCallersPages = talk
    plan = PageAhead(budget: budget ?? Self.budget(forWindowPixels: 2 * 1920 * 1080))
    self.threads = max(1, threads ?? min(2, ProcessInfo.processInfo.activeProcessorCount))
  }

  /// Bytes of pages drawn ahead kept at most.
  public var budget: Int {
    get {
      condition.lock()
      defer { condition.unlock() }
      return plan.budget
    }
    set {
      condition.lock()
      plan.budget = newValue
      // A larger budget may let the workers draw further ahead.
      condition.broadcast()
      condition.unlock()
    }
  }

  /// Pages drawn by Poppler, and drawings scaled down from another, since this was made.
  public var pagesDrawn: Int {
    condition.lock()
    defer { condition.unlock() }
    return drawnCount
  }
  public var pagesScaled: Int {
    condition.lock()
    defer { condition.unlock() }
    return scaledCount
  }

  /// Bytes of pages drawn ahead kept now.
  public var keptBytes: Int {
    condition.lock()
    defer { condition.unlock() }
    return plan.keptBytes
  }

  public func bgraPixels(for request: PageRequest) -> [UInt8]? {
    condition.lock()
    let drawn = plan.pixels(for: request)
    let larger = drawn == nil ? plan.largerDrawing(of: request) : nil
    condition.unlock()
    if let drawn { return drawn.isEmpty ? nil : drawn }
    if let larger, let scaled = Self.scale(larger.pixels, from: larger.request.size, to: request) {
      condition.lock()
      scaledCount += 1
      condition.unlock()
      return scaled
    }
    callerLock.lock()
    let pixels = Self.draw(request, password: password, files: &callerFiles)
    callerLock.unlock()
    condition.lock()
    drawnCount += 1
    // Kept in a talk: the workers scale the page's other sizes, the console's views, from it.
    if let pixels, keepsCallersPages { plan.keep(request, pixels) }
    condition.unlock()
    return pixels
  }

  public func isReady(_ request: PageRequest) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    return plan.isReady(request)
  }

  public func prefetch(
    _ requests: [PageRequest], awaited: Int, whenReady: @escaping @Sendable () -> Void
  ) {
    condition.lock()
    plan.want(requests, awaited: awaited)
    self.whenReady = whenReady
    if !started {
      started = true
      // The threads live as long as the process: one rasterizer serves a whole talk.
      for index in 0..<threads {
        let thread = Thread { [self] in work(awaited: false) }
        thread.name = "podium-pages-\(index + 1)"
        thread.qualityOfService = .userInitiated
        thread.start()
      }
      // Pages a window waits for, at the talk's own priority (not nice 5): on a machine busy
      // with other work the workers drawing ahead can take seconds over a page.
      let thread = Thread { [self] in work(awaited: true) }
      thread.name = "podium-pages-now"
      thread.qualityOfService = .userInteractive
      thread.start()
    }
    condition.broadcast()
    condition.unlock()
  }

  public func forget() {
    condition.lock()
    plan.removeAll()
    generation += 1
    condition.unlock()
    callerLock.lock()
    callerFiles.removeAll()
    callerLock.unlock()
  }

  /// A worker: draws the most needed page not drawn yet, at all the sizes wanted, one page at a
  /// time; sleeps when everything wanted within the budget is drawn. With `awaited`, the
  /// awaited pages' thread: draws only pages a window waits for, at the talk's priority.
  private func work(awaited: Bool) {
    if !awaited { Self.yieldToTheLoop() }
    var files = LRUCache<String, OpenPDF?>(budget: 8)
    var seen = 0
    while true {
      condition.lock()
      var next =
        awaited
        ? plan.nextAwaitedJob(at: Self.milliseconds()) : plan.nextJob(at: Self.milliseconds())
      while next == nil {
        if awaited && plan.awaitedInProgress {
          // A worker is drawing the page: look again once it has taken too long.
          _ = condition.wait(until: Date(timeIntervalSinceNow: PageAhead.staleAfter / 1000))
        } else {
          condition.wait()
        }
        next =
          awaited
          ? plan.nextAwaitedJob(at: Self.milliseconds()) : plan.nextJob(at: Self.milliseconds())
      }
      let current = generation
      condition.unlock()
      guard let job = next else { continue }
      if current != seen {
        files.removeAll()
        seen = current
      }
      var drawn: [(PageRequest, [UInt8])] = []
      var largest: (request: PageRequest, pixels: [UInt8])? = job.from
      var poppler = 0
      var costs: [(pixels: Int, ms: Double)] = []
      for request in job.requests {
        var pixels: [UInt8]?
        if let larger = largest {
          pixels = Self.scale(larger.pixels, from: larger.request.size, to: request)
        } else {
          let start = Self.threadMilliseconds()
          pixels = Self.draw(request, password: password, files: &files)
          costs.append(
            (request.size.width * request.size.height, Self.threadMilliseconds() - start))
          poppler += 1
        }
        if let pixels, largest == nil { largest = (request, pixels) }
        drawn.append((request, pixels ?? []))
      }
      condition.lock()
      drawnCount += poppler
      scaledCount += job.requests.count - poppler
      // A page drawn from a file forgotten meanwhile is not kept.
      if generation == current {
        for cost in costs { plan.drew(pixels: cost.pixels, in: cost.ms) }
        plan.finished(job, drawn)
      }
      let notify = whenReady
      condition.unlock()
      notify?()
    }
  }

  /// Milliseconds of a core the calling thread has used: what a page costs to draw, however
  /// busy the machine. The corresponding C function is `clock_gettime`.
  private static func threadMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
  }

  /// Monotonic milliseconds, for how long a page has been drawing.
  private static func milliseconds() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000
  }

  /// Makes the calling thread nicer than the talk's loop (nice 5): on two busy cores a key is
  /// answered first and drawing ahead takes what is left. Linux's nice value is a thread's own
  /// (who 0 is the calling thread). The corresponding C function is `setpriority`.
  private static func yieldToTheLoop() {
    #if canImport(Glibc)
      _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 5)
    #endif
  }

  /// A drawing scaled down (or up) to another size of the same page.
  private static func scale(_ pixels: [UInt8], from size: PixelSize, to request: PageRequest)
    -> [UInt8]?
  {
    if size == request.size { return pixels }
    return CairoCanvas.pixels(request.size) { $0.paintScaled(pixels, size: size) }
  }

  /// A PDF open on one thread: Poppler's document, and the same file read for its pages made
  /// only of pictures, which Podium decodes itself.
  private struct OpenPDF {
    let poppler: PopplerFile
    let pictures: PictureFile?
  }

  /// Draws a page with the documents of one thread: a page of pictures from its pictures,
  /// decoded here, any other by Poppler.
  private static func draw(
    _ request: PageRequest, password: String?, files: inout LRUCache<String, OpenPDF?>
  ) -> [UInt8]? {
    var document: OpenPDF?
    if let known = files.value(forKey: request.file) {
      document = known
    } else {
      // Poppler's document first: a file it cannot open has no pages, and an encrypted one's
      // pictures are Poppler's to draw.
      document = (try? PopplerFile(path: request.file, password: password)).map {
        OpenPDF(poppler: $0, pictures: password == nil ? PictureFile(path: request.file) : nil)
      }
      _ = files.insert(document, forKey: request.file, cost: 1)
    }
    guard let document, let page = document.poppler.page(request.page) else { return nil }
    let (width, height) = page.size
    let crop = request.crop ?? Rect(x: 0, y: 0, width: width, height: height)
    if let pictures = document.pictures?.pictures(onPage: request.page) {
      return PagePicture.draw(pictures, size: request.size, crop: crop)
    }
    return CairoCanvas.pixels(request.size) { canvas in
      canvas.fit(crop)
      page.render(on: canvas.context)
    }
  }
}
