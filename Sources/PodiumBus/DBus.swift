import CDBus

/// A libdbus call that failed: the function, and D-Bus's error name and message
/// (`org.freedesktop.DBus.Error.ServiceUnknown`, ...).
public struct BusError: Error, Hashable, Sendable, CustomStringConvertible {
  public var function: String
  public var name: String
  public var message: String

  public init(function: String, name: String, message: String) {
    self.function = function
    self.name = name
    self.message = message
  }

  public var description: String { "\(function): \(message) (\(name))" }

  /// The error `error` holds after `function` failed (freed here), or one of `fallback`'s.
  fileprivate static func take(
    _ error: inout DBusError, from function: String, fallback: String = "failed"
  ) -> BusError {
    defer { dbus_error_free(&error) }
    guard dbus_error_is_set(&error) != 0 else {
      return BusError(
        function: function, name: "org.freedesktop.DBus.Error.Failed", message: fallback)
    }
    return BusError(
      function: function, name: error.name.map { String(cString: $0) } ?? "",
      message: error.message.map { String(cString: $0) } ?? fallback)
  }
}

/// One argument of a D-Bus message, of the basic types Podium's interface uses.
public enum BusValue: Hashable, Sendable, CustomStringConvertible {
  case string(String)
  case uint32(UInt32)
  case int32(Int32)
  case bool(Bool)
  case double(Double)

  /// The value's D-Bus signature code (`s`, `u`, `i`, `b`, `d`).
  public var signature: String {
    switch self {
    case .string: "s"
    case .uint32: "u"
    case .int32: "i"
    case .bool: "b"
    case .double: "d"
    }
  }

  public var description: String {
    switch self {
    case .string(let text): "\"\(text)\""
    case .uint32(let number): "\(number)"
    case .int32(let number): "\(number)"
    case .bool(let flag): "\(flag)"
    case .double(let number): "\(number)"
    }
  }
}

