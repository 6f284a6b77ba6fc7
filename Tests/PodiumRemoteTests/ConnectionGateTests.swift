import Foundation
import Testing

@testable import PodiumRemote

/// Who gets a connection (`ConnectionGate`), as values: a few per address, a place kept for
/// paired phones whatever the others take, and a deadline for a request's headers.
@Suite struct ConnectionGateTests {
  static func policy() -> ConnectionGate.Policy {
    var policy = ConnectionGate.Policy()
    policy.connections = 20
    policy.reservedForPaired = 5
    policy.perAddress = 3
    policy.perPairedAddress = 8
    policy.headerSeconds = 5
    policy.pairedAddresses = 2
    return policy
  }

  @Test func anAddressGetsAFewConnectionsAndTheOthersTheirOwn() {
    let gate = ConnectionGate(policy: Self.policy())
    var opened: [Int] = []
    while gate.admits("10.0.0.2") { opened.append(gate.opened("10.0.0.2", socket: 0, at: 0)) }
    #expect(opened.count == 3)
    #expect(gate.admits("10.0.0.3"))
    gate.closed(opened[0])
    #expect(gate.admits("10.0.0.2"), "a place freed is the address's again")
  }

  @Test func slowClientsFromManyAddressesLeaveThePairedPhonesPlaces() {
    let gate = ConnectionGate(policy: Self.policy())
    gate.trust("10.0.0.1")
    var address = 2
    while gate.admits("10.0.0.\(address)") {
      _ = gate.opened("10.0.0.\(address)", socket: 0, at: 0)
      if !gate.admits("10.0.0.\(address)") { address += 1 }
    }
    #expect(gate.counts.untrusted == 15, "all but the 5 kept places")
    #expect(!gate.admits("10.0.0.99"), "no other address gets in now")
    for _ in 0..<5 {
      #expect(gate.admits("10.0.0.1"))
      _ = gate.opened("10.0.0.1", socket: 0, at: 0)
    }
    #expect(!gate.admits("10.0.0.1"), "past every place there is")
  }

  @Test func anAddressTrustedWhileConnectedLeavesTheUntrustedCount() {
    let gate = ConnectionGate(policy: Self.policy())
    let first = gate.opened("10.0.0.1", socket: 0, at: 0)
    _ = gate.opened("10.0.0.1", socket: 0, at: 0)
    #expect(gate.counts == (2, 2))
    gate.trust("10.0.0.1")
    #expect(gate.counts == (2, 0))
    gate.closed(first)
    #expect(gate.counts == (1, 0))
    // The oldest of more than `pairedAddresses` is trusted no longer.
    gate.trust("10.0.0.2")
    gate.trust("10.0.0.3")
    #expect(!gate.isPaired("10.0.0.1"))
    #expect(gate.counts == (1, 1))
  }

  @Test func headersOverdueCloseTheirConnectionOnceAndOnlyThen() {
    let gate = ConnectionGate(policy: Self.policy())
    let slow = gate.opened("10.0.0.2", socket: 41, at: 0)
    let quick = gate.opened("10.0.0.3", socket: 42, at: 0)
    gate.headersArrived(quick)
    var shut: [Int32] = []
    gate.closeOverdue(at: 4.9) { shut.append($0) }
    #expect(shut.isEmpty)
    gate.closeOverdue(at: 5.1) { shut.append($0) }
    #expect(shut == [41], "the slow one; the one being answered has no deadline")
    gate.closeOverdue(at: 9) { shut.append($0) }
    #expect(shut == [41], "once")
    // A kept-alive connection waits for its next request's headers from the last answer.
    gate.answered(quick, at: 6)
    gate.closeOverdue(at: 10.9) { shut.append($0) }
    #expect(shut == [41])
    gate.closeOverdue(at: 11.1) { shut.append($0) }
    #expect(shut == [41, 42])
    gate.closed(slow)
    gate.closed(quick)
    #expect(gate.counts == (0, 0))
  }
}
