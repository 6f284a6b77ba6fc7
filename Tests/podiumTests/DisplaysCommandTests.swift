import Foundation
import PodiumTestSupport
import Testing

/// `podium displays` on a real two- and three-monitor X server (Xorg with the dummy driver).
@Suite(.serialized) struct DisplaysCommandTests {
  struct Listing: Decodable {
    struct Entry: Decodable {
      var index: Int
      var name: String
      var x: Int
      var y: Int
      var width: Int
      var height: Int
      var primary: Bool
      var role: String
    }
    var driver: String
    var mode: String
    var presenter: Int
    var audience: [Int]
    var displays: [Entry]
  }

  func listing(_ server: XorgServer, _ options: [String] = []) throws -> Listing {
    let result = try server.run(CommandRunner.podium.path, ["displays", "--json"] + options)
    #expect(result.status == 0, "\(result.stderr)")
    return try JSONDecoder().decode(Listing.self, from: Data(result.stdout.utf8))
  }

  @Test func twoMonitorsExtendAndOptionsMoveTheRoles() throws {
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let plain = try listing(server)
    #expect(plain.driver == "x11")
    #expect(plain.displays.map(\.name) == ["DUMMY0", "DUMMY1"])
    #expect(
      plain.displays.map { [$0.x, $0.y, $0.width, $0.height] } == [
        [0, 0, 1920, 1080], [1920, 0, 1920, 1080],
      ])
    #expect(plain.displays.map(\.primary) == [true, false])
    #expect(plain.mode == "extended" && plain.presenter == 0 && plain.audience == [1])
    #expect(plain.displays.map(\.role) == ["presenter", "audience"])

    let swapped = try listing(server, ["--swap"])
    #expect(swapped.presenter == 1 && swapped.audience == [0])
    let named = try listing(server, ["--audience-display", "DUMMY0"])
    #expect(named.presenter == 1 && named.audience == [0])
    let mirrored = try listing(server, ["--mirror"])
    #expect(mirrored.mode == "mirrored" && mirrored.audience.isEmpty)

    let text = try server.run(CommandRunner.podium.path, ["displays"])
    #expect(text.stdout.contains("2 displays (x11), extended:"))
    #expect(text.stdout.contains("DUMMY1     1920x1080 at 1920,0, 60 Hz  ->  audience"))

    let missing = try server.run(
      CommandRunner.podium.path, ["displays", "--audience-display", "HDMI-1"])
    #expect(missing.status == 1)
    #expect(
      missing.stderr.contains(
        "--audience-display 'HDMI-1': no such display; available: 0 (DUMMY0 1920x1080), 1 (DUMMY1 1920x1080)"
      ))
  }

  @Test func unpluggingPluggingAndAThirdMonitor() throws {
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    try server.unplug("DUMMY1")
    let alone = try listing(server)
    #expect(alone.displays.count == 1)
    #expect(alone.mode == "mirrored")

    try server.plug("DUMMY1", rightOf: "DUMMY0")
    let back = try listing(server)
    #expect(back.mode == "extended" && back.audience == [1])

    try server.addMode(width: 1280, height: 720, to: "DUMMY2")
    try server.xrandr(["--output", "DUMMY2", "--mode", "1280x720", "--right-of", "DUMMY1"])
    try server.xrandr(["-q"])
    let three = try listing(server)
    #expect(three.displays.count == 3)
    #expect(three.displays.last.map { [$0.x, $0.width, $0.height] } == [3840, 1280, 720])
    #expect(three.audience == [1, 2], "the audience goes to every display but the console's")
  }
}