/// One D-Bus message (`DBusMessage`), unreferenced when this goes.
/// The corresponding C function is `dbus_message_unref`.
package final class BusMessage {
  package let handle: OpaquePointer

  private init(_ handle: OpaquePointer) {
    self.handle = handle
  }

  /// Takes over a message libdbus gave us a reference to.
  package static func adopt(_ handle: OpaquePointer?) -> BusMessage? { handle.map(BusMessage.init) }

  deinit { dbus_message_unref(handle) }

  /// A method call that never starts a service by activation (Podium's talk is started by
  /// the speaker). The corresponding C function is `dbus_message_new_method_call`.
  package static func methodCall(
    destination: String, path: String, interface: String, member: String,
    arguments: [BusValue] = []
  ) throws -> BusMessage {
    guard let handle = dbus_message_new_method_call(destination, path, interface, member) else {
      throw BusError(
        function: "dbus_message_new_method_call", name: "org.freedesktop.DBus.Error.NoMemory",
        message: "cannot make the message for \(member)")
    }
    let message = BusMessage(handle)
    dbus_message_set_auto_start(handle, 0)
    message.append(arguments)
    return message
  }

  /// A signal from `path`. The corresponding C function is `dbus_message_new_signal`.
  package static func signal(
    path: String, interface: String, name: String, arguments: [BusValue]
  ) -> BusMessage? {
    guard let handle = dbus_message_new_signal(path, interface, name) else { return nil }
    let message = BusMessage(handle)
    message.append(arguments)
    return message
  }

  /// The answer to this call. The corresponding C function is `dbus_message_new_method_return`.
  package func reply(_ arguments: [BusValue] = []) -> BusMessage? {
    guard let answer = dbus_message_new_method_return(handle) else { return nil }
    let message = BusMessage(answer)
    message.append(arguments)
    return message
  }

  /// An error answering this call. The corresponding C function is `dbus_message_new_error`.
  package func error(name: String, message text: String) -> BusMessage? {
    BusMessage.adopt(dbus_message_new_error(handle, name, text))
  }

  package var isMethodCall: Bool { dbus_message_get_type(handle) == DBUS_MESSAGE_TYPE_METHOD_CALL }
  package var wantsReply: Bool { dbus_message_get_no_reply(handle) == 0 }
  package var sender: String? { dbus_message_get_sender(handle).map { String(cString: $0) } }
  package var path: String? { dbus_message_get_path(handle).map { String(cString: $0) } }
  package var interface: String? { dbus_message_get_interface(handle).map { String(cString: $0) } }
  package var member: String? { dbus_message_get_member(handle).map { String(cString: $0) } }

  /// The error this message is, if it is one. The corresponding C function is
  /// `dbus_set_error_from_message`.
  package func failure(of function: String) -> BusError? {
    var error = DBusError()
    dbus_error_init(&error)
    guard dbus_set_error_from_message(&error, handle) != 0 else { return nil }
    return BusError.take(&error, from: function)
  }

  /// The arguments, up to the first of a type Podium does not use (nil then: the caller sent
  /// something else than the interface says).
  package var arguments: [BusValue]? {
    var iter = DBusMessageIter()
    guard dbus_message_iter_init(handle, &iter) != 0 else { return [] }
    var values: [BusValue] = []
    repeat {
      switch dbus_message_iter_get_arg_type(&iter) {
      case podium_dbus_type_string:
        var text: UnsafePointer<CChar>?
        dbus_message_iter_get_basic(&iter, &text)
        values.append(.string(text.map { String(cString: $0) } ?? ""))
      case podium_dbus_type_uint32:
        var number: UInt32 = 0
        dbus_message_iter_get_basic(&iter, &number)
        values.append(.uint32(number))
      case podium_dbus_type_int32:
        var number: Int32 = 0
        dbus_message_iter_get_basic(&iter, &number)
        values.append(.int32(number))
      case podium_dbus_type_boolean:
        var flag: UInt32 = 0
        dbus_message_iter_get_basic(&iter, &flag)
        values.append(.bool(flag != 0))
      case podium_dbus_type_double:
        var number = 0.0
        dbus_message_iter_get_basic(&iter, &number)
        values.append(.double(number))
      default:
        return nil
      }
    } while dbus_message_iter_next(&iter) != 0
    return values
  }

  /// The corresponding C function is `dbus_message_iter_append_basic`.
  private func append(_ arguments: [BusValue]) {
    var iter = DBusMessageIter()
    dbus_message_iter_init_append(handle, &iter)
    for argument in arguments {
      switch argument {
      case .string(let text):
        // D-Bus strings hold no NUL and must be UTF-8, which a Swift string is.
        text.split(separator: "\0", omittingEmptySubsequences: false).joined().withCString {
          pointer in
          var value: UnsafePointer<CChar>? = pointer
          _ = dbus_message_iter_append_basic(&iter, podium_dbus_type_string, &value)
        }
      case .uint32(var number):
        _ = dbus_message_iter_append_basic(&iter, podium_dbus_type_uint32, &number)
      case .int32(var number):
        _ = dbus_message_iter_append_basic(&iter, podium_dbus_type_int32, &number)
      case .bool(let flag):
        var value: UInt32 = flag ? 1 : 0
        _ = dbus_message_iter_append_basic(&iter, podium_dbus_type_boolean, &value)
      case .double(var number):
        _ = dbus_message_iter_append_basic(&iter, podium_dbus_type_double, &number)
      }
    }
  }
}

