import Foundation
import PodiumCore

/// `podium present --remote`: the phone remote and the browser views, served on libmicrohttpd's
/// threads. It never touches the talk: the loop publishes snapshots (`publish`), takes the
/// phone's taps (`takeInputs`, after `wake` told it there are some) and draws the pictures asked
/// for (`takePictureRequests`, `deliver`); the server's threads only read and queue under a lock.
public final class RemoteServer: @unchecked Sendable {
  public struct Options: Sendable {
    /// Where to listen: loopback unless the speaker names an address, an interface or 0.0.0.0.
    public var address = "127.0.0.1"
    public var port: UInt16 = 0
    /// Views only: the phone's buttons are refused.
    public var readOnly = false
    public var limits = HTTPDaemon.Limits()
    /// The address the QR code's URL names, when the server listens on every interface.
    public var advertised: String?

    public init() {}
  }

  private let lock = NSCondition()
  private var pairing: RemotePairing
  private var snapshot: RemoteSnapshot?
  private var inputs: [TalkInput] = []
  private var pictureRequests: [RemotePictureRequest] = []
  private var pictures: [RemotePictureRequest: [UInt8]] = [:]
  private var pictureOrder: [RemotePictureRequest] = []
  private var stopping = false
  let options: Options
  let bindings: KeyBindings
  private let wake: @Sendable () -> Void
  private var daemon: HTTPDaemon?
  /// The URL the QR code holds: the address and port, with the token.
  public private(set) var pairingURL = ""
  /// The URL without the token, for the speaker to type (with the PIN).
  public private(set) var address = ""
  public var port: UInt16 { daemon?.port ?? 0 }
  static let pictureCacheSize = 48
  /// How long a request for a picture waits for the loop to draw it.
  static let pictureWait = 3.0

  /// Starts listening. `wake` is called on a server thread when there are taps or picture
  /// requests for the loop (it must only post an event).
  public init(
    options: Options, bindings: KeyBindings, pairing: RemotePairing = RemotePairing(),
    wake: @escaping @Sendable () -> Void
  ) throws {
    self.options = options
    self.bindings = bindings
    self.pairing = pairing
    self.wake = wake
    let daemon = try HTTPDaemon(
      address: options.address, port: options.port, limits: options.limits
    ) { [weak self] request in
      self?.respond(to: request) ?? HTTPResponse(status: 503)
    }
    self.daemon = daemon
    let host = options.advertised ?? options.address
    address = "http://\(host):\(daemon.port)/"
    pairingURL = address + "?t=" + pairing.token
  }

  /// The PIN to type on the phone, nil once a phone paired with it.
  public var pin: String? { lock.withLock { pairing.pin } }

  /// Ends the streams and stops listening (waits for the connections' threads).
  public func stop() {
    lock.withLock {
      stopping = true
      lock.broadcast()
    }
    daemon?.stop()
    daemon = nil
  }

  deinit { stop() }

  // MARK: - The loop's side

  /// What the views show now; a snapshot that shows the same as the last is not sent again.
  public func publish(_ next: RemoteSnapshot) {
    lock.withLock {
      if let snapshot, snapshot.sameView(as: next) { return }
      var next = next
      next.version = (snapshot?.version ?? 0) + 1
      next.readOnly = options.readOnly
      snapshot = next
      lock.broadcast()
    }
  }

  /// The phone's taps since the last call, as key presses.
  public func takeInputs() -> [TalkInput] {
    lock.withLock {
      defer { inputs = [] }
      return inputs
    }
  }

  /// The pictures phones wait for.
  public func takePictureRequests() -> [RemotePictureRequest] {
    lock.withLock {
      defer { pictureRequests = [] }
      return pictureRequests
    }
  }

  /// A picture drawn for `key` (PNG), kept for the next phones that ask.
  public func deliver(_ png: [UInt8], for key: RemotePictureRequest) {
    lock.withLock {
      if pictures[key] == nil { pictureOrder.append(key) }
      pictures[key] = png
      while pictureOrder.count > Self.pictureCacheSize {
        pictures[pictureOrder.removeFirst()] = nil
      }
      lock.broadcast()
    }
  }

