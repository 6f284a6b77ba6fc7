import Foundation
import PodiumCore
import PodiumSyntax

/// What `podium check` found in one deck, as text or JSON.
struct CheckReport {
  var file: String
  var deck: Deck?
  var diagnostics: [Diagnostic]

  /// `talk.md: 14 slides, 22 build steps, 9 with notes, 0 errors, 2 warnings`
  var summary: String {
    let slides = deck?.slides.count ?? 0
    let steps = deck?.buildStepCount ?? 0
    let notes = deck?.slidesWithNotes ?? 0
    // Slides left out of the talk (`<!-- skip -->`), by number, so the speaker sees them.
    let hidden = (deck?.hiddenSlides ?? []).sorted().map { String($0 + 1) }
    let skipped =
      hidden.isEmpty ? "" : " (\(hidden.count) skipped: \(hidden.joined(separator: ", ")))"
    return "\(file): \(counted(slides, "slide"))\(skipped), \(counted(steps, "build step")), "
      + "\(notes) with notes, \(counted(diagnostics.errorCount, "error")), "
      + "\(counted(diagnostics.warningCount, "warning"))"
  }

  private func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  private struct JSONDeck: Encodable {
    var file: String
    var readable: Bool
    /// Which tool's syntax the deck was read as (`standard`, `presenterm`, `mdp`, `pandoc`,
    /// `slidev`, `pdf`, ...).
    var dialect: String?
    var slides: Int
    /// A presenterm theme's name, built in or the file's.
    var presentermTheme: String?
    var buildSteps: Int
    var slidesWithNotes: Int
    var errors: Int
    var warnings: Int
    var diagnostics: [JSONDiagnostic]
    var slideList: [JSONSlide]
    var videos: [JSONVideo]
    /// Each remote image once, and whether `podium fetch` has put it in the cache.
    var remoteImages: [JSONRemoteImage]
    /// A Marp deck (marp: true, Marp's directives or themes); absent for others.
    var marp: Bool?
  }

  /// A video the slides show: where, what its headers say, and how it plays.
  private struct JSONVideo: Encodable {
    var slide: Int
    var line: Int
    var column: Int
    var file: String
    var path: String?
    /// Why it cannot be played (the placeholder's words); nil when it can.
    var problem: String?
    var seconds: Double?
    var width: Int?
    var height: Int?
    var frameRate: Double?
    var codec: String?
    var audioCodec: String?
    var autoplay: Bool
    var loop: Bool
    var muted: Bool
    var start: Double?
    var end: Double?

    init(slide: Int, image: ImageReference, location: SourceLocation) {
      let clip = image.video ?? VideoClip()
      let stream = clip.stream
      self.slide = slide + 1
      line = location.line
      column = location.column
      file = image.source
      path = image.path
      problem = image.problem
      seconds = stream.map { ($0.duration * 1000).rounded() / 1000 }
      (width, height) = (stream?.width, stream?.height)
      frameRate = stream.map { ($0.frameRate * 1000).rounded() / 1000 }
      codec = stream?.codec
      audioCodec = stream?.audioCodec
      (autoplay, loop, muted) = (clip.autoplay, clip.loop, clip.muted)
      (start, end) = (clip.start, clip.end)
    }
  }

  private struct JSONRemoteImage: Encodable {
    var url: String
    var line: Int
    var column: Int
    var fetched: Bool
    /// The cached file the talk shows.
    var file: String?
  }

  private struct JSONDiagnostic: Encodable {
    var file: String
    var line: Int?
    var column: Int?
    var severity: String
    var message: String
  }

  private struct JSONSlide: Encodable {
    var number: Int
    var line: Int
    var title: String?
    var layout: String
    var steps: Int
    var hasNotes: Bool
    var skipped: Bool
    /// A PDF deck's slide: its pages, one a build step, numbered from 1.
    var pages: [Int]?
    /// The notes as text (a notes page's notes half is named as such).
    var notes: String?
    /// Notes that follow the builds (`Slide.notesParts`): the part that goes with each build
    /// step, first to last; nil for notes of one part.
    var stepNotes: [String]?
    /// A Marp deck's page number (held by `paginate: hold` or `skip`) and its transition to the
    /// next slide, `fade 0.5s`.
    var page: Int?
    var transition: String?
    /// The slide's code blocks, in reading order; nil when it has none.
    var code: [JSONCode]?
  }

