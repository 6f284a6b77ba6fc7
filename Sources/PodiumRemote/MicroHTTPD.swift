import CMicroHTTPD
import Foundation

/// An HTTP request as the remote's router sees it: names of headers in lower case, the body
/// whole (never larger than `HTTPDaemon.Limits.bodyBytes`).
public struct HTTPRequest: Sendable {
  public var method: String
  public var path: String
  public var query: [String: String]
  public var headers: [String: String]
  public var cookies: [String: String]
  public var body: [UInt8]
  /// The client's IP address ("" when unknown).
  public var client: String

  public init(
    method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
    cookies: [String: String] = [:], body: [UInt8] = [], client: String = ""
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
    self.cookies = cookies
    self.body = body
    self.client = client
  }
}

/// What the router answers: bytes, or a stream (Server-Sent Events) read on the connection's
/// own thread until it ends.
public struct HTTPResponse: Sendable {
  public enum Body: Sendable {
    case bytes([UInt8])
    case stream(any HTTPStream)
  }

  public var status: Int
  public var headers: [String: String]
  public var body: Body

  public init(status: Int, headers: [String: String] = [:], body: Body = .bytes([])) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// The body's bytes (empty for a stream): what tests read.
  public var bytes: [UInt8] {
    if case .bytes(let bytes) = body { return bytes }
    return []
  }
}

/// A response that goes on: `next()` waits for the next bytes (on the connection's thread) and
/// returns nil to end the response.
public protocol HTTPStream: AnyObject, Sendable {
  func next() -> [UInt8]?
}

/// A web server on libmicrohttpd's threads (one for listening, one per connection), so nothing
/// a client does, however slow or hostile, runs on the talk's loop. Who gets a connection is
/// the `ConnectionGate`'s call (a place kept for paired phones, a few per other address, a
/// deadline for a request's headers), asked by libmicrohttpd before it accepts one; a watchman
/// thread closes the connections whose headers are overdue. The corresponding C functions are
/// `MHD_start_daemon` and `MHD_stop_daemon`.
public final class HTTPDaemon: @unchecked Sendable {
  /// What one client may take: libmicrohttpd refuses the rest (431 for headers larger than the
  /// connection's memory, closed connections past the limits, idle ones after the timeout).
  public struct Limits: Sendable {
    /// Who gets a connection: how many in all, per address, kept for paired phones, and how
    /// long a request's headers may take.
    public var gate = ConnectionGate.Policy()
    public var idleSeconds: UInt32 = 10
    public var memoryPerConnection = 16 * 1024
    public var bodyBytes = 1024
    /// Each connection's thread's stack: the router's Swift, little more.
    public var threadStackBytes = 512 * 1024

    public init() {}
  }

  public enum StartError: Error, CustomStringConvertible {
    case badAddress(String)
    case cannotListen(String, UInt16)

    public var description: String {
      switch self {
      case .badAddress(let address): return "'\(address)' is not an IPv4 address"
      case .cannotListen(let address, let port):
        return "MHD_start_daemon failed: cannot listen on \(address):\(port)"
      }
    }
  }

  private var daemon: OpaquePointer?
  /// The port listened on (the one the system chose for port 0).
  public private(set) var port: UInt16 = 0
  let limits: Limits
  let handler: @Sendable (HTTPRequest) -> HTTPResponse
  /// Who gets a connection, and whose headers are overdue.
  public let gate: ConnectionGate
  private let watchman = NSCondition()
  private var watching = true
  private var watchmanThread: Thread?

