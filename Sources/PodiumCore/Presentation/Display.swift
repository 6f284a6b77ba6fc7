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
  /// The part of the display free of panels and docks (the whole display when nothing is
  /// reserved): where ordinary windows go.
  public var usable: Area
  /// Horizontal dots per inch, when the system knows it.
  public var dpi: Double?
  /// Refresh rate in Hz, when known.
  public var refreshRate: Int?
  public var isPrimary: Bool
  /// The scale the compositor asks for (2 on a 4K panel at 200%), when it says (Wayland).
  public var scale: Double?

  public init(
    index: Int, name: String, x: Int, y: Int, width: Int, height: Int, dpi: Double? = nil,
    refreshRate: Int? = nil, isPrimary: Bool = false, usable: Area? = nil, scale: Double? = nil
  ) {
    self.scale = scale
    self.usable = usable ?? Area(x: x, y: y, width: width, height: height)
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

  /// A rectangle in the desktop's whole-pixel coordinates.
  public struct Area: Hashable, Sendable, Codable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
      self.x = x
      self.y = y
      self.width = width
      self.height = height
    }
  }
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
    case .name(let name):
      return displays.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }
  }
}
