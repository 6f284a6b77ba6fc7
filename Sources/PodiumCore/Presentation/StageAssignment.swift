import Foundation

/// How the windows are arranged on the displays.
public enum StageMode: String, Hashable, Sendable, Codable {
  /// Presenter console on one display, the audience window on the others.
  case extended
  /// One display shows the audience view (the console is a key away).
  case mirrored
  /// Both as ordinary windows on one display, for development and rehearsal.
  case windowed
  /// The audience in an ordinary window of its own size on one display, for a video call to
  /// share (`--share`); the console on another display, or beside it.
  case shared
}

/// What the user asked for on the command line.
public struct StageOptions: Hashable, Sendable {
  public var presenterDisplay: DisplaySelector?
  public var audienceDisplay: DisplaySelector?
  public var swap: Bool
  public var mirror: Bool
  public var windowed: Bool
  /// The configuration's preferred audience display (an output name): used when it is there
  /// and nothing on the command line says otherwise, ignored when it is not.
  public var preferredAudience: String?
  /// Views on displays of their own (`--views notes@HDMI-2`).
  public var views: [StageViewRequest] = []
  /// The audience as a window of this size to share in a call (`--share`); nil: full screen.
  public var share: SharedWindow?

  public init(
    presenterDisplay: DisplaySelector? = nil, audienceDisplay: DisplaySelector? = nil,
    swap: Bool = false, mirror: Bool = false, windowed: Bool = false,
    preferredAudience: String? = nil
  ) {
    self.preferredAudience = preferredAudience
    self.presenterDisplay = presenterDisplay
    self.audienceDisplay = audienceDisplay
    self.swap = swap
    self.mirror = mirror
    self.windowed = windowed
  }
}

/// The roles the displays get: where the console goes, where the audience sees the slides.
public struct Stage: Hashable, Sendable, Codable {
  public var mode: StageMode
  /// The display the presenter console is on (in mirrored mode, the one display in use).
  public var presenter: Int
  /// The displays that show the audience window, in index order; empty when mirrored or
  /// windowed.
  public var audience: [Int]
  /// The views asked for (`--views`), open or closed.
  public var views: [StageView] = []
  /// The size of the audience's window when it is shared (`.shared`).
  public var shared: SharedWindow?

  public init(mode: StageMode, presenter: Int, audience: [Int]) {
    self.mode = mode
    self.presenter = presenter
    self.audience = audience
  }

  /// The role of one display, for `podium displays`.
  public func role(of index: Int) -> String {
    if let view = views.first(where: { $0.display == index }) { return "\(view.kind) view" }
    switch mode {
    case .shared:
      if index == presenter && audience.contains(index) { return "presenter and shared audience" }
      if audience.contains(index) { return "shared audience window" }
      return index == presenter ? "presenter" : "unused"
    case .windowed: return index == presenter ? "presenter and audience (windows)" : "unused"
    case .mirrored:
      return index == presenter ? "mirrored (audience view; Tab for the console)" : "unused"
    case .extended:
      if index == presenter { return "presenter" }
      return audience.contains(index) ? "audience" : "unused"
    }
  }
}

public enum StageError: Error, Hashable, Sendable, CustomStringConvertible {
  case noDisplays
  case displayNotFound(option: String, selector: DisplaySelector, available: [String])
  case sameDisplay(DisplaySelector)

  public var description: String {
    switch self {
    case .noDisplays:
      return "no displays found (is DISPLAY set and the X server running?)"
    case .displayNotFound(let option, let selector, let available):
      return
        "\(option) '\(selector)': no such display; available: \(available.joined(separator: ", "))"
    case .sameDisplay(let selector):
      return "--presenter-display and --audience-display both name '\(selector)'"
    }
  }
}

/// Decides the stage from the displays and the options: a pure function, run at start, on every
/// display change and on the swap and mirror keys.
public enum StageAssignment {
  public static func assign(_ displays: [DisplayInfo], options: StageOptions) throws -> Stage {
    var stage = try assignRoles(displays, options: options)
    stage.views = placeViews(options.views, on: displays, stage: stage)
    return stage
  }

