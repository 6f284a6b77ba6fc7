import Foundation

/// A client of the server under test on a plain socket: requests as the bytes a hostile client
/// would send, malformed or slow ones included.
struct RawHTTP {
  let port: UInt16

  struct Reply {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
  }

  /// A connected socket; -1 when the server refused.
  func connect() -> Int32 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    if connected != 0 {
      close(socket)
      return -1
    }
    return socket
  }

  /// Sends `raw` and reads until the server closes (or `limit` bytes).
  func send(_ raw: [UInt8], limit: Int = 1 << 22) -> [UInt8] {
    let socket = connect()
    guard socket >= 0 else { return [] }
    defer { close(socket) }
    _ = raw.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, raw.count, Int32(MSG_NOSIGNAL)) }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while received.count < limit {
      let count = recv(socket, &buffer, buffer.count, 0)
      if count <= 0 { break }
      received += buffer[0..<count]
    }
    return received
  }

  func request(
    _ method: String, _ path: String, headers: [String: String] = [:], body: String = ""
  ) -> Reply? {
    var lines = ["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Connection: close"]
    for (name, value) in headers { lines.append("\(name): \(value)") }
    if method == "POST" { lines.append("Content-Length: \(body.utf8.count)") }
    let raw = Array((lines.joined(separator: "\r\n") + "\r\n\r\n" + body).utf8)
    return Self.parse(send(raw))
  }

  static func parse(_ bytes: [UInt8]) -> Reply? {
    let separator: [UInt8] = [13, 10, 13, 10]
    guard
      let end = (0..<max(0, bytes.count - 3)).first(where: {
        Array(bytes[$0..<$0 + 4]) == separator
      })
    else { return nil }
    let head = String(decoding: bytes[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
    guard let statusLine = head.first, statusLine.split(separator: " ").count >= 2,
      let status = Int(statusLine.split(separator: " ")[1])
    else { return nil }
    var headers: [String: String] = [:]
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    var body = Array(bytes[(end + 4)...])
    if headers["transfer-encoding"] == "chunked" { body = dechunk(body) }
    return Reply(status: status, headers: headers, body: body)
  }

  static func dechunk(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var index = 0
    while index < bytes.count {
      guard
        let lineEnd = (index..<bytes.count - 1).first(where: {
          bytes[$0] == 13 && bytes[$0 + 1] == 10
        }),
        let size = Int(String(decoding: bytes[index..<lineEnd], as: UTF8.self), radix: 16),
        size > 0
      else { break }
      let start = lineEnd + 2
      out += bytes[start..<min(bytes.count, start + size)]
      index = start + size + 2
    }
    return out
  }
}
