/// A CommonMark/GFM syntax tree as plain values, so that everything past the one cmark file is
/// ordinary Swift.
struct MarkdownNode: Sendable {
  enum Kind: Hashable, Sendable {
    case document
    case blockQuote
    case list(ordered: Bool, start: Int, tight: Bool)
    case item(checked: Bool?)
    case codeBlock(info: String, fenced: Bool)
    case htmlBlock
    case paragraph
    case heading(level: Int)
    case thematicBreak
    case table(alignments: [TableBlock.ColumnAlignment])
    case tableRow(header: Bool)
    case tableCell
    case text
    case softBreak
    case lineBreak
    case code
    case htmlInline
    case emphasis
    case strong
    case strikethrough
    case link(destination: String)
    case image(destination: String)
    /// `[^label]`: the number of the footnote it cites (1-based, in order of first citation).
    case footnoteReference(number: Int)
    /// `[^label]: ...`, its blocks the children; cmark puts the ones cited at the document's
    /// end, in the order of their numbers.
    case footnoteDefinition
    /// A node this converter does not model (custom blocks); its children are kept.
    case other(String)
  }

  /// Why a subtree was flattened into its text (`CommonMarkConverter`), so the slide builder
  /// can say so.
  enum Flattening: Sendable {
    /// Lists and quotes nested past `CommonMarkConverter.maximumNesting`.
    case nesting
    /// Any node past `CommonMarkConverter.maximumDepth`.
    case depth
  }

  var kind: Kind
  /// Literal text of text, code, code blocks and HTML.
  var literal: String
  var start: SourceLocation
  var endLine: Int
  var children: [MarkdownNode]
  /// Set on the paragraph or text that stands in for a subtree nested too deep to keep.
  var flattened: Flattening? = nil

  var isBlock: Bool {
    switch kind {
    case .document, .blockQuote, .list, .item, .codeBlock, .htmlBlock, .paragraph, .heading,
      .thematicBreak, .table, .tableRow, .tableCell, .footnoteDefinition:
      return true
    default:
      return false
    }
  }
}
