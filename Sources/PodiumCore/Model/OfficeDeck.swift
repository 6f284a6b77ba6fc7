import Foundation

/// The office suites' deck formats Podium presents: converted to PDF by LibreOffice, their
/// notes read from the file itself.
public enum OfficeFormat: String, Hashable, Sendable, CaseIterable {
  /// PowerPoint 2007 and later (Office Open XML, a zip).
  case pptx
  /// PowerPoint 97-2003 (a binary OLE2 file): its notes are read from LibreOffice's own
  /// OpenDocument copy of it.
  case ppt
  /// OpenDocument presentation (LibreOffice Impress; a zip).
  case odp
  /// Apple Keynote (a zip or a folder package): LibreOffice imports what it can, notes from
  /// its OpenDocument copy.
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
  /// Effects of the main sequence Podium does not play (exits, emphasis, motion paths): the
  /// slide's shapes stay as they are after its entrances.
  public var unplayed: Int
  /// The text of its title placeholder: what the room sees of a slide not converted yet.
  public var title: String

  public init(
    notes: String = "", hidden: Bool = false, clicks: Int = 0, unplayed: Int = 0,
    title: String = ""
  ) {
    self.notes = notes
    self.hidden = hidden
    self.clicks = clicks
    self.unplayed = unplayed
    self.title = title
  }
}

/// What an office file's own XML says about its slides, in show order, and the fonts it names.
public struct OfficeDeckInfo: Hashable, Sendable {
  public var slides: [OfficeSlide]
  /// Every font family the deck names (its theme's and its text runs'), once each, in the order
  /// first named.
  public var fonts: [NamedFont]

  public init(slides: [OfficeSlide], fonts: [NamedFont] = []) {
    self.slides = slides
    self.fonts = fonts
  }
}

/// Why an office deck cannot be shown, or part of it read.
public struct OfficeProblem: Error, Hashable, Sendable {
  public var message: String

  public init(_ message: String) { self.message = message }
}

/// One PDF of a conversion: a deck is converted in parts, so that the first slides show while
/// the rest are made, and the parts are made at once on the cores there are.
public struct OfficePart: Hashable, Sendable {
  /// The PDF, by the name it has in the cache once it is made.
  public var file: String
  /// The slides (zero-based, in show order) whose pages it holds, in order: each slide at each
  /// of its steps, the slide whole last, when the conversion is `stepped`, else a page each.
  /// Nil when the slides are not known before LibreOffice reads the file (`.ppt`, `.key`):
  /// then every page is a slide, following the parts before it.
  public var slides: Range<Int>?
  /// Whether the file is there.
  public var ready: Bool

  public init(file: String, slides: Range<Int>?, ready: Bool) {
    self.file = file
    self.slides = slides
    self.ready = ready
  }
}

/// An office deck as far as LibreOffice has converted it: what the file says, and its parts.
public struct OfficeConversion: Sendable {
  /// The slides as the file describes them; a failure costs the notes, not the deck.
  public var info: Result<OfficeDeckInfo, OfficeProblem>
  /// The PDFs, in show order.
  public var parts: [OfficePart]
  /// Whether each click of a slide is a page of its own (PowerPoint decks); otherwise every
  /// slide is one page, shown whole.
  public var stepped: Bool

  /// Why the parts still missing will not come: LibreOffice failed or was stopped after the
  /// first parts were made.
  public var problem: OfficeProblem?
  /// Other files that say the conversion changed when they appear (one it writes if it fails),
  /// while parts are still to come: what a talk watches besides `pending`.
  public var watched: [String] = []

  public init(info: Result<OfficeDeckInfo, OfficeProblem>, parts: [OfficePart], stepped: Bool) {
    self.info = info
    self.parts = parts
    self.stepped = stepped
  }

  /// The files still being made: empty once it is all there.
  public var pending: [String] { parts.filter { !$0.ready }.map(\.file) }

  /// How far it has come, for a deck file named `name`: the slides of the parts made.
  public func progress(name: String) -> OfficeProgress {
    let total = (try? info.get())?.slides.count ?? parts.compactMap(\.slides?.upperBound).max() ?? 0
    let done = parts.filter(\.ready).map { $0.slides?.count ?? total }.reduce(0, +)
    return OfficeProgress(name: name, done: min(done, total), total: total)
  }
}

/// How far a conversion has come, in slides: what the terminal's bar and the console say
/// ("converting 40 of 113").
public struct OfficeProgress: Hashable, Sendable {
  /// The deck's file name.
  public var name: String
  public var done: Int
  public var total: Int

  public init(name: String, done: Int, total: Int) {
    self.name = name
    self.done = done
    self.total = total
  }

  public var isComplete: Bool { done >= total }

  /// How much is done, from 0 to 1.
  public var fraction: Double { total > 0 ? min(1, Double(done) / Double(total)) : 0 }

  /// `converting talk.pptx with LibreOffice: 40 of 113 slides`.
  public var description: String {
    "converting \(name) with LibreOffice: \(done) of \(total) slide\(total == 1 ? "" : "s")"
  }
}

/// An office deck shown while LibreOffice converts the rest of it: the slides not made yet show
/// the room their titles and the console a placeholder, and come as their parts are made.
public struct DeckConversion: Hashable, Sendable {
  public var progress: OfficeProgress
  /// The files whose arrival brings more of the deck: what live reload watches meanwhile.
  public var pending: [String]
  /// Why the rest will not come (LibreOffice failed or was stopped).
  public var problem: String?

  public init(progress: OfficeProgress, pending: [String], problem: String? = nil) {
    self.progress = progress
    self.pending = pending
    self.problem = problem
  }

  /// What the console says: `converting talk.pptx with LibreOffice: 40 of 113 slides`, or
  /// why it stopped.
  public var description: String {
    problem.map {
      "\(progress.name): LibreOffice stopped after \(progress.done) of \(progress.total) slides: \($0)"
    }
      ?? progress.description
  }
}

/// How long loading an office deck waits for LibreOffice.
public enum OfficeWait: Hashable, Sendable {
  /// Until all of it is converted (`check`, `export`).
  case whole
  /// Until its first slides exist (a talk about to start: its windows open on them).
  case firstSlides
  /// Not at all where the file says what its slides are (a deck saved during a talk, whose
  /// room keeps the last version meanwhile: the console shows the conversion from its start);
  /// otherwise until the first slides exist.
  case nothing
}

/// What converts and reads office decks (PodiumOffice's LibreOffice reader); DeckLoader asks it
/// off the talk's thread (the first load is before the talk, a reload on the reader's thread).
public protocol OfficeReader: Sendable {
  /// The deck's pages, converted once per content and kept: every slide at every click step in
  /// one conversion where the format allows it (`stepped`; otherwise each slide whole), hidden
  /// slides included. It returns as `wait` says; what is not there yet goes on being made
  /// (`pending` names it, and asking again says how far it has come).
  func convert(_ path: String, format: OfficeFormat, stepped: Bool, wait: OfficeWait) -> Result<
    OfficeConversion, OfficeProblem
  >
}
