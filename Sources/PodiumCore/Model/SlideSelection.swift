import Foundation

/// Slide numbers as users write them on the command line: `3-7,9`, `1,4`, `10-`.
public enum SlideSelection {
  public struct ParseError: Error, Hashable, CustomStringConvertible {
    public var description: String

    public init(description: String) {
      self.description = description
    }
  }

  /// The 1-based slide numbers `text` names in a deck of `count` slides.
  public static func parse(_ text: String, count: Int) throws -> Set<Int> {
    var numbers = Set<Int>()
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let item = part.trimmingCharacters(in: .whitespaces)
      let bounds = item.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
      guard !item.isEmpty, bounds.count <= 2,
        let first = Int(bounds[0]) ?? (bounds[0].isEmpty ? 1 : nil)
      else {
        throw ParseError(description: "'\(item)' is not a slide number or range (e.g. 3-7,9)")
      }
      var last = first
      if bounds.count == 2 {
        guard let end = Int(bounds[1]) ?? (bounds[1].isEmpty ? count : nil) else {
          throw ParseError(description: "'\(item)' is not a slide number or range (e.g. 3-7,9)")
        }
        last = end
      }
      guard first >= 1, first <= last else {
        throw ParseError(description: "'\(item)' is not a range of slides (e.g. 3-7)")
      }
      guard last <= count else {
        throw ParseError(
          description:
            "slide \(last) does not exist; the deck has \(count) slide\(count == 1 ? "" : "s")")
      }
      numbers.formUnion(first...last)
    }
    return numbers
  }
}
