extension WindowPlacement {
  /// `--share`: the audience as an ordinary window of the asked size at the top left of its
  /// display's usable area (a call app shares it; it keeps drawing when covered), the console
  /// full screen on its own display, or on the same display beside the window where there is
  /// room for it, else over it as an ordinary window the speaker can move.
  static func shared(_ stage: Stage, on displays: [DisplayInfo]) -> [WindowPlacement] {
    guard let room = stage.audience.first,
      let roomDisplay = displays.first(where: { $0.index == room })
    else { return [] }
    let size = stage.shared ?? .standard
    let usable = roomDisplay.usable
    let window = WindowPlacement(
      role: .audience, display: room,
      area: DisplayInfo.Area(x: usable.x, y: usable.y, width: size.width, height: size.height),
      fullScreen: false)
    guard stage.presenter == room else {
      guard let console = displays.first(where: { $0.index == stage.presenter }) else {
        return [window]
      }
      let area = DisplayInfo.Area(
        x: console.x, y: console.y, width: console.width, height: console.height)
      return [
        window,
        WindowPlacement(role: .presenter, display: console.index, area: area, fullScreen: true),
      ]
    }
    let gap = 24
    let besideX = usable.x + size.width + gap
    let besideWidth = usable.x + usable.width - besideX - gap
    let console =
      besideWidth >= 640
      ? DisplayInfo.Area(
        x: besideX, y: usable.y + gap, width: besideWidth,
        height: min(besideWidth * 9 / 16, usable.height - 2 * gap))
      : windowedArea(.presenter, in: usable, rehearse: true)
    return [
      window, WindowPlacement(role: .presenter, display: room, area: console, fullScreen: false),
    ]
  }
}
