/// A page of a PDF file, or a part of one (the slide half of a beamer notes page): what a PDF
/// deck's slide shows at each build step.
public struct PageReference: Hashable, Sendable {
  public var file: String
  /// Zero-based.
  public var index: Int
  /// The part of the page shown, in points from its top-left corner; nil for the whole page.
  public var crop: Rect?
  /// The size shown, in points: the page's, or the crop's.
  public var size: Size

  public init(file: String, index: Int, crop: Rect? = nil, size: Size) {
    self.file = file
    self.index = index
    self.crop = crop
    self.size = size
  }

  public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
      self.width = width
      self.height = height
    }
  }
}

/// What a PDF file holds, read by a `PDFReader`: its pages' sizes, labels and notes.
public struct PDFDocumentInfo: Hashable, Sendable {
  public struct Page: Hashable, Sendable {
    /// In points, as shown (rotation applied).
    public var width: Double
    public var height: Double
    /// The page label (beamer writes the frame number on each of its overlays).
    public var label: String?
    /// The texts of its text annotations (sticky notes).
    public var notes: [String]

    public init(width: Double, height: Double, label: String? = nil, notes: [String] = []) {
      self.width = width
      self.height = height
      self.label = label
      self.notes = notes
    }
  }

  public var pages: [Page]
  public var title: String?
  public var author: String?

  public init(pages: [Page], title: String? = nil, author: String? = nil) {
    self.pages = pages
    self.title = title
    self.author = author
  }
}

/// Why a PDF cannot be presented.
public enum PDFReadError: Error, Hashable, Sendable {
  /// It needs a password, or the one given is wrong.
  case encrypted
  /// The library could not read it: its reason.
  case damaged(String)
}

/// Reads a PDF file's pages (Poppler, in PodiumPDF): how a deck that is a PDF is loaded.
public protocol PDFReader: Sendable {
  func read(_ path: String, password: String?) -> Result<PDFDocumentInfo, PDFReadError>
  /// The first line of text inside `crop` (points from the top-left corner) of each page
  /// asked for: a frame's title, when page labels cannot tell frames apart; nil for none.
  func firstLines(of pages: [Int], crop: (Int) -> Rect, in path: String, password: String?)
    -> [String?]
}

/// Which half of a beamer notes page (`show notes on second screen=right`) holds the notes.
public enum NotesPages: String, Hashable, Sendable, CaseIterable {
  case right, left, top, bottom

  /// The slide's part and the notes' part of a page of `width` × `height` points.
  public func split(width: Double, height: Double) -> (slide: Rect, notes: Rect) {
    let halfWidth = width / 2
    let halfHeight = height / 2
    switch self {
    case .right:
      return (
        Rect(x: 0, y: 0, width: halfWidth, height: height),
        Rect(x: halfWidth, y: 0, width: halfWidth, height: height)
      )
    case .left:
      return (
        Rect(x: halfWidth, y: 0, width: halfWidth, height: height),
        Rect(x: 0, y: 0, width: halfWidth, height: height)
      )
    case .bottom:
      return (
        Rect(x: 0, y: 0, width: width, height: halfHeight),
        Rect(x: 0, y: halfHeight, width: width, height: halfHeight)
      )
    case .top:
      return (
        Rect(x: 0, y: halfHeight, width: width, height: halfHeight),
        Rect(x: 0, y: 0, width: width, height: halfHeight)
      )
    }
  }

  /// Beamer's usual notes pages: every page twice as wide as a 16:9, 16:10 or 4:3 slide, the
  /// notes on the right.
  static func detected(in pages: [PDFDocumentInfo.Page]) -> NotesPages? {
    guard !pages.isEmpty else { return nil }
    let doubled = [16.0 / 9, 16.0 / 10, 4.0 / 3].map { $0 * 2 }
    let twice = pages.allSatisfy { page in
      page.height > 0 && doubled.contains { abs(page.width / page.height - $0) < 0.02 }
    }
    return twice ? .right : nil
  }
}
