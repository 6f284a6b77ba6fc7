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
  /// The parts each LibreOffice converts, in order: part 0 first, the others dealt out in turn
  /// so that the deck fills from its start.
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
        pages: slides.map { $0.clicks.count + 1 }, first: 2, perPart: pagesPerPart)
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
    let count = min(max(1, workers), parts.count)
    self.workers = (0..<count).map { worker in
      Array(stride(from: worker, to: parts.count, by: count))
    }
  }

  /// Contiguous runs of slides, `first` slides in the first (the talk starts with them), then
  /// about `perPart` pages each, a slide never split.
  static func ranges(pages: [Int], first: Int, perPart: Int) -> [Range<Int>] {
    var ranges: [Range<Int>] = [0..<min(first, pages.count)]
    var start = ranges[0].upperBound
    var count = 0
    for index in start..<pages.count {
      count += pages[index]
      if count >= perPart || index == pages.count - 1 {
        ranges.append(start..<(index + 1))
        start = index + 1
        count = 0
      }
    }
    return ranges
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