/// A private connection to a bus (`DBusConnection`), closed and unreferenced when this goes.
/// Used from one thread at a time (the service's own once it runs, or the command's), which is
/// why it may be handed to that thread. The corresponding C functions are
/// `dbus_connection_open_private` and `dbus_bus_register`.
package final class BusConnection: @unchecked Sendable {
  package let handle: OpaquePointer
  /// The connection's unique name on the bus (`:1.42`).
  package let uniqueName: String

  /// Connects to the bus at `address` (never starting one: no autolaunch) and says hello.
  package init(address: String) throws {
    _ = dbus_threads_init_default()
    var error = DBusError()
    dbus_error_init(&error)
    guard let handle = dbus_connection_open_private(address, &error) else {
      throw BusError.take(&error, from: "dbus_connection_open_private")
    }
    dbus_connection_set_exit_on_disconnect(handle, 0)
    guard dbus_bus_register(handle, &error) != 0 else {
      dbus_connection_close(handle)
      dbus_connection_unref(handle)
      throw BusError.take(&error, from: "dbus_bus_register")
    }
    self.handle = handle
    uniqueName = dbus_bus_get_unique_name(handle).map { String(cString: $0) } ?? ""
  }

  deinit {
    dbus_connection_close(handle)
    dbus_connection_unref(handle)
  }

  /// Asks for `name`, never queueing for it: whether this connection owns it now.
  /// The corresponding C function is `dbus_bus_request_name`.
  package func requestName(_ name: String) throws -> Bool {
    var error = DBusError()
    dbus_error_init(&error)
    let answer = dbus_bus_request_name(handle, name, UInt32(DBUS_NAME_FLAG_DO_NOT_QUEUE), &error)
    guard answer >= 0 else { throw BusError.take(&error, from: "dbus_bus_request_name") }
    return answer == DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER
      || answer == DBUS_REQUEST_NAME_REPLY_ALREADY_OWNER
  }

  /// The user id of the process behind the connection named `sender`, as the bus knows it
  /// (`org.freedesktop.DBus.GetConnectionUnixUser`). The corresponding C function is
  /// `dbus_bus_get_unix_user`.
  package func unixUser(of sender: String) throws -> UInt32 {
    var error = DBusError()
    dbus_error_init(&error)
    let user = dbus_bus_get_unix_user(handle, sender, &error)
    guard user != UInt.max, user <= UInt(UInt32.max) else {
      throw BusError.take(&error, from: "dbus_bus_get_unix_user")
    }
    return UInt32(user)
  }

  /// The socket to poll for the bus's messages. The corresponding C function is
  /// `dbus_connection_get_unix_fd`.
  package var fileDescriptor: Int32? {
    var fd: Int32 = -1
    return dbus_connection_get_unix_fd(handle, &fd) != 0 ? fd : nil
  }

  /// Reads what the socket has and writes what is queued, waiting up to `milliseconds`;
  /// false once the bus is gone. The corresponding C function is `dbus_connection_read_write`.
  package func readWrite(milliseconds: Int32) -> Bool {
    dbus_connection_read_write(handle, milliseconds) != 0
  }

  /// The next message that came in. The corresponding C function is
  /// `dbus_connection_pop_message`.
  package func nextMessage() -> BusMessage? {
    BusMessage.adopt(dbus_connection_pop_message(handle))
  }

  /// Queues `message` and writes it out. The corresponding C functions are
  /// `dbus_connection_send` and `dbus_connection_flush`.
  package func send(_ message: BusMessage) {
    _ = dbus_connection_send(handle, message.handle, nil)
    dbus_connection_flush(handle)
  }

  /// Sends `message` and waits up to `milliseconds` for its answer; a D-Bus error is thrown.
  /// The corresponding C function is `dbus_connection_send_with_reply_and_block`.
  package func call(_ message: BusMessage, milliseconds: Int32) throws -> BusMessage {
    var error = DBusError()
    dbus_error_init(&error)
    guard
      let reply = BusMessage.adopt(
        dbus_connection_send_with_reply_and_block(handle, message.handle, milliseconds, &error))
    else {
      throw BusError.take(&error, from: "dbus_connection_send_with_reply_and_block")
    }
    if let failure = reply.failure(of: "dbus_connection_send_with_reply_and_block") {
      throw failure
    }
    return reply
  }
}
