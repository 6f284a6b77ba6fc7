import Yams

extension Configuration {
  /// `remote: on | off | ADDRESS[:PORT] | INTERFACE[:PORT]` and `remote-readonly: true|false`.
  static func readRemote(
    _ key: String, _ value: Node, into config: inout Configuration, sink: inout DiagnosticSink
  ) {
    let raw = value.scalar?.string ?? ""
    let yes = ["true", "on", "yes"].contains(raw.lowercased())
    let no = ["false", "off", "no"].contains(raw.lowercased())
    if key == "remote-readonly" {
      guard yes || no else {
        sink.error("remote-readonly must be true or false, not '\(raw)'", at: value.sourceLocation)
        return
      }
      config.remoteReadOnly = yes
      return
    }
    if no { return }
    if yes {
      config.remote = "127.0.0.1"
      return
    }
    guard !raw.isEmpty, raw.allSatisfy({ $0.isLetter || $0.isNumber || ".:-_".contains($0) })
    else {
      sink.error(
        "remote must be on, off, an address such as 0.0.0.0:8123 or an interface such as wlan0, "
          + "not '\(raw)'", at: value.sourceLocation)
      return
    }
    config.remote = raw
  }
}
