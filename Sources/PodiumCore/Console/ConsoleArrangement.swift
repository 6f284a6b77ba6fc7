import Foundation

/// How the speaker has arranged the console for one size of window: a preset, where its two
/// splitters sit and which panes are hidden. Kept per console size in config.yaml's `console:`
/// (`ConsoleArrangements`), as one line: `notes split 0.42 next 0.3 hide keys`.
public struct ConsoleArrangement: Hashable, Sendable {
  public enum Preset: String, CaseIterable, Hashable, Sendable {
    /// The current slide large, the next slide and the notes beside it.
    case standard
    /// The notes as large as they can be, the slides small beside them.
    case notes
    /// The current and the next slide large side by side, the notes in a band under them.
    case slides
    /// A confidence monitor: the next slide and the time, huge; nothing else.
    case confidence

    /// The one after it, round again after the last (Shift+L).
    public var following: Preset {
      let all = Self.allCases
      return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// The current slide's share of the width (the next slide's, for `confidence`), and the
    /// next slide's of the column beside it (of the height, for `slides`; `confidence` has no
    /// notes under it to share with), before the speaker drags a splitter.
    var shares: (split: Double, next: Double) {
      switch self {
      case .standard: return (0.6, 0.42)
      case .notes: return (0.36, 0.3)
      case .slides: return (0.55, 0.68)
      case .confidence: return (0.62, 0.42)
      }
    }

    /// The notes' text size, times the speaker's own (`+` and `-`).
    var notesScale: Double { self == .notes ? 1.45 : self == .slides ? 0.85 : 1 }
  }

  /// The panes the speaker can hide and show again.
  public enum Pane: String, CaseIterable, Hashable, Sendable {
    /// The next step or slide.
    case next
    /// The speaker notes.
    case notes
    /// The line of key hints under the current slide.
    case keys
  }

  public var preset: Preset
  /// The splitter between the current slide and the column beside it (between the current and
  /// the next slide, for `slides`): the current slide's share, nil for the preset's own.
  public var split: Double?
  /// The splitter between the next slide and the notes: the next slide's share of their column
  /// (of the height above the notes' band, for `slides`), nil for the preset's own.
  public var nextShare: Double?
  public var hidden: Set<Pane>

  public init(
    preset: Preset = .standard, split: Double? = nil, nextShare: Double? = nil,
    hidden: Set<Pane> = []
  ) {
    self.preset = preset
    self.split = split
    self.nextShare = nextShare
    self.hidden = hidden
  }

  /// The splitters' shares as laid out: the speaker's where dragged, held inside 0.2 to 0.8 so
  /// that no pane is dragged away (hiding is for that).
  public var currentShare: Double { Self.held(split ?? preset.shares.split) }
  public var nextPaneShare: Double { Self.held(nextShare ?? preset.shares.next) }

  static func held(_ share: Double) -> Double { min(0.8, max(0.2, share)) }

  public func shows(_ pane: Pane) -> Bool { !hidden.contains(pane) }

  // MARK: - As written in config.yaml

  /// `slides`, `notes split 0.4`, `standard next 0.3 hide keys,next`; nil for anything else.
  public init?(line: String) {
    var words = line.split(separator: " ").map(String.init)
    guard let first = words.first, let preset = Preset(rawValue: first) else { return nil }
    self.init(preset: preset)
    words.removeFirst()
    while words.count >= 2 {
      let (name, value) = (words[0], words[1])
      words.removeFirst(2)
      switch name {
      case "split", "next":
        guard let share = Double(value), (0.2...0.8).contains(share) else { return nil }
        if name == "split" { split = share } else { nextShare = share }
      case "hide":
        let panes = value.split(separator: ",").map { Pane(rawValue: String($0)) }
        guard panes.allSatisfy({ $0 != nil }) else { return nil }
        hidden = Set(panes.compactMap { $0 })
      default:
        return nil
      }
    }
    guard words.isEmpty else { return nil }
  }

  /// The line `init(line:)` reads back, shares to two places.
  public var line: String {
    var words = [preset.rawValue]
    if let split { words += ["split", String(format: "%.2f", split)] }
    if let nextShare { words += ["next", String(format: "%.2f", nextShare)] }
    if !hidden.isEmpty {
      words += [
        "hide", Pane.allCases.filter(hidden.contains).map(\.rawValue).joined(separator: ","),
      ]
    }
    return words.joined(separator: " ")
  }

  /// What a bad line is told: the form it must have.
  static let expected =
    "a console arrangement is a preset (standard, notes, slides or confidence), then optionally "
    + "'split 0.2-0.8', 'next 0.2-0.8' and 'hide next,notes,keys'"
}

/// The console's arrangements by window size (`1920x1080`), and the one for sizes not named.
public struct ConsoleArrangements: Hashable, Sendable {
  public var bySize: [String: ConsoleArrangement] = [:]
  /// `default:` in config.yaml's `console:`.
  public var fallback = ConsoleArrangement()

  public init() {}

  /// `1920x1080`.
  public static func name(of size: PixelSize) -> String { "\(size.width)x\(size.height)" }

  public func arrangement(for size: PixelSize) -> ConsoleArrangement {
    bySize[Self.name(of: size)] ?? fallback
  }

  public mutating func set(_ arrangement: ConsoleArrangement, for size: PixelSize) {
    bySize[Self.name(of: size)] = arrangement
  }
}
