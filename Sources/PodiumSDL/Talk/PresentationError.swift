/// Why a talk cannot start.
public enum PresentationError: Error, CustomStringConvertible {
  case noDisplayServer(String)

  public var description: String {
    switch self {
    case .noDisplayServer(let detail):
      return "no display to present on (\(detail)); is DISPLAY or WAYLAND_DISPLAY set? "
        + "'podium export' renders slides without a display"
    }
  }
}