  /// Forgets the pictures (the deck was edited).
  public func forgetPictures() {
    lock.withLock {
      pictures = [:]
      pictureOrder = []
    }
  }

  // MARK: - The server's side

  /// Answers one request: every response carries the security headers.
  func respond(to request: HTTPRequest) -> HTTPResponse {
    var response = route(request)
    for (name, value) in RemoteAssets.securityHeaders where response.headers[name] == nil {
      response.headers[name] = value
    }
    return response
  }

  private func route(_ request: HTTPRequest) -> HTTPResponse {
    guard ["GET", "HEAD", "POST"].contains(request.method) else {
      return HTTPResponse(status: 405, headers: ["Allow": "GET, POST"])
    }
    // A page opened from the QR code: the token becomes a cookie and leaves the address bar.
    if request.method == "GET", let token = request.query["t"] {
      guard lock.withLock({ pairing.accepts(token: token) }) else {
        return text(403, "This link's token is not the talk's: scan the QR code again.")
      }
      trust(request)
      return HTTPResponse(
        status: 303,
        headers: ["Location": request.path, "Set-Cookie": Self.cookie(token)])
    }
    if request.method == "GET", let asset = RemoteAssets.file(request.path) {
      return HTTPResponse(
        status: 200, headers: ["Content-Type": asset.type], body: .bytes(Array(asset.text.utf8)))
    }
    switch (request.method, request.path) {
    case ("POST", "/api/pair"):
      return pair(request)
    case (_, "/api/state"), (_, "/api/events"), (_, "/api/command"), (_, "/api/picture"):
      guard isAuthorized(request) else {
        return json(401, #"{"error":"not paired"}"#)
      }
      return authorized(request)
    default:
      return text(404, "Not found.")
    }
  }

  private func authorized(_ request: HTTPRequest) -> HTTPResponse {
    switch (request.method, request.path) {
    case ("GET", "/api/state"):
      let current = lock.withLock { snapshot }
      return HTTPResponse(
        status: 200, headers: ["Content-Type": "application/json"],
        body: .bytes(current?.json ?? Array("{}".utf8)))
    case ("GET", "/api/events"):
      return HTTPResponse(
        status: 200,
        headers: ["Content-Type": "text/event-stream", "X-Accel-Buffering": "no"],
        body: .stream(SnapshotStream(server: self)))
    case ("POST", "/api/command"):
      return command(request)
    case ("GET", "/api/picture"):
      return picture(request)
    default:
      return HTTPResponse(status: 405, headers: ["Allow": "GET, POST"])
    }
  }

  private func isAuthorized(_ request: HTTPRequest) -> Bool {
    guard let token = request.headers["x-podium-token"] ?? request.cookies["podium_token"],
      lock.withLock({ pairing.accepts(token: token) })
    else { return false }
    trust(request)
    return true
  }

  /// The request came with the token: its address is a paired phone's (or a view's), which
  /// keeps a place on the server whatever other clients take (`ConnectionGate`).
  private func trust(_ request: HTTPRequest) {
    daemon?.gate.trust(request.client)
  }

  /// A POST from a page of another site carries no cookie (SameSite=Strict); one that names
  /// its origin must name this server.
  private func isSameOrigin(_ request: HTTPRequest) -> Bool {
    guard let origin = request.headers["origin"], let host = request.headers["host"] else {
      return true
    }
    return origin == "http://" + host
  }

  private func pair(_ request: HTTPRequest) -> HTTPResponse {
    guard isSameOrigin(request) else { return json(403, #"{"error":"cross-origin"}"#) }
    let pin = String(decoding: request.body, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    let answer = lock.withLock { pairing.pair(pin: pin, at: ProcessInfo.processInfo.systemUptime) }
    switch answer {
    case .paired(let token):
      trust(request)
      return HTTPResponse(
        status: 200,
        headers: ["Content-Type": "application/json", "Set-Cookie": Self.cookie(token)],
        body: .bytes(Array(#"{"paired":true}"#.utf8)))
    case .wrong(let left):
      return json(403, #"{"error":"wrong PIN","triesLeft":\#(left)}"#)
    case .lockedOut(let seconds):
      return HTTPResponse(
        status: 429, headers: ["Retry-After": "\(seconds)", "Content-Type": "application/json"],
        body: .bytes(Array(#"{"error":"locked","seconds":\#(seconds)}"#.utf8)))
    case .expired:
      return json(410, #"{"error":"the PIN was used: scan the QR code"}"#)
    }
  }

  private func command(_ request: HTTPRequest) -> HTTPResponse {
    guard isSameOrigin(request) else { return json(403, #"{"error":"cross-origin"}"#) }
    guard !options.readOnly else { return json(403, #"{"error":"read-only"}"#) }
    let text = String(decoding: request.body, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    guard let command = RemoteCommand(text) else {
      return json(400, #"{"error":"unknown command"}"#)
    }
    let keys = command.inputs(bindings)
    guard !keys.isEmpty else { return json(409, #"{"error":"no key is bound to it"}"#) }
    lock.withLock { inputs += keys }
    wake()
    return HTTPResponse(status: 204)
  }

  private func picture(_ request: HTTPRequest) -> HTTPResponse {
    guard let slide = request.query["slide"].flatMap(Int.init),
      let step = request.query["step"].flatMap(Int.init),
      let width = request.query["w"].flatMap(Int.init)
    else { return text(400, "slide, step and w are numbers") }
    // A handful of widths, so phones share pictures and nobody can ask for endless sizes.
    let bucket = min(1920, max(160, (width + 159) / 160 * 160))
    let picture: [UInt8]? = lock.withLock {
      guard let snapshot, (1...snapshot.slides).contains(slide), step >= 1 else { return nil }
      let key = RemotePictureRequest(slide: slide - 1, step: step - 1, width: bucket)
      if let png = pictures[key] { return png }
      if !pictureRequests.contains(key) { pictureRequests.append(key) }
      wake()
      let deadline = Date().addingTimeInterval(Self.pictureWait)
      while pictures[key] == nil, !stopping, lock.wait(until: deadline) {}
      return pictures[key]
    }
    guard let picture else { return text(404, "No such picture.") }
    return HTTPResponse(
      status: 200, headers: ["Content-Type": "image/png", "Cache-Control": "private, max-age=60"],
      body: .bytes(picture))
  }

  /// The next snapshot after `version` as an event, waiting up to `seconds`: nil when the server
  /// stops, a comment line (keeping the connection alive) when nothing changed.
  func nextEvent(after version: Int, seconds: Double) -> (bytes: [UInt8], version: Int)? {
    lock.withLock {
      let deadline = Date().addingTimeInterval(seconds)
      while !stopping, (snapshot?.version ?? 0) <= version, lock.wait(until: deadline) {}
      if stopping { return nil }
      guard let snapshot, snapshot.version > version else {
        return (Array(": ping\n\n".utf8), version)
      }
      let event = Array("id: \(snapshot.version)\ndata: ".utf8) + snapshot.json + Array("\n\n".utf8)
      return (event, snapshot.version)
    }
  }

  private static func cookie(_ token: String) -> String {
    "podium_token=\(token); Path=/; HttpOnly; SameSite=Strict"
  }

  private func text(_ status: Int, _ message: String) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: ["Content-Type": "text/plain; charset=utf-8"],
      body: .bytes(Array(message.utf8)))
  }

  private func json(_ status: Int, _ body: String) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: ["Content-Type": "application/json"], body: .bytes(Array(body.utf8)))
  }
}

/// Server-Sent Events of one view: the snapshot at once, then each new one as it is published.
final class SnapshotStream: HTTPStream, @unchecked Sendable {
  private weak var server: RemoteServer?
  private var sent = 0
  private var first = true

  init(server: RemoteServer) {
    self.server = server
  }

  func next() -> [UInt8]? {
    guard let server else { return nil }
    if first {
      first = false
      // The browser reconnects after 1 s when the connection drops.
      return Array("retry: 1000\n\n".utf8)
    }
    guard let event = server.nextEvent(after: sent, seconds: 5) else { return nil }
    sent = event.version
    return event.bytes
  }
}
