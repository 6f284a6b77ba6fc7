import PodiumCore

/// A button on the phone. It drives the talk as the speaker's keys do: each becomes the key
/// presses (`TalkInput.key`) bound to its command, so it takes the same path through the
/// session, the trace and the journal, and follows the speaker's own `keys:` in config.yaml.
public enum RemoteCommand: Hashable, Sendable {
  case next, previous, first, last, black, freeze
  /// A slide by its number (1-based): typed as digits, then the key that moves on.
  case goTo(Int)

  /// `next`, `previous`, `first`, `last`, `black`, `freeze` or `goto:12`; nil for anything else.
  public init?(_ text: String) {
    switch text {
    case "next": self = .next
    case "previous": self = .previous
    case "first": self = .first
    case "last": self = .last
    case "black": self = .black
    case "freeze": self = .freeze
    default:
      guard text.hasPrefix("goto:"), text.count <= 11, let number = Int(text.dropFirst(5)),
        number >= 1
      else { return nil }
      self = .goTo(number)
    }
  }

  /// The key presses that do this with `bindings`; empty when no key is bound to it.
  public func inputs(_ bindings: KeyBindings) -> [TalkInput] {
    func key(_ command: PresentationCommand) -> [TalkInput] {
      let own = bindings.own.filter { $0.value == command }.map(\.key).sorted {
        $0.description < $1.description
      }
      let standard = KeyBindings.standard.filter { $0.command == command }.map(\.key)
      // A key the speaker bound to something else does not count as Podium's.
      let usable = own + standard.filter { bindings.command(for: $0) == command }
      return usable.first.map { [.key($0)] } ?? []
    }
    switch self {
    case .next: return key(.next)
    case .previous: return key(.previous)
    case .first: return key(.first)
    case .last: return key(.last)
    case .black: return key(.toggleBlack)
    case .freeze: return key(.toggleFreeze)
    case .goTo(let number):
      let digits = String(number).compactMap { $0.wholeNumberValue }.map { key(.digit($0)) }
      guard digits.allSatisfy({ !$0.isEmpty }) else { return [] }
      let commit = key(.next)
      return commit.isEmpty ? [] : digits.flatMap { $0 } + commit
    }
  }
}
