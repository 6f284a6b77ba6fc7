/// An output as the compositor names it (Wayland's wl_output `name`, `description` and
/// `scale`), for giving SDL's displays the names speakers know.
public struct OutputIdentity: Hashable, Sendable {
  /// The connector: `eDP-1`, `HDMI-A-1`, `HEADLESS-2`.
  public var name: String
  /// What SDL 2 uses as the display's name on Wayland.
  public var description: String
  /// The integer scale the compositor asks clients to draw at (2 for a 4K panel at 200%).
  public var scale: Int

  public init(name: String, description: String, scale: Int) {
    self.name = name
    self.description = description
    self.scale = scale
  }

  /// `displays` with the output names and scales of `outputs`: each display takes the first
  /// unused output whose description is its SDL name, else (when the counts agree, as SDL and
  /// the compositor list outputs in the same order) the output at its place. A display that
  /// matches neither keeps SDL's name.
  public static func name(_ displays: [DisplayInfo], from outputs: [OutputIdentity])
    -> [DisplayInfo]
  {
    var unused = Array(outputs.indices)
    return displays.enumerated().map { place, display in
      var display = display
      var found = unused.first { outputs[$0].description == display.name }
      if found == nil, outputs.count == displays.count, unused.contains(place) {
        found = place
      }
      guard let index = found else { return display }
      unused.removeAll { $0 == index }
      display.name = outputs[index].name
      display.scale = Double(outputs[index].scale)
      return display
    }
  }

  /// The primary display where the system has none (Wayland): the laptop's built-in panel
  /// (an output named `eDP*`, `LVDS*` or `DSI*`), else the first display. The console goes
  /// there; the projector gets the slides.
  public static func choosePrimary(_ displays: [DisplayInfo]) -> [DisplayInfo] {
    let builtIn = displays.firstIndex { display in
      ["edp", "lvds", "dsi"].contains { display.name.lowercased().hasPrefix($0) }
    }
    let primary = builtIn ?? displays.indices.first
    return displays.enumerated().map { place, display in
      var display = display
      display.isPrimary = place == primary
      return display
    }
  }
}
