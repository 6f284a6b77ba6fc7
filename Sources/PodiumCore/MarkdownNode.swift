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
    /// A node this converter does not model (footnotes, custom blocks); its children are kept.
    case other(String)
  }

  var kind: Kind
  /// Literal text of text, code, code blocks and HTML.
  var literal: String
  var start: SourceLocation
  var endLine: Int
  var children: [MarkdownNode]

  var isBlock: Bool {
    switch kind {
    case .document, .blockQuote, .list, .item, .codeBlock, .htmlBlock, .paragraph, .heading,
      .thematicBreak, .table, .tableRow, .tableCell:
      return true
    default:
      return false
    }
  }
}
