import PodiumCore

/// The server as the talk's loop sees it (PodiumSDL knows only `TalkRemote`).
extension RemoteServer: TalkRemote {
  public func observe(_ session: TalkSession, status: ConsoleStatus) {
    publish(RemoteSnapshot(session, status: status))
  }

  public var card: RemoteCard {
    let code = QRCode(pairingURL)
    return RemoteCard(
      qrWidth: code?.width ?? 0, modules: code?.modules ?? [], address: address, pin: pin)
  }
}
