import Foundation
import PodiumBus
import PodiumCore

extension TalkBus {
  /// What `org.freedesktop.DBus.Introspectable.Introspect` answers.
  static let introspection = """
    <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
    <node>
      <interface name="\(interface)">
        <method name="Next"/>
        <method name="Previous"/>
        <method name="GoTo"><arg name="slide" type="u" direction="in"/></method>
        <method name="Black"/>
        <method name="State"><arg name="json" type="s" direction="out"/></method>
        <signal name="\(slideChanged)"><arg name="slide" type="u"/><arg name="step" type="u"/></signal>
      </interface>
      <interface name="org.freedesktop.DBus.Introspectable">
        <method name="Introspect"><arg name="xml" type="s" direction="out"/></method>
      </interface>
    </node>
    """
}

/// A call the talk does not take: the D-Bus error's name and a message for the speaker.
public struct TalkBusRefusal: Error, Hashable, Sendable, CustomStringConvertible {
  public var name: String
  public var message: String

  public init(_ name: String, _ message: String) {
    self.name = name
    self.message = message
  }

  public var description: String { message }

  static func podium(_ name: String, _ message: String) -> TalkBusRefusal {
    TalkBusRefusal(TalkBus.errors + "." + name, message)
  }
}

/// One call of the talk's interface, read from its method and arguments: a command the keys
/// would give (`RemoteCommand`, as the phone's buttons) or the state.
public enum TalkBusRequest: Hashable, Sendable {
  case command(RemoteCommand)
  case state

  /// The call of `member` with `arguments` on a talk of `slides` slides (nil: not known yet).
  public init(member: String, arguments: [BusValue], slides: Int?) throws(TalkBusRefusal) {
    func none() throws(TalkBusRefusal) {
      guard arguments.isEmpty else {
        throw TalkBusRefusal(
          "org.freedesktop.DBus.Error.InvalidArgs",
          "\(member) takes no arguments, not (\(Self.signature(arguments)))")
      }
    }
    switch member {
    case "Next":
      try none()
      self = .command(.next)
    case "Previous":
      try none()
      self = .command(.previous)
    case "Black":
      try none()
      self = .command(.black)
    case "State":
      try none()
      self = .state
    case "GoTo":
      // `u` as the interface says; `i` too, which some clients send for a number typed.
      let given: Int? =
        switch arguments.first {
        case .uint32(let number)? where arguments.count == 1: Int(number)
        case .int32(let number)? where arguments.count == 1: Int(number)
        default: nil
        }
      guard let number = given else {
        throw TalkBusRefusal(
          "org.freedesktop.DBus.Error.InvalidArgs",
          "GoTo takes a slide number (u), not (\(Self.signature(arguments)))")
      }
      if let slides, !(1...max(1, slides)).contains(number) {
        throw .podium(
          "OutOfRange",
          "slide \(number) is not in the deck: it has \(slides) slide\(slides == 1 ? "" : "s") "
            + "(1 to \(slides))")
      }
      guard number >= 1 else {
        throw .podium("OutOfRange", "slide \(number) is not in the deck: slides count from 1")
      }
      self = .command(.goTo(number))
    default:
      throw TalkBusRefusal(
        "org.freedesktop.DBus.Error.UnknownMethod",
        "\(TalkBus.interface) has no method '\(member)'; it has "
          + TalkBus.methods.joined(separator: ", "))
    }
  }

  /// The request as `podium remote` names it, for the trace: `next`, `goto 3`, `state`.
  public var name: String {
    switch self {
    case .state: "state"
    case .command(let command):
      switch command {
      case .next: "next"
      case .previous: "prev"
      case .first: "first"
      case .last: "last"
      case .black: "black"
      case .freeze: "freeze"
      case .goTo(let slide): "goto \(slide)"
      }
    }
  }

  private static func signature(_ arguments: [BusValue]) -> String {
    arguments.map(\.signature).joined()
  }
}
