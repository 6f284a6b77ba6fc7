import Foundation

/// Where `--remote` listens: `on` (loopback), an IPv4 address, `0.0.0.0` (every interface) or
/// an interface's name (`wlan0`), each with an optional `:PORT`.
public struct RemoteAddress: Hashable, Sendable {
  public var listen: String
  public var port: UInt16
  /// The address phones use, for the QR code: the listening one, or for 0.0.0.0 the first
  /// interface's that is not loopback.
  public var advertised: String

  public static let defaultPort: UInt16 = 8123

  public enum ParseError: Error, CustomStringConvertible {
    case badPort(String)
    case unknownInterface(String)

    public var description: String {
      switch self {
      case .badPort(let text): return "'\(text)' is not a port number (1-65535)"
      case .unknownInterface(let name):
        return "'\(name)' is neither an IPv4 address nor an interface with one"
      }
    }
  }

  /// The address `text` names, with `interfaces` (name to IPv4 address) to look names up in.
  public init(_ text: String, interfaces: [(name: String, address: String)] = Self.interfaces())
    throws
  {
    var host = text
    port = Self.defaultPort
    if let colon = text.lastIndex(of: ":") {
      let digits = String(text[text.index(after: colon)...])
      guard let number = UInt16(digits), number > 0 else { throw ParseError.badPort(digits) }
      port = number
      host = String(text[..<colon])
    }
    if host.isEmpty || ["on", "true", "yes", "localhost"].contains(host) { host = "127.0.0.1" }
    var probe = in_addr()
    if inet_pton(AF_INET, host, &probe) == 1 {
      listen = host
    } else if let found = interfaces.first(where: { $0.name == host }) {
      listen = found.address
    } else {
      throw ParseError.unknownInterface(host)
    }
    advertised =
      listen == "0.0.0.0"
      ? interfaces.first { !$0.address.hasPrefix("127.") }?.address ?? "127.0.0.1" : listen
  }

  /// The IPv4 addresses of this machine's interfaces. The corresponding C function is
  /// `getifaddrs`.
  public static func interfaces() -> [(name: String, address: String)] {
    var first: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&first) == 0 else { return [] }
    defer { freeifaddrs(first) }
    var found: [(name: String, address: String)] = []
    var next = first
    while let entry = next {
      defer { next = entry.pointee.ifa_next }
      guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET)
      else { continue }
      var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
      address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
        var raw = $0.pointee.sin_addr
        _ = inet_ntop(AF_INET, &raw, &text, socklen_t(INET_ADDRSTRLEN))
      }
      let numeric = String(
        decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      found.append((String(cString: entry.pointee.ifa_name), numeric))
    }
    return found
  }
}
