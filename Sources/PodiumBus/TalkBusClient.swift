import Glibc

/// `podium remote`: one call of the talk's interface (`TalkBus`) on the session bus, with
/// errors a speaker can read: no bus, no talk, a slide out of range, another user's talk.
public enum TalkBusClient {
  /// What went wrong, as the terminal says it.
  public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }

    /// The line the terminal shows for it: `podium remote next: no talk is running: ...`.
    public func line(for verb: Verb) -> String { "podium remote \(verb.rawValue): \(message)" }
  }

  /// The commands of `podium remote`, by the word typed, and the interface's member each calls.
  public enum Verb: String, CaseIterable, Hashable, Sendable {
    case next, prev, goto, black, state

    public var member: String {
      switch self {
      case .next: "Next"
      case .prev: "Previous"
      case .goto: "GoTo"
      case .black: "Black"
      case .state: "State"
      }
    }
  }

  /// This process's environment, as `environ` holds it (no Foundation: `podium remote`'s quick
  /// path starts in a few milliseconds).
  public static var environment: [String: String] {
    var values: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let equals = text.firstIndex(of: "=") {
        values[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      entry += 1
    }
    return values
  }

  /// How long a call waits for the talk's answer: the talk answers at once, or it hangs.
  static let timeoutMilliseconds: Int32 = 5000

  /// Calls `member` with `arguments` on the talk of the session bus in `environment`; its
  /// answer's arguments.
  public static func call(
    _ member: String, _ arguments: [BusValue] = [],
    environment: [String: String] = TalkBusClient.environment
  ) throws(Failure) -> [BusValue] {
    guard let address = TalkBus.sessionAddress(environment: environment) else {
      throw Failure(message: TalkBus.noSessionBus + ": is a talk running in this desktop session?")
    }
    let connection: BusConnection
    do {
      connection = try BusConnection(address: address)
    } catch {
      var reason = (error as? BusError)?.message ?? "\(error)"
      if (error as? BusError)?.function == "dbus_bus_register" {
        // Connected, then dropped before the bus's hello: what a bus does to another user.
        reason = "it did not let this user in (a session bus lets in its own user only): " + reason
      }
      throw Failure(message: "cannot reach the session bus at \(address): \(reason)")
    }
    do {
      let message = try BusMessage.methodCall(
        destination: TalkBus.name, path: TalkBus.path, interface: TalkBus.interface,
        member: member, arguments: arguments)
      let reply = try connection.call(message, milliseconds: timeoutMilliseconds)
      return reply.arguments ?? []
    } catch let error as BusError {
      throw Failure(message: explain(error))
    } catch {
      throw Failure(message: "\(error)")
    }
  }

  /// The talk's state, as JSON (`State`): what the phone remote reads.
  public static func state(
    environment: [String: String] = TalkBusClient.environment
  ) throws(Failure) -> String {
    let answer = try call(Verb.state.member, environment: environment)
    guard case .string(let text)? = answer.first else {
      throw Failure(message: "the talk answered \(answer), not its state")
    }
    return text
  }

  /// The talk's own message for its refusals; the bus's errors said for a speaker.
  static func explain(_ error: BusError) -> String {
    switch error.name {
    case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
      "no talk is running: nothing owns \(TalkBus.name) on the session bus (start one with "
        + "podium present DECK)"
    case "org.freedesktop.DBus.Error.NoReply", "org.freedesktop.DBus.Error.Timeout":
      "the talk did not answer within \(timeoutMilliseconds / 1000) s"
    case "org.freedesktop.DBus.Error.AccessDenied" where !error.message.contains("uid"):
      "the session bus refused the call: \(error.message)"
    default:
      error.message
    }
  }
}
