import Foundation
import PodiumBus
import PodiumCore

/// The talk on the session bus (`TalkBus`): `podium remote`, a stream deck or a window
/// manager's binding call `Next`, `Previous`, `GoTo`, `Black` and `State`, and hear
/// `SlideChanged`. The service runs on a thread of its own that sleeps in `poll` until the bus
/// or the loop has something: the loop only publishes snapshots (`observe`) and takes the
/// commands' key presses (`takeInputs`, after `wake`), never waiting for the bus. Calls from
/// another user than the talk's are refused, whatever the bus lets through.
public final class TalkBusService: TalkControl, @unchecked Sendable {
  private let lock = NSLock()
  private var snapshot: RemoteSnapshot?
  /// The slide and step (1-based) last announced by `SlideChanged`, and the one to announce.
  private var announced: [Int]?
  private var toAnnounce: [Int]?
  private var inputs: [TalkInput] = []
  private var notes: [TraceEvent.Bus] = []
  private let bindings: KeyBindings
  private let wake: @Sendable () -> Void
  private let owner: UInt32
  /// The bus, while the service owns the name; the service's thread alone uses it then.
  private var connection: BusConnection?
  /// Written to wake the service's thread: a signal to send, or the end.
  private var wakePipe: [Int32] = [-1, -1]
  private var stopping = false
  private let stopped = DispatchSemaphore(value: 0)
  /// The callers' user ids, by unique name (the bus never gives a name twice).
  private var callers: [String: UInt32] = [:]
  /// Why the talk has no service (no session bus, another talk owns the name); nil when it
  /// runs.
  public let problem: String?
  /// What the speaker's terminal says of `problem`: a desktop with no session bus at all is
  /// only in the trace, as it is no fault of the speaker's.
  public var warning: String? { problem == TalkBus.noSessionBus ? nil : problem }

  /// Connects to the session bus of `environment` and takes `TalkBus.name`; without a bus, or
  /// with the name taken, the service says why (`problem`, and the trace) and takes nothing.
  /// `wake` is called on the service's thread when there are key presses for the loop.
  public init(
    bindings: KeyBindings, environment: [String: String] = ProcessInfo.processInfo.environment,
    user: UInt32 = getuid(), wake: @escaping @Sendable () -> Void
  ) {
    self.bindings = bindings
    self.wake = wake
    owner = user
    guard let address = TalkBus.sessionAddress(environment: environment) else {
      problem = TalkBus.noSessionBus
      notes = [TraceEvent.Bus(problem: TalkBus.noSessionBus)]
      return
    }
    do {
      let connection = try BusConnection(address: address)
      guard try connection.requestName(TalkBus.name) else {
        let taken =
          "another talk owns \(TalkBus.name) on the session bus: podium remote drives that one"
        problem = taken
        notes = [TraceEvent.Bus(address: address, problem: taken)]
        return
      }
      guard Self.openPipe(&wakePipe), let socket = connection.fileDescriptor else {
        let failed = "the bus's socket cannot be watched: \(String(cString: strerror(errno)))"
        problem = failed
        notes = [TraceEvent.Bus(address: address, problem: failed)]
        return
      }
      problem = nil
      self.connection = connection
      notes = [TraceEvent.Bus(name: TalkBus.name, address: address)]
      let thread = Thread { [self] in serve(connection, socket: socket) }
      thread.name = "podium-bus"
      thread.start()
    } catch {
      let failed =
        "cannot reach the session bus at \(address): \((error as? BusError)?.message ?? "\(error)")"
      problem = failed
      notes = [TraceEvent.Bus(address: address, problem: failed)]
    }
  }

  /// Ends the service's thread and leaves the bus (the name goes with the connection).
  public func stop() {
    guard connection != nil else { return }
    let first = lock.withLock {
      defer { stopping = true }
      return !stopping
    }
    guard first else { return }
    poke()
    stopped.wait()
    connection = nil
  }

  deinit {
    stop()
    for fd in wakePipe where fd >= 0 { close(fd) }
  }

  // MARK: - The loop's side

  public func observe(_ session: TalkSession, status: ConsoleStatus) {
    guard connection != nil else { return }
    let next = RemoteSnapshot(session, status: status)
    let place = [next.slide, next.step]
    let changed = lock.withLock {
      snapshot = next
      guard announced != place else { return false }
      announced = place
      toAnnounce = place
      return true
    }
    if changed { poke() }
  }

  public func takeInputs() -> [TalkInput] {
    lock.withLock {
      defer { inputs = [] }
      return inputs
    }
  }

  public func takeNotes() -> [TraceEvent.Bus] {
    lock.withLock {
      defer { notes = [] }
      return notes
    }
  }

  // MARK: - The service's thread

