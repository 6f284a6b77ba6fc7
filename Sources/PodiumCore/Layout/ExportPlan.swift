import Foundation

/// One slide at one build step: what an exported page shows, alone or among others on a handout.
public struct SlideShot: Hashable, Sendable {
  public var slideIndex: Int
  public var step: Int

  public init(slideIndex: Int, step: Int) {
    self.slideIndex = slideIndex
    self.step = step
  }
}

/// A sheet of paper for handouts, portrait.
public enum Paper: String, Hashable, Sendable, CaseIterable {
  case a4
  case letter

  /// The sheet in PostScript points (1/72 inch).
  public var points: (width: Double, height: Double) {
    switch self {
    case .a4: return (595.276, 841.89)
    case .letter: return (612, 792)
    }
  }

  /// The sheet in pixels for layout and PNG handouts: two pixels a point (144 dpi), the same
  /// scale as a slide page of a PDF.
  public var pixelSize: PixelSize {
    PixelSize(
      width: Int((points.width * 2).rounded()), height: Int((points.height * 2).rounded()))
  }

  /// The paper the locale prints on, as `LC_PAPER` would say: Letter in the Americas that use
  /// it, A4 everywhere else. Reads `LC_ALL`, then `LC_PAPER`, then `LANG`.
  public static func forLocale(_ environment: [String: String]) -> Paper {
    let name =
      [environment["LC_ALL"], environment["LC_PAPER"], environment["LANG"]]
      .compactMap { $0 }.first { !$0.isEmpty } ?? ""
    // "en_US.UTF-8" → "US"
    let territory = name.split(separator: ".").first.flatMap { locale in
      locale.split(separator: "_").dropFirst().first.map { String($0.prefix(2)).uppercased() }
    }
    let letterCountries: Set<String> = ["US", "CA", "MX", "CL", "CO", "VE", "PH", "GT", "PR", "CR"]
    return territory.map { letterCountries.contains($0) } == true ? .letter : .a4
  }
}

/// Handout pages: slides on paper, with or without their notes.
public struct Handout: Hashable, Sendable {
  /// Slides on each page: 1 (large, notes below), 2, 3 (notes or lines beside) or 6.
  public var perPage: Int
  public var paper: Paper

  public static let layouts = [1, 2, 3, 6]

  public init(perPage: Int, paper: Paper) {
    self.perPage = perPage
    self.paper = paper
  }
}

/// The pages an export writes, in order: one slide step each, or handout pages of several.
public struct ExportPlan: Hashable, Sendable {
  public enum Layout: Hashable, Sendable {
    case slides
    case handouts(Handout)
  }

  public var layout: Layout
  /// Every build step, instead of each slide at its last.
  public var steps: Bool
  /// 1-based slide numbers to export; nil for all.
  public var slideNumbers: Set<Int>?
  /// Slides left out of the talk (`<!-- skip -->`) too; a slide named in `slideNumbers` is
  /// exported either way.
  public var includeHidden: Bool

  public init(
    layout: Layout = .slides, steps: Bool = false, slideNumbers: Set<Int>? = nil,
    includeHidden: Bool = false
  ) {
    self.layout = layout
    self.steps = steps
    self.slideNumbers = slideNumbers
    self.includeHidden = includeHidden
  }

  /// One page.
  public struct Page: Hashable, Sendable {
    /// 1-based, in the export.
    public var number: Int
    public var shots: [SlideShot]
  }

  /// The slide steps exported, in order.
  public func shots(in deck: Deck) -> [SlideShot] {
    deck.slides.filter { slide in
      if let slideNumbers { return slideNumbers.contains(slide.index + 1) }
      return includeHidden || !slide.directives.hidden
    }.flatMap { slide in
      let last = slide.stepCount - 1
      return (steps ? Array(0...last) : [last]).map { SlideShot(slideIndex: slide.index, step: $0) }
    }
  }

  public func pages(in deck: Deck) -> [Page] {
    let shots = self.shots(in: deck)
    let perPage: Int
    switch layout {
    case .slides: perPage = 1
    case .handouts(let handout): perPage = max(1, handout.perPage)
    }
    return stride(from: 0, to: shots.count, by: perPage).enumerated().map { number, start in
      Page(number: number + 1, shots: Array(shots[start..<min(shots.count, start + perPage)]))
    }
  }

  /// The pixel size pages are laid out at: for slides, the largest size of the deck's shape
  /// that fits `size`; for handouts, the paper's.
  public func pageSize(for deck: Deck, fitting size: PixelSize) -> PixelSize {
    switch layout {
    case .slides:
      let rect = LayoutEngine.slideRect(aspect: deck.metadata.aspect, in: size)
      return PixelSize(width: Int(rect.width), height: Int(rect.height))
    case .handouts(let handout):
      return handout.paper.pixelSize
    }
  }
}

extension LayoutEngine {
  /// One page of `plan` laid out at `size`: a slide step, or a handout page.
  public func frame(
    for page: ExportPlan.Page, of plan: ExportPlan, in deck: Deck, pageCount: Int, size: PixelSize
  ) -> SlideFrame {
    switch plan.layout {
    case .slides:
      guard let shot = page.shots.first else {
        return SlideFrame(
          size: size, slideRect: Rect(x: 0, y: 0, width: 0, height: 0), commands: [])
      }
      return inked(
        layout(deck.slides[shot.slideIndex], in: deck, step: shot.step, size: size),
        slide: shot.slideIndex, step: shot.step, wholeSlide: !plan.steps)
    case .handouts(let handout):
      return handoutPage(
        page.shots, perPage: handout.perPage, in: deck, pageNumber: page.number,
        pageCount: pageCount, size: size)
    }
  }
}
