import CCmarkGFM

/// The only file that talks to cmark-gfm: parses Markdown into `MarkdownNode` values.
enum CommonMarkConverter {
  /// Nesting deeper than this is flattened: cmark copes with any depth, but a recursive walk
  /// over 10,000 nested quotes would exhaust the stack, and no slide shows more than a few.
  static let maximumDepth = 64

  /// Parses `text` as CommonMark with the GFM extensions (tables, strikethrough, autolinks,
  /// task lists), keeping source positions.
  ///
  /// The corresponding C functions are `cmark_parser_new`, `cmark_parser_feed` and
  /// `cmark_parser_finish`.
  static func parse(_ text: String) -> MarkdownNode {
    cmark_gfm_core_extensions_ensure_registered()
    let options = CMARK_OPT_SOURCEPOS | CMARK_OPT_UNSAFE
    guard let parser = cmark_parser_new(options) else {
      return MarkdownNode(
        kind: .document, literal: "", start: SourceLocation(line: 1, column: 1), endLine: 1,
        children: [])
    }
    defer { cmark_parser_free(parser) }
    for name in ["table", "strikethrough", "autolink", "tasklist"] {
      if let extensionHandle = cmark_find_syntax_extension(name) {
        cmark_parser_attach_syntax_extension(parser, extensionHandle)
      }
    }
    var bytes = text
    bytes.withUTF8 { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        if let base = chars.baseAddress { cmark_parser_feed(parser, base, chars.count) }
      }
    }
    guard let document = cmark_parser_finish(parser) else {
      return MarkdownNode(
        kind: .document, literal: "", start: SourceLocation(line: 1, column: 1), endLine: 1,
        children: [])
    }
    defer { cmark_node_free(document) }
    return convert(document, depth: 0)
  }

  private static func convert(_ node: OpaquePointer, depth: Int) -> MarkdownNode {
    let kind = self.kind(of: node)
    let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    let start = SourceLocation(
      line: Int(cmark_node_get_start_line(node)),
      column: max(1, Int(cmark_node_get_start_column(node))))
    let endLine = Int(cmark_node_get_end_line(node))
    var children: [MarkdownNode] = []
    var child = cmark_node_first_child(node)
    while let current = child {
      if depth < maximumDepth {
        children.append(convert(current, depth: depth + 1))
      } else {
        children.append(flattened(current))
      }
      child = cmark_node_next(current)
    }
    return MarkdownNode(
      kind: kind, literal: literal, start: start, endLine: max(endLine, start.line),
      children: children)
  }

  /// Beyond `maximumDepth`, a subtree becomes one paragraph of its text, walked without
  /// recursion.
  private static func flattened(_ root: OpaquePointer) -> MarkdownNode {
    var text = ""
    guard let iterator = cmark_iter_new(root) else {
      return MarkdownNode(
        kind: .paragraph, literal: "", start: SourceLocation(line: 1, column: 1), endLine: 1,
        children: [])
    }
    defer { cmark_iter_free(iterator) }
    while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
      guard cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER,
        let node = cmark_iter_get_node(iterator)
      else { continue }
      if let literal = cmark_node_get_literal(node), cmark_node_first_child(node) == nil {
        if !text.isEmpty { text += " " }
        text += String(cString: literal)
      }
    }
    let start = SourceLocation(
      line: Int(cmark_node_get_start_line(root)),
      column: max(1, Int(cmark_node_get_start_column(root))))
    let textNode = MarkdownNode(
      kind: .text, literal: text, start: start, endLine: start.line, children: [])
    return MarkdownNode(
      kind: .paragraph, literal: "", start: start,
      endLine: Int(cmark_node_get_end_line(root)), children: [textNode])
  }

  private static func kind(of node: OpaquePointer) -> MarkdownNode.Kind {
    switch cmark_node_get_type(node) {
    case CMARK_NODE_DOCUMENT: return .document
    case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
    case CMARK_NODE_LIST:
      return .list(
        ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
        start: Int(cmark_node_get_list_start(node)),
        tight: cmark_node_get_list_tight(node) != 0)
    case CMARK_NODE_ITEM:
      let isTask = typeString(node) == "tasklist"
      return .item(checked: isTask ? cmark_gfm_extensions_get_tasklist_item_checked(node) : nil)
    case CMARK_NODE_CODE_BLOCK:
      // cmark writes through all three pointers without checking them.
      var length: Int32 = 0
      var offset: Int32 = 0
      var character: CChar = 0
      return .codeBlock(
        info: cmark_node_get_fence_info(node).map { String(cString: $0) } ?? "",
        fenced: cmark_node_get_fenced(node, &length, &offset, &character) != 0)
    case CMARK_NODE_HTML_BLOCK: return .htmlBlock
    case CMARK_NODE_PARAGRAPH: return .paragraph
    case CMARK_NODE_HEADING:
      return .heading(level: Int(cmark_node_get_heading_level(node)))
    case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
    case CMARK_NODE_TEXT: return .text
    case CMARK_NODE_SOFTBREAK: return .softBreak
    case CMARK_NODE_LINEBREAK: return .lineBreak
    case CMARK_NODE_CODE: return .code
    case CMARK_NODE_HTML_INLINE: return .htmlInline
    case CMARK_NODE_EMPH: return .emphasis
    case CMARK_NODE_STRONG: return .strong
    case CMARK_NODE_LINK:
      return .link(destination: cmark_node_get_url(node).map { String(cString: $0) } ?? "")
    case CMARK_NODE_IMAGE:
      return .image(destination: cmark_node_get_url(node).map { String(cString: $0) } ?? "")
    default:
      break
    }
    // GFM extension nodes have dynamically registered types; their names are stable.
    switch typeString(node) {
    case "table":
      let count = Int(cmark_gfm_extensions_get_table_columns(node))
      var alignments: [TableBlock.ColumnAlignment] = []
      if let raw = cmark_gfm_extensions_get_table_alignments(node) {
        for column in 0..<count {
          switch raw[column] {
          case UInt8(ascii: "l"): alignments.append(.left)
          case UInt8(ascii: "c"): alignments.append(.center)
          case UInt8(ascii: "r"): alignments.append(.right)
          default: alignments.append(.natural)
          }
        }
      }
      return .table(alignments: alignments)
    case "table_header":
      return .tableRow(header: true)
    case "table_row":
      return .tableRow(header: cmark_gfm_extensions_get_table_row_is_header(node) != 0)
    case "table_cell": return .tableCell
    case "strikethrough": return .strikethrough
    case let other: return .other(other)
    }
  }

  private static func typeString(_ node: OpaquePointer) -> String {
    cmark_node_get_type_string(node).map { String(cString: $0) } ?? ""
  }
}