  /// Listens on `address` (IPv4, `0.0.0.0` for every interface) and `port` (0: any free one).
  public init(
    address: String, port: UInt16, limits: Limits = Limits(),
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) throws {
    var socketAddress = sockaddr_in()
    socketAddress.sin_family = sa_family_t(AF_INET)
    socketAddress.sin_port = port.bigEndian
    guard inet_pton(AF_INET, address, &socketAddress.sin_addr) == 1 else {
      throw StartError.badAddress(address)
    }
    self.limits = limits
    self.handler = handler
    gate = ConnectionGate(policy: limits.gate)
    let flags = MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_INTERNAL_POLLING_THREAD.rawValue
    let started = withUnsafePointer(to: &socketAddress) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        podium_mhd_start(
          flags, address, HTTPDaemon.access, Unmanaged.passUnretained(self).toOpaque(),
          UInt32(limits.gate.connections),
          UInt32(max(limits.gate.perAddress, limits.gate.perPairedAddress)), limits.idleSeconds,
          limits.memoryPerConnection, limits.threadStackBytes, HTTPDaemon.admit,
          HTTPDaemon.notifyConnection, HTTPDaemon.completed)
      }
    }
    guard let started else { throw StartError.cannotListen(address, port) }
    daemon = started
    self.port = podium_mhd_port(started)
    let thread = Thread { [weak self] in self?.watch() }
    thread.name = "podium remote watchman"
    watchmanThread = thread
    thread.start()
  }

  /// Stops listening and waits for the connections' threads (their streams must end).
  public func stop() {
    watchman.withLock {
      watching = false
      watchman.broadcast()
    }
    guard let daemon else { return }
    self.daemon = nil
    MHD_stop_daemon(daemon)
  }

  deinit { stop() }

  private static var now: Double { ProcessInfo.processInfo.systemUptime }

  /// Four times a second, closes the connections whose request's headers are overdue: the
  /// socket shut down, its thread sees the end of it and closes the connection. The
  /// corresponding C function is `shutdown`.
  private func watch() {
    watchman.lock()
    defer { watchman.unlock() }
    while watching {
      _ = watchman.wait(until: Date().addingTimeInterval(0.25))
      gate.closeOverdue(at: Self.now) { socket in _ = shutdown(socket, Int32(SHUT_RDWR)) }
    }
  }

  private static func daemon(_ context: UnsafeMutableRawPointer?) -> HTTPDaemon? {
    context.map { Unmanaged<HTTPDaemon>.fromOpaque($0).takeUnretainedValue() }
  }

  private static func text(of address: UnsafePointer<sockaddr>?) -> String {
    text { podium_mhd_address_text(address, $0, $1) }
  }

  private static func client(of connection: OpaquePointer) -> String {
    text { podium_mhd_client_address(connection, $0, $1) }
  }

  /// What `write` puts in a buffer of 64 characters, ended by a zero.
  private static func text(_ write: (UnsafeMutablePointer<CChar>, Int) -> Void) -> String {
    var buffer = [CChar](repeating: 0, count: 64)
    buffer.withUnsafeMutableBufferPointer {
      guard let start = $0.baseAddress else { return }
      write(start, $0.count - 1)
    }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Asked before a connection is accepted. The corresponding C option is
  /// `MHD_OPTION_ACCEPT_POLICY_CALLBACK` (the daemon's `apc`).
  private static let admit: MHD_AcceptPolicyCallback = { context, address, _ in
    guard let daemon = daemon(context) else { return .NO }
    return daemon.gate.admits(text(of: address)) ? .YES : .NO
  }

  /// A connection opened or closed: its place in the gate. The corresponding C option is
  /// `MHD_OPTION_NOTIFY_CONNECTION`; libmicrohttpd calls it on closing before it closes the
  /// socket.
  private static let notifyConnection: MHD_NotifyConnectionCallback = {
    context, connection, socketContext, code in
    guard let daemon = daemon(context), let connection, let socketContext else { return }
    if code == .CONNECTION_NOTIFY_STARTED {
      let id = daemon.gate.opened(
        client(of: connection), socket: podium_mhd_connection_socket(connection), at: now)
      socketContext.pointee = UnsafeMutableRawPointer(bitPattern: id)
    } else if let id = socketContext.pointee.map({ Int(bitPattern: $0) }) {
      daemon.gate.closed(id)
      socketContext.pointee = nil
    }
  }

  /// A request answered, or given up (the client went): its body, if it was still being
  /// collected, is let go, and the next request's headers are due. The corresponding C option
  /// is `MHD_OPTION_NOTIFY_COMPLETED`.
  private static let completed: MHD_RequestCompletedCallback = {
    context, connection, requestContext, _ in
    if let pending = requestContext?.pointee {
      Unmanaged<Upload>.fromOpaque(pending).release()
      requestContext?.pointee = nil
    }
    guard let daemon = daemon(context), let connection,
      let id = podium_mhd_socket_context(connection).map({ Int(bitPattern: $0) })
    else { return }
    daemon.gate.answered(id, at: now)
  }

  /// A request's body, collected between libmicrohttpd's calls of `access`.
  private final class Upload {
    var bytes: [UInt8] = []
  }

  /// libmicrohttpd calls this once when the headers are in, then with each piece of the body,
  /// then once more with none: the request is answered on that last call.
  private static let access: MHD_AccessHandlerCallback = {
    context, connection, url, method, _, data, size, requestContext in
    guard let context, let connection, let size, let requestContext else { return .NO }
    let daemon = Unmanaged<HTTPDaemon>.fromOpaque(context).takeUnretainedValue()
    guard let pending = requestContext.pointee else {
      // The headers are in: no deadline for them while the request is answered.
      if let id = podium_mhd_socket_context(connection).map({ Int(bitPattern: $0) }) {
        daemon.gate.headersArrived(id)
      }
      requestContext.pointee = Unmanaged.passRetained(Upload()).toOpaque()
      return .YES
    }
    let upload = Unmanaged<Upload>.fromOpaque(pending)
    if size.pointee > 0 {
      let count = size.pointee
      size.pointee = 0
      if upload.takeUnretainedValue().bytes.count + count > daemon.limits.bodyBytes {
        upload.release()
        requestContext.pointee = nil
        return queue(HTTPResponse(status: 413), on: connection)
      }
      if let data {
        data.withMemoryRebound(to: UInt8.self, capacity: count) {
          upload.takeUnretainedValue().bytes.append(
            contentsOf: UnsafeBufferPointer(start: $0, count: count))
        }
      }
      return .YES
    }
    let body = upload.takeRetainedValue().bytes
    requestContext.pointee = nil
    let request = HTTPRequest(
      method: method.map { String(cString: $0) } ?? "", path: url.map { String(cString: $0) } ?? "",
      query: values(connection, .GET_ARGUMENT_KIND),
      headers: values(connection, .HEADER_KIND, lowercased: true),
      cookies: values(connection, .COOKIE_KIND), body: body, client: client(of: connection))
    return queue(daemon.handler(request), on: connection)
  }

  /// A connection's values of one kind (headers, cookies, query arguments). The corresponding C
  /// function is `MHD_get_connection_values`.
  private static func values(
    _ connection: OpaquePointer, _ kind: MHD_ValueKind, lowercased: Bool = false
  ) -> [String: String] {
    final class Found { var values: [String: String] = [:] }
    let found = Found()
    let box = Unmanaged.passUnretained(found).toOpaque()
    MHD_get_connection_values(
      connection, kind,
      { box, _, key, value in
        guard let box, let key else { return .YES }
        let found = Unmanaged<Found>.fromOpaque(box).takeUnretainedValue()
        found.values[String(cString: key)] = value.map { String(cString: $0) } ?? ""
        return .YES
      }, box)
    guard lowercased else { return found.values }
    return Dictionary(found.values.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
  }

  /// Hands `response` to libmicrohttpd. The corresponding C functions are
  /// `MHD_create_response_from_buffer`, `MHD_create_response_from_callback` and
  /// `MHD_queue_response`.
  private static func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
    let made: OpaquePointer?
    switch response.body {
    case .bytes(let bytes):
      made = bytes.withUnsafeBytes {
        MHD_create_response_from_buffer(
          bytes.count, UnsafeMutableRawPointer(mutating: $0.baseAddress), .RESPMEM_MUST_COPY)
      }
    case .stream(let stream):
      let reader = Unmanaged.passRetained(StreamReader(stream)).toOpaque()
      made = MHD_create_response_from_callback(
        UInt64.max, 4096, StreamReader.read, reader,
        { context in
          if let context { Unmanaged<StreamReader>.fromOpaque(context).release() }
        })
      if made == nil { Unmanaged<StreamReader>.fromOpaque(reader).release() }
    }
    guard let made else { return .NO }
    defer { MHD_destroy_response(made) }
    for (name, value) in response.headers {
      _ = MHD_add_response_header(made, name, value)
    }
    return MHD_queue_response(connection, UInt32(response.status), made)
  }

  /// Reads a stream into libmicrohttpd's buffer, keeping what did not fit for the next call.
  private final class StreamReader {
    let stream: any HTTPStream
    var pending: [UInt8] = []

    init(_ stream: any HTTPStream) { self.stream = stream }

    static let read: MHD_ContentReaderCallback = { context, _, buffer, max in
      guard let context, let buffer else { return -2 }
      let reader = Unmanaged<StreamReader>.fromOpaque(context).takeUnretainedValue()
      // Nothing (0) is not an answer with libmicrohttpd's own threads: it would spin.
      while reader.pending.isEmpty {
        guard let next = reader.stream.next() else { return -1 }
        reader.pending = next
      }
      let count = min(max, reader.pending.count)
      reader.pending.withUnsafeBytes {
        guard let start = $0.baseAddress else { return }
        UnsafeMutableRawPointer(buffer).copyMemory(from: start, byteCount: count)
      }
      reader.pending.removeFirst(count)
      return count
    }
  }
}
