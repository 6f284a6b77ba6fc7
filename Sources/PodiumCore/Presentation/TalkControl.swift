/// A program driving the talk from outside (PodiumRemote's D-Bus service, which `podium
/// remote` calls), as the talk's loop sees it. As `TalkRemote` does, it wakes the loop (the
/// phone's event) when it has commands, hands them over as the key presses they stand for, and
/// never touches the session itself.
public protocol TalkControl: AnyObject, Sendable {
  /// What callers read: called after each turn that changed something, and each second.
  func observe(_ session: TalkSession, status: ConsoleStatus)
  /// The commands taken since the last call, as the key presses of their commands.
  func takeInputs() -> [TalkInput]
  /// What the trace says since the last call: the bus reached or not, each command taken or
  /// refused.
  func takeNotes() -> [TraceEvent.Bus]
}

extension TraceEvent {
  /// The talk's D-Bus service (`podium remote`): the `name` it owns on the bus at `address`, a
  /// `problem` (no session bus, the name held by another talk: the talk goes on without it),
  /// or a `command` (`next`, `goto 3`, `state`) from the user `uid`, `refused` with the reason
  /// when it was not taken.
  public struct Bus: Codable, Hashable, Sendable {
    public var name: String?
    public var address: String?
    public var problem: String?
    public var command: String?
    public var uid: Int?
    public var refused: String?

    public init(
      name: String? = nil, address: String? = nil, problem: String? = nil,
      command: String? = nil, uid: Int? = nil, refused: String? = nil
    ) {
      self.name = name
      self.address = address
      self.problem = problem
      self.command = command
      self.uid = uid
      self.refused = refused
    }
  }
}
