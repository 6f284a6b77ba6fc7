import Foundation
import PodiumBus
import PodiumCore
import PodiumTestSupport
import Testing

@testable import PodiumRemote

/// The talk's D-Bus interface: its calls read as the key commands they stand for (no bus), then
/// the service and `podium remote`'s client on a real bus of the test's own (`dbus-daemon`).
@Suite(.serialized) struct TalkBusTests {
  typealias Wakes = RemoteServerTests.Wakes

  func request(_ member: String, _ arguments: [BusValue] = [], slides: Int? = 10)
    throws(TalkBusRefusal) -> TalkBusRequest
  {
    try TalkBusRequest(member: member, arguments: arguments, slides: slides)
  }

  /// The refusal of a call, or nil when it is taken.
  func refusal(_ member: String, _ arguments: [BusValue] = [], slides: Int? = 10)
    -> TalkBusRefusal?
  {
    do throws(TalkBusRefusal) {
      _ = try request(member, arguments, slides: slides)
      return nil
    } catch {
      return error
    }
  }

  @Test func eachMethodIsTheCommandOfItsKey() throws {
    #expect(try request("Next") == .command(.next))
    #expect(try request("Previous") == .command(.previous))
    #expect(try request("Black") == .command(.black))
    #expect(try request("State") == .state)
    #expect(try request("GoTo", [.uint32(3)]) == .command(.goTo(3)))
    // A number some clients send as `i`.
    #expect(try request("GoTo", [.int32(10)]) == .command(.goTo(10)))
    // Before the talk published its first state, the number is the session's to judge.
    #expect(try request("GoTo", [.uint32(999)], slides: nil) == .command(.goTo(999)))
    #expect(try request("GoTo", [.uint32(3)]).name == "goto 3")
    #expect(try request("Previous").name == "prev")
    // The key presses the phone's buttons give: the same path through the session.
    let keys = KeyBindings()
    #expect(RemoteCommand.goTo(12).inputs(keys).count == 3)
    #expect(RemoteCommand.next.inputs(keys) == [.key(Key(.right))])
  }

