import ArgumentParser
import PodiumCore
import PodiumRemote
import PodiumSDL

/// `podium present --remote[=ADDRESS[:PORT]]` and `--remote-readonly`: the phone remote and the
/// browser views (PodiumRemote), off unless asked for here or by `remote:` in config.yaml.
struct RemoteOptionGroup: ParsableArguments {
  @Flag(
    help: ArgumentHelp(
      "Serve the phone remote and the notes, timer and audience views on 127.0.0.1:8123; "
        + "--remote=ADDRESS[:PORT] listens on another address, an interface (wlan0) or 0.0.0.0. "
        + "The console shows a QR code and a PIN to pair (Shift+R hides them)."))
  var remote = false

  @Option(name: .customLong("remote-listen"), help: ArgumentHelp(visibility: .hidden))
  var remoteListen: String?

  @Flag(help: "With --remote: the views only; the phone cannot move the talk.")
  var remoteReadonly = false

  @Flag(
    help: ArgumentHelp(
      "Offer no D-Bus service: 'podium remote' (and scripts on the session bus) cannot drive "
        + "this talk."))
  var noBus = false

  /// ArgumentParser has no option whose value may be left out: `--remote=X` is read as
  /// `--remote --remote-listen X`.
  static func arguments(_ all: [String]) -> [String] {
    all.dropFirst().flatMap { argument -> [String] in
      guard argument.hasPrefix("--remote=") else { return [argument] }
      return ["--remote", "--remote-listen", String(argument.dropFirst("--remote=".count))]
    }
  }

  /// The talk's D-Bus service for `podium remote`, started, or nil with --no-bus. Without a
  /// session bus, or with the name held by another talk, the talk goes on without it.
  func startBus(_ settings: Configuration) -> TalkBusService? {
    guard !noBus else { return nil }
    let bus = TalkBusService(bindings: settings.bindings, wake: TalkInput.announceRemote)
    if let warning = bus.warning {
      Console.error("podium present: warning: podium remote cannot reach this talk: \(warning)")
    }
    return bus
  }

  /// The server, started, or nil when the remote is off.
  func start(_ settings: Configuration) throws -> RemoteServer? {
    guard remote || remoteListen != nil || settings.remote != nil else { return nil }
    let address = try RemoteAddress(remoteListen ?? settings.remote ?? "127.0.0.1")
    var options = RemoteServer.Options()
    options.address = address.listen
    options.port = address.port
    options.advertised = address.advertised
    options.readOnly = remoteReadonly || settings.remoteReadOnly
    let server = try RemoteServer(
      options: options, bindings: settings.bindings, wake: TalkInput.announceRemote)
    // The token stays on the console's QR code: the terminal gets the address and the PIN.
    let views = ["phone", "notes", "timer", "audience"].map { server.address + $0 }
    Console.error(
      "podium present: phone remote at \(server.address) (PIN \(server.pin ?? "-")); views: "
        + views.joined(separator: " "))
    return server
  }
}
