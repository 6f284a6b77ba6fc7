/// A display as the system reports it: what stage assignment decides roles from.
public struct DisplayInfo: Hashable, Sendable, Codable {
  /// SDL's display index.
  public var index: Int
  /// The output name, e.g. `HDMI-1` or `DUMMY1`.
  public var name: String
  /// Position and size in the desktop's coordinates, in pixels.
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int
  /// Horizontal dots per inch, when the system knows it.
  public var dpi: Double?
  /// Refresh rate in Hz, when known.
  public var refreshRate: Int?
  public var isPrimary: Bool

  public init(
    index: Int, name: String, x: Int, y: Int, width: Int, height: Int, dpi: Double? = nil,
    refreshRate: Int? = nil, isPrimary: Bool = false
  ) {
    self.index = index
    self.name = name
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.dpi = dpi
    self.refreshRate = refreshRate
    self.isPrimary = isPrimary
  }

  public var size: PixelSize { PixelSize(width: width, height: height) }
}

/// Where displays come from: SDL for real (PodiumSDL), a fake in tests.
public protocol DisplayProvider {
  func displays() -> [DisplayInfo]
}

/// A display named on the command line: by SDL index (`1`) or by output name (`HDMI-1`).
public enum DisplaySelector: Hashable, Sendable, CustomStringConvertible {
  case index(Int)
  case name(String)

  public init(_ text: String) {
    if let index = Int(text), index >= 0 {
      self = .index(index)
    } else {
      self = .name(text)
    }
  }

  public var description: String {
    switch self {
    case .index(let index): return "\(index)"
    case .name(let name): return name
    }
  }

  func find(in displays: [DisplayInfo]) -> DisplayInfo? {
    switch self {
    case .index(let index): return displays.first { $0.index == index }
    case .name(let name): return displays.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }
  }
}
