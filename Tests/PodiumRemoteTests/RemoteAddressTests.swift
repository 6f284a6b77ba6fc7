import PodiumRemote
import Testing

/// Where `--remote` listens: loopback unless the speaker names an address or an interface.
@Suite struct RemoteAddressTests {
  let interfaces = [(name: "lo", address: "127.0.0.1"), (name: "wlan0", address: "192.168.1.20")]

  @Test func loopbackByDefault() throws {
    for text in ["on", "", "localhost", "127.0.0.1"] {
      let address = try RemoteAddress(text, interfaces: interfaces)
      #expect(address.listen == "127.0.0.1" && address.port == 8123)
    }
  }

  @Test func anAddressAnInterfaceOrEveryInterface() throws {
    let every = try RemoteAddress("0.0.0.0:9000", interfaces: interfaces)
    #expect(every.listen == "0.0.0.0" && every.port == 9000 && every.advertised == "192.168.1.20")
    let named = try RemoteAddress("wlan0", interfaces: interfaces)
    #expect(named.listen == "192.168.1.20" && named.advertised == "192.168.1.20")
    #expect(throws: RemoteAddress.ParseError.self) {
      try RemoteAddress("eth9", interfaces: interfaces)
    }
    #expect(throws: RemoteAddress.ParseError.self) {
      try RemoteAddress("wlan0:http", interfaces: interfaces)
    }
    #expect(throws: RemoteAddress.ParseError.self) {
      try RemoteAddress(":0", interfaces: interfaces)
    }
    #expect(RemoteAddress.interfaces().contains { $0.address == "127.0.0.1" })
  }
}