  /// A code block on a slide: its fence's language as written, and the language the highlighter
  /// colours it as (nil: drawn in one colour, as with no language or one it does not know).
  private struct JSONCode: Encodable {
    var line: Int
    var language: String?
    var highlightedAs: String?
  }

  /// Every code block a slide shows, however deep in lists, quotes, columns and boxes.
  private static func codeBlocks(_ blocks: [Block]) -> [JSONCode] {
    blocks.flatMap { block -> [JSONCode] in
      switch block.kind {
      case .code(let code):
        return [
          JSONCode(
            line: block.location.line, language: code.language,
            highlightedAs: code.language.flatMap(SyntaxHighlighter.canonicalLanguage))
        ]
      case .list(let list): return list.items.flatMap { codeBlocks($0.blocks) }
      case .quote(let quote): return codeBlocks(quote.blocks)
      case .columns(let columns): return columns.columns.flatMap(codeBlocks)
      case .box(let box): return codeBlocks(box.blocks)
      case .heading, .paragraph, .table, .image, .rule, .spacer: return []
      }
    }
  }

  /// A block of notes as text; a PDF page's notes half as `[notes: page 3, right half]`.
  private static func noteText(_ block: Block) -> String {
    if case .image(let image) = block.kind, let page = image.page {
      return "[notes: page \(page.index + 1)]"
    }
    return block.plainText
  }

  /// The part of `slide`'s notes for each of its build steps, when they are in parts.
  private static func stepNotes(_ slide: Slide) -> [String]? {
    let parts = slide.notesParts
    guard parts.count > 1 else { return nil }
    return (0..<slide.stepCount).map { step in
      let part = Slide.notesPart(at: step, of: parts)
      return slide.notes.filter { $0.step == part }.map(Self.noteText).joined(separator: "\n\n")
    }
  }

  var presentermTheme: String? {
    guard case .presenterm(let style)? = deck?.metadata.theme else { return nil }
    return style.name
  }

  static func json(_ reports: [CheckReport]) throws -> String {
    let decks = reports.map { report in
      JSONDeck(
        file: report.file, readable: report.deck != nil,
        dialect: report.deck?.dialect.rawValue, slides: report.deck?.slides.count ?? 0,
        presentermTheme: report.presentermTheme,
        buildSteps: report.deck?.buildStepCount ?? 0,
        slidesWithNotes: report.deck?.slidesWithNotes ?? 0,
        errors: report.diagnostics.errorCount, warnings: report.diagnostics.warningCount,
        diagnostics: report.diagnostics.map {
          JSONDiagnostic(
            file: $0.file, line: $0.location?.line, column: $0.location?.column,
            severity: $0.severity.rawValue, message: $0.message)
        },
        slideList: (report.deck?.slides ?? []).map { slide in
          let marp = report.deck?.metadata.styledByCSS == true
          return JSONSlide(
            number: slide.index + 1, line: slide.location.line, title: slide.title,
            layout: slide.layout(styledByCSS: marp).rawValue, steps: slide.stepCount,
            hasNotes: slide.hasNotes, skipped: slide.directives.hidden,
            pages: slide.pages.isEmpty ? nil : slide.pages.map { $0.index + 1 },
            notes: slide.hasNotes
              ? slide.notes.map(Self.noteText).joined(separator: "\n\n") : nil,
            stepNotes: Self.stepNotes(slide),
            page: marp ? slide.pageNumber : nil,
            transition: slide.directives.transition.map {
              "\($0.name) \(String(format: "%g", $0.seconds))s"
            }, code: Self.codeBlocks(slide.blocks).nilIfEmpty)
        },
        videos: (report.deck?.videos ?? []).map {
          JSONVideo(slide: $0.slide, image: $0.image, location: $0.location)
        },
        remoteImages: (report.deck?.remoteImages ?? []).map {
          JSONRemoteImage(
            url: $0.url, line: $0.location.line, column: $0.location.column,
            fetched: $0.file != nil, file: $0.file)
        }, marp: report.deck?.metadata.styledByCSS == true ? true : nil)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(["decks": decks])
    return String(decoding: data, as: UTF8.self)
  }
}

extension Array {
  fileprivate var nilIfEmpty: Self? { isEmpty ? nil : self }
}
