import Foundation

/// A view of the talk on a display of its own (`--views notes@HDMI-2`): the speaker's notes on
/// a third screen, a timer on a confidence monitor, or a copy of the room's slides.
public enum StageViewKind: String, Hashable, Sendable, Codable, CaseIterable {
  /// The current step's notes, large, with slide n / N and the time.
  case notes
  /// Elapsed and remaining time, the pace and the clock, large.
  case timer
  /// A copy of the audience's window.
  case audience

  /// The role of the window that shows it.
  public var role: WindowPlacement.Role {
    switch self {
    case .notes: return .notes
    case .timer: return .timer
    case .audience: return .audience
    }
  }
}

/// A view the speaker asked for: which, and on which display.
public struct StageViewRequest: Hashable, Sendable, CustomStringConvertible {
  public var kind: StageViewKind
  public var display: DisplaySelector

  public init(kind: StageViewKind, display: DisplaySelector) {
    self.kind = kind
    self.display = display
  }

  public var description: String { "\(kind.rawValue)@\(display)" }

  /// `notes@HDMI-2`, or several separated by commas (`notes@HDMI-2,timer@DP-1`).
  public static func parse(_ text: String) throws -> [StageViewRequest] {
    try text.split(separator: ",", omittingEmptySubsequences: false).map { part in
      let item = part.trimmingCharacters(in: .whitespaces)
      let pieces = item.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
      guard pieces.count == 2, !pieces[1].isEmpty else { throw StageViewError.malformed(item) }
      guard let kind = StageViewKind(rawValue: pieces[0].lowercased()) else {
        throw StageViewError.unknownKind(item, String(pieces[0]))
      }
      return StageViewRequest(kind: kind, display: DisplaySelector(String(pieces[1])))
    }
  }
}

public enum StageViewError: Error, Hashable, Sendable, CustomStringConvertible {
  case malformed(String)
  case unknownKind(String, String)

  public var description: String {
    switch self {
    case .malformed(let item):
      return "'\(item)': expected VIEW@DISPLAY, e.g. notes@HDMI-2 (views: notes, timer, audience)"
    case .unknownKind(let item, let kind):
      return "'\(item)': unknown view '\(kind)'; expected notes, timer or audience"
    }
  }
}

/// A view as the stage has it: open on a display, or closed and why.
public struct StageView: Hashable, Sendable, Codable, CustomStringConvertible {
  public var kind: StageViewKind
  /// The display as the speaker named it.
  public var requested: String
  /// The display it is on; nil while it is closed.
  public var display: Int?
  /// Why it is closed: its display is not connected, or has the console or the audience.
  public var closed: String?

  public init(kind: StageViewKind, requested: String, display: Int?, closed: String? = nil) {
    self.kind = kind
    self.requested = requested
    self.display = display
    self.closed = closed
  }

  /// `notes on HDMI-2`, `notes: HDMI-2 not connected`, for the console's status line.
  public var description: String {
    if let closed { return "\(kind.rawValue): \(closed)" }
    return "\(kind.rawValue) on \(requested)"
  }
}

/// The shared audience window's size (`--share`, `--windowed-audience WxH`).
public struct SharedWindow: Hashable, Sendable, Codable {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// The size a video call shares unless told otherwise.
  public static let standard = SharedWindow(width: 1920, height: 1080)

  /// `1280x720`: both sides from 160 to 7680.
  public init?(parsing text: String) {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
      (160...7680).contains(width), (90...4320).contains(height)
    else { return nil }
    self.init(width: width, height: height)
  }

  /// The title a call app lists it by.
  public static let title = "Podium: audience"
}

extension StageAssignment {
  /// The displays views ask for that exist: kept out of the audience's default set, so a
  /// third screen named for the notes does not get the slides too.
  static func viewDisplays(_ requests: [StageViewRequest], in displays: [DisplayInfo]) -> Set<Int> {
    Set(requests.compactMap { $0.display.find(in: displays)?.index })
  }

  /// Each view on the display it names, unless that display is missing, has the console or
  /// shows the audience (the room and the speaker's console come first), or an earlier view took
  /// it. A closed view opens again when a change of displays frees or brings back its display.
  static func placeViews(
    _ requests: [StageViewRequest], on displays: [DisplayInfo], stage: Stage
  ) -> [StageView] {
    var taken: [Int: StageViewKind] = [:]
    return requests.map { request in
      let named = "\(request.display)"
      guard let display = request.display.find(in: displays) else {
        return StageView(
          kind: request.kind, requested: named, display: nil, closed: "\(named) not connected")
      }
      let name = display.name
      var closed: String?
      if request.kind == .audience && stage.mode == .mirrored {
        // Tab puts the console over a mirrored audience: a copy would show it too.
        closed = "the audience is mirrored"
      } else if display.index == stage.presenter {
        closed = "\(name) has the console"
      } else if stage.audience.contains(display.index) {
        closed = "\(name) shows the audience"
      } else if let other = taken[display.index] {
        closed = "\(name) shows the \(other.rawValue) view"
      }
      if let closed {
        return StageView(kind: request.kind, requested: name, display: nil, closed: closed)
      }
      taken[display.index] = request.kind
      return StageView(kind: request.kind, requested: name, display: display.index)
    }
  }
}

extension Stage {
  /// The console's status for `--share`: which window the call should share, and where.
  public func sharedSummary(displays: [DisplayInfo]) -> String {
    let size = shared ?? .standard
    let place = audience.first.flatMap { index in displays.first { $0.index == index }?.name }
    return "Share the window '\(SharedWindow.title)' (\(size.width)x\(size.height))"
      + (place.map { " on \($0)" } ?? "")
  }
}

extension WindowPlacement.Role {
  /// The view a notes or timer window shows; nil for the console and the audience.
  public var view: StageViewKind? {
    switch self {
    case .notes: return .notes
    case .timer: return .timer
    case .presenter, .audience: return nil
    }
  }
}