  @Test func whatTheInterfaceDoesNotHaveIsRefusedWithItsReason() throws {
    let out = try #require(refusal("GoTo", [.uint32(999)]))
    #expect(out.name == "io.github.podium.Error.OutOfRange")
    #expect(out.message == "slide 999 is not in the deck: it has 10 slides (1 to 10)")
    #expect(refusal("GoTo", [.uint32(0)])?.name == "io.github.podium.Error.OutOfRange")
    #expect(refusal("GoTo", [.int32(-2)])?.message.contains("slide -2 is not in the deck") == true)
    #expect(refusal("GoTo", [.uint32(2)], slides: 1)?.message.contains("it has 1 slide (") == true)
    let text = try #require(refusal("GoTo", [.string("three")]))
    #expect(text.name == "org.freedesktop.DBus.Error.InvalidArgs")
    #expect(text.message == "GoTo takes a slide number (u), not (s)")
    #expect(refusal("GoTo")?.message == "GoTo takes a slide number (u), not ()")
    #expect(refusal("Next", [.uint32(1)])?.message == "Next takes no arguments, not (u)")
    let unknown = try #require(refusal("Fly"))
    #expect(unknown.name == "org.freedesktop.DBus.Error.UnknownMethod")
    #expect(
      unknown.message
        == "io.github.podium.Talk has no method 'Fly'; it has Next, Previous, GoTo, Black, State")
  }

  @Test func theSessionBusIsFoundAsLibdbusFindsItButNeverLaunched() {
    let set = ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus", "XDG_RUNTIME_DIR": "/x"]
    #expect(
      TalkBus.sessionAddress(environment: set) { _ in true } == "unix:path=/run/user/1000/bus")
    #expect(
      TalkBus.sessionAddress(environment: ["XDG_RUNTIME_DIR": "/run/user/7"]) {
        $0 == "/run/user/7/bus"
      } == "unix:path=/run/user/7/bus")
    #expect(
      TalkBus.sessionAddress(environment: ["XDG_RUNTIME_DIR": "/run/user/7"]) { _ in false } == nil)
    #expect(
      TalkBus.sessionAddress(environment: ["DBUS_SESSION_BUS_ADDRESS": ""]) { _ in true } == nil)
  }

  @Test func withNoSessionBusTheTalkGoesOnAndTheCommandSaysSo() throws {
    let service = TalkBusService(bindings: KeyBindings(), environment: [:], wake: {})
    defer { service.stop() }
    #expect(service.problem == TalkBus.noSessionBus)
    #expect(service.warning == nil, "a desktop with no bus is no fault: the trace alone says it")
    #expect(service.takeNotes() == [TraceEvent.Bus(problem: TalkBus.noSessionBus)])
    #expect(throws: TalkBusClient.Failure.self) { try TalkBusClient.call("Next", environment: [:]) }
    do throws(TalkBusClient.Failure) {
      _ = try TalkBusClient.call("Next", environment: [:])
    } catch {
      #expect(error.message.hasPrefix("no session bus: DBUS_SESSION_BUS_ADDRESS is not set"))
    }
  }

  /// The failure of a call, or nil when it succeeded.
  func failure(_ member: String, _ arguments: [BusValue] = [], bus: SessionBus) -> String? {
    do throws(TalkBusClient.Failure) {
      _ = try TalkBusClient.call(member, arguments, environment: bus.environment)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func callsOnARealBusBecomeTheKeyPressesOfTheirCommands() throws {
    let bus = try SessionBus()
    defer { bus.stop() }
    // Before any talk: the name has no owner.
    #expect(failure("Next", bus: bus)?.hasPrefix("no talk is running: nothing owns") == true)
    let wakes = Wakes()
    let service = TalkBusService(
      bindings: KeyBindings(), environment: bus.environment, wake: { wakes.wake() })
    defer { service.stop() }
    #expect(service.problem == nil)
    #expect(service.takeNotes() == [TraceEvent.Bus(name: TalkBus.name, address: bus.address)])
    let session = try RemoteServerTests.session()
    service.observe(session, status: RemoteServerTests.status(session))

    #expect(try TalkBusClient.call("Next", environment: bus.environment) == [])
    #expect(wakes.total == 1)
    #expect(service.takeInputs() == [.key(Key(.right))])
    #expect(try TalkBusClient.call("GoTo", [.uint32(2)], environment: bus.environment) == [])
    #expect(service.takeInputs() == RemoteCommand.goTo(2).inputs(KeyBindings()))
    let uid = Int(getuid())
    #expect(
      service.takeNotes() == [
        TraceEvent.Bus(command: "next", uid: uid), TraceEvent.Bus(command: "goto 2", uid: uid),
      ])

    let answer = try TalkBusClient.call("State", environment: bus.environment)
    guard case .string(let json)? = answer.first else {
      Issue.record("State answered \(answer)")
      return
    }
    let state = try JSONDecoder().decode(RemoteSnapshot.self, from: Data(json.utf8))
    #expect(state == RemoteSnapshot(session, status: RemoteServerTests.status(session)))
    #expect(service.takeNotes() == [TraceEvent.Bus(command: "state", uid: uid)])

    let slides = session.state.slideCount
    #expect(
      failure("GoTo", [.uint32(999)], bus: bus)
        == "slide 999 is not in the deck: it has \(slides) slides (1 to \(slides))")
    #expect(failure("Fly", bus: bus)?.contains("has no method 'Fly'") == true)
    #expect(service.takeInputs() == [], "refused calls move nothing")
    let refused = service.takeNotes()
    #expect(refused.map(\.command) == ["goto 999", "Fly"])
    #expect(refused.allSatisfy { $0.refused != nil && $0.uid == uid })

    // A second talk on the same bus finds the name taken, says so, and leaves the first be.
    let second = TalkBusService(bindings: KeyBindings(), environment: bus.environment, wake: {})
    #expect(second.warning?.hasPrefix("another talk owns io.github.podium") == true)
    second.stop()
    #expect(failure("Black", bus: bus) == nil)
    #expect(service.takeInputs() == RemoteCommand.black.inputs(KeyBindings()))

    // The talk ended: the command says none runs.
    service.stop()
    #expect(failure("Next", bus: bus)?.hasPrefix("no talk is running") == true)
  }

  /// `SlideChanged(u slide, u step)` goes out when the talk's place changes, not each second.
  @Test func theSlideChangeIsSignalled() throws {
    let bus = try SessionBus()
    defer { bus.stop() }
    let service = TalkBusService(bindings: KeyBindings(), environment: bus.environment, wake: {})
    defer { service.stop() }
    let monitor = Process()
    monitor.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-monitor")
    monitor.arguments = [
      "--address", bus.address, "type='signal',interface='\(TalkBus.interface)'",
    ]
    let output = Pipe()
    monitor.standardOutput = output
    try monitor.run()
    defer {
      kill(monitor.processIdentifier, SIGKILL)
      monitor.waitUntilExit()
    }
    Thread.sleep(forTimeInterval: 0.5)
    var session = try RemoteServerTests.session()
    // A second look at the same place sends nothing; each observed in its own turn, as the
    // loop does (the service sends the latest place when its thread wakes).
    for _ in 0..<2 {
      service.observe(session, status: RemoteServerTests.status(session))
      Thread.sleep(forTimeInterval: 0.2)
    }
    _ = session.handle(.key(Key(.right)), at: 1)
    service.observe(session, status: RemoteServerTests.status(session))
    Thread.sleep(forTimeInterval: 0.5)
    kill(monitor.processIdentifier, SIGKILL)
    monitor.waitUntilExit()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let signals = text.components(separatedBy: "member=SlideChanged").dropFirst()
    #expect(signals.count == 2, "\(text)")
    let place = "\(session.state.slide + 1) \(session.state.step + 1)"
    let numbers = signals.last.map { $0.matches(of: /uint32 (\d+)/).map { String($0.1) } } ?? []
    #expect(numbers.joined(separator: " ") == place, "\(text)")
  }
}
