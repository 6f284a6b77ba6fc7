import CWaylandClient
import CWaylandProtocols
import PodiumCore

/// The compositor's outputs as Wayland names them, read over a connection of our own: SDL 2
/// names a Wayland display by its description ("Headless output 1", "Built-in display") and
/// reports no scale, while speakers know outputs as `eDP-1` and `HDMI-A-1`.
///
/// wl_output version 4 sends the name and the description; where it is older (GNOME 43) they
/// come from xdg-output (version 2 and later); with neither the list is empty and SDL's names
/// stay.
enum WaylandOutputs {
  /// The outputs in the compositor's order, or none when there is no Wayland display. The
  /// corresponding C functions are `wl_display_connect`, `wl_display_get_registry`,
  /// `wl_registry_bind` and `wl_display_roundtrip`.
  static func list() -> [OutputIdentity] {
    guard let display = wl_display_connect(nil) else { return [] }
    defer { wl_display_disconnect(display) }
    guard let registry = wl_display_get_registry(display) else { return [] }
    let found = Found()
    _ = wl_registry_add_listener(
      registry, registryListener, Unmanaged.passUnretained(found).toOpaque())
    // The first round trip announces the globals (each output is bound with its listener
    // then), the second brings each output's name, description and scale.
    _ = wl_display_roundtrip(display)
    if let manager = found.xdgManager {
      for output in found.outputs {
        output.xdg = zxdg_output_manager_v1_get_xdg_output(manager, output.proxy)
        if let xdg = output.xdg {
          _ = zxdg_output_v1_add_listener(
            xdg, xdgOutputListener, Unmanaged.passUnretained(output).toOpaque())
        }
      }
    }
    _ = wl_display_roundtrip(display)
    for output in found.outputs {
      output.xdg.map { zxdg_output_v1_destroy($0) }
      wl_output_destroy(output.proxy)
    }
    found.xdgManager.map { zxdg_output_manager_v1_destroy($0) }
    wl_registry_destroy(registry)
    return found.outputs.map(\.identity).filter { !$0.name.isEmpty }
  }

  /// One bound output and what it said about itself.
  private final class Output {
    let proxy: OpaquePointer
    var xdg: OpaquePointer?
    var identity = OutputIdentity(name: "", description: "", scale: 1)

    init(proxy: OpaquePointer) {
      self.proxy = proxy
    }

    static func from(_ data: UnsafeMutableRawPointer?) -> Output? {
      data.map { Unmanaged<Output>.fromOpaque($0).takeUnretainedValue() }
    }
  }

  private final class Found {
    /// Kept alive here: the listeners hold unretained pointers to them.
    var outputs: [Output] = []
    var xdgManager: OpaquePointer?
  }

  nonisolated(unsafe) private static let registryListener = {
    let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
    listener.initialize(
      to: wl_registry_listener(
        global: { data, registry, name, interface, version in
          guard let data, let registry, let interface else { return }
          let found = Unmanaged<Found>.fromOpaque(data).takeUnretainedValue()
          switch String(cString: interface) {
          case "wl_output":
            guard
              let bound = wl_registry_bind(
                registry, name, podium_wl_output_interface(), min(version, 4))
            else { return }
            let output = Output(proxy: OpaquePointer(bound))
            found.outputs.append(output)
            _ = wl_output_add_listener(
              output.proxy, outputListener, Unmanaged.passUnretained(output).toOpaque())
          case "zxdg_output_manager_v1" where version >= 2:
            found.xdgManager = wl_registry_bind(
              registry, name, podium_zxdg_output_manager_v1_interface(), min(version, 3)
            ).map(OpaquePointer.init)
          default:
            break
          }
        },
        global_remove: { _, _, _ in }))
    return UnsafePointer(listener)
  }()

  /// xdg-output's name and description stand in where wl_output gave none.
  nonisolated(unsafe) private static let xdgOutputListener = {
    let listener = UnsafeMutablePointer<zxdg_output_v1_listener>.allocate(capacity: 1)
    listener.initialize(
      to: zxdg_output_v1_listener(
        logical_position: { _, _, _, _ in },
        logical_size: { _, _, _, _ in },
        done: { _, _ in },
        name: { data, _, name in
          guard let name, let output = Output.from(data), output.identity.name.isEmpty else {
            return
          }
          output.identity.name = String(cString: name)
        },
        description: { data, _, text in
          guard let text, let output = Output.from(data), output.identity.description.isEmpty
          else { return }
          output.identity.description = String(cString: text)
        }))
    return UnsafePointer(listener)
  }()

  nonisolated(unsafe) private static let outputListener = {
    let listener = UnsafeMutablePointer<wl_output_listener>.allocate(capacity: 1)
    listener.initialize(
      to: wl_output_listener(
        geometry: { _, _, _, _, _, _, _, _, _, _ in },
        mode: { _, _, _, _, _, _ in },
        done: { _, _ in },
        scale: { data, _, factor in Output.from(data)?.identity.scale = Int(factor) },
        name: { data, _, name in
          guard let name else { return }
          Output.from(data)?.identity.name = String(cString: name)
        },
        description: { data, _, text in
          guard let text else { return }
          Output.from(data)?.identity.description = String(cString: text)
        }))
    return UnsafePointer(listener)
  }()
}
