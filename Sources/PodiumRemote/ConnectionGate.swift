import Foundation

/// Who gets one of the server's connections, so that slow or hostile clients cannot take every
/// place and keep the speaker's phone out (issue 44: `slowhttptest -H` locked it out for as
/// long as the attack lasted):
/// - an address that is not paired gets a few connections (`perAddress`), and all of them
///   together never more than the places left once `reservedForPaired` are kept aside;
/// - an address from which a request came with the talk's token (a paired phone, or a view's
///   browser) is trusted: it has the kept places and more of its own (`perPairedAddress`);
/// - a request's headers must be in within `headerSeconds` of the connection (or of the
///   request before on it): a slowloris, one byte of header every few seconds, is closed.
///
/// The server's threads call it under its lock; it holds no socket but the numbers it hands
/// back for `overdue`. Sendable by hand: guarded by `lock`.
public final class ConnectionGate: @unchecked Sendable {
  public struct Policy: Sendable, Equatable {
    public var connections = 256
    public var reservedForPaired = 64
    public var perAddress = 8
    public var perPairedAddress = 32
    public var headerSeconds = 5.0
    /// How many addresses are trusted at once (the newest kept).
    public var pairedAddresses = 16

    public init() {}
  }

  private struct Connection {
    var address: String
    var socket: Int32
    /// When the headers of the request it waits for became due (its start, or the request
    /// before's end); nil while a request is being answered.
    var waitingSince: Double?
  }

  public let policy: Policy
  private let lock = NSLock()
  private var connections: [Int: Connection] = [:]
  private var byAddress: [String: Int] = [:]
  private var untrusted = 0
  private var paired: [String] = []
  private var nextID = 1

  public init(policy: Policy = Policy()) {
    self.policy = policy
  }

  /// Whether a new connection from `address` is let in (asked before it is accepted).
  public func admits(_ address: String) -> Bool {
    lock.withLock {
      let open = byAddress[address, default: 0]
      if paired.contains(address) {
        return connections.count < policy.connections && open < policy.perPairedAddress
      }
      return open < policy.perAddress
        && untrusted < policy.connections - policy.reservedForPaired
    }
  }

  /// A connection let in: its number, for the calls that follow.
  public func opened(_ address: String, socket: Int32, at now: Double) -> Int {
    lock.withLock {
      let id = nextID
      nextID += 1
      connections[id] = Connection(address: address, socket: socket, waitingSince: now)
      byAddress[address, default: 0] += 1
      if !paired.contains(address) { untrusted += 1 }
      return id
    }
  }

  /// The headers of a request on connection `id` are in: no deadline while it is answered.
  public func headersArrived(_ id: Int) {
    lock.withLock { connections[id]?.waitingSince = nil }
  }

  /// A request on `id` was answered: the next one's headers are due from `now`.
  public func answered(_ id: Int, at now: Double) {
    lock.withLock { connections[id]?.waitingSince = now }
  }

  /// Connection `id` closed: its place is free. Called before its socket is closed, so that
  /// `overdue` never names a socket number that another connection has taken since.
  public func closed(_ id: Int) {
    lock.withLock {
      guard let connection = connections.removeValue(forKey: id) else { return }
      let left = byAddress[connection.address, default: 1] - 1
      byAddress[connection.address] = left > 0 ? left : nil
      if !paired.contains(connection.address) { untrusted -= 1 }
    }
  }

  /// A request from `address` carried the talk's token: it is a paired phone's (or a view's).
  public func trust(_ address: String) {
    lock.withLock {
      guard !address.isEmpty, !paired.contains(address) else { return }
      paired.append(address)
      untrusted -= byAddress[address, default: 0]
      if paired.count > policy.pairedAddresses {
        let dropped = paired.removeFirst()
        untrusted += byAddress[dropped, default: 0]
      }
    }
  }

  /// Whether requests from `address` came with the token.
  public func isPaired(_ address: String) -> Bool {
    lock.withLock { paired.contains(address) }
  }

  /// Runs `shut` on the socket of every connection whose request's headers are overdue at
  /// `now`, under the lock (so the socket is still that connection's), once each.
  public func closeOverdue(at now: Double, _ shut: (Int32) -> Void) {
    lock.withLock {
      for (id, connection) in connections {
        guard let since = connection.waitingSince, now - since > policy.headerSeconds else {
          continue
        }
        shut(connection.socket)
        connections[id]?.waitingSince = nil
      }
    }
  }

  /// How many connections are open, and how many of them from addresses not paired.
  public var counts: (open: Int, untrusted: Int) {
    lock.withLock { (connections.count, untrusted) }
  }
}
