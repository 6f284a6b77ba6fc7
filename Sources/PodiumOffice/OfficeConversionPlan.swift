import Foundation
import PodiumCore

/// How a deck is converted: its parts (which slides each holds, the PDF it becomes in the
/// cache), which LibreOffice makes which, and what of it the cache already holds. A value,
/// worked out from the file before anything runs.
struct OfficeConversionPlan: Sendable {
  /// One PDF to make.
  struct Part: Hashable, Sendable {
    /// The slides it holds; nil when they are known only once LibreOffice has read the file.
    var slides: Range<Int>?
    /// The pages it should have (0: not known).
    var pages: Int
    /// Its name in the cache.
    var file: String
    /// The pages of the whole deck LibreOffice exports into it (`PageRange`, 1-based), where
    /// the part is a range of a deck converted as it is.
    var pageRange: String?
  }

  var path: String
  /// The cache's name for this conversion of the file's content.
  var key: String
  var format: OfficeFormat
  var stepped: Bool
  var cache: String
  /// The file's own description: read from the file (`.pptx`, `.odp`), or from LibreOffice's
  /// OpenDocument copy (`.ppt`, `.key`) once there is one.
  var info: Result<OfficeDeckInfo, OfficeProblem>
  /// The slides as the stepped copies hold them (PowerPoint decks).
  var slides: [OfficeFile.SteppedSlide] = []
  var parts: [Part] = []
  /// The parts each LibreOffice converts, in order: part 0 first, the others dealt out by
  /// their pages (`deal`) so that the deck fills from its start.
  var workers: [[Int]] = []
  /// LibreOffice's OpenDocument copy of a `.ppt` or `.key` file, read for the notes.
  var copy: String?
  /// Written when the conversion fails: a talk showing the parts made so far learns it.
  var failureMarker: String

  init(
    path: String, format: OfficeFormat, stepped: Bool, key: String, cache: String, workers: Int,
    pagesPerPart: Int
  ) throws(OfficeProblem) {
    self.path = path
    self.key = key
    self.format = format
    self.stepped = stepped
    self.cache = cache
    failureMarker = cache + "/" + key + ".failed"
    let base = cache + "/" + key
    switch format {
    case .pptx:
      let read: (info: OfficeDeckInfo, slides: [OfficeFile.SteppedSlide])
      do throws(OfficeProblem) {
        read = try OfficeFile.read(ZipArchive(path: path))
        guard !read.slides.isEmpty else { throw OfficeProblem("it lists no slides") }
      } catch {
        // What LibreOffice reads though Podium cannot: converted as it is, in one part.
        info = .failure(error)
        self.stepped = false
        parts = [Part(slides: nil, pages: 0, file: base + "-1of1.pdf")]
        break
      }
      info = .success(read.info)
      slides = read.slides.map { stepped ? $0 : OfficeFile.SteppedSlide(part: $0.part, clicks: []) }
      let ranges = Self.ranges(
        pages: slides.map { $0.clicks.count + 1 }, first: 2, perPart: pagesPerPart,
        workers: workers)
      parts = ranges.enumerated().map { index, range in
        Part(
          slides: range, pages: range.map { slides[$0].clicks.count + 1 }.reduce(0, +),
          file: "\(base)-\(index + 1)of\(ranges.count).pdf")
      }
    case .odp:
      info = Result { () throws(OfficeProblem) in try OfficeFile.info(of: path, format: .odp) }
      let count = (try? info.get())?.slides.count ?? 0
      // Each LibreOffice reads the whole file and exports its range: worth it for long decks.
      let pieces = count >= 2 * pagesPerPart ? min(workers, count / pagesPerPart) : 1
      guard pieces > 1 else {
        parts = [Part(slides: count > 0 ? 0..<count : nil, pages: count, file: base + "-1of1.pdf")]
        break
      }
      parts = (0..<pieces).map { index in
        let range = (count * index / pieces)..<(count * (index + 1) / pieces)
        return Part(
          slides: range, pages: range.count, file: "\(base)-\(index + 1)of\(pieces).pdf",
          pageRange: "\(range.lowerBound + 1)-\(range.upperBound)")
      }
    case .ppt, .key:
      let copy = base + ".odp"
      self.copy = copy
      info =
        FileManager.default.fileExists(atPath: copy)
        ? Result { () throws(OfficeProblem) in
          try OfficeFile.info(of: path, format: format, copy: copy)
        } : .failure(OfficeProblem("LibreOffice's copy of it is not made yet"))
      parts = [Part(slides: nil, pages: 0, file: base + "-1of1.pdf")]
    }
    self.workers = Self.deal(parts.map(\.pages), workers: workers)
  }

