import PodiumCore

/// Displays from a list, for stage-assignment tests: a laptop, a projector, a 4K panel.
public struct FakeDisplayProvider: DisplayProvider {
  public var list: [DisplayInfo]

  public init(_ list: [DisplayInfo]) {
    self.list = list
  }

  public func displays() -> [DisplayInfo] { list }

  public static let laptop = DisplayInfo(
    index: 0, name: "eDP-1", x: 0, y: 0, width: 1920, height: 1080, dpi: 141, refreshRate: 60,
    isPrimary: true)
  public static let projector = DisplayInfo(
    index: 1, name: "HDMI-1", x: 1920, y: 0, width: 1280, height: 720, dpi: 96, refreshRate: 60)
  public static let panel4K = DisplayInfo(
    index: 2, name: "DP-2", x: 3200, y: 0, width: 3840, height: 2160, dpi: 163, refreshRate: 60)
}
