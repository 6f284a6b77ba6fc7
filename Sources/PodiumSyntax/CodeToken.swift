/// The colour class of a piece of code; a theme maps each kind to a colour.
public enum CodeTokenKind: String, Hashable, Sendable, CaseIterable {
  case plain, keyword, type, string, comment, number, function, punctuation, attribute
}

/// A run of code drawn in one colour.
public struct CodeToken: Hashable, Sendable {
  public var kind: CodeTokenKind
  public var text: String

  public init(_ kind: CodeTokenKind, _ text: String) {
    self.kind = kind
    self.text = text
  }
}