  /// Contiguous runs of slides, `first` slides in the first (the talk starts with them), then
  /// a multiple of `workers` parts of about `perPart` pages each (one when the rest is no
  /// more), cut where the pages reach even shares of the rest, a slide never split; `deal`
  /// gives them out. Parts cut at every `perPart` pages left a short last one, and the two
  /// LibreOffices of a 156-page deck 69 and 87 pages.
  static func ranges(pages: [Int], first: Int, perPart: Int, workers: Int = 1) -> [Range<Int>] {
    var ranges: [Range<Int>] = [0..<min(first, pages.count)]
    let start = ranges[0].upperBound
    guard start < pages.count else { return ranges }
    let rest = pages[start...].reduce(0, +)
    let each = max(1, workers)
    // A rest of one part's pages stays one part (beside the first, it has a LibreOffice).
    let parts =
      rest <= perPart
      ? 1 : each * Int((Double(rest) / Double(max(1, perPart) * each)).rounded(.up))
    // Part k ends at the slide where the pages so far reach k/parts of the rest.
    var lower = start
    var count = 0
    var next = 1
    for index in start..<pages.count {
      count += pages[index]
      if count * parts >= next * rest || index == pages.count - 1 {
        ranges.append(lower..<(index + 1))
        lower = index + 1
        while next * rest <= count * parts { next += 1 }
      }
    }
    return ranges
  }

  /// The parts (their pages, 0 where not known) dealt to `workers` LibreOffices in the deck's
  /// order: each to the one with the fewest pages so far (then the fewest parts, then the
  /// first), so that the deck fills from its start and the LibreOffices end together.
  static func deal(_ pages: [Int], workers: Int) -> [[Int]] {
    var lists = [[Int]](repeating: [], count: min(max(1, workers), max(1, pages.count)))
    var load = [Int](repeating: 0, count: lists.count)
    for (part, count) in pages.enumerated() {
      let worker = lists.indices.min { a, b in
        (load[a], lists[a].count, a) < (load[b], lists[b].count, b)
      }!
      lists[worker].append(part)
      load[worker] += count
    }
    return lists.filter { !$0.isEmpty }
  }

  /// Whether every part (and the copy) is in the cache.
  var isComplete: Bool {
    parts.allSatisfy { FileManager.default.fileExists(atPath: $0.file) }
      && copy.map { FileManager.default.fileExists(atPath: $0) } != false
  }

  /// The deck as far as the cache holds it now.
  func conversion(problem: OfficeProblem? = nil) -> OfficeConversion {
    var info = info
    if let copy, case .failure = info, FileManager.default.fileExists(atPath: copy) {
      info = Result { () throws(OfficeProblem) in
        try OfficeFile.info(of: path, format: format, copy: copy)
      }
    }
    var conversion = OfficeConversion(
      info: info,
      parts: parts.map { part in
        OfficePart(
          file: part.file, slides: part.slides,
          ready: FileManager.default.fileExists(atPath: part.file))
      }, stepped: stepped)
    conversion.problem = problem
    if !conversion.pending.isEmpty { conversion.watched = [failureMarker] }
    return conversion
  }

  /// What the command line says before LibreOffice starts.
  var announcement: String {
    let name = (path as NSString).lastPathComponent
    let clicks = slides.map(\.clicks.count).reduce(0, +)
    let slideCount = parts.compactMap(\.slides?.upperBound).max() ?? 0
    let shape = slideCount == 0 ? "" : " (\(slideCount) slides, \(clicks) click steps)"
    return
      "converting \(name)\(shape) to PDF with LibreOffice in \(parts.count) parts, \(workers.count) at once (once: the PDFs are kept in \(cache))"
  }
}