  /// A pipe whose ends are non-blocking and closed on exec (`pipe2` is not in Swift's Glibc).
  private static func openPipe(_ ends: inout [Int32]) -> Bool {
    guard pipe(&ends) == 0 else { return false }
    for end in ends {
      _ = fcntl(end, F_SETFL, O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    return true
  }

  private func poke() {
    var byte: UInt8 = 1
    _ = write(wakePipe[1], &byte, 1)
  }

  private func serve(_ connection: BusConnection, socket: Int32) {
    defer { stopped.signal() }
    var fds = [
      pollfd(fd: socket, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakePipe[0], events: Int16(POLLIN), revents: 0),
    ]
    while true {
      // What libdbus read already is handled before sleeping again.
      while let message = connection.nextMessage() { handle(message, on: connection) }
      if poll(&fds, 2, -1) < 0 && errno != EINTR { return }
      if fds[1].revents != 0 {
        var drain = [UInt8](repeating: 0, count: 64)
        while read(wakePipe[0], &drain, drain.count) > 0 {}
      }
      let (ending, place) = lock.withLock {
        defer { toAnnounce = nil }
        return (stopping, toAnnounce)
      }
      if ending { return }
      if let place,
        let signal = BusMessage.signal(
          path: TalkBus.path, interface: TalkBus.interface, name: TalkBus.slideChanged,
          arguments: place.map { BusValue.uint32(UInt32($0)) })
      {
        connection.send(signal)
      }
      guard connection.readWrite(milliseconds: 0) else {
        lock.withLock { notes.append(TraceEvent.Bus(problem: "the session bus went away")) }
        wake()
        return
      }
    }
  }

  private func handle(_ message: BusMessage, on connection: BusConnection) {
    guard message.isMethodCall else { return }
    let answer = respond(to: message, on: connection)
    if message.wantsReply, let answer { connection.send(answer) }
  }

  private func respond(to message: BusMessage, on connection: BusConnection) -> BusMessage? {
    let member = message.member ?? ""
    guard message.path == TalkBus.path else {
      return message.error(
        name: "org.freedesktop.DBus.Error.UnknownObject",
        message: "no object at \(message.path ?? "?"): the talk is at \(TalkBus.path)")
    }
    // Every call, introspection too, is refused to another user than the talk's.
    var user: UInt32?
    if let sender = message.sender {
      user = callers[sender] ?? (try? connection.unixUser(of: sender))
      callers[sender] = user
    }
    let arguments = message.arguments ?? [.string("?")]
    // The trace names a refused call as `podium remote` would, when it can.
    let named = (try? TalkBusRequest(member: member, arguments: arguments, slides: nil))?.name
    guard let user, user == owner else {
      let refusal =
        "uid \(user.map(String.init) ?? "unknown") may not drive this talk: it is uid \(owner)'s"
      note(TraceEvent.Bus(command: named ?? member, uid: user.map(Int.init), refused: refusal))
      return message.error(name: "org.freedesktop.DBus.Error.AccessDenied", message: refusal)
    }
    switch message.interface {
    case "org.freedesktop.DBus.Introspectable" where member == "Introspect":
      return message.reply([.string(TalkBus.introspection)])
    case nil, TalkBus.interface:
      break
    default:
      return message.error(
        name: "org.freedesktop.DBus.Error.UnknownInterface",
        message: "no interface \(message.interface ?? "?"): the talk's is \(TalkBus.interface)")
    }
    let current = lock.withLock { snapshot }
    do throws(TalkBusRefusal) {
      let request = try TalkBusRequest(
        member: member, arguments: arguments, slides: current?.slides)
      switch request {
      case .state:
        note(TraceEvent.Bus(command: request.name, uid: Int(user)), waking: true)
        let json = current.map { String(decoding: $0.json, as: UTF8.self) } ?? "{}"
        return message.reply([.string(json)])
      case .command(let command):
        let keys = command.inputs(bindings)
        guard !keys.isEmpty else {
          throw .podium("NotBound", "no key is bound to \(request.name) (keys: in config.yaml)")
        }
        lock.withLock {
          notes.append(TraceEvent.Bus(command: request.name, uid: Int(user)))
          inputs += keys
        }
        wake()
        return message.reply()
      }
    } catch {
      note(
        TraceEvent.Bus(command: named ?? member, uid: Int(user), refused: error.message),
        waking: true)
      return message.error(name: error.name, message: error.message)
    }
  }

  /// Keeps `line` for the trace; `waking` the loop for it (the talk's own user's calls), or at
  /// its next turn (another user's are not let wake it).
  private func note(_ line: TraceEvent.Bus, waking: Bool = false) {
    lock.withLock { notes.append(line) }
    if waking { wake() }
  }
}
