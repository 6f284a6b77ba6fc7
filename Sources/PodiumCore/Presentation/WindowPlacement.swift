/// Which window a talk opens where, for a stage: a pure function of the stage and the displays,
/// so the windows' places are tested without a display server.
public struct WindowPlacement: Hashable, Sendable {
  public enum Role: String, Hashable, Sendable, Codable {
    case presenter, audience
    /// Views on displays of their own (`--views`): the notes, large; the timer, large.
    case notes, timer
  }

  public var role: Role
  /// The display's index.
  public var display: Int
  /// Position and size in the desktop's coordinates.
  public var area: DisplayInfo.Area
  /// Full screen and borderless, as on stage; false for an ordinary window (`--windowed`).
  public var fullScreen: Bool

  public init(role: Role, display: Int, area: DisplayInfo.Area, fullScreen: Bool) {
    self.role = role
    self.display = display
    self.area = area
    self.fullScreen = fullScreen
  }

  /// The windows of `stage`, in the order they open: the audience's first, so the room sees
  /// the slide before the console is up. Rehearsing needs no audience.
  public static func windows(for stage: Stage, on displays: [DisplayInfo], rehearse: Bool)
    -> [WindowPlacement]
  {
    func display(_ index: Int) -> DisplayInfo? { displays.first { $0.index == index } }
    func fullScreen(_ role: Role, _ index: Int) -> [WindowPlacement] {
      guard let info = display(index) else { return [] }
      let area = DisplayInfo.Area(x: info.x, y: info.y, width: info.width, height: info.height)
      return [WindowPlacement(role: role, display: index, area: area, fullScreen: true)]
    }
    func windowed(_ role: Role, _ index: Int) -> [WindowPlacement] {
      guard let info = display(index) else { return [] }
      let area = windowedArea(role, in: info.usable, rehearse: rehearse)
      return [WindowPlacement(role: role, display: index, area: area, fullScreen: false)]
    }
    if rehearse {
      return stage.mode == .windowed
        ? windowed(.presenter, stage.presenter) : fullScreen(.presenter, stage.presenter)
    }
    // The views after the console: the room's slides and the speaker's console come first.
    let views = stage.views.flatMap { view in
      view.display.map { fullScreen(view.kind.role, $0) } ?? []
    }
    switch stage.mode {
    case .extended:
      return stage.audience.flatMap { fullScreen(.audience, $0) }
        + fullScreen(.presenter, stage.presenter) + views
    case .mirrored:
      return fullScreen(.audience, stage.presenter) + views
    case .windowed:
      return windowed(.audience, stage.presenter) + windowed(.presenter, stage.presenter) + views
    case .shared:
      return shared(stage, on: displays) + views
    }
  }

  /// Ordinary resizable windows side by side in the usable area (panels and docks stay
  /// visible), the console on the left, both 16:9 and neither hiding the other.
  static func windowedArea(_ role: Role, in area: DisplayInfo.Area, rehearse: Bool)
    -> DisplayInfo.Area
  {
    let gap = 24
    let consoleWidth = rehearse ? area.width - 2 * gap : (area.width - 3 * gap) * 3 / 5
    let width = role == .presenter ? consoleWidth : area.width - 3 * gap - consoleWidth
    let height = min(width * 9 / 16, area.height - 2 * gap)
    let x = role == .presenter ? area.x + gap : area.x + 2 * gap + consoleWidth
    return DisplayInfo.Area(x: x, y: area.y + gap, width: max(160, width), height: max(90, height))
  }
}
