import Foundation

/// The office suites' deck formats Podium presents: converted to PDF by LibreOffice, their
/// notes read from the file itself.
public enum OfficeFormat: String, Hashable, Sendable, CaseIterable {
  /// PowerPoint 2007 and later (Office Open XML, a zip).
  case pptx
  /// PowerPoint 97-2003 (a binary OLE2 file): LibreOffice converts it; its notes are not read.
  case ppt
  /// OpenDocument presentation (LibreOffice Impress; a zip).
  case odp
  /// Apple Keynote (a zip or a folder package): LibreOffice imports what it can; no notes.
  case key

  /// What a speaker calls it, in messages.
  public var name: String {
    switch self {
    case .pptx, .ppt: return "PowerPoint"
    case .odp: return "LibreOffice Impress"
    case .key: return "Keynote"
    }
  }
}

/// One slide of an office deck as its file describes it.
public struct OfficeSlide: Hashable, Sendable {
  /// The speaker notes as Markdown: paragraphs, and list items indented by level.
  public var notes: String
  /// Hidden in the slide show (PowerPoint's `show="0"`, Impress's hidden pages).
  public var hidden: Bool
  /// Shapes that enter one click after another: the slide's build steps are `clicks + 1`.
  public var clicks: Int

  public init(notes: String = "", hidden: Bool = false, clicks: Int = 0) {
    self.notes = notes
    self.hidden = hidden
    self.clicks = clicks
  }
}

/// What an office file's own XML says about its slides, in show order.
public struct OfficeDeckInfo: Hashable, Sendable {
  public var slides: [OfficeSlide]

  public init(slides: [OfficeSlide]) { self.slides = slides }
}

/// Why an office deck cannot be shown, or part of it read.
public struct OfficeProblem: Error, Hashable, Sendable {
  public var message: String

  public init(_ message: String) { self.message = message }
}

/// What converts and reads office decks (PodiumOffice's LibreOffice reader); DeckLoader asks it
/// off the talk's thread (the first load is before the talk, a reload on the reader's thread).
public protocol OfficeReader: Sendable {
  /// The deck's slides as its file describes them; a failure costs the notes, not the deck.
  func info(of path: String, format: OfficeFormat) -> Result<OfficeDeckInfo, OfficeProblem>
  /// The deck as a PDF, one page per slide with hidden slides included, converted once per
  /// content and kept. With `step`, each slide as it is after that many clicks: the shapes that
  /// enter on later clicks hidden (PowerPoint decks; nil, every shape shown).
  func pdf(of path: String, format: OfficeFormat, step: Int?) -> Result<String, OfficeProblem>
}
