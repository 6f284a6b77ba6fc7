import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

@testable import PodiumRemote

/// The remote's server on a loopback port, driven over real sockets: pairing, the token, the
/// commands that become key presses, the events, the pictures, and what it refuses.
@Suite(.serialized) struct RemoteServerTests {
  static let deckPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/remote-deck.md").path
  static let token = "0123456789abcdef0123456789abcdef"

  final class Wakes: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func wake() { lock.withLock { count += 1 } }
    var total: Int { lock.withLock { count } }
  }

  static func session() throws -> TalkSession {
    let loaded = DeckLoader(math: nil).load(deckPath)
    let deck = try #require(loaded.deck)
    return TalkSession(path: deckPath, deck: deck, theme: .light)
  }

  static func status(_ session: TalkSession) -> ConsoleStatus {
    ConsoleStatus(
      now: 0, elapsed: session.state.timer.elapsed(at: 0), duration: TalkDuration(seconds: 600),
      clock: "14:05", audience: "test")
  }

  func server(readOnly: Bool = false, wakes: Wakes = Wakes(), idleSeconds: UInt32 = 10) throws
    -> RemoteServer
  {
    var options = RemoteServer.Options()
    options.readOnly = readOnly
    options.limits.idleSeconds = idleSeconds
    let server = try RemoteServer(
      options: options, bindings: KeyBindings(),
      pairing: RemotePairing(token: Self.token, pin: "123456"), wake: { wakes.wake() })
    server.publish(RemoteSnapshot(try Self.session(), status: Self.status(try Self.session())))
    return server
  }

  @Test func listensOnLoopbackWithATokenURL() throws {
    let server = try server()
    defer { server.stop() }
    #expect(server.port > 0)
    #expect(server.pairingURL == "http://127.0.0.1:\(server.port)/?t=\(Self.token)")
    #expect(RemotePairing().token.count == 32)
    #expect(RemotePairing().token != RemotePairing().token)
    #expect(RemotePairing().pin?.count == 6)
  }

  @Test func pairsWithThePINOnceAndLocksOutAfterFiveWrongTries() throws {
    let server = try server()
    defer { server.stop() }
    let http = RawHTTP(port: server.port)
    let wrong = try #require(http.request("POST", "/api/pair", body: "000000"))
    #expect(wrong.status == 403)
    #expect(wrong.text.contains(#""triesLeft":4"#))
    let right = try #require(http.request("POST", "/api/pair", body: "123456"))
    #expect(right.status == 200)
    let cookie = try #require(right.headers["set-cookie"])
    #expect(cookie.contains("podium_token=\(Self.token)"))
    #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
    #expect(http.request("POST", "/api/pair", body: "123456")?.status == 410)
    #expect(server.pin == nil)

    var pairing = RemotePairing(token: Self.token, pin: "654321")
    for attempt in 0..<5 {
      #expect(pairing.pair(pin: "11111\(attempt)", at: 100 + Double(attempt)) != .expired)
    }
    #expect(pairing.pair(pin: "654321", at: 110) == .lockedOut(seconds: 50))
    #expect(pairing.pair(pin: "654321", at: 161) == .paired(token: Self.token))
  }

  @Test func lockoutOverHTTP() throws {
    let server = try server()
    defer { server.stop() }
    let http = RawHTTP(port: server.port)
    for _ in 0..<5 { #expect(http.request("POST", "/api/pair", body: "999999")?.status == 403) }
    let locked = try #require(http.request("POST", "/api/pair", body: "123456"))
    #expect(locked.status == 429)
    #expect(locked.headers["retry-after"] != nil)
  }

  @Test func refusesRequestsWithoutTheToken() throws {
    let server = try server()
    defer { server.stop() }
    let http = RawHTTP(port: server.port)
    #expect(http.request("GET", "/api/state")?.status == 401)
    #expect(
      http.request("GET", "/api/state", headers: ["X-Podium-Token": "0123456789abcdef"])?.status
        == 401)
    #expect(
      http.request("GET", "/api/state", headers: ["Cookie": "podium_token=\(Self.token)x"])?.status
        == 401)
    #expect(http.request("POST", "/api/command", body: "next")?.status == 401)
    #expect(http.request("GET", "/api/picture?slide=1&step=1&w=320")?.status == 401)
    let state = try #require(
      http.request("GET", "/api/state", headers: ["Cookie": "podium_token=\(Self.token)"]))
    #expect(state.status == 200)
    let snapshot = try JSONDecoder().decode(RemoteSnapshot.self, from: Data(state.body))
    #expect(snapshot.slide == 1 && snapshot.slides == 3 && snapshot.title == "Remote test deck")
    #expect(snapshot.notes == ["Say hello to the room first."])
    #expect(snapshot.remaining == "10:00")
    // The QR code's link: the token becomes a cookie and leaves the address bar.
    let link = try #require(http.request("GET", "/phone?t=\(Self.token)"))
    #expect(link.status == 303)
    #expect(link.headers["location"] == "/phone")
    #expect(link.headers["set-cookie"]?.contains(Self.token) == true)
    #expect(http.request("GET", "/phone?t=ffff")?.status == 403)
  }

  @Test func commandsBecomeTheKeysOfTheirCommands() throws {
    let wakes = Wakes()
    let server = try server(wakes: wakes)
    defer { server.stop() }
    let http = RawHTTP(port: server.port)
    let auth = ["X-Podium-Token": Self.token]
    #expect(http.request("POST", "/api/command", headers: auth, body: "next")?.status == 204)
    #expect(http.request("POST", "/api/command", headers: auth, body: "goto:3")?.status == 204)
    #expect(http.request("POST", "/api/command", headers: auth, body: "rm -rf")?.status == 400)
    #expect(wakes.total == 2)
    let inputs = server.takeInputs()
    #expect(inputs.first == .key(Key(.right)))
    var session = try Self.session()
    for input in inputs.prefix(1) { _ = session.handle(input, at: 1) }
    #expect(session.state.slide == 1)
    for input in inputs.dropFirst() { _ = session.handle(input, at: 2) }
    #expect(session.state.slide == 2)
    #expect(server.takeInputs().isEmpty)
    // The speaker's own keys: a phone's Next sends the key bound to next in config.yaml.
    let own = KeyBindings(own: [Key("j"): .next, Key(.right): .toggleBlack])
    #expect(RemoteCommand.next.inputs(own) == [.key(Key("j"))])
    #expect(RemoteCommand.black.inputs(own).first == .key(Key(.right)))
    // A cross-site form cannot drive the talk.
    let foreign = auth.merging(["Origin": "http://evil.example"]) { $1 }
    #expect(http.request("POST", "/api/command", headers: foreign, body: "next")?.status == 403)
  }

  @Test func readOnlyServesViewsButRefusesTaps() throws {
    let wakes = Wakes()
    let server = try server(readOnly: true, wakes: wakes)
    defer { server.stop() }
    let http = RawHTTP(port: server.port)
    let auth = ["X-Podium-Token": Self.token]
    #expect(http.request("POST", "/api/command", headers: auth, body: "next")?.status == 403)
    #expect(server.takeInputs().isEmpty && wakes.total == 0)
    let state = try #require(http.request("GET", "/api/state", headers: auth))
    #expect(state.text.contains(#""readOnly":true"#))
  }

  @Test func everyResponseCarriesTheSecurityHeaders() throws {
    let server = try server()
    defer { server.stop() }
    let http = RawHTTP(port: server.port)
    for path in ["/", "/phone", "/notes", "/timer", "/audience", "/app.js", "/app.css", "/nope"] {
      let reply = try #require(http.request("GET", path))
      let csp = try #require(reply.headers["content-security-policy"])
      #expect(csp.contains("default-src 'self'") && !csp.contains("unsafe-inline"))
      #expect(csp.contains("frame-ancestors 'none'"))
      #expect(reply.headers["referrer-policy"] == "no-referrer")
      #expect(reply.headers["x-frame-options"] == "DENY")
      if path != "/nope" {
        #expect(reply.status == 200)
        // No inline script: every script is the app's own file.
        #expect(!reply.text.contains("<script>") && !reply.text.contains("onclick="))
      }
    }
    #expect(http.request("DELETE", "/api/state")?.status == 405)
  }

  @Test func servesNothingButItsOwnFiles() throws {
    let server = try server()
    defer { server.stop() }
    let http = RawHTTP(port: server.port)
    let auth = ["X-Podium-Token": Self.token]
    for path in [
      "/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/app.js/../../etc/passwd",
      "/..%2f..%2fetc%2fpasswd", "//etc/passwd", "/api/../../etc/passwd", "/Package.swift",
      "/api/picture/../../../etc/passwd",
    ] {
      let reply = http.request("GET", path, headers: auth)
      #expect(reply.map { [400, 404].contains($0.status) } ?? true, "\(path)")
      #expect(reply?.text.contains("root:") != true)
    }
  }

  @Test func limitsBodiesHeadersAndGarbage() throws {
    // Idle connections (garbage that never ends its headers, slowloris) close after 2 s here.
    let server = try server(idleSeconds: 2)
    defer { server.stop() }
    let http = RawHTTP(port: server.port)
    let big = String(repeating: "x", count: 64 * 1024)
    let oversized = http.request(
      "POST", "/api/command", headers: ["X-Podium-Token": Self.token], body: big)
    #expect(oversized.map { $0.status == 413 } ?? true)
    let hugeHeader = http.request("GET", "/phone", headers: ["X-Junk": big])
    #expect(hugeHeader.map { $0.status == 431 || $0.status == 413 } ?? true)
    for garbage in ["\u{0}\u{1}\u{2}\r\n\r\n", "GET\r\n\r\n", "GET / HTTP/9.9\r\n\r\n", "\r\n\r\n"]
    {
      let reply = RawHTTP.parse(http.send(Array(garbage.utf8)))
      #expect(reply.map { $0.status >= 400 } ?? true, "\(garbage.debugDescription)")
    }
    // Still serving after all that.
    #expect(http.request("GET", "/app.css")?.status == 200)
  }

  @Test func pushesEachNewSnapshotWithin200ms() throws {
    let server = try server()
    defer { server.stop() }
    let http = RawHTTP(port: server.port)
    let socket = http.connect()
    #expect(socket >= 0)
    defer { close(socket) }
    let request = "GET /api/events HTTP/1.1\r\nHost: x\r\nX-Podium-Token: \(Self.token)\r\n\r\n"
    _ = Array(request.utf8).withUnsafeBytes {
      Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
    }
    func read(until needle: String) -> String {
      var text = ""
      var buffer = [UInt8](repeating: 0, count: 8192)
      while !text.contains(needle) {
        let count = recv(socket, &buffer, buffer.count, 0)
        if count <= 0 { break }
        text += String(decoding: buffer[0..<count], as: UTF8.self)
      }
      return text
    }
    #expect(read(until: #""slide":1"#).contains("text/event-stream"))
    var session = try Self.session()
    _ = session.handle(.key(Key(.right)), at: 1)
    let start = Date()
    server.publish(RemoteSnapshot(session, status: Self.status(session)))
    let pushed = read(until: #""slide":2"#)
    let elapsed = Date().timeIntervalSince(start)
    #expect(pushed.contains(#""notes":["The second slide's notes."]"#))
    #expect(elapsed < 0.2, "pushed after \(elapsed) s")
  }

  @Test func picturesAreDrawnByTheLoopAndKept() throws {
    let server = try server()
    defer { server.stop() }
    let http = RawHTTP(port: server.port)
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]
    let loop = Thread {
      for _ in 0..<200 {
        let wanted = server.takePictureRequests()
        if let key = wanted.first {
          server.deliver(png + [UInt8(key.slide), UInt8(key.width / 160)], for: key)
          return
        }
        Thread.sleep(forTimeInterval: 0.01)
      }
    }
    loop.start()
    let auth = ["X-Podium-Token": Self.token]
    let reply = try #require(
      http.request("GET", "/api/picture?slide=2&step=1&w=300", headers: auth))
    #expect(reply.status == 200)
    #expect(reply.headers["content-type"] == "image/png")
    #expect(reply.body == png + [1, 2])
    // Kept: the second phone gets it with no request to the loop.
    #expect(
      http.request("GET", "/api/picture?slide=2&step=1&w=310", headers: auth)?.body == reply.body)
    #expect(server.takePictureRequests().isEmpty)
    #expect(http.request("GET", "/api/picture?slide=9&step=1&w=300", headers: auth)?.status == 404)
  }

  @Test func qrCodeHasItsFinderPatterns() throws {
    let code = try #require(QRCode("http://192.168.1.20:8123/?t=\(Self.token)"))
    #expect(code.width >= 25 && (code.width - 17) % 4 == 0)
    // The three 7x7 finder squares: a dark ring, a light ring, a dark 3x3 centre.
    for (top, left) in [(0, 0), (0, code.width - 7), (code.width - 7, 0)] {
      for row in 0..<7 {
        for column in 0..<7 {
          let ring = min(row, column, 6 - row, 6 - column)
          #expect(code.isDark(row: top + row, column: left + column) == (ring != 1))
        }
      }
    }
    #expect(code.modules.filter { $0 }.count > code.width * code.width / 4)
  }
}