  static func assignRoles(_ displays: [DisplayInfo], options: StageOptions) throws -> Stage {
    guard !displays.isEmpty else { throw StageError.noDisplays }
    let names = displays.map { "\($0.index) (\($0.name) \($0.width)x\($0.height))" }
    func resolve(_ selector: DisplaySelector?, option: String) throws -> DisplayInfo? {
      guard let selector else { return nil }
      guard let found = selector.find(in: displays) else {
        throw StageError.displayNotFound(option: option, selector: selector, available: names)
      }
      return found
    }
    let chosenPresenter = try resolve(options.presenterDisplay, option: "--presenter-display")
    var chosenAudience = try resolve(options.audienceDisplay, option: "--audience-display")
    if chosenAudience == nil, let preferred = options.preferredAudience,
      let found = DisplaySelector.name(preferred).find(in: displays),
      found.index != chosenPresenter?.index
    {
      chosenAudience = found
    }
    if let chosenPresenter, let chosenAudience, chosenPresenter.index == chosenAudience.index {
      throw StageError.sameDisplay(options.audienceDisplay ?? .index(chosenAudience.index))
    }

    let primary = displays.first(where: \.isPrimary) ?? displays[0]
    let reserved = viewDisplays(options.views, in: displays)
    if let share = options.share {
      // The shared window on the primary display (or the one named for the audience); the
      // console full screen on another display, else beside the window.
      let room = chosenAudience ?? primary
      let others = displays.filter { $0.index != room.index && !reserved.contains($0.index) }
      let console = chosenPresenter ?? others.first ?? room
      var stage = Stage(mode: .shared, presenter: console.index, audience: [room.index])
      stage.shared = share
      return stage
    }
    if options.windowed {
      return Stage(mode: .windowed, presenter: (chosenPresenter ?? primary).index, audience: [])
    }
    if displays.count == 1 || options.mirror {
      return Stage(
        mode: .mirrored, presenter: (chosenPresenter ?? chosenAudience ?? primary).index,
        audience: [])
    }

    var presenter: DisplayInfo
    if let chosenPresenter {
      presenter = chosenPresenter
    } else if let chosenAudience {
      // The console goes to the primary display, or the first other one if the audience has it.
      presenter =
        chosenAudience.index == primary.index
        ? displays.first { $0.index != chosenAudience.index } ?? primary : primary
    } else {
      presenter = primary
    }
    var audience: [Int]
    if let chosenAudience {
      audience = [chosenAudience.index]
    } else {
      audience = displays.map(\.index).filter { $0 != presenter.index }
      // A display named for a view is the view's, unless the room would have none.
      let free = audience.filter { !reserved.contains($0) }
      if !free.isEmpty { audience = free }
    }
    if options.swap, let first = audience.first {
      // Swapping exchanges the console with the (first) audience display.
      let old = presenter.index
      presenter = displays.first { $0.index == first } ?? presenter
      audience = ([old] + audience.dropFirst()).sorted()
    }
    return Stage(mode: .extended, presenter: presenter.index, audience: audience.sorted())
  }
}

extension StageAssignment {
  /// The stage for a talk at `state`: the options with the speaker's mirror and swap keys
  /// applied. Mid-talk, a display named on the command line may be gone: the talk then goes on
  /// with the default roles (nil when there is no display at all), where at the start the
  /// error is the speaker's to read.
  public static func assign(
    _ displays: [DisplayInfo], options: StageOptions, state: PresentationState, midTalk: Bool
  ) throws -> Stage? {
    var options = options
    options.mirror = options.mirror != state.mirrorToggled
    options.swap = options.swap != state.swapToggled
    do {
      return try assign(displays, options: options)
    } catch {
      if !midTalk { throw error }
      options.presenterDisplay = nil
      options.audienceDisplay = nil
      return try? assign(displays, options: options)
    }
  }
}
